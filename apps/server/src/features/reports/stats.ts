import type { Measure } from "@mimamori/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rows } from "../../db/client";
import { acceptedClientConsent, acceptedClientIds } from "../../db/membership-rules";
import { memberships, sleepSessions } from "../../db/schema";
import { bare } from "../../db/sql-names";
import { at, localStart } from "../../lib/time-sql";
import { BUCKET_ROW, bucketsOver, LEVELS, localHourLevels, type VitalFilter } from "../vitals";
import type { Window } from "./series";

export interface Stat {
  max: number;
  min: number;
  mean: number;
}

/**
 * Max, min and mean over the window for each of `users` (a subquery of user ids), read from buckets only:
 * levels read the coarsest buckets that fit inside the window (months, days, hours, then raw samples at the edges);
 * steps are totalled per local day and sleep per night first, then max/min/mean of those totals.
 *
 * With `consent` (a subquery of user_id, since) a night counts only when it started at or after that user's
 * consent; levels and steps have no such condition, so the window must hold only consented time for every user.
 */
export async function windowStats(
  db: Db,
  users: SQL,
  m: Measure,
  w: Window,
  consent?: SQL,
): Promise<Map<string, Stat>> {
  const query = statsQuery(users, m, w, consent);
  if (!query) return new Map();
  const result = await rows<Stat & { id: string }>(db, query);
  return new Map(result.map(({ id, ...s }) => [id, s]));
}

/**
 * windowStats' statement, to be read on its own or inside a larger one: rows of (id, max, min, mean), id the
 * user's uuid; null when the window holds no bucket.
 */
export function statsQuery(users: SQL, m: Measure, w: Window, consent?: SQL): SQL | null {
  let query: SQL;
  const filter: VitalFilter = (t) => sql`${t.userId} in (${users}) and ${t.measure} = ${m.measure}`;
  const o = BUCKET_ROW;
  if (m.aggregation === "mean") {
    // max, min and mean do not use the buckets' times: an open window may end with the current month's bucket
    const buckets = bucketsOver(filter, w, LEVELS, true);
    if (!buckets) return null;
    query = sql`select ${o.userId} as id, max(${o.max})::float8 as max, min(${o.min})::float8 as min,
        (sum(${o.sum}) / sum(${o.count}))::float8 as mean
      from (${buckets}) b group by ${o.userId}`;
  } else if (m.aggregation === "sum") {
    const buckets = bucketsOver(filter, w, localHourLevels(w.timezone, w.start, w.end));
    if (!buckets) return null;
    query = sql`select id, max(total)::float8 as max, min(total)::float8 as min, avg(total)::float8 as mean from (
        select ${o.userId} as id, ${localStart(o.bucket, "day", w.timezone)} as d, sum(${o.sum}) as total
        from (${buckets}) b group by 1, 2
      ) x group by id`;
  } else {
    const s = sleepSessions;
    query = sql`select id, max(total)::float8 as max, min(total)::float8 as min, avg(total)::float8 as mean from (
        select ${s.userId} as id, ${localStart(sql`${s.endAt}`, "day", w.timezone)} as d,
          sum(${s.deep} + ${s.light} + ${s.rem}) as total
        from ${s}
        ${
          consent
            ? sql`join (${consent}) c on c.${bare(memberships.userId)} = ${s.userId}
          and ${s.startAt} >= c.since`
            : sql``
        }
        where ${s.userId} in (${users}) and ${s.endAt} >= ${at(w.start)} and ${s.endAt} < ${at(w.end)}
        group by 1, 2
      ) x group by id`;
  }
  return query;
}

/**
 * The statement part of an entity's accepted members' stats, each counted only from their consent on (`since`;
 * docs/decisions.md, Trust): the members who consented before the window, read together (statsQuery's rows).
 * Sleep needs no split: a night counts when it started after consent, which the query joins. The few who
 * consented inside the window are read by `insideStats`.
 */
export function consentedStatsQuery(
  ws: string,
  m: Measure,
  w: Window,
  before: SQL = consentedBefore(ws, w),
): SQL | null {
  if (m.aggregation === "sleep")
    return statsQuery(sql`${acceptedClientIds(ws)}`, m, w, sql`${acceptedClientConsent(ws)}`);
  return statsQuery(before, m, w);
}

/**
 * Subquery `(user_id)`: the entity's accepted members who consented at or before the window's start. A statement
 * reading several measures names it once as a CTE and passes `select … from` it to consentedStatsQuery: one
 * read of the memberships instead of one per bucket level and measure.
 */
export const consentedBefore = (ws: string, w: Window): SQL =>
  sql`select ${bare(memberships.userId)} from (${acceptedClientConsent(ws)}) c where since <= ${at(w.start)}`;

/**
 * The stats of the members who consented inside the window (`since`, epoch ms), each over the window from their
 * consent in a query of its own, whose bucket cover (levels.ts) reads raw samples up to the first whole hour
 * after it. None for sleep (consentedStatsQuery counts their nights).
 */
export async function insideStats(
  db: Db,
  m: Measure,
  w: Window,
  members: { id: string; since: number | null }[],
): Promise<Map<string, Stat>> {
  if (m.aggregation === "sleep") return new Map();
  const inside = members.filter((u) => u.since !== null && u.since > w.start && u.since < w.end);
  const parts = await Promise.all(
    inside.map((u) =>
      windowStats(db, sql`select ${u.id}::uuid`, m, { ...w, start: Math.ceil(u.since as number) }),
    ),
  );
  return new Map(parts.flatMap((p) => [...p]));
}
