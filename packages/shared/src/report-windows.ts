/** Report windows (spec §4, §9) and ingestion limits of the band data. */

export const REPORT_INTERVALS = ["hourly", "daily", "weekly", "monthly", "yearly"] as const;
export type ReportInterval = (typeof REPORT_INTERVALS)[number];
/** Interval to days (§9); hourly is one hour. */
export const INTERVAL_DAYS: Record<Exclude<ReportInterval, "hourly">, number> = {
  daily: 1,
  weekly: 7,
  monthly: 30,
  yearly: 365,
};
/**
 * Resolution of a chart per interval: hourly shows every sample, daily and weekly one point per hour,
 * monthly and yearly one point per day (sleep is always one point per night).
 */
export const INTERVAL_RESOLUTION: Record<ReportInterval, "raw" | "hour" | "day"> = {
  hourly: "raw",
  daily: "hour",
  weekly: "hour",
  monthly: "day",
  yearly: "day",
};
/** Staff report windows in days (§7 reports_v2). */
export const STAFF_INTERVAL_DAYS = [1, 7, 30, 365] as const;
export type StaffIntervalDays = (typeof STAFF_INTERVAL_DAYS)[number];
export const CSV_INTERVALS = ["10m", "1hour", "raw", "1day", "1month"] as const;
export type CsvInterval = (typeof CSV_INTERVALS)[number];

// ---- how much one request may read (docs/decisions.md, "Trust") ----

const DAY_S = 86400;
/**
 * The window limits in days; each has its catalogue message `window-too-long-<days>` naming it. A window may
 * be an hour longer than the limit: a local period that spans the autumn clock change is.
 */
export const WINDOW_LIMIT_DAYS = [2, 31, 62, 366, 1827] as const;
export type WindowLimitDays = (typeof WINDOW_LIMIT_DAYS)[number];
/** Chart reads (GET …/resq_band/{id}, the staff per-user chart): one point per sample, hour or day. */
export const INTERVAL_MAX_DAYS: Record<ReportInterval, WindowLimitDays> = {
  hourly: 2,
  daily: 62,
  weekly: 62,
  monthly: 1827,
  yearly: 1827,
};
/** Per-user CSV downloads (client and staff): a month of samples, a year of hours, five years of days. */
export const CSV_MAX_DAYS: Record<CsvInterval, WindowLimitDays> = {
  raw: 31,
  "10m": 31,
  "1hour": 366,
  "1day": 1827,
  "1month": 1827,
};
/** Admin exports, per user and for all users: samples a month, hour buckets and sleep segments a year. */
export const ADMIN_EXPORT_MAX_DAYS = {
  Vital: { Raw: 31, Preprocessed: 366 },
  Sleep: { Raw: 366, Preprocessed: 1827 },
} as const satisfies Record<"Vital" | "Sleep", Record<"Raw" | "Preprocessed", WindowLimitDays>>;
/** No window starts before 2000-01-01T00:00Z (ingestion refuses data before 2010). */
export const WINDOW_MIN_TIME_S = 946_684_800;
/** No window reaches more than a year (and a day, for zones and clocks) ahead: a yearly chart ends on 1 January. */
export const WINDOW_MAX_AHEAD_S = 367 * DAY_S;
/** CSV exports running at once per signed-in person (per server instance); more are 429 `too-many-exports`. */
export const EXPORTS_PER_USER = 2;

export type WindowError =
  | "invalid-time"
  | "time-too-early"
  | "time-too-far-ahead"
  | "invalid-time-range"
  | `window-too-long-${WindowLimitDays}`;

/** Why a unix time (seconds) cannot be asked for, or null. */
export function timeError(t: number, nowS = Date.now() / 1000): WindowError | null {
  if (!Number.isFinite(t)) return "invalid-time";
  if (t < WINDOW_MIN_TIME_S) return "time-too-early";
  if (t > nowS + WINDOW_MAX_AHEAD_S) return "time-too-far-ahead";
  return null;
}

/** Why a window [start, end) (unix seconds) cannot be read under a limit of `maxDays`, or null. */
export function windowError(
  start: number,
  end: number,
  maxDays: WindowLimitDays,
  nowS = Date.now() / 1000,
): WindowError | null {
  const bad = timeError(start, nowS) ?? timeError(end, nowS);
  if (bad) return bad;
  if (end <= start) return "invalid-time-range";
  return end - start > maxDays * DAY_S + 3600 ? `window-too-long-${maxDays}` : null;
}
export const DEFAULT_TIMEZONE = "Asia/Tokyo";
export const RANGE_SLIDER_STEP = 0.1;

export const INGEST_MAX_SAMPLES = 10_000;
export const INGEST_MAX_SLEEP = 2_000;
/** Upload body limit of POST /user/vitals (10,000 samples with ISO times fit). */
export const INGEST_MAX_BYTES = 2 * 1024 * 1024;
/** A sample may be this far ahead of the server clock (phone clocks drift). */
export const INGEST_FUTURE_SKEW_S = 300;
/** Samples before this time are refused (2010-01-01T00:00:00Z). */
export const INGEST_MIN_TIME_S = 1_262_304_000;
export const SLEEP_SEGMENT_MAX_S = 24 * 3600;
