import { setImmediate as nextTurn } from "node:timers/promises";
import { MEASURES, type MyRawRetention, RAW_RETENTION_DEFAULT_DAYS, rawCutoffMs } from "@mimamori/shared";
import { and, asc, eq, gt, type SQL, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { AppConfig } from "../../config";
import { type Db, numberArray, rows } from "../../db/client";
import { acceptedClient } from "../../db/membership-rules";
import { entities, memberships, users, vitalDays, vitalRetention, vitalSamples } from "../../db/schema";
import { bare } from "../../db/sql-names";
import type { Job } from "../../jobs/runner";
import { AppError } from "../../lib/errors";
import { lockUser, moveRevision } from "./store";

/*
 * Raw-data retention (issue 32 §2; docs/decisions.md "Raw-data retention"). A person's raw band samples are kept
 * for the longest setting among the entities of which they are an accepted client member (an entity without a
 * setting counts as the server's default), or for the default without any such membership. Once a day the job
 * removes the older ones in bounded batches, one transaction each, and records in the person's `vital_retention`
 * row from when raw samples exist and how many were removed. The hour, day and month buckets stay: reports over
 * older periods read them.
 */

export const RAW_RETENTION_JOB = "vital-raw-retention";
/** Raw samples removed per transaction at most. */
export const RAW_RETENTION_BATCH = 5000;
/** People read per page while the job walks the accounts. */
const PEOPLE_PAGE = 500;
const MEASURE_CODES = [...new Set(MEASURES.map((m) => m.measure))];

/** The server's default retention (RAW_RETENTION_DAYS; a configuration built by hand may leave it out). */
export const defaultRawRetentionDays = (config: Pick<AppConfig, "rawRetentionDays">): number =>
  config.rawRetentionDays ?? RAW_RETENTION_DEFAULT_DAYS;

/** Raw samples before this instant are past a `days` retention at `now`: the start of `now`'s UTC day, `days` before. */
export function rawCutoff(now: Date, days: number): Date {
  return new Date(rawCutoffMs(now.getTime(), days));
}

/** The days a person's raw samples are kept, as SQL over `users` (a grouped query joined as in `retentionOf`). */
const keptDays = (defaultDays: number): SQL<number> =>
  sql<number>`coalesce(max(coalesce(${entities.rawRetentionDays}, ${defaultDays}::int)), ${defaultDays}::int)::int`;

/** People in id order after `afterId`, with the days their raw samples are kept. */
function retentionOf(db: Db, defaultDays: number, where: SQL | undefined, limit: number) {
  return db
    .select({ id: users.id, days: keptDays(defaultDays) })
    .from(users)
    .leftJoin(memberships, and(eq(memberships.userId, users.id), acceptedClient))
    .leftJoin(entities, eq(entities.workspaceName, memberships.workspaceName))
    .where(where)
    .groupBy(users.id)
    .orderBy(asc(users.id))
    .limit(limit);
}

/** The days one person's raw samples are kept (the longest setting of their entities, else the default). */
export async function rawRetentionDaysOf(db: Db, userId: string, defaultDays: number): Promise<number> {
  const [row] = await retentionOf(db, defaultDays, eq(users.id, userId), 1);
  return row?.days ?? defaultDays;
}

/**
 * Removes the person's raw samples taken before `cutoff` (a UTC midnight), at most `limit` hot ones (oldest first
 * per measure) and then, while fewer went, packed days (`vital_days`, pack.ts) about `limit` samples' worth; answers
 * how many. The one place raw samples are removed by age: a change of the raw layout changes this function.
 */
export async function removeRawBefore(tx: Db, userId: string, cutoff: Date, limit: number): Promise<number> {
  const v = vitalSamples;
  const [gone] = await rows<{ n: number }>(
    tx,
    sql`with doomed as (
        select s.u, s.ms, s.t
        from unnest(${numberArray(tx, "smallint", MEASURE_CODES)}) as k(code)
        cross join lateral (
          select ${v.userId} as u, ${v.measure} as ms, ${v.at} as t from ${v}
          where ${v.userId} = ${userId}::uuid and ${v.measure} = k.code and ${v.at} < ${cutoff}
          order by ${v.at} limit ${limit}
        ) s
        limit ${limit}
      ), d as (
        delete from ${v} using doomed
        where ${v.userId} = doomed.u and ${v.measure} = doomed.ms and ${v.at} = doomed.t
        returning 1
      )
      select count(*)::int as n from d`,
  );
  const hot = gone?.n ?? 0;
  if (hot >= limit) return hot;
  // packed days (pack.ts): whole UTC days before the cutoff (a UTC midnight), about a day's minutes a row
  const d = vitalDays;
  const [packed] = await rows<{ n: number }>(
    tx,
    sql`with doomed as (
        select ${d.userId} as u, ${d.measure} as ms, ${d.day} as dy from ${d}
        where ${d.userId} = ${userId}::uuid and ${d.day} < ${cutoff.toISOString().slice(0, 10)}::date
        order by ${d.day} limit ${Math.max(1, Math.floor((limit - hot) / 1440))}
      ), d as (
        delete from ${d} using doomed
        where ${d.userId} = doomed.u and ${d.measure} = doomed.ms and ${d.day} = doomed.dy
        returning cardinality(${d.offsets}) as k
      )
      select coalesce(sum(k), 0)::int as n from d`,
  );
  return hot + (packed?.n ?? 0);
}

/**
 * Of a page of people with their cutoffs, those with a raw sample before theirs, hot or packed: one statement of two
 * index probes a person and measure, so that the daily pass locks and writes only for the people it removes from.
 * Each probe is the first key of the person and measure (`min`, one step down the key's index whatever the
 * statistics): as `exists (… and at < cut)` PostgreSQL costed a scan of the whole table, stopping at the first match,
 * below the index when it expected many matches, and ran it for every person and measure when none matched (123.8 s
 * in one statement on PGlite after a pack, the server's event loop held all that time: bench/README.md).
 */
async function withRawBefore(db: Db, people: { id: string; cutoff: Date }[]): Promise<Set<string>> {
  if (!people.length) return new Set();
  const v = vitalSamples;
  const d = vitalDays;
  const found = await rows<{ id: string }>(
    db,
    sql`select p.id::text as id
      from unnest(${sql.param(people.map((p) => p.id))}::uuid[],
        ${sql.param(people.map((p) => p.cutoff.toISOString()))}::timestamptz[]) as p(id, cut)
      where exists (
        select 1 from unnest(${numberArray(db, "smallint", MEASURE_CODES)}) as k(code)
        where (select min(${d.day}) from ${d} where ${d.userId} = p.id and ${d.measure} = k.code)
                < (p.cut at time zone 'UTC')::date
          or (select min(${v.at}) from ${v} where ${v.userId} = p.id and ${v.measure} = k.code) < p.cut)`,
  );
  return new Set(found.map((r) => r.id));
}

export interface RetentionRun {
  /** People of whom raw samples were removed. */
  people: number;
  removed: number;
  /** Transactions that removed samples. */
  batches: number;
}

/**
 * One pass over every account: each person's raw samples older than their cutoff go, `batch` at a time, each batch
 * in its own transaction with the person's `vital_retention` row (raw_from the cutoff, last_removed_at `now`,
 * removed_samples added), the event loop free between batches.
 */
export async function removeExpiredRaw(
  db: Db,
  o: { now: Date; defaultDays: number; batch?: number },
): Promise<RetentionRun> {
  const batch = o.batch ?? RAW_RETENTION_BATCH;
  const run: RetentionRun = { people: 0, removed: 0, batches: 0 };
  let after: string | null = null;
  for (;;) {
    const people = await retentionOf(db, o.defaultDays, after ? gt(users.id, after) : undefined, PEOPLE_PAGE);
    const page = people.map((p) => ({ id: p.id, cutoff: rawCutoff(o.now, p.days) }));
    const due = await withRawBefore(db, page);
    for (const { id, cutoff } of page) {
      if (!due.has(id)) continue;
      let touched = false;
      for (;;) {
        const n = await db.transaction(async (tx) => {
          // the pack job moves a person's old hot rows into packed days under the same lock: without it a day it
          // packs at this moment could land after this batch removed the packed ones, and outlive the cutoff
          if (!(await lockedUnlessGone(tx, id))) return 0;
          const removed = await removeRawBefore(tx, id, cutoff, batch);
          // a report's edges in zones of half hours read raw samples (vitals/levels.ts): kept stats may change
          if (removed) {
            await recordRemoval(tx, id, cutoff, o.now, removed);
            await moveRevision(tx, id);
          }
          return removed;
        });
        if (!n) break;
        touched = true;
        run.removed += n;
        run.batches += 1;
        await nextTurn();
        if (n < batch) break;
      }
      if (touched) run.people += 1;
    }
    const last = people.at(-1);
    if (!last || people.length < PEOPLE_PAGE) return run;
    after = last.id;
  }
}

/** Takes the person's vital-data lock (`lockUser`); false when the account went meanwhile. */
async function lockedUnlessGone(tx: Db, userId: string): Promise<boolean> {
  try {
    await lockUser(tx, userId);
    return true;
  } catch (err) {
    if (err instanceof AppError && err.code === "user-missing") return false;
    throw err;
  }
}

/** Adds a removal to the person's record: raw samples before `cutoff` no longer exist (never moved back). */
async function recordRemoval(tx: Db, userId: string, cutoff: Date, now: Date, removed: number) {
  const r = vitalRetention;
  await tx
    .insert(r)
    .values({ userId, rawFrom: cutoff, lastRemovedAt: now, removedSamples: removed })
    .onConflictDoUpdate({
      target: r.userId,
      set: {
        rawFrom: sql`greatest(${r.rawFrom}, excluded.${bare(r.rawFrom)})`,
        lastRemovedAt: now,
        removedSamples: sql`${r.removedSamples} + excluded.${bare(r.removedSamples)}`,
      },
    });
}

/**
 * How long a person's raw samples are kept and what retention removed of them: `GET /user/vitals/retention` and
 * the person's export.
 */
export async function rawRetentionOf(db: Db, userId: string, defaultDays: number): Promise<MyRawRetention> {
  const [days, [record]] = await Promise.all([
    rawRetentionDaysOf(db, userId, defaultDays),
    db.select().from(vitalRetention).where(eq(vitalRetention.userId, userId)),
  ]);
  return {
    days,
    raw_from: record?.rawFrom.toISOString() ?? null,
    last_removed_at: record?.lastRemovedAt.toISOString() ?? null,
    removed_samples: record?.removedSamples ?? 0,
  };
}

/** The daily job (04:15 UTC): raw samples past each person's retention removed. */
export function rawRetentionJob(db: Db, defaultDays: number, log: FastifyBaseLogger): Job {
  return {
    name: RAW_RETENTION_JOB,
    every: "0 15 4 * * *",
    async run(now) {
      const run = await removeExpiredRaw(db, { now, defaultDays });
      if (run.removed) log.info(run, "raw band samples past retention removed");
    },
  };
}
