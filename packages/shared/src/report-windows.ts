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
/** The longest window each interval answers (seconds). */
export const INTERVAL_MAX_WINDOW_S: Record<ReportInterval, number> = {
  hourly: 2 * 86400,
  daily: 62 * 86400,
  weekly: 62 * 86400,
  monthly: 3660 * 86400,
  yearly: 3660 * 86400,
};
/** Staff report windows in days (§7 reports_v2). */
export const STAFF_INTERVAL_DAYS = [1, 7, 30, 365] as const;
export type StaffIntervalDays = (typeof STAFF_INTERVAL_DAYS)[number];
export const CSV_INTERVALS = ["10m", "1hour", "raw", "1day", "1month"] as const;
export type CsvInterval = (typeof CSV_INTERVALS)[number];
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
