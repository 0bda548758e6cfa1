import { z } from "zod";

/**
 * Raw-data retention (issue 32 §2; docs/decisions.md "Raw-data retention"): a person's raw band samples are kept
 * for the longest setting among the entities of which they are an accepted member (an entity without a setting:
 * the server's RAW_RETENTION_DAYS); with no membership, for that default. The hour, day and month aggregates are
 * kept for the life of the data.
 */
export const RAW_RETENTION_MIN_DAYS = 30;
export const RAW_RETENTION_MAX_DAYS = 3650;
/** The server's default when RAW_RETENTION_DAYS is not set. */
export const RAW_RETENTION_DEFAULT_DAYS = 90;

const DAY_MS = 86_400_000;

/**
 * The first instant (epoch ms) whose raw samples a `days` retention keeps at `nowMs`: the start of `nowMs`'s UTC day,
 * `days` before (the server's job removes what is older; the web's CSV dialogs say from when raw data exists).
 */
export function rawCutoffMs(nowMs: number, days: number): number {
  return Math.floor(nowMs / DAY_MS) * DAY_MS - days * DAY_MS;
}

/** An entity's setting: whole days within the bounds, or null for the server's default. */
export const rawRetentionDaysSchema = z
  .number("raw-retention-days-range")
  .int("raw-retention-days-range")
  .min(RAW_RETENTION_MIN_DAYS, "raw-retention-days-range")
  .max(RAW_RETENTION_MAX_DAYS, "raw-retention-days-range")
  .nullable();

/** `GET /user/vitals/retention`: how long the caller's raw samples are kept, and what retention removed. */
export const myRawRetentionSchema = z.object({
  /** Days the caller's raw samples are kept (the longest setting of their entities, or the default). */
  days: z.number().int(),
  /** Raw samples before this instant no longer exist (null: retention has removed none). */
  raw_from: z.string().nullable(),
  /** When retention last removed some (null: never). */
  last_removed_at: z.string().nullable(),
  /** How many raw samples retention has removed in all. */
  removed_samples: z.number().int(),
});
export type MyRawRetention = z.infer<typeof myRawRetentionSchema>;

/** `GET /admin/vitals/retention`: the server's default and the bounds of an entity's setting. */
export const rawRetentionDefaultsSchema = z.object({
  default_days: z.number().int(),
  min_days: z.number().int(),
  max_days: z.number().int(),
});
export type RawRetentionDefaults = z.infer<typeof rawRetentionDefaultsSchema>;
