/**
 * The front door of features/vitals/: what other features, app.ts, startup.ts, tools/ and bench/ may use
 * (docs/architecture.md, Floors). Re-exports only; files inside the domain import each other directly.
 */
export {
  BUCKET_ROW,
  bucketsOver,
  bucketsReach,
  hourBuckets,
  LEVELS,
  type Level,
  localHourLevels,
  rawBucketRows,
  type VitalFilter,
} from "./levels";
export { packClosedDays, packJob } from "./pack";
export { FIRST_SPAN_MS, latestRaw, nextSpan, RAW_ROW, rawPage, rawPageOf, rawSamples } from "./raw";
export { rebuildAll } from "./rebuild";
export { defaultRawRetentionDays, rawRetentionJob, rawRetentionOf } from "./retention";
export { retentionRoutes } from "./retention-routes";
export { vitalRoutes } from "./routes";
export { type IngestHook, type StoreResult, storeBatch } from "./store";
export type { Sample, Segment } from "./validate";
