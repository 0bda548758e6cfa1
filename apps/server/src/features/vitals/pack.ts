import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { FastifyBaseLogger } from "fastify";
import { type Db, numberArray, oneRow, rows } from "../../db/client";
import { users, vitalBucketsHour, vitalDays, vitalHourDays, vitalSamples } from "../../db/schema";
import { bare, bareList } from "../../db/sql-names";
import type { Job } from "../../jobs/runner";
import { at } from "../../lib/time-sql";
import { DAY_MS, hotFrom, hourHotFrom } from "./hot";
import { packedAggs, slotTime } from "./levels";
import { packedReadings, packedTime } from "./raw";

/*
 * Packing raw samples and hour buckets (issue 32 §1; docs/decisions.md "Packed samples"). Uploads write
 * `vital_samples` and `vital_buckets_hour` (hot); this job moves each closed UTC day of a (user, measure) into one
 * `vital_days` row (times as milliseconds from the day's start, and the values, in arrays) and, a week later, that
 * day's hours into one `vital_hour_days` row, in bounded batches of one transaction each. Because a batch
 * is a transaction that moves rows (delete … returning feeding the insert), a killed pack leaves nothing half done,
 * and the same job is the resumable, batched in-place migration of data stored before packing existed.
 */

export const PACK_JOB = "vitals-pack";

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

/** The key of the last row a batch took: the next batch starts after it. */
export interface PackCursor {
  userId: string;
  measure: number;
  /** The time as PostgreSQL writes it (exact). */
  at: string;
}

export interface PackBatch {
  /** Rows moved (samples, or hour buckets). */
  moved: number;
  /** Where the next batch starts; null: nothing left before the hot days (or another server is packing). */
  next: PackCursor | null;
}

const v = vitalSamples;
const k = vitalDays;
const hh = vitalBucketsHour;
const kh = vitalHourDays;

/**
 * The wide and the narrow array of a packed row from the values `wide` and their narrowing `narrow` (SQL expressions
 * of the select list; `vital_narrow`, migration 0016): the narrow one where it exists, else the wide one.
 */
const oneOf = (wide: string, narrow: string) =>
  sql.raw(`case when ${narrow} is null then ${wide} end, ${narrow}`);

/**
 * A packed table: a row a (user, measure, day) with an array `first` (the samples' offsets, or the hours' counts) and
 * the values in `wide` or `narrow`.
 */
interface PackedDays {
  table: typeof vitalDays | typeof vitalHourDays;
  first: AnyPgColumn;
  wide: AnyPgColumn;
  narrow: AnyPgColumn;
}

/**
 * The `merged` step of a move: inserts the rows of `days` (u, m, dd and the arrays named `first` and `values`) into
 * their packed days, or, where a day is packed already, merges them into it with `merge` (a query of `old` and
 * `excluded` answering the merged arrays under the same names).
 */
function mergeIntoPackedDays(p: PackedDays, [first, values]: [string, string], merge: SQL): SQL {
  const t = p.table;
  return sql`merged as (
      insert into ${t} as old (${bareList(t.userId, t.measure, t.day, p.first, p.wide, p.narrow)})
      select u, m, dd, ${sql.raw(first)}, ${oneOf(values, "narrowed")}
        from (select *, vital_narrow(${sql.raw(values)}) as narrowed from days) n
      on conflict (${bareList(t.userId, t.measure, t.day)}) do update set
        (${bareList(p.first, p.wide, p.narrow)}) = (
          select ${sql.raw(first)}, ${oneOf(values, `vital_narrow(${values})`)} from (${merge}) y)
      returning 1
    )`;
}

/** What a pack moves: the hot rows before `before` of a table keyed (user, measure, time), and how. */
interface Packing {
  table: PgTable;
  user: AnyPgColumn;
  measure: AnyPgColumn;
  time: AnyPgColumn;
  /**
   * The rows that may move, as the primary key's index answers it (the span of a batch is an index range: any other
   * condition here, estimated by the planner as rare, turned each batch into a sequential scan of the whole table).
   */
  packable: (before: number) => SQL;
  /** What else a row needs to move, checked by the move alone. */
  movable?: SQL;
  /** One statement moving the rows matching `where` into their packed days, answering the rows moved as `n`. */
  move: (where: SQL) => SQL;
}

/** The key of a hot table whose rows are keyed by person, measure and `time`, and its rows before a time. */
const keyedBy = (table: PgTable & { userId: AnyPgColumn; measure: AnyPgColumn }, time: AnyPgColumn) => ({
  table,
  user: table.userId,
  measure: table.measure,
  time,
  packable: (before: number) => sql`${time} < ${at(before)}`,
});

/** A day's samples: deleted from the hot table and merged into the days' packed rows (ordered by time). */
const SAMPLES: Packing = {
  ...keyedBy(v, v.at),
  // a packed time is whole milliseconds (a finer one stays hot)
  movable: sql`${v.at} = date_trunc('milliseconds', ${v.at})`,
  move: (where) => sql`with moved as (
      delete from ${v} where ${where} returning ${v.userId}, ${v.measure}, ${v.at}, ${v.value}
    ), days as (
      select ${bare(v.userId)} as u, ${bare(v.measure)} as m, (${bare(v.at)} at time zone 'UTC')::date as dd,
        array_agg(round(extract(epoch from ${bare(v.at)} - (${bare(v.at)} at time zone 'UTC')::date::timestamp
          at time zone 'UTC') * 1000)::int order by ${bare(v.at)}) as os,
        array_agg(${bare(v.value)} order by ${bare(v.at)}) as vs,
        count(*) as n
      from moved group by 1, 2, 3
    ), ${mergeIntoPackedDays(
      { table: k, first: k.offsets, wide: k.readings, narrow: k.narrowReadings },
      ["os", "vs"],
      sql`select array_agg(x.o order by x.o) as os, array_agg(x.v order by x.o) as vs
        from unnest(old.${bare(k.offsets)} || excluded.${bare(k.offsets)},
          ${packedReadings(sql`old`)} || ${packedReadings(sql`excluded`)}) as x(o, v)`,
    )}
    select coalesce(sum(n), 0)::int as n from days`,
};

/** A day's hour buckets: deleted from the hot table and merged into the days' slots (`vital_hours_merge`). */
const HOURS: Packing = {
  ...keyedBy(hh, hh.bucket),
  move: (where) => {
    const [b, min, max, sum, count] = [
      bare(hh.bucket),
      bare(hh.min),
      bare(hh.max),
      bare(hh.sum),
      bare(hh.count),
    ];
    return sql`with moved as (
        delete from ${hh} where ${where} returning ${hh.userId}, ${hh.measure}, ${hh.bucket}, ${hh.min}, ${hh.max},
          ${hh.sum}, ${hh.count}
      ), slots as (
        select ${bare(hh.userId)} as u, ${bare(hh.measure)} as m, (${b} at time zone 'UTC')::date as dd,
          extract(hour from ${b} at time zone 'UTC')::int + 1 as i, ${min}, ${max}, ${sum}, ${count}
        from moved
      ), days as (
        select d.u, d.m, d.dd, array_agg(coalesce(x.${count}, 0) order by g.i) as cs,
          array_agg(coalesce(x.${min}, 0) order by g.i) || array_agg(coalesce(x.${max}, 0) order by g.i)
            || array_agg(coalesce(x.${sum}, 0) order by g.i) as w
        from (select distinct u, m, dd from slots) d cross join generate_series(1, 24) as g(i)
          left join slots x on x.u = d.u and x.m = d.m and x.dd = d.dd and x.i = g.i
        group by d.u, d.m, d.dd
      ), ${mergeIntoPackedDays(
        { table: kh, first: kh.counts, wide: kh.aggs, narrow: kh.narrowAggs },
        ["cs", "w"],
        sql`select (select array_agg(a + e order by j)
            from unnest(old.${bare(kh.counts)}, excluded.${bare(kh.counts)}) with ordinality as z(a, e, j)) as cs,
          vital_hours_merge(old.${bare(kh.counts)}, ${packedAggs(sql`old`)},
            excluded.${bare(kh.counts)}, ${packedAggs(sql`excluded`)}) as w`,
      )}
      select count(*)::int as n from slots`;
  },
};

/**
 * One batch of `packing`: the next `limit` packable rows after `cursor` in key order (user, measure, time), their
 * users locked as ingestion locks them (store.ts `lockUser`'s advisory lock, and `for key share` against deletion),
 * then moved in one statement (a day already packed, e.g. by a batch that ended inside it, gets the union).
 */
async function moveBatch(
  db: Db,
  packing: Packing,
  before: number,
  cursor: PackCursor | null,
  limit: number,
): Promise<PackBatch> {
  const { user, measure, time } = packing;
  const key = sql`(${user}, ${measure}, ${time})`;
  const after = cursor
    ? sql` and ${key} > (${cursor.userId}::uuid, ${cursor.measure}::smallint, ${cursor.at}::timestamptz)`
    : sql``;
  return db.transaction(async (tx) => {
    // one server packs at a time: another's batch holds this lock until it commits, and this one gives way
    const lock = await oneRow<{ ok: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(hashtextextended(${PACK_JOB}, 0)) as ok`,
    );
    if (!lock.ok) return { moved: 0, next: null };
    const span = await oneRow<{
      user_id: string | null;
      measure: number | null;
      at: string | null;
      who: string[] | null;
    }>(
      tx,
      sql`with p as materialized (
          select ${user}, ${measure}, ${time} from ${packing.table} where ${packing.packable(before)}${after}
          order by ${user}, ${measure}, ${time} limit ${limit}
        ), e as (
          select * from p order by ${bare(user)} desc, ${bare(measure)} desc, ${bare(time)} desc limit 1
        )
        select e.${bare(user)}::text as user_id, e.${bare(measure)}::int as measure, e.${bare(time)}::text as at,
          (select array_agg(distinct ${bare(user)}::text) from p) as who
        from (select 1) one left join e on true`,
    );
    if (span.user_id === null || span.measure === null || span.at === null) return { moved: 0, next: null };
    const end = sql`(${span.user_id}::uuid, ${span.measure}::smallint, ${span.at}::timestamptz)`;
    const who = sql`${sql.param(span.who ?? [])}::uuid[]`;
    // the same lock as an upload's (one writer of a user's vital data at a time), in key order
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('vitals:' || x.id::text, 0)) from (
        select ${users.id} as id from ${users} where ${users.id} = any(${who})
        order by ${users.id} for key share
      ) x order by x.id`);
    // only the locked users' rows: an upload that committed after the span was read may have put another user's rows
    // in the range, and moving rows of a user whose upload runs deadlocks with it (it stays hot for the next run)
    const moved = await oneRow<{ n: number }>(
      tx,
      packing.move(
        sql`${packing.packable(before)}${after} and ${key} <= ${end} and ${user} = any(${who})${
          packing.movable ? sql` and ${packing.movable}` : sql``
        }`,
      ),
    );
    return { moved: moved.n, next: { userId: span.user_id, measure: span.measure, at: span.at } };
  });
}

/** One batch of raw samples (`before`: hotFrom), in key order after `cursor`. */
export const packBatch = (db: Db, before: number, cursor: PackCursor | null, limit = PACK_BATCH_SAMPLES) =>
  moveBatch(db, SAMPLES, before, cursor, limit);

export interface PackRun {
  /** Raw samples moved. */
  samples: number;
  /** Hour buckets moved. */
  hours: number;
  batches: number;
  /** Everything packable was packed (false: the run stopped at its budget or batch count). */
  done: boolean;
}

/**
 * Packs every closed day (raw samples before `hotFrom(now)`, then hour buckets before `hourHotFrom(now)`), batch
 * after batch, yielding to other work between batches. Stops early after `maxBatches` batches (in all) or once
 * `budgetMs` has passed (a server's shutdown waits for a run under way); the next run goes on where this one stopped.
 * Only one server packs at a time: each batch takes the job's transaction lock or, while another server's batch holds
 * it, ends the run.
 */
export async function packClosedDays(
  db: Db,
  now: number,
  opts: { maxBatches?: number; budgetMs?: number; batchSamples?: number } = {},
): Promise<PackRun> {
  const started = Date.now();
  const run: PackRun = { samples: 0, hours: 0, batches: 0, done: false };
  const phases = [
    { packing: SAMPLES, before: hotFrom(now), moved: "samples" },
    { packing: HOURS, before: hourHotFrom(now), moved: "hours" },
  ] as const;
  for (const phase of phases) {
    let cursor: PackCursor | null = null;
    for (;;) {
      if (run.batches >= (opts.maxBatches ?? Number.POSITIVE_INFINITY)) return run;
      if (Date.now() - started > (opts.budgetMs ?? Number.POSITIVE_INFINITY)) return run;
      const batch = await moveBatch(
        db,
        phase.packing,
        phase.before,
        cursor,
        opts.batchSamples ?? PACK_BATCH_SAMPLES,
      );
      if (batch.next === null) break;
      run[phase.moved] += batch.moved;
      run.batches++;
      cursor = batch.next;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  run.done = true;
  return run;
}

/** A run packs for at most this long; the next run (a minute later) goes on. */
const RUN_BUDGET_MS = 20_000;

/**
 * The pack job: every minute (and at start-up) until a run has packed everything closed, then once a day, when a new
 * day has closed (a run walks the hot tables' keys: a minute's walk of 30 million hot rows to find nothing would be
 * waste). Data stored before packing existed is migrated in place by runs of at most RUN_BUDGET_MS, a third of each
 * minute; a packed day an upload unpacked (store.ts) is packed again with the next closed day. Reads before and after
 * packing answer the same, so kept answers stay valid (`changes: "none"`).
 */
export function packJob(db: Db, log: FastifyBaseLogger): Job {
  /** The hotFrom of the last run that packed everything closed. */
  let doneFor = Number.NaN;
  return {
    name: PACK_JOB,
    changes: "none",
    async run(now) {
      const before = hotFrom(now.getTime());
      if (before === doneFor) return;
      const run = await packClosedDays(db, now.getTime(), { budgetMs: RUN_BUDGET_MS });
      if (run.done) doneFor = before;
      if (run.samples || run.hours) log.info(run, "raw samples and hour buckets packed");
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
      returning ${k.userId}, ${k.measure}, ${k.day}, ${k.offsets}, ${k.readings}, ${k.narrowReadings}
    )
    insert into ${v} (${bareList(v.userId, v.measure, v.at, v.value)})
    select g.${bare(k.userId)}, g.${bare(k.measure)}, ${packedTime(sql`g.${bare(k.day)}`, sql`u.o`)}, u.v
    from gone g, unnest(g.${bare(k.offsets)}, ${packedReadings(sql`g`)}) as u(o, v)`);
  // their hour buckets, where packed, go back into the hour table that the upload maintains
  await tx.execute(sql`with gone as (
      delete from ${kh} where ${kh.userId} = ${userId}::uuid and ${kh.measure} = any(${numberArray(tx, "smallint", measures)})
        and ${kh.day} = any(${sql.param(days)}::date[])
      returning ${kh.userId}, ${kh.measure}, ${kh.day}, ${kh.counts}, ${kh.aggs}, ${kh.narrowAggs}
    )
    insert into ${hh} (${bareList(hh.userId, hh.measure, hh.bucket, hh.min, hh.max, hh.sum, hh.count)})
    select g.${bare(kh.userId)}, g.${bare(kh.measure)}, ${slotTime(sql`g.${bare(kh.day)}`, sql`x.i`)},
      x.a[x.i], x.a[24 + x.i], x.a[48 + x.i], x.c
    from gone g, lateral (select ${packedAggs(sql`g`)} as a) w,
      lateral (select w.a, s.c, s.i::int as i from unnest(g.${bare(kh.counts)}) with ordinality as s(c, i)) x
    where x.c > 0`);
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
