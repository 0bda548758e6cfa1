import type { Measure } from "@mimamori/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rows } from "../../db/client";
import { bucketsOver, localHourLevels } from "../vitals/levels";
import { at, localStart } from "../vitals/sql";
import type { Window } from "./series";

export interface Stat {
  max: number;
  min: number;
  mean: number;
}

/** Accepted client members of an entity (a subquery of user ids). */
export const acceptedMembers = (ws: string) =>
  sql`select user_id from memberships where workspace_name = ${ws} and role = 'client' and status = 'accepted'`;

/**
 * Max, min and mean over the window for each of `users` (a subquery of user ids), read from buckets only:
 * levels read the coarsest buckets that fit inside the window (months, days, hours, then 15 minutes at the edges);
 * steps are totalled per local day and sleep per night first, then max/min/mean of those totals.
 */
export async function windowStats(db: Db, users: SQL, m: Measure, w: Window): Promise<Map<string, Stat>> {
  let query: SQL;
  const filter = sql`user_id in (${users}) and measure = ${m.measure}`;
  if (m.aggregation === "mean") {
    const buckets = bucketsOver(filter, w);
    if (!buckets) return new Map();
    query = sql`select user_id as id, max(max)::float8 as max, min(min)::float8 as min, (sum(sum) / sum(count))::float8 as mean
      from (${buckets}) b group by user_id`;
  } else if (m.aggregation === "sum") {
    const buckets = bucketsOver(filter, w, localHourLevels(w.timezone, w.start, w.end));
    if (!buckets) return new Map();
    query = sql`select id, max(total)::float8 as max, min(total)::float8 as min, avg(total)::float8 as mean from (
        select user_id as id, ${localStart(sql`bucket`, "day", w.timezone)} as d, sum(sum) as total
        from (${buckets}) b group by 1, 2
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
