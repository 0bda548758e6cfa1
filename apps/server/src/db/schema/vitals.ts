import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import { at, entityRef, userRef } from "./columns";
import { users } from "./identity";

/*
 * Vital data. Every per-user table has `user_id` leading its primary key and refers to nothing but
 * `users` (by user_id), so it can be distributed on user_id (Citus) later. `measure` is the number of the
 * report code (5091 for "00005091").
 */

/**
 * The high-volume tables carry no foreign key: a per-row key check would lock the user's row for every
 * sample and halve ingestion. Instead ingestion locks the user row once per batch (`for key share`) and a
 * trigger on `users` deletes their rows (migration 0003).
 */
const bareUserId = () => uuid("user_id").notNull();

/** Raw band samples; one per (user, measure, time), so a re-upload never duplicates. */
export const vitalSamples = pgTable(
  "vital_samples",
  {
    userId: bareUserId(),
    measure: smallint("measure").notNull(),
    at: at("at").notNull(),
    value: doublePrecision("value").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.measure, t.at] })],
);

/**
 * Packed raw samples (issue 32 §1): one row per user, measure and closed UTC day, the samples' times as milliseconds
 * from the day's start (ascending) and their values in an array of the same length: `narrow_readings` (4-byte floats)
 * when every value of the day is exactly a 4-byte float (whole numbers, halves: heart rate, SpO2, steps, …), else
 * `readings` (8-byte); one of the two is set (migration 0016). PostgreSQL compresses a row only past ~2 KB (TOAST's
 * fixed threshold), so a day of sparse data is kept small by its types, a day of 1-minute data also by lz4 where the
 * server has it (migration 0015). `vital_samples` stays the hot table every upload writes; the pack job
 * (features/vitals/pack.ts) moves closed days here and an upload touching a packed day unpacks it first. Read only
 * through features/vitals/raw.ts `rawSamples`, which unions both.
 */
export const vitalDays = pgTable(
  "vital_days",
  {
    userId: bareUserId(),
    measure: smallint("measure").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    offsets: integer("offsets").array().notNull(),
    readings: doublePrecision("readings").array(),
    narrowReadings: real("narrow_readings").array(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.measure, t.day] })],
);

/**
 * Packed hour buckets (issue 32 §1): one row per user, measure and UTC day a week old or more, its 24 hours in slots
 * (the slot of hour h is h + 1): `counts` (0: no sample that hour) and the aggregates in one array of 72, the hours'
 * minima, then maxima, then sums, as `narrow_aggs` (4-byte floats) when every one is exactly a 4-byte float, else
 * `aggs`. The last days stay rows of `vital_buckets_hour`, which uploads and the board read (pack.ts
 * `hourHotFrom`). Read only through features/vitals/levels.ts `hourBuckets`, which unions both.
 */
export const vitalHourDays = pgTable(
  "vital_hour_days",
  {
    userId: bareUserId(),
    measure: smallint("measure").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    counts: integer("counts").array().notNull(),
    aggs: doublePrecision("aggs").array(),
    narrowAggs: real("narrow_aggs").array(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.measure, t.day] }),
    // an entity-wide window's edge day: one range of (measure, day) for all its members, not a probe per member
    index("vital_hour_days_measure_day_idx").on(t.measure, t.day),
  ],
);

const bucketColumns = {
  min: doublePrecision("min").notNull(),
  max: doublePrecision("max").notNull(),
  sum: doublePrecision("sum").notNull(),
  count: integer("count").notNull(),
};

/**
 * Pre-aggregated buckets in UTC at three levels (hours, days, calendar months), each kept equal to the raw
 * samples in the ingest transaction. A window reads the coarsest buckets that fit inside it, finer ones
 * towards its edges and raw samples for the last part of an hour (features/vitals/levels.ts). Local hours
 * are whole UTC hours in most zones; in zones offset by 30 or 45 minutes local groups read raw samples.
 */
const bucketTable = <N extends string, C extends string>(name: N, column: C) =>
  pgTable(
    name,
    {
      userId: bareUserId(),
      measure: smallint("measure").notNull(),
      bucket: at(column).notNull(),
      ...bucketColumns,
    },
    (t) => [primaryKey({ columns: [t.userId, t.measure, t.bucket] })],
  );

export const vitalBucketsHour = bucketTable("vital_buckets_hour", "bucket");
export const vitalBucketsDay = bucketTable("vital_buckets_day", "day");
export const vitalBucketsMonth = bucketTable("vital_buckets_month", "bucket");

/**
 * The band samples' tables, hot and packed, and their buckets: the high-volume tables without a foreign key (a trigger
 * on `users` deletes from each, migration 0016), what a sample costs on disk (bench/vitals.ts).
 */
export const SAMPLE_TABLES = [
  vitalSamples,
  vitalDays,
  vitalBucketsHour,
  vitalHourDays,
  vitalBucketsDay,
  vitalBucketsMonth,
] as const;

/** Sleep stage segments as the band reports them; one per (user, start). */
export const sleepSegments = pgTable(
  "sleep_segments",
  {
    userId: userRef(),
    startAt: at("start_at").notNull(),
    endAt: at("end_at").notNull(),
    stage: text("stage", { enum: ["deep", "light", "rem", "awake"] }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.startAt] })],
);

/**
 * Sleep sessions: segments less than three hours apart, with hours per stage; the pre-aggregate of sleep.
 * A session counts on the local day it ends.
 */
export const sleepSessions = pgTable(
  "sleep_sessions",
  {
    userId: userRef(),
    startAt: at("start_at").notNull(),
    endAt: at("end_at").notNull(),
    deep: doublePrecision("deep").notNull(),
    light: doublePrecision("light").notNull(),
    rem: doublePrecision("rem").notNull(),
    awake: doublePrecision("awake").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.startAt] }),
    index("sleep_sessions_end_idx").on(t.userId, t.endAt),
  ],
);

/** When the user's band last synchronised (any accepted upload), the latest sample time and the data's revision. */
export const vitalSync = pgTable("vital_sync", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  lastSyncAt: at("last_sync_at").notNull(),
  lastSampleAt: at("last_sample_at"),
  /**
   * Moves with every write to the user's vital data (uploads, rebuilds, the retention job), in the write's
   * transaction: stats kept for a member are good while it has not moved, whichever server process wrote
   * (features/reports/report-memo.ts).
   */
  revision: bigint("revision", { mode: "number" }).notNull().default(0),
});

/**
 * What the raw-data retention job removed of a person's raw samples (issue 32 §2): raw samples before `raw_from`
 * no longer exist (reports over that period read the hour, day and month buckets); the person's export and the
 * raw CSV say so.
 */
export const vitalRetention = pgTable("vital_retention", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  rawFrom: at("raw_from").notNull(),
  lastRemovedAt: at("last_removed_at").notNull(),
  removedSamples: bigint("removed_samples", { mode: "number" }).notNull().default(0),
});

const rangeColumns = {
  maxValue: doublePrecision("max_value").array().notNull(),
  minValue: doublePrecision("min_value").array().notNull(),
  meanValue: doublePrecision("mean_value").array().notNull(),
};

/** An entity's general zone ranges of a report (§4 tuning); the defaults of §9 apply without a row. */
export const reportRanges = pgTable(
  "report_ranges",
  {
    workspaceName: entityRef(),
    measure: smallint("measure").notNull(),
    ...rangeColumns,
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceName, t.measure] })],
);

/** A member's own ranges of a report in an entity; used while `is_tuned`. */
export const reportTunings = pgTable(
  "report_tunings",
  {
    workspaceName: entityRef(),
    measure: smallint("measure").notNull(),
    userId: userRef(),
    isTuned: boolean("is_tuned").notNull().default(false),
    maxValue: doublePrecision("max_value").array(),
    minValue: doublePrecision("min_value").array(),
    meanValue: doublePrecision("mean_value").array(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceName, t.measure, t.userId] })],
);
