import {
  INGEST_FUTURE_SKEW_S,
  INGEST_MIN_TIME_S,
  type IngestRejectionReason,
  isReportId,
  measureOf,
  SLEEP_SEGMENT_MAX_S,
  SLEEP_STAGES,
  type SleepStage,
} from "@mimamori/shared";

export interface Sample {
  /** Its place in the upload's list (for a refusal after validation); absent for samples the server makes. */
  index?: number;
  measure: number;
  /** Epoch milliseconds. */
  at: number;
  value: number;
}
export interface Segment {
  index: number;
  start: number;
  end: number;
  stage: SleepStage;
}
export interface Rejection {
  kind: "samples" | "sleep";
  index: number;
  reason: IngestRejectionReason;
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** Epoch milliseconds of an ISO-8601 time with an offset or of epoch seconds; null when neither. */
export function parseTime(t: unknown): number | null {
  if (typeof t === "number") return Number.isFinite(t) ? Math.round(t * 1000) : null;
  if (typeof t !== "string" || !ISO.test(t)) return null;
  const ms = Date.parse(t);
  return Number.isNaN(ms) ? null : ms;
}

function timeProblem(ms: number | null, now: number): IngestRejectionReason | null {
  if (ms === null) return "invalid-time";
  if (ms > now + INGEST_FUTURE_SKEW_S * 1000) return "future-time";
  if (ms < INGEST_MIN_TIME_S * 1000) return "too-old";
  return null;
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null;

function checkSample(row: unknown, index: number, now: number): Sample | IngestRejectionReason {
  if (!isObject(row) || row.code === undefined || row.time === undefined || row.value === undefined)
    return "invalid-sample";
  if (typeof row.code !== "string" && typeof row.code !== "number") return "unknown-code";
  const code = String(row.code);
  if (!isReportId(code)) return "unknown-code";
  const m = measureOf(code);
  if (m.aggregation === "sleep") return "use-sleep-segments";
  if (typeof row.value !== "number" || !Number.isFinite(row.value)) return "not-finite";
  if (row.value < m.plausible.min || row.value > m.plausible.max) return "out-of-range";
  const ms = parseTime(row.time);
  return timeProblem(ms, now) ?? { index, measure: m.measure, at: ms as number, value: row.value };
}

function checkSegment(row: unknown, index: number, now: number): Segment | IngestRejectionReason {
  if (!isObject(row)) return "invalid-sleep-range";
  if (!SLEEP_STAGES.includes(row.stage as SleepStage)) return "invalid-stage";
  const start = parseTime(row.start);
  const end = parseTime(row.end);
  const problem = timeProblem(start, now) ?? timeProblem(end, now);
  if (problem) return problem;
  const s = start as number;
  const e = end as number;
  if (e <= s || e - s > SLEEP_SEGMENT_MAX_S * 1000) return "invalid-sleep-range";
  return { index, start: s, end: e, stage: row.stage as SleepStage };
}

/** Checks every sample row; bad rows are refused with their reason, the rest kept. */
export function checkSamples(input: unknown[], now: number): { samples: Sample[]; rejected: Rejection[] } {
  const samples: Sample[] = [];
  const rejected: Rejection[] = [];
  input.forEach((row, index) => {
    const r = checkSample(row, index, now);
    if (typeof r === "string") rejected.push({ kind: "samples", index, reason: r });
    else samples.push(r);
  });
  return { samples, rejected };
}

/** Checks every sleep segment's shape; overlaps with stored segments are checked when storing. */
export function checkSleep(input: unknown[], now: number): { segments: Segment[]; rejected: Rejection[] } {
  const segments: Segment[] = [];
  const rejected: Rejection[] = [];
  input.forEach((row, index) => {
    const r = checkSegment(row, index, now);
    if (typeof r === "string") rejected.push({ kind: "sleep", index, reason: r });
    else segments.push(r);
  });
  return { segments, rejected };
}
