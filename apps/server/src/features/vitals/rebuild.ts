import { eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { changesOf } from "../../db/changes";
import type { Db } from "../../db/client";
import { oneRow, rows } from "../../db/client";
import {
  sleepSegments,
  sleepSessions,
  users,
  vitalBucketsHour,
  vitalBucketsMonth,
  vitalDays,
  vitalHourDays,
  vitalRetention,
  vitalSamples,
} from "../../db/schema";
import { bareList } from "../../db/sql-names";
import { at } from "../../lib/time-sql";
import { LEVEL_TABLE, LEVELS, type Level } from "./levels";
import { RAW_ROW, rawSamples } from "./raw";
import { lockUser, moveRevision, refreshSessions } from "./store";

/**
 * Rebuilds one user's buckets and sleep sessions from the raw samples and segments. Where retention removed raw
 * samples (before the person's `vital_retention.raw_from`, a UTC midnight) the buckets are all that is left of
 * them: each level is rebuilt only from its bucket holding `raw_from` on, the month holding it from the kept days.
 */
export async function rebuildUser(db: Db, userId: string): Promise<void> {
  const entities = await db.transaction(async (tx) => {
    const entities = await lockUser(tx, userId);
    const u = sql`${userId}::uuid`;
    const [kept] = await tx
      .select({ rawFrom: vitalRetention.rawFrom })
      .from(vitalRetention)
      .where(eq(vitalRetention.userId, userId));
    const from = kept ? at(kept.rawFrom.getTime()) : null;
    /** `col` in the buckets of `level` that the rebuild writes: from the one holding `raw_from` on (or all). */
    const rebuilt = (level: Level, col: SQL | AnyPgColumn) =>
      from ? sql` and ${col} >= date_trunc(${level}, ${from} at time zone 'UTC') at time zone 'UTC'` : sql``;
    for (const level of LEVELS) {
      const { table, column } = LEVEL_TABLE[level];
      await tx.execute(sql`delete from ${table} where ${table.userId} = ${u}${rebuilt(level, column)}`);
    }
    // and the packed hour buckets (pack.ts) of the days rebuilt: the rebuilt ones are rows of the hour table again
    const kh = vitalHourDays;
    await tx.execute(
      sql`delete from ${kh} where ${kh.userId} = ${u}${from ? sql` and ${kh.day} >= (${from} at time zone 'UTC')::date` : sql``}`,
    );
    const r = RAW_ROW;
    const h = vitalBucketsHour;
    // every sample, hot and packed (raw.ts)
    await tx.execute(sql`insert into ${h} (${bareList(h.userId, h.measure, h.bucket, h.min, h.max, h.sum, h.count)})
      select s.${r.userId}, s.${r.measure}, date_trunc('hour', s.${r.at} at time zone 'UTC') at time zone 'UTC' as bk,
        min(s.${r.value}), max(s.${r.value}), sum(s.${r.value}), count(*)
      from (${rawSamples((t) => sql`${t.userId} = ${u}`)}) s where true${rebuilt("hour", sql`s.${r.at}`)}
      group by s.${r.userId}, s.${r.measure}, bk`);
    // each level rolls up the one below it
    for (const [i, level] of LEVELS.entries()) {
      const below = LEVELS[i - 1];
      if (below === undefined) continue; // the finest level, built from the samples above
      const { table: t, column } = LEVEL_TABLE[level];
      const { table: f, column: fromColumn } = LEVEL_TABLE[below];
      await tx.execute(sql`insert into ${t} (${bareList(t.userId, t.measure, column, t.min, t.max, t.sum, t.count)})
        select ${f.userId}, ${f.measure}, date_trunc(${level}, ${fromColumn} at time zone 'UTC') at time zone 'UTC' as bk,
          min(${f.min}), max(${f.max}), sum(${f.sum}), sum(${f.count})
        from ${f} where ${f.userId} = ${u}${rebuilt(level, fromColumn)} group by ${f.userId}, ${f.measure}, bk`);
    }
    await tx.execute(sql`delete from ${sleepSessions} where ${sleepSessions.userId} = ${u}`);
    const g = sleepSegments;
    const span = await oneRow<{ lo: number | null; hi: number | null }>(
      tx,
      sql`select extract(epoch from min(${g.startAt}))::float8 * 1000 as lo,
          extract(epoch from max(${g.endAt}))::float8 * 1000 as hi
        from ${g} where ${g.userId} = ${u}`,
    );
    if (span.lo !== null && span.hi !== null) await refreshSessions(tx, userId, span.lo, span.hi);
    await moveRevision(tx, userId);
    return entities;
  });
  changesOf(db).entities(entities);
}

/** Rebuilds every user with vital data, one transaction per user; returns how many were rebuilt. */
export async function rebuildAll(db: Db, onUser?: (done: number) => void): Promise<number> {
  const has = (t: PgTable & { userId: AnyPgColumn }) =>
    sql`exists (select 1 from ${t} where ${t.userId} = ${users.id})`;
  const ids = await rows<{ id: string }>(
    db,
    sql`select ${users.id} from ${users} where ${has(vitalSamples)} or ${has(vitalDays)} or ${has(sleepSegments)}
      or ${has(vitalBucketsHour)} or ${has(vitalHourDays)} or ${has(vitalBucketsMonth)} or ${has(sleepSessions)}
      order by ${users.id}`,
  );
  let done = 0;
  for (const { id } of ids) {
    await rebuildUser(db, id);
    onUser?.(++done);
  }
  return done;
}
