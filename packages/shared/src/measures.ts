import type { Language } from "./constants";

/**
 * The band's measures (spec §3 report codes). The report id of the API is the 8-digit code; the
 * database stores its number (5091 …) as `measure`.
 */
export const REPORT_IDS = [
  "00005091",
  "00005092",
  "00005093",
  "00005094",
  "00005095",
  "00005096",
  "00005097",
  "00005098",
  "00005099",
  "00005100",
  "00005102",
  "00005103",
] as const;
export type ReportId = (typeof REPORT_IDS)[number];

export const HEART_RATE: ReportId = "00005091";
export const SKIN_TEMPERATURE: ReportId = "00005092";
export const BLOOD_OXYGEN: ReportId = "00005093";
export const SYSTOLIC: ReportId = "00005095";
export const DIASTOLIC: ReportId = "00005096";
export const STEPS: ReportId = "00005097";
export const SLEEP: ReportId = "00005100";

export const REPORT_TYPES = ["time_series", "image_file"] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/**
 * How samples combine: `mean` measures are levels (max/min/mean of the samples), `sum` measures are counts
 * totalled per period (steps), `sleep` comes as stage segments totalled per night.
 */
export type Aggregation = "mean" | "sum" | "sleep";

/** Which end of the scale is bad: `high` (heart rate …) or `low` (blood oxygen, steps, sleep, HRV). */
export type Direction = "high" | "low";

export type Zone = "green" | "yellow" | "red";
/** Four non-decreasing numbers cutting the scale into three zones (see `zoneOf`). */
export type ZoneRange = [number, number, number, number];
export interface ZoneRanges {
  maxValue: ZoneRange;
  minValue: ZoneRange;
  meanValue: ZoneRange;
}

export interface Measure {
  id: ReportId;
  measure: number;
  name: Record<Language, string>;
  unit: Record<Language, string>;
  decimals: number;
  type: ReportType;
  aggregation: Aggregation;
  direction: Direction;
  /** The zone scale: slider bounds and the base of the default ranges. */
  scale: { min: number; max: number };
  /** Chart y axis (§9); null lets the chart fit the data. */
  axis: { min: number | null; max: number | null; step: number | null };
  /** Values outside this range are refused at ingestion as implausible. */
  plausible: { min: number; max: number };
}

const levels = { type: "time_series", aggregation: "mean", direction: "high" } as const;
const freeAxis = { min: null, max: null, step: null };
const score = { jp: "点", en: "pts" };

export const MEASURES: readonly Measure[] = [
  {
    ...levels,
    id: "00005091",
    measure: 5091,
    name: { jp: "心拍数", en: "Heart rate" },
    unit: { jp: "bpm", en: "bpm" },
    decimals: 0,
    scale: { min: 0, max: 200 },
    axis: freeAxis,
    plausible: { min: 20, max: 250 },
  },
  {
    ...levels,
    id: "00005092",
    measure: 5092,
    name: { jp: "皮膚温度", en: "Skin temperature" },
    unit: { jp: "°C", en: "°C" },
    decimals: 1,
    scale: { min: 32, max: 40 },
    axis: freeAxis,
    plausible: { min: 20, max: 45 },
  },
  {
    ...levels,
    id: "00005093",
    measure: 5093,
    name: { jp: "血中酸素", en: "Blood oxygen" },
    unit: { jp: "%", en: "%" },
    decimals: 0,
    direction: "low",
    scale: { min: 80, max: 100 },
    axis: { min: 80, max: 100, step: 1 },
    plausible: { min: 50, max: 100 },
  },
  {
    ...levels,
    id: "00005094",
    measure: 5094,
    name: { jp: "呼吸数", en: "Respiratory rate" },
    unit: { jp: "回/分", en: "breaths/min" },
    decimals: 0,
    scale: { min: 0, max: 50 },
    axis: freeAxis,
    plausible: { min: 2, max: 80 },
  },
  {
    ...levels,
    id: "00005095",
    measure: 5095,
    name: { jp: "血圧", en: "Blood pressure" },
    unit: { jp: "mmHg", en: "mmHg" },
    decimals: 0,
    scale: { min: 90, max: 190 },
    axis: freeAxis,
    plausible: { min: 50, max: 260 },
  },
  {
    ...levels,
    id: "00005096",
    measure: 5096,
    name: { jp: "血圧（拡張期）", en: "Blood pressure (diastolic)" },
    unit: { jp: "mmHg", en: "mmHg" },
    decimals: 0,
    scale: { min: 65, max: 115 },
    axis: freeAxis,
    plausible: { min: 20, max: 180 },
  },
  {
    ...levels,
    id: "00005097",
    measure: 5097,
    name: { jp: "歩数", en: "Steps" },
    unit: { jp: "歩", en: "steps" },
    decimals: 0,
    aggregation: "sum",
    direction: "low",
    scale: { min: 0, max: 10000 },
    axis: { min: 0, max: null, step: null },
    plausible: { min: 0, max: 50000 },
  },
  {
    ...levels,
    id: "00005098",
    measure: 5098,
    name: { jp: "暑熱ストレススコア", en: "Heat-stress score" },
    unit: score,
    decimals: 0,
    scale: { min: 0, max: 100 },
    axis: freeAxis,
    plausible: { min: 0, max: 100 },
  },
  {
    ...levels,
    id: "00005099",
    measure: 5099,
    name: { jp: "心拍変動", en: "Heart-rate variability" },
    unit: { jp: "ms", en: "ms" },
    decimals: 0,
    direction: "low",
    scale: { min: 0, max: 80 },
    axis: freeAxis,
    plausible: { min: 0, max: 500 },
  },
  {
    ...levels,
    id: "00005100",
    measure: 5100,
    name: { jp: "睡眠時間", en: "Sleep time" },
    unit: { jp: "時間", en: "hours" },
    decimals: 1,
    aggregation: "sleep",
    direction: "low",
    scale: { min: 0, max: 10 },
    axis: { min: 0, max: 12, step: null },
    plausible: { min: 0, max: 24 },
  },
  {
    ...levels,
    id: "00005102",
    measure: 5102,
    name: { jp: "ストレススコア（JPSS）", en: "Strain score (JPSS)" },
    unit: score,
    decimals: 0,
    scale: { min: 0, max: 56 },
    axis: freeAxis,
    plausible: { min: 0, max: 56 },
  },
  {
    ...levels,
    id: "00005103",
    measure: 5103,
    name: { jp: "憂うつスコア（BDI）", en: "Melancholy score (BDI)" },
    unit: score,
    decimals: 0,
    scale: { min: 0, max: 63 },
    axis: freeAxis,
    plausible: { min: 0, max: 63 },
  },
];

const BY_ID = new Map(MEASURES.map((m) => [m.id, m]));
const BY_NUMBER = new Map(MEASURES.map((m) => [m.measure, m]));

export function isReportId(id: string): id is ReportId {
  return BY_ID.has(id as ReportId);
}
export function measureOf(id: ReportId): Measure {
  return BY_ID.get(id) as Measure;
}
export function measureByNumber(n: number): Measure | undefined {
  return BY_NUMBER.get(n);
}

/** The reports shown as cards and staff tiles: diastolic pressure is drawn with systolic (`values_dbp`). */
export const REPORT_TILES: readonly ReportId[] = REPORT_IDS.filter((id) => id !== DIASTOLIC);

export const SLEEP_STAGES = ["deep", "light", "rem", "awake"] as const;
export type SleepStage = (typeof SLEEP_STAGES)[number];
/** Segments less than this apart belong to one sleep session; a session counts on the day it ends. */
export const SLEEP_SESSION_GAP_S = 3 * 3600;

// ---- report windows (spec §4, §9) ----

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

// ---- ingestion limits ----

export const INGEST_MAX_SAMPLES = 10_000;
export const INGEST_MAX_SLEEP = 2_000;
/** Upload body limit of POST /user/vitals (10,000 samples with ISO times fit). */
export const INGEST_MAX_BYTES = 2 * 1024 * 1024;
/** A sample may be this far ahead of the server clock (phone clocks drift). */
export const INGEST_FUTURE_SKEW_S = 300;
/** Samples before this time are refused (2010-01-01T00:00:00Z). */
export const INGEST_MIN_TIME_S = 1_262_304_000;
export const SLEEP_SEGMENT_MAX_S = 24 * 3600;

// ---- zones ----

const round1 = (x: number) => Math.round(x * 10) / 10;

/**
 * Default ranges of §9 as positions along the measure's scale (min + p·(max − min); with a scale starting at 0
 * this is p·max): max [min, 70%, 80%, max], min [min, 50%, 70%, max], mean [min, 40%, 50%, max].
 * For measures where low values are bad the cut points are mirrored (max 30/50%, min 20/30%, mean 50/60%).
 */
export function defaultRanges(m: Measure): ZoneRanges {
  const { min, max } = m.scale;
  const at = (p: number) => round1(min + p * (max - min));
  const r = (a: number, b: number): ZoneRange => [min, at(a), at(b), max];
  return m.direction === "high"
    ? { maxValue: r(0.7, 0.8), minValue: r(0.5, 0.7), meanValue: r(0.4, 0.5) }
    : { maxValue: r(0.3, 0.5), minValue: r(0.2, 0.3), meanValue: r(0.5, 0.6) };
}

/** The colours of the three bands from the lowest to the highest. */
export function zoneColours(direction: Direction): [Zone, Zone, Zone] {
  return direction === "high" ? ["green", "yellow", "red"] : ["red", "yellow", "green"];
}

/**
 * The zone of a value: the band [r0, r1) is the first, [r1, r2) the second, [r2, r3] and above the third;
 * below r0 counts as the first. For `high` measures the bands are green, yellow, red; for `low` ones red,
 * yellow, green. No value, no zone.
 */
export function zoneOf(
  value: number | null | undefined,
  range: readonly number[],
  direction: Direction = "high",
): Zone | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  const band = value < range[1] ? 0 : value < range[2] ? 1 : 2;
  return zoneColours(direction)[band];
}

/** The worse of two zones (red over yellow over green). */
export function worseZone(a: Zone | null, b: Zone | null): Zone | null {
  const rank = (z: Zone | null) => (z === "red" ? 3 : z === "yellow" ? 2 : z === "green" ? 1 : 0);
  return rank(a) >= rank(b) ? a : b;
}

/** True when the four numbers are finite, non-decreasing and span something. */
export function isValidRange(r: readonly number[]): boolean {
  return (
    r.length === 4 &&
    r.every((x) => Number.isFinite(x)) &&
    r[0] <= r[1] &&
    r[1] <= r[2] &&
    r[2] <= r[3] &&
    r[0] < r[3]
  );
}

// ---- temperature unit (§9) ----

/** The skin temperature is shown in °F for American, US and Pacific time zones. */
export function usesFahrenheit(timezone: string): boolean {
  return /^(America|US|Pacific)\//.test(timezone);
}
export const celsiusToFahrenheit = (c: number) => (c * 9) / 5 + 32;
export const fahrenheitToCelsius = (f: number) => ((f - 32) * 5) / 9;
