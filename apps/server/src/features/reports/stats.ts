import type { Measure } from "@mimamori/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rows } from "../../db/client";
import { acceptedClientConsent, acceptedClientIds } from "../../db/membership-rules";
import { memberships, sleepSessions } from "../../db/schema";
import { bare } from "../../db/sql-names";
import { at, localStart } from "../../lib/time-sql";
import { BUCKET_ROW, bucketsOver, localHourLevels, type VitalFilter } from "../vitals/levels";
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
  let query: SQL;
  const filter: VitalFilter = (t) => sql`${t.userId} in (${users}) and ${t.measure} = ${m.measure}`;
  const o = BUCKET_ROW;
  if (m.aggregation === "mean") {
    const buckets = bucketsOver(filter, w);
    if (!buckets) return new Map();
    query = sql`select ${o.userId} as id, max(${o.max})::float8 as max, min(${o.min})::float8 as min,
        (sum(${o.sum}) / sum(${o.count}))::float8 as mean
      from (${buckets}) b group by ${o.userId}`;
  } else if (m.aggregation === "sum") {
    const buckets = bucketsOver(filter, w, localHourLevels(w.timezone, w.start, w.end));
    if (!buckets) return new Map();
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
  const result = await rows<Stat & { id: string }>(db, query);
  return new Map(result.map(({ id, ...s }) => [id, s]));
}

/**
 * windowStats of an entity's accepted members, each counted only from their consent on (`since`, epoch ms;
 * docs/decisions.md, Trust). Members who consented before the window share one query, as before; each of the
 * few who consented inside it gets one of their own over the window from their consent, whose bucket cover
 * (levels.ts) reads raw samples up to the first whole hour after it. Sleep needs no split: a night counts when
 * it started after consent, which the query joins.
 */
export async function consentedStats(
  db: Db,
  ws: string,
  m: Measure,
  w: Window,
  members: { id: string; since: number | null }[],
): Promise<Map<string, Stat>> {
  if (m.aggregation === "sleep")
    return windowStats(db, sql`${acceptedClientIds(ws)}`, m, w, sql`${acceptedClientConsent(ws)}`);
  const before = sql`select ${bare(memberships.userId)} from (${acceptedClientConsent(ws)}) c
    where since <= ${at(w.start)}`;
  const inside = members.filter((u) => u.since !== null && u.since > w.start && u.since < w.end);
  const parts = await Promise.all([
    windowStats(db, before, m, w),
    ...inside.map((u) =>
      windowStats(db, sql`select ${u.id}::uuid`, m, { ...w, start: Math.ceil(u.since as number) }),
    ),
  ]);
  return new Map(parts.flatMap((p) => [...p]));
}
