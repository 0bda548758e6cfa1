import { SLEEP_SESSION_GAP_S } from "@mimamori/shared";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/errors";
import { at, rows } from "./sql";
import type { Rejection, Sample, Segment } from "./validate";

export interface StoreResult {
  accepted: number;
  duplicates: number;
  rejected: Rejection[];
  lastSync: number;
}

/**
 * Serialises writers of one user's vital data (ingestion, rebuild) for the length of a transaction, and
 * holds the user's row against deletion meanwhile (the sample tables have no foreign key; see schema).
 */
export async function lockUser(tx: Db, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`vitals:${userId}`}, 0))`);
  const found = await rows(tx, sql`select 1 from users where id = ${userId}::uuid for key share`);
  if (found.length === 0) throw new AppError(404, "user-missing");
}

/** Adds the new rows' aggregates to existing buckets. */
const upsert = (key: "bucket" | "day") =>
  sql.raw(`on conflict (user_id, measure, ${key}) do update set
    min = least(b.min, excluded.min), max = greatest(b.max, excluded.max),
    sum = b.sum + excluded.sum, count = b.count + excluded.count`);

const maxOf = (xs: number[]) => xs.reduce((a, b) => Math.max(a, b), Number.NEGATIVE_INFINITY);

/**
 * Inserts samples that are not stored yet and adds exactly those to the 15-minute and UTC-day buckets,
 * in one statement: a retried batch inserts nothing and changes no total. Returns the number inserted.
 */
export async function insertSamples(tx: Db, userId: string, samples: Sample[]): Promise<number> {
  if (samples.length === 0) return 0;
  const measures = sql.param(samples.map((s) => s.measure));
  // epoch seconds as float8: cheaper to bind and convert than ISO text; to_timestamp keeps the milliseconds
  const times = sql.param(samples.map((s) => s.at / 1000));
  const values = sql.param(samples.map((s) => s.value));
  const [r] = await rows<{ n: number }>(
    tx,
    sql`with ins as (
      insert into vital_samples (user_id, measure, at, value)
      select ${userId}::uuid, i.measure, to_timestamp(i.at), i.value
      from unnest(${measures}::smallint[], ${times}::float8[], ${values}::float8[]) as i(measure, at, value)
      on conflict do nothing
      returning measure, at, value
    ), q as (
      insert into vital_buckets_15m as b (user_id, measure, bucket, min, max, sum, count)
      select ${userId}::uuid, measure, to_timestamp(floor(extract(epoch from at) / 900) * 900) as bk,
        min(value), max(value), sum(value), count(*)
      from ins group by measure, bk order by measure, bk
      ${upsert("bucket")}
    ), d as (
      insert into vital_buckets_day as b (user_id, measure, day, min, max, sum, count)
      select ${userId}::uuid, measure, date_trunc('day', at at time zone 'UTC') at time zone 'UTC' as bk,
        min(value), max(value), sum(value), count(*)
      from ins group by measure, bk order by measure, bk
      ${upsert("day")}
    )
    select count(*)::int as n from ins`,
  );
  return r.n;
}

/**
 * Stores sleep segments: one already stored with the same start, end and stage is a duplicate; one that
 * overlaps another segment is refused. The sessions around the new segments are recomputed.
 */
export async function insertSleep(
  tx: Db,
  userId: string,
  segments: Segment[],
): Promise<{ inserted: number; duplicates: number; rejected: Rejection[] }> {
  if (segments.length === 0) return { inserted: 0, duplicates: 0, rejected: [] };
  const sorted = [...segments].sort((a, b) => a.start - b.start);
  const lo = sorted[0].start;
  const hi = maxOf(sorted.map((s) => s.end));
  const existing = await rows<{ s: number; e: number; stage: string }>(
    tx,
    sql`select extract(epoch from start_at)::float8 * 1000 as s, extract(epoch from end_at)::float8 * 1000 as e, stage
      from sleep_segments where user_id = ${userId}::uuid
      and start_at >= ${at(lo - 86_400_000)} and start_at < ${at(hi)} and end_at > ${at(lo)}`,
  );
  const taken = existing.map((x) => ({ start: Math.round(x.s), end: Math.round(x.e), stage: x.stage }));
  const fresh: Segment[] = [];
  let duplicates = 0;
  const rejected: Rejection[] = [];
  for (const seg of sorted) {
    const same = taken.find((x) => x.start === seg.start);
    if (same && same.end === seg.end && same.stage === seg.stage) {
      duplicates++;
      continue;
    }
    if (taken.some((x) => x.start < seg.end && x.end > seg.start)) {
      rejected.push({ kind: "sleep", index: seg.index, reason: "sleep-overlap" });
      continue;
    }
    taken.push(seg);
    fresh.push(seg);
  }
  if (fresh.length > 0) {
    await tx.execute(sql`insert into sleep_segments (user_id, start_at, end_at, stage)
      select ${userId}::uuid, i.s, i.e, i.stage
      from unnest(${sql.param(fresh.map((s) => new Date(s.start).toISOString()))}::timestamptz[],
        ${sql.param(fresh.map((s) => new Date(s.end).toISOString()))}::timestamptz[],
        ${sql.param(fresh.map((s) => s.stage))}::text[]) as i(s, e, stage)
      on conflict do nothing`);
    await refreshSessions(tx, userId, fresh[0].start, maxOf(fresh.map((s) => s.end)));
  }
  return { inserted: fresh.length, duplicates, rejected: rejected.sort((a, b) => a.index - b.index) };
}

/**
 * Recomputes the sleep sessions touching [lo, hi] (epoch ms): sessions within the gap of that span are
 * replaced by the islands of their segments and the new ones. Pass the whole time line to rebuild a user.
 */
export async function refreshSessions(tx: Db, userId: string, lo: number, hi: number): Promise<void> {
  const gap = SLEEP_SESSION_GAP_S * 1000;
  const [old] = await rows<{ lo: number | null; hi: number | null }>(
    tx,
    sql`with d as (delete from sleep_sessions where user_id = ${userId}::uuid
        and end_at >= ${at(lo - gap)} and start_at <= ${at(hi + gap)} returning start_at, end_at)
      select extract(epoch from min(start_at))::float8 * 1000 as lo, extract(epoch from max(end_at))::float8 * 1000 as hi from d`,
  );
  const from = Math.min(lo, old.lo ?? lo);
  const to = Math.max(hi, old.hi ?? hi);
  await tx.execute(sql`insert into sleep_sessions (user_id, start_at, end_at, deep, light, rem, awake)
    select ${userId}::uuid, min(start_at), max(end_at),
      coalesce(sum(h) filter (where stage = 'deep'), 0), coalesce(sum(h) filter (where stage = 'light'), 0),
      coalesce(sum(h) filter (where stage = 'rem'), 0), coalesce(sum(h) filter (where stage = 'awake'), 0)
    from (
      select *, sum(brk) over (order by start_at) as grp from (
        select start_at, end_at, stage, extract(epoch from end_at - start_at) / 3600 as h,
          case when start_at - max(end_at) over (order by start_at rows between unbounded preceding and 1 preceding)
            <= make_interval(secs => ${SLEEP_SESSION_GAP_S}) then 0 else 1 end as brk
        from sleep_segments
        where user_id = ${userId}::uuid and start_at >= ${at(from)} and start_at <= ${at(to)}
      ) a
    ) b group by grp`);
}

/** Records a synchronisation: now, and the latest sample time seen. Returns the sync time (epoch s). */
export async function touchSync(tx: Db, userId: string, latestMs: number | null): Promise<number> {
  const [r] = await rows<{ t: number }>(
    tx,
    sql`insert into vital_sync as v (user_id, last_sync_at, last_sample_at)
      values (${userId}::uuid, now(), ${latestMs === null ? null : new Date(latestMs).toISOString()}::timestamptz)
      on conflict (user_id) do update set last_sync_at = excluded.last_sync_at,
        last_sample_at = greatest(v.last_sample_at, excluded.last_sample_at)
      returning extract(epoch from last_sync_at)::float8 as t`,
  );
  return r.t;
}

/** The bulk path of ingestion (API, simulator, demo seed): one transaction per batch. */
export async function storeBatch(
  db: Db,
  userId: string,
  samples: Sample[],
  segments: Segment[],
): Promise<StoreResult> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const inserted = await insertSamples(tx, userId, samples);
    const sleep = await insertSleep(tx, userId, segments);
    const times = [...samples.map((s) => s.at), ...segments.map((s) => s.end)];
    const lastSync = await touchSync(tx, userId, times.length ? maxOf(times) : null);
    return {
      accepted: inserted + sleep.inserted,
      duplicates: samples.length - inserted + sleep.duplicates,
      rejected: sleep.rejected,
      lastSync,
    };
  });
}
