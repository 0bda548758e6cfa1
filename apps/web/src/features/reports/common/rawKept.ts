import { rawCutoffMs } from "@mimamori/shared";

/** How long raw samples are kept (issue 32 §2): the days, and from when retention left them (a person's own). */
export interface RawKept {
  days: number;
  raw_from?: string | null;
}

/**
 * The first day (YYYY-MM-DD, UTC) with raw samples at `nowMs`: the retention's cutoff (`rawCutoffMs`, the server's
 * rule), or the day retention left them from when that is later (a setting lengthened after a removal brings
 * nothing back).
 */
export function rawKeptFrom(kept: RawKept, nowMs: number): string {
  const removedBefore = kept.raw_from ? Date.parse(kept.raw_from) : Number.NEGATIVE_INFINITY;
  return new Date(Math.max(rawCutoffMs(nowMs, kept.days), removedBefore)).toISOString().slice(0, 10);
}
