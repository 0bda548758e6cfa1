import { type Direction, type ZoneRanges, zoneOf } from "@mimamori/shared";

/** A sample as ingestion hands it over: measure number, time (epoch ms), value. */
export interface JudgedSample {
  measure: number;
  at: number;
  value: number;
}

/** Where a member's measure stands for an entity (`alert_states`): in the red or not, as of `lastAt` (epoch ms). */
export interface MeasureState {
  inRed: boolean;
  lastAt: number;
  /** The value of the sample at `lastAt` (what the watch board grades). */
  lastValue?: number;
}

export interface RaisedAlert {
  measure: number;
  at: number;
  value: number;
  /** A later sample of the same batch left red (epoch ms); null while still red. */
  clearedAt: number | null;
}

/** What one batch changed for one measure of one member in one entity. */
export interface Judgement {
  raised: RaisedAlert[];
  /** The alert that was open before the batch left red at this time (epoch ms); null when it did not. */
  priorClearedAt: number | null;
  /** The state after the batch; null when no sample was judged (nothing to write). */
  state: MeasureState | null;
}

/**
 * A single sample is judged against the range of the statistic it would make worst (docs/decisions.md, Alerts):
 * the `maxValue` range where high is bad, the `minValue` range where low is bad.
 */
export function isRed(value: number, ranges: ZoneRanges, direction: Direction): boolean {
  const range = direction === "high" ? ranges.maxValue : ranges.minValue;
  return zoneOf(value, range, direction) === "red";
}

/**
 * Walks one measure's samples (sorted by time) from the stored state: an alert on each step into red, the open
 * one cleared on the step out (one alert per excursion). Samples before `since` (consent) and samples not newer
 * than the latest judged one (a late upload, a retried batch) are skipped and move nothing.
 */
export function judgeMeasure(
  sorted: readonly JudgedSample[],
  prior: MeasureState | undefined,
  since: number,
  red: (value: number) => boolean,
): Judgement {
  let inRed = prior?.inRed ?? false;
  let lastAt = prior?.lastAt ?? Number.NEGATIVE_INFINITY;
  let lastValue = prior?.lastValue;
  let judged = false;
  /** The excursion under way: raised in this batch, or (null while `inRed`) the one open before it. */
  let open: RaisedAlert | null = null;
  const raised: RaisedAlert[] = [];
  let priorClearedAt: number | null = null;
  for (const s of sorted) {
    if (s.at < since || s.at <= lastAt) continue;
    judged = true;
    const nowRed = red(s.value);
    if (nowRed && !inRed) {
      open = { measure: s.measure, at: s.at, value: s.value, clearedAt: null };
      raised.push(open);
    } else if (!nowRed && inRed) {
      if (open) open.clearedAt = s.at;
      else priorClearedAt = s.at;
      open = null;
    }
    inRed = nowRed;
    lastAt = s.at;
    lastValue = s.value;
  }
  return { raised, priorClearedAt, state: judged ? { inRed, lastAt, lastValue } : null };
}
