import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rows } from "../../db/client";
import { LEVEL_TABLE, LEVELS } from "./levels";
import { lockUser, refreshSessions } from "./store";

/** Rebuilds one user's buckets and sleep sessions from the raw samples and segments. */
export async function rebuildUser(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const u = sql`${userId}::uuid`;
    for (const { table } of Object.values(LEVEL_TABLE))
      await tx.execute(sql`delete from ${table} where user_id = ${u}`);
    await tx.execute(sql`insert into vital_buckets_hour (user_id, measure, bucket, min, max, sum, count)
      select user_id, measure, date_trunc('hour', at at time zone 'UTC') at time zone 'UTC' as bk,
        min(value), max(value), sum(value), count(*)
      from vital_samples where user_id = ${u} group by user_id, measure, bk`);
    // each level rolls up the one below it
    for (let i = 1; i < LEVELS.length; i++) {
      const to = LEVEL_TABLE[LEVELS[i]];
      const from = LEVEL_TABLE[LEVELS[i - 1]];
      await tx.execute(sql`insert into ${to.table} (user_id, measure, ${to.column}, min, max, sum, count)
        select user_id, measure, date_trunc(${LEVELS[i]}, ${from.column} at time zone 'UTC') at time zone 'UTC' as bk,
          min(min), max(max), sum(sum), sum(count)
        from ${from.table} where user_id = ${u} group by user_id, measure, bk`);
    }
    await tx.execute(sql`delete from sleep_sessions where user_id = ${u}`);
    const [span] = await rows<{ lo: number | null; hi: number | null }>(
      tx,
      sql`select extract(epoch from min(start_at))::float8 * 1000 as lo, extract(epoch from max(end_at))::float8 * 1000 as hi
        from sleep_segments where user_id = ${u}`,
    );
    if (span.lo !== null && span.hi !== null) await refreshSessions(tx, userId, span.lo, span.hi);
  });
}

/** Rebuilds every user with vital data, one transaction per user; returns how many were rebuilt. */
export async function rebuildAll(db: Db, onUser?: (done: number) => void): Promise<number> {
  const users = await rows<{ id: string }>(
    db,
    sql`select id from users u where exists (select 1 from vital_samples s where s.user_id = u.id)
      or exists (select 1 from sleep_segments s where s.user_id = u.id)
      or exists (select 1 from vital_buckets_hour b where b.user_id = u.id)
      or exists (select 1 from vital_buckets_month b where b.user_id = u.id)
      or exists (select 1 from sleep_sessions b where b.user_id = u.id)
      order by id`,
  );
  let done = 0;
  for (const { id } of users) {
    await rebuildUser(db, id);
    onUser?.(++done);
  }
  return done;
}
