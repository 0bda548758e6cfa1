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
