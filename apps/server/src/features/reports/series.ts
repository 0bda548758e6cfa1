import {
  INGEST_FUTURE_SKEW_S,
  INTERVAL_RESOLUTION,
  type Measure,
  type ReportInterval,
  type SleepStage,
} from "@mimamori/shared";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { oneRow, rows } from "../../db/client";
import { sleepSegments, sleepSessions } from "../../db/schema";
import { at, epoch, localStart } from "../../lib/time-sql";
import {
  BUCKET_ROW,
  bucketsOver,
  latestRaw,
  localHourLevels,
  RAW_ROW,
  rawSamples,
  type VitalFilter,
} from "../vitals";

/** [timestamp, max, min, mean]; steps [timestamp, total, null, null]; sleep [night, total, deep, light]. */
export type Row = [number, number | null, number | null, number | null];

export interface Window {
  /** Epoch milliseconds, end exclusive. */
  start: number;
  end: number;
  timezone: string;
  /** The window ends now: nothing is stored after `end` yet (see `bucketsOver`). */
  open?: boolean;
}

type Point = { t: number; a: number | null; b: number | null; c: number | null };
const toRows = (ps: Point[]): Row[] => ps.map((p) => [p.t, p.a, p.b, p.c]);

/** One user's chart points of a level or count measure at the resolution of the interval (see shared). */
export async function levelSeries(
  db: Db,
  userId: string,
  m: Measure,
  w: Window,
  interval: ReportInterval,
): Promise<Row[]> {
  const resolution = INTERVAL_RESOLUTION[interval];
  const sum = m.aggregation === "sum";
  const where: VitalFilter = (t) => sql`${t.userId} = ${userId}::uuid and ${t.measure} = ${m.measure}`;
  if (resolution === "raw") {
    const r = RAW_ROW;
    const value = sum ? sql`null` : sql`s.${r.value}`;
    const ps = await rows<Point>(
      db,
      sql`select ${epoch(sql`s.${r.at}`)} as t, s.${r.value} as a, ${value} as b, ${value} as c
        from (${rawSamples(where, { from: at(w.start), to: at(w.end) })}) s order by s.${r.at}`,
    );
    return toRows(ps);
  }
  const buckets = bucketsOver(where, w, localHourLevels(w.timezone, w.start, w.end));
  if (!buckets) return [];
  const o = BUCKET_ROW;
  const t = localStart(o.bucket, resolution, w.timezone);
  const cols = sum
    ? sql`sum(${o.sum})::float8 as a, null::float8 as b, null::float8 as c`
    : sql`max(${o.max})::float8 as a, min(${o.min})::float8 as b, (sum(${o.sum}) / sum(${o.count}))::float8 as c`;
  const ps = await rows<Point>(db, sql`select ${t} as t, ${cols} from (${buckets}) b group by 1 order by 1`);
  return toRows(ps);
}

/** Sleep per night (the local day a session ends): [night, total asleep, deep, light] in hours. */
export async function sleepSeries(db: Db, userId: string, w: Window): Promise<Row[]> {
  const s = sleepSessions;
  const t = localStart(sql`${s.endAt}`, "day", w.timezone);
  const ps = await rows<Point>(
    db,
    sql`select ${t} as t, sum(${s.deep} + ${s.light} + ${s.rem})::float8 as a, sum(${s.deep})::float8 as b,
        sum(${s.light})::float8 as c
      from ${s} where ${s.userId} = ${userId}::uuid and ${s.endAt} >= ${at(w.start)} and ${s.endAt} < ${at(w.end)}
      group by 1 order by 1`,
  );
  return toRows(ps);
}

export interface SegmentRow {
  start: number;
  end: number;
  stage: SleepStage;
  length: number;
}

/** The segments of the sleep sessions that end in the window. */
export async function sleepSegmentsOf(db: Db, userId: string, w: Window): Promise<SegmentRow[]> {
  const ss = sleepSessions;
  const s = sleepSegments;
  return rows<SegmentRow>(
    db,
    sql`select ${epoch(sql`${s.startAt}`)} as start, ${epoch(sql`${s.endAt}`)} as "end", ${s.stage},
        (extract(epoch from ${s.endAt} - ${s.startAt}) / 3600)::float8 as length
      from ${ss} join ${s}
        on ${s.userId} = ${ss.userId} and ${s.startAt} >= ${ss.startAt} and ${s.startAt} < ${ss.endAt}
      where ${ss.userId} = ${userId}::uuid and ${ss.endAt} >= ${at(w.start)} and ${ss.endAt} < ${at(w.end)}
      order by ${s.startAt}`,
  );
}

export interface Latest {
  measure: number;
  t: number;
  value: number;
}

/** The latest sample of each level measure of a user (one index probe per measure). */
export async function latestSamples(db: Db, userId: string, measures: number[]): Promise<Latest[]> {
  const r = RAW_ROW;
  return rows<Latest>(
    db,
    sql`select l.${r.measure}, ${epoch(sql`l.${r.at}`)} as t, l.${r.value}
      from (${latestRaw(userId, sql`${sql.param(measures)}::smallint[]`)}) l`,
  );
}

/** The total of a count measure from `start` (epoch ms) until now, or null without data. */
export async function totalSince(db: Db, userId: string, measure: number, start: number) {
  // uploads may run a little ahead of the server's clock
  const end = Date.now() + INGEST_FUTURE_SKEW_S * 1000;
  const buckets = bucketsOver((t) => sql`${t.userId} = ${userId}::uuid and ${t.measure} = ${measure}`, {
    start,
    end,
    open: true,
  });
  if (!buckets) return null;
  const o = BUCKET_ROW;
  const r = await oneRow<{ total: number | null; t: number | null }>(
    db,
    sql`select sum(${o.sum})::float8 as total, ${epoch(sql`max(${o.bucket})`)} as t from (${buckets}) b`,
  );
  return r.total === null ? null : { total: r.total, t: r.t as number };
}

/** The latest night's sleep (hours asleep) ending from `start` (epoch ms) on. */
export async function lastNight(db: Db, userId: string, start: number, timezone: string) {
  const s = sleepSessions;
  const [r] = await rows<{ total: number; t: number }>(
    db,
    sql`select sum(${s.deep} + ${s.light} + ${s.rem})::float8 as total, max(${epoch(sql`${s.endAt}`)}) as t from ${s}
      where ${s.userId} = ${userId}::uuid and ${s.endAt} >= ${at(start)}
      group by ${localStart(sql`${s.endAt}`, "day", timezone)} order by 2 desc limit 1`,
  );
  return r ?? null;
}
