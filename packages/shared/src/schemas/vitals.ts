import { z } from "zod";
import { REPORT_IDS, REPORT_TYPES, SLEEP_STAGES } from "../measures";
import type { MessageCode } from "../messages";
import {
  ADMIN_EXPORT_MAX_DAYS,
  CSV_INTERVALS,
  CSV_MAX_DAYS,
  DEFAULT_TIMEZONE,
  INTERVAL_DAYS,
  INTERVAL_MAX_DAYS,
  REPORT_INTERVALS,
  STAFF_INTERVAL_DAYS,
  timeError,
  type WindowLimitDays,
  windowError,
} from "../report-windows";
import { isValidRange } from "../zones";

/**
 * Zone names found valid: building a DateTimeFormat costs ~0.1 ms, and every report call names its zone. The zone
 * database has ~600 names and their aliases, but it accepts them in any letter case ("ASIA/tokyo"), so a caller
 * could make up valid names without end: the set stops growing at `KNOWN_ZONES_MAX` and checks the rest each time.
 */
const knownZones = new Set<string>();
export const KNOWN_ZONES_MAX = 2_000;
/** How many zone names are remembered (for tests of the bound). */
export const rememberedZoneCount = () => knownZones.size;
/** True for an IANA time-zone name (e.g. Asia/Tokyo); POSIX strings such as "UTC+9" are refused. */
export function isValidTimezone(tz: string): boolean {
  if (knownZones.has(tz)) return true;
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(tz) || tz.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: tz });
  } catch {
    return false;
  }
  if (knownZones.size < KNOWN_ZONES_MAX) knownZones.add(tz);
  return true;
}

export const timezoneSchema = z
  .string("invalid-timezone")
  .default(DEFAULT_TIMEZONE)
  .refine(isValidTimezone, "invalid-timezone");
export const reportIdSchema = z.enum(REPORT_IDS, "unknown-report");
export const zoneSchema = z.enum(["green", "yellow", "red"]);

/** Unix seconds in a query string, from 2000 to a year ahead. */
const unixTime = z.coerce.number("invalid-time").superRefine((n, ctx) => {
  const code = timeError(n);
  if (code) ctx.addIssue({ code: "custom", message: code });
});

/** A start_time/end_time pair: end after start, at most `maxDays` long (docs/decisions.md, "Trust"). */
function checkWindow(
  ctx: z.RefinementCtx,
  q: { start_time: number; end_time: number },
  maxDays: WindowLimitDays,
) {
  const code = windowError(q.start_time, q.end_time, maxDays);
  if (code) ctx.addIssue({ code: "custom", message: code, path: ["end_time"] });
}

// ---- ingestion: POST /user/vitals ----

/** Rows are checked one by one on the server so that a bad row is refused alone, with its reason. */
export const ingestBodySchema = z.object({
  samples: z.array(z.unknown(), "invalid-input").default([]),
  sleep: z.array(z.unknown(), "invalid-input").default([]),
});
/** One sample: time as ISO-8601 or epoch seconds. */
export interface SampleInput {
  code: string;
  time: string | number;
  value: number;
}
export interface SleepInput {
  start: string | number;
  end: string | number;
  stage: (typeof SLEEP_STAGES)[number];
}
/** Why one row of an upload was refused (`rejected[].reason`; each a message code of messages.ts). */
export const INGEST_REJECTION_REASONS = [
  "invalid-sample",
  "unknown-code",
  "use-sleep-segments",
  "not-finite",
  "out-of-range",
  "invalid-time",
  "future-time",
  "too-old",
  "invalid-stage",
  "invalid-sleep-range",
  "sleep-overlap",
  "before-raw-retention",
] as const satisfies readonly MessageCode[];
export type IngestRejectionReason = (typeof INGEST_REJECTION_REASONS)[number];
export const ingestResultSchema = z.object({
  accepted: z.number(),
  duplicates: z.number(),
  rejected: z.array(
    z.object({
      kind: z.enum(["samples", "sleep"]),
      index: z.number(),
      reason: z.enum(INGEST_REJECTION_REASONS),
    }),
  ),
  last_sync: z.number(),
});
export type IngestResult = z.infer<typeof ingestResultSchema>;

// ---- zone ranges ----

/** Far beyond any measure's scale, yet finite after a °F conversion: an absurd gauge would break every report. */
export const RANGE_ABS_MAX = 1_000_000;
const rangeNumber = z
  .number("invalid-ranges")
  .min(-RANGE_ABS_MAX, "invalid-ranges")
  .max(RANGE_ABS_MAX, "invalid-ranges");
const rangeSchema = z
  .tuple([rangeNumber, rangeNumber, rangeNumber, rangeNumber], "invalid-ranges")
  .refine(isValidRange, "invalid-ranges");
export const zoneRangesSchema = z.object({
  maxValue: rangeSchema,
  minValue: rangeSchema,
  meanValue: rangeSchema,
});

// ---- client and per-user reports ----

export const reportQuerySchema = z
  .object({
    start_time: unixTime,
    end_time: unixTime,
    interval: z.enum(REPORT_INTERVALS, "invalid-interval").default("weekly"),
    timezone: timezoneSchema,
  })
  .superRefine((q, ctx) => checkWindow(ctx, q, INTERVAL_MAX_DAYS[q.interval]));
export type ReportQuery = z.infer<typeof reportQuerySchema>;
export const timezoneQuerySchema = z.object({ timezone: timezoneSchema });
export type TimezoneQuery = z.infer<typeof timezoneQuerySchema>;

export const reportCardSchema = z.object({
  id: reportIdSchema,
  name: z.string(),
  name_jp: z.string(),
  name_en: z.string(),
  type: z.enum(REPORT_TYPES),
  /** Latest sample (levels), today's total (steps) or last night's sleep (hours); null without data. */
  value: z.number().nullable(),
  /** Diastolic pressure of the same reading, for blood pressure. */
  value_dbp: z.number().nullable(),
  /** When `value` was measured (unix seconds). */
  time: z.number().nullable(),
  unit: z.string(),
  decimal: z.number(),
  color: zoneSchema.nullable(),
});
export const reportListSchema = z.object({
  report_list: z.array(reportCardSchema),
  last_sync: z.number().nullable(),
  timezone: z.string(),
});
export type ReportCard = z.infer<typeof reportCardSchema>;
export type ReportList = z.infer<typeof reportListSchema>;

/**
 * A chart row: [timestamp, max, min, mean]. Steps: [timestamp, total, null, null].
 * Sleep: [night (local midnight of the day the sleep ended), total hours asleep, deep hours, light hours].
 */
export const valueRowSchema = z.tuple([
  z.number(),
  z.number().nullable(),
  z.number().nullable(),
  z.number().nullable(),
]);
export const sleepSegmentSchema = z.object({
  start: z.number(),
  end: z.number(),
  stage: z.enum(SLEEP_STAGES),
  /** Hours. */
  length: z.number(),
});
export const reportSchema = z.object({
  id: reportIdSchema,
  name: z.string(),
  type: z.enum(REPORT_TYPES),
  unit: z.string(),
  decimal: z.number(),
  interval: z.enum(REPORT_INTERVALS),
  resolution: z.enum(["raw", "hour", "day"]),
  aggregation: z.enum(["mean", "sum", "sleep"]),
  direction: z.enum(["high", "low"]),
  timezone: z.string(),
  start_time: z.number(),
  end_time: z.number(),
  values: z.array(valueRowSchema),
  /** Diastolic rows drawn with systolic blood pressure (00005095); null otherwise. */
  values_dbp: z.array(valueRowSchema).nullable(),
  /** Sleep segments of the nights in a window of up to two days; null otherwise. */
  sleep: z.array(sleepSegmentSchema).nullable(),
  y_min: z.number().nullable(),
  y_max: z.number().nullable(),
  y_step: z.number().nullable(),
  min_value: z.number().nullable(),
  max_value: z.number().nullable(),
  img_url: z.string().nullable(),
  scale: z.object({ min: z.number(), max: z.number() }),
  /** The zone ranges the chart's bands use (the effective ranges in the staff view). */
  report_info: zoneRangesSchema,
});
export type Report = z.infer<typeof reportSchema>;

export const csvQuerySchema = z
  .object({
    start_time: unixTime,
    end_time: unixTime,
    /** Default 10m, raw for sleep. */
    interval: z.enum(CSV_INTERVALS, "invalid-interval").optional(),
    timezone: timezoneSchema,
  })
  // both defaults (10m, raw for sleep) have the same limit
  .superRefine((q, ctx) => checkWindow(ctx, q, CSV_MAX_DAYS[q.interval ?? "10m"]));
export type CsvQuery = z.infer<typeof csvQuerySchema>;

// ---- staff reports (reports_v2) ----

/** Window length in days: 1, 7, 30, 365, or the names daily, weekly, monthly, yearly. */
export const staffIntervalSchema = z.preprocess(
  (v) => (typeof v === "string" && v in INTERVAL_DAYS ? INTERVAL_DAYS[v as keyof typeof INTERVAL_DAYS] : v),
  z.coerce
    .number("invalid-interval")
    .refine((n) => (STAFF_INTERVAL_DAYS as readonly number[]).includes(n), "invalid-interval"),
);
/**
 * The window is the last `interval` local days up to `end_time` (default now): from local midnight
 * `interval − 1` days before the day of `end_time`.
 */
export const staffReportQuerySchema = z.object({
  timezone: timezoneSchema,
  interval: staffIntervalSchema.default(7),
  end_time: unixTime.optional(),
});
export type StaffReportQuery = z.infer<typeof staffReportQuerySchema>;
export const staffRangesBodySchema = zoneRangesSchema.extend({ interval: staffIntervalSchema.optional() });
export type StaffRangesBody = z.infer<typeof staffRangesBodySchema>;
export const tuningStateBodySchema = z.object({ isTuned: z.boolean("invalid-input") });
export type TuningStateBody = z.infer<typeof tuningStateBodySchema>;

export const statSchema = z.object({ value: z.number().nullable(), color: zoneSchema.nullable() });
export const staffReportUserSchema = z.object({
  user: z.object({ uid: z.string(), name: z.string(), email: z.string() }),
  report: z.object({ max: statSchema, min: statSchema, mean: statSchema }),
  /** The worst colour of max, min and mean. */
  zone: zoneSchema.nullable(),
  isTuned: z.boolean(),
  customRanges: zoneRangesSchema.nullable(),
  is_active: z.boolean(),
  last_sync: z.number().nullable(),
});
export const kpisSchema = z.object({
  /** Accepted, active members of the entity. */
  members: z.number(),
  /** Members with data in the window. */
  with_data: z.number(),
  red: z.number(),
  yellow: z.number(),
  /** with_data / members; null without members. */
  equippingRate: z.number().nullable(),
  /** red / with_data; null without data. */
  redZoneRate: z.number().nullable(),
  /** yellow / with_data; null without data. */
  yellowZoneRate: z.number().nullable(),
});
export const staffReportSchema = z.object({
  id: reportIdSchema,
  name: z.string(),
  unit: z.string(),
  decimal: z.number(),
  direction: z.enum(["high", "low"]),
  scale: z.object({ min: z.number(), max: z.number() }),
  step: z.number(),
  interval: z.number(),
  timezone: z.string(),
  start_time: z.number(),
  end_time: z.number(),
  /** The entity's general ranges (the defaults of §9 until staff save their own). */
  ranges: zoneRangesSchema,
  default_ranges: zoneRangesSchema,
  users: z.array(staffReportUserSchema),
  kpis: kpisSchema,
});
export const entityKpisSchema = kpisSchema.extend({
  interval: z.number(),
  timezone: z.string(),
  start_time: z.number(),
  end_time: z.number(),
});
export type StaffReport = z.infer<typeof staffReportSchema>;
export type StaffReportUser = z.infer<typeof staffReportUserSchema>;
export type Kpis = z.infer<typeof kpisSchema>;
export type EntityKpis = z.infer<typeof entityKpisSchema>;

// ---- admin exports ----

export const adminExportQuerySchema = z
  .object({
    start_time: unixTime,
    end_time: unixTime,
    data_type: z.enum(["Vital", "Sleep"], "invalid-input").default("Vital"),
    db_type: z.enum(["Preprocessed", "Raw"], "invalid-input").default("Raw"),
    timezone: timezoneSchema,
    /** csv (default) or json `{headers, values}`; both streamed. */
    format: z.enum(["csv", "json"], "invalid-input").default("csv"),
  })
  .superRefine((q, ctx) => checkWindow(ctx, q, ADMIN_EXPORT_MAX_DAYS[q.data_type][q.db_type]));
export type AdminExportQuery = z.infer<typeof adminExportQuerySchema>;
