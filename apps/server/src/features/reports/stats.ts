import type { Measure } from "@mimamori/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { at, localStart, rows } from "../vitals/sql";
import type { Window } from "./series";

export interface Stat {
  max: number;
  min: number;
  mean: number;
}

const DAY = 86_400_000;

/** Accepted client members of an entity (a subquery of user ids). */
export const acceptedMembers = (ws: string) =>
  sql`select user_id from memberships where workspace_name = ${ws} and role = 'client' and status = 'accepted'`;

/**
 * Max, min and mean over the window for each of `users` (a subquery of user ids), read from buckets only:
 * levels use UTC-day buckets for the whole UTC days inside the window and 15-minute buckets for the edges;
 * steps are totalled per local day and sleep per night first, then max/min/mean of those totals.
 */
export async function windowStats(db: Db, users: SQL, m: Measure, w: Window): Promise<Map<string, Stat>> {
  let query: SQL;
  if (m.aggregation === "mean") {
    const d0 = Math.ceil(w.start / DAY) * DAY;
    const d1 = Math.floor(w.end / DAY) * DAY;
    query = sql`with b as (
        select user_id, min, max, sum, count from vital_buckets_day
        where user_id in (${users}) and measure = ${m.measure} and day >= ${at(d0)} and day < ${at(d1)}
        union all
        select user_id, min, max, sum, count from vital_buckets_15m
        where user_id in (${users}) and measure = ${m.measure} and bucket >= ${at(w.start)} and bucket < ${at(w.end)}
          and (bucket < ${at(d0)} or bucket >= ${at(d1)})
      )
      select user_id as id, max(max)::float8 as max, min(min)::float8 as min, (sum(sum) / sum(count))::float8 as mean
      from b group by user_id`;
  } else if (m.aggregation === "sum") {
    query = sql`select id, max(total)::float8 as max, min(total)::float8 as min, avg(total)::float8 as mean from (
        select user_id as id, ${localStart(sql`bucket`, "day", w.timezone)} as d, sum(sum) as total
        from vital_buckets_15m
        where user_id in (${users}) and measure = ${m.measure} and bucket >= ${at(w.start)} and bucket < ${at(w.end)}
        group by 1, 2
      ) x group by id`;
  } else {
    query = sql`select id, max(total)::float8 as max, min(total)::float8 as min, avg(total)::float8 as mean from (
        select user_id as id, ${localStart(sql`end_at`, "day", w.timezone)} as d, sum(deep + light + rem) as total
        from sleep_sessions
        where user_id in (${users}) and end_at >= ${at(w.start)} and end_at < ${at(w.end)}
        group by 1, 2
      ) x group by id`;
  }
  const result = await rows<Stat & { id: string }>(db, query);
  return new Map(result.map(({ id, ...s }) => [id, s]));
}
