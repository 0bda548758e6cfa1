import {
  INGEST_FUTURE_SKEW_S,
  INTERVAL_RESOLUTION,
  type Measure,
  type ReportInterval,
  type SleepStage,
} from "@mimamori/shared";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rows } from "../../db/client";
import { bucketsOver, localHourLevels } from "../vitals/levels";
import { at, epoch, localStart } from "../vitals/sql";

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
  const where = sql`user_id = ${userId}::uuid and measure = ${m.measure}`;
  if (resolution === "raw") {
    const ps = await rows<Point>(
      db,
      sql`select ${epoch(sql`at`)} as t, value as a, ${sum ? sql`null` : sql`value`} as b, ${sum ? sql`null` : sql`value`} as c
        from vital_samples where ${where} and at >= ${at(w.start)} and at < ${at(w.end)} order by at`,
    );
    return toRows(ps);
  }
  const buckets = bucketsOver(where, w, localHourLevels(w.timezone, w.start, w.end));
  if (!buckets) return [];
  const t = localStart(sql`bucket`, resolution, w.timezone);
  const cols = sum
    ? sql`sum(sum)::float8 as a, null::float8 as b, null::float8 as c`
    : sql`max(max)::float8 as a, min(min)::float8 as b, (sum(sum) / sum(count))::float8 as c`;
  const ps = await rows<Point>(db, sql`select ${t} as t, ${cols} from (${buckets}) b group by 1 order by 1`);
  return toRows(ps);
}

/** Sleep per night (the local day a session ends): [night, total asleep, deep, light] in hours. */
export async function sleepSeries(db: Db, userId: string, w: Window): Promise<Row[]> {
  const t = localStart(sql`end_at`, "day", w.timezone);
  const ps = await rows<Point>(
    db,
    sql`select ${t} as t, sum(deep + light + rem)::float8 as a, sum(deep)::float8 as b, sum(light)::float8 as c
      from sleep_sessions where user_id = ${userId}::uuid and end_at >= ${at(w.start)} and end_at < ${at(w.end)}
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
  return rows<SegmentRow>(
    db,
    sql`select ${epoch(sql`s.start_at`)} as start, ${epoch(sql`s.end_at`)} as "end", s.stage,
        (extract(epoch from s.end_at - s.start_at) / 3600)::float8 as length
      from sleep_sessions ss join sleep_segments s
        on s.user_id = ss.user_id and s.start_at >= ss.start_at and s.start_at < ss.end_at
      where ss.user_id = ${userId}::uuid and ss.end_at >= ${at(w.start)} and ss.end_at < ${at(w.end)}
      order by s.start_at`,
  );
}

export interface Latest {
  measure: number;
  t: number;
  value: number;
}

/** The latest sample of each level measure of a user (one index probe per measure). */
export async function latestSamples(db: Db, userId: string, measures: number[]): Promise<Latest[]> {
  return rows<Latest>(
    db,
    sql`select m.measure::int as measure, ${epoch(sql`s.at`)} as t, s.value
      from unnest(${sql.param(measures)}::smallint[]) as m(measure)
      cross join lateral (select at, value from vital_samples
        where user_id = ${userId}::uuid and measure = m.measure order by at desc limit 1) s`,
  );
}

/** The total of a count measure from `start` (epoch ms) until now, or null without data. */
export async function totalSince(db: Db, userId: string, measure: number, start: number) {
  // uploads may run a little ahead of the server's clock
  const end = Date.now() + INGEST_FUTURE_SKEW_S * 1000;
  const buckets = bucketsOver(sql`user_id = ${userId}::uuid and measure = ${measure}`, {
    start,
    end,
    open: true,
  });
  if (!buckets) return null;
  const [r] = await rows<{ total: number | null; t: number | null }>(
    db,
    sql`select sum(sum)::float8 as total, ${epoch(sql`max(bucket)`)} as t from (${buckets}) b`,
  );
  return r.total === null ? null : { total: r.total, t: r.t as number };
}

/** The latest night's sleep (hours asleep) ending from `start` (epoch ms) on. */
export async function lastNight(db: Db, userId: string, start: number, timezone: string) {
  const [r] = await rows<{ total: number; t: number }>(
    db,
    sql`select sum(deep + light + rem)::float8 as total, max(${epoch(sql`end_at`)}) as t from sleep_sessions
      where user_id = ${userId}::uuid and end_at >= ${at(start)}
      group by ${localStart(sql`end_at`, "day", timezone)} order by 2 desc limit 1`,
  );
  return r ?? null;
}
