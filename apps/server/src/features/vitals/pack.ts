import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { type Db, numberArray, oneRow, rows } from "../../db/client";
import { users, vitalDays, vitalSamples } from "../../db/schema";
import { bare, bareList } from "../../db/sql-names";
import type { Job } from "../../jobs/runner";
import { at } from "../../lib/time-sql";
import { packedTime } from "./raw";

/*
 * Packing raw samples (issue 32 §1; docs/decisions.md "Packed samples"). Uploads write `vital_samples` (hot); this
 * job moves each closed UTC day of a (user, measure) into one `vital_days` row (times as milliseconds from the day's
 * start, values, in two arrays that TOAST compresses), in bounded batches of one transaction each. Because a batch
 * is a transaction that moves rows (delete … returning feeding the insert), a killed pack leaves nothing half done,
 * and the same job is the resumable, batched in-place migration of data stored before packing existed.
 */

export const PACK_JOB = "vitals-pack";

const DAY_MS = 86_400_000;

/**
 * How far the servers' clocks may disagree: a day is packed once it ended more than a day and this before now, so
 * that an upload for today or yesterday by any server's clock never meets a packed day (store.ts skips the unpack).
 */
export const PACK_CLOCK_SKEW_MS = 3_600_000;

/** Start (epoch ms) of the first UTC day that stays hot at `now`: yesterday's (by the slower clock, less the skew). */
export function hotFrom(now: number): number {
  const t = Math.min(now, Date.now()) - PACK_CLOCK_SKEW_MS;
  return Math.floor(t / DAY_MS) * DAY_MS - DAY_MS;
}

/**
 * The UTC days (YYYY-MM-DD) and measures of `samples` that may be packed by now, by this server's clock: those before
 * yesterday (a pack on a server whose clock is up to PACK_CLOCK_SKEW_MS ahead still leaves yesterday hot). An upload
 * of today's and yesterday's samples, the usual one, has none and costs no statement more.
 */
export function packableDays(samples: readonly { measure: number; at: number }[]): {
  measures: number[];
  days: string[];
} {
  const firstHot = Math.floor(Date.now() / DAY_MS) * DAY_MS - DAY_MS;
  const measures = new Set<number>();
  const days = new Set<number>();
  for (const s of samples)
    if (s.at < firstHot) {
      measures.add(s.measure);
      days.add(Math.floor(s.at / DAY_MS));
    }
  return {
    measures: [...measures],
    days: [...days].map((n) => new Date(n * DAY_MS).toISOString().slice(0, 10)),
  };
}

/** Samples a batch moves at most (~400 days of heart rate at 122 a day, a transaction of a few hundred ms). */
export const PACK_BATCH_SAMPLES = 50_000;

/** The key of the last sample a batch took: the next batch starts after it. */
export interface PackCursor {
  userId: string;
  measure: number;
  /** The time as PostgreSQL writes it (exact). */
  at: string;
}

export interface PackBatch {
  /** Samples moved. */
  samples: number;
  /** Where the next batch starts; null: nothing left before the hot days (or another server is packing). */
  next: PackCursor | null;
}

const v = vitalSamples;
const k = vitalDays;
const KEY = sql`(${v.userId}, ${v.measure}, ${v.at})`;
const after = (c: PackCursor | null) =>
  c ? sql` and ${KEY} > (${c.userId}::uuid, ${c.measure}::smallint, ${c.at}::timestamptz)` : sql``;

/** Samples that can be packed: before the hot days and at a whole millisecond (a packed time is milliseconds). */
const packable = (before: number) =>
  sql`${v.at} < ${at(before)} and ${v.at} = date_trunc('milliseconds', ${v.at})`;

/**
 * One batch: the next `limit` packable samples after `cursor` in key order (user, measure, time), their users
 * locked as ingestion locks them (store.ts `lockUser`'s advisory lock, and `for key share` against deletion), then
 * moved in one statement: deleted from the hot table and merged into the days' packed rows (a day already packed,
 * e.g. by a batch that ended inside it, gets the union, ordered by time).
 */
export async function packBatch(
  db: Db,
  before: number,
  cursor: PackCursor | null,
  limit = PACK_BATCH_SAMPLES,
): Promise<PackBatch> {
  return db.transaction(async (tx) => {
    // one server packs at a time: another's batch holds this lock until it commits, and this one gives way
    const lock = await oneRow<{ ok: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(hashtextextended(${PACK_JOB}, 0)) as ok`,
    );
    if (!lock.ok) return { samples: 0, next: null };
    const span = await oneRow<{
      user_id: string | null;
      measure: number | null;
      at: string | null;
      who: string[] | null;
    }>(
      tx,
      sql`with p as materialized (
          select ${v.userId}, ${v.measure}, ${v.at} from ${v} where ${packable(before)}${after(cursor)}
          order by ${v.userId}, ${v.measure}, ${v.at} limit ${limit}
        ), e as (
          select * from p order by ${bare(v.userId)} desc, ${bare(v.measure)} desc, ${bare(v.at)} desc limit 1
        )
        select e.${bare(v.userId)}::text as user_id, e.${bare(v.measure)}::int as measure, e.${bare(v.at)}::text as at,
          (select array_agg(distinct ${bare(v.userId)}::text) from p) as who
        from (select 1) one left join e on true`,
    );
    if (span.user_id === null || span.measure === null || span.at === null) return { samples: 0, next: null };
    const end = sql`(${span.user_id}::uuid, ${span.measure}::smallint, ${span.at}::timestamptz)`;
    // the same lock as an upload's (one writer of a user's samples at a time), in key order
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('vitals:' || x.id::text, 0)) from (
        select ${users.id} as id from ${users} where ${users.id} = any(${sql.param(span.who ?? [])}::uuid[])
        order by ${users.id} for key share
      ) x order by x.id`);
    const moved = await oneRow<{ n: number }>(
      tx,
      sql`with moved as (
        delete from ${v} where ${packable(before)}${after(cursor)} and ${KEY} <= ${end}
        returning ${v.userId}, ${v.measure}, ${v.at}, ${v.value}
      ), days as (
        select ${bare(v.userId)} as u, ${bare(v.measure)} as m, (${bare(v.at)} at time zone 'UTC')::date as dd,
          array_agg(round(extract(epoch from ${bare(v.at)} - (${bare(v.at)} at time zone 'UTC')::date::timestamp
            at time zone 'UTC') * 1000)::int order by ${bare(v.at)}) as os,
          array_agg(${bare(v.value)} order by ${bare(v.at)}) as vs,
          count(*) as n
        from moved group by 1, 2, 3
      ), merged as (
        insert into ${k} as old (${bareList(k.userId, k.measure, k.day, k.offsets, k.readings)})
        select u, m, dd, os, vs from days
        on conflict (${bareList(k.userId, k.measure, k.day)}) do update set
          (${bareList(k.offsets, k.readings)}) = (
            select array_agg(x.o order by x.o), array_agg(x.v order by x.o)
            from unnest(old.${bare(k.offsets)} || excluded.${bare(k.offsets)},
              old.${bare(k.readings)} || excluded.${bare(k.readings)}) as x(o, v))
        returning 1
      )
      select coalesce(sum(n), 0)::int as n from days`,
    );
    return {
      samples: moved.n,
      next: { userId: span.user_id, measure: span.measure, at: span.at },
    };
  });
}

export interface PackRun {
  samples: number;
  batches: number;
  /** Everything packable was packed (false: the run stopped at its budget or batch count). */
  done: boolean;
}

/**
 * Packs every closed day (before `hotFrom(now)`), batch after batch, yielding to other work between batches. Stops
 * early after `maxBatches` batches or once `budgetMs` has passed (a server's shutdown waits for a run under way);
 * the next run goes on where this one stopped. Only one server packs at a time: each batch takes the job's
 * transaction lock or, while another server's batch holds it, ends the run.
 */
export async function packClosedDays(
  db: Db,
  now: number,
  opts: { maxBatches?: number; budgetMs?: number; batchSamples?: number } = {},
): Promise<PackRun> {
  const before = hotFrom(now);
  const started = Date.now();
  let cursor: PackCursor | null = null;
  let samples = 0;
  let batches = 0;
  for (;;) {
    if (batches >= (opts.maxBatches ?? Number.POSITIVE_INFINITY)) return { samples, batches, done: false };
    if (Date.now() - started > (opts.budgetMs ?? Number.POSITIVE_INFINITY))
      return { samples, batches, done: false };
    const batch = await packBatch(db, before, cursor, opts.batchSamples);
    if (batch.next === null) return { samples, batches, done: true };
    samples += batch.samples;
    batches++;
    cursor = batch.next;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** A run packs for at most this long; the next run (a minute later) goes on. */
const RUN_BUDGET_MS = 20_000;

/**
 * The pack job: every minute (and at start-up); a day's new closed day is one short run, data stored before packing
 * existed is migrated in place by runs of at most RUN_BUDGET_MS, a third of each minute. Reads
 * before and after packing answer the same, so kept answers stay valid (`changes: "none"`).
 */
export function packJob(db: Db, log: FastifyBaseLogger): Job {
  return {
    name: PACK_JOB,
    changes: "none",
    async run(now) {
      const run = await packClosedDays(db, now.getTime(), { budgetMs: RUN_BUDGET_MS });
      if (run.samples) log.info(run, "raw samples packed");
    },
  };
}

/**
 * In an upload's transaction (the user locked: store.ts `lockUser`), moves the packed days of `measures` among
 * `days` (UTC dates, YYYY-MM-DD) back into the hot table, so that the upload's duplicate check, its rule for a
 * changed value and its bucket maintenance run on them exactly as on hot samples. The pack job packs them again
 * once the day is closed.
 */
export async function unpackDays(tx: Db, userId: string, measures: number[], days: string[]): Promise<void> {
  await tx.execute(sql`with gone as (
      delete from ${k} where ${k.userId} = ${userId}::uuid and ${k.measure} = any(${numberArray(tx, "smallint", measures)})
        and ${k.day} = any(${sql.param(days)}::date[])
      returning ${k.userId}, ${k.measure}, ${k.day}, ${k.offsets}, ${k.readings}
    )
    insert into ${v} (${bareList(v.userId, v.measure, v.at, v.value)})
    select g.${bare(k.userId)}, g.${bare(k.measure)}, ${packedTime(sql`g.${bare(k.day)}`, sql`u.o`)}, u.v
    from gone g, unnest(g.${bare(k.offsets)}, g.${bare(k.readings)}) as u(o, v)`);
}

/** How many samples are packed and how many hot (tests, bench). */
export async function packedCounts(db: Db): Promise<{ packed: number; hot: number }> {
  const [r] = await rows<{ packed: number; hot: number }>(
    db,
    sql`select (select coalesce(sum(cardinality(${k.offsets})), 0) from ${k})::float8 as packed,
      (select count(*) from ${v})::float8 as hot`,
  );
  return r ?? { packed: 0, hot: 0 };
}
