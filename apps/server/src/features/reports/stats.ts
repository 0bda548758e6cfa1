import type { Measure } from "@mimamori/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rows } from "../../db/client";
import { acceptedClientConsent, acceptedClientIds } from "../../db/membership-rules";
import { memberships, sleepSessions } from "../../db/schema";
import { bare } from "../../db/sql-names";
import { at, localStart } from "../../lib/time-sql";
import {
  BUCKET_ROW,
  bucketsOver,
  bucketsReach,
  LEVELS,
  type Level,
  localHourLevels,
  rawBucketRows,
  type VitalFilter,
} from "../vitals";
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
  if (m.aggregation === "sleep") return sleepStatsQuery(users, w, consent);
  const buckets = statBuckets((t) => sql`${t.userId} in (${users}) and ${t.measure} = ${m.measure}`, m, w);
  return buckets && statsOfBuckets(buckets, m, w);
}

/** No stats: the window holds no bucket. Its columns are named by the alias list where it is used. */
const NO_STATS = sql`select null::uuid, null::float8, null::float8, null::float8 where false`;

/** Stats rows (of statsQuery, or none for null) under the names the report statements read them by. */
export const statsRows = (q: SQL | null) =>
  sql`select * from (${q ?? NO_STATS}) as x(sid, smax, smin, smean)`;

/**
 * The bucket rows (BUCKET_ROW) a level or count measure's stats read over `w`: means from the coarsest buckets
 * that fit, ending with the current month's whole (max, min and mean do not use the buckets' times); counts from
 * hours at most, totalled by local day. Null when the window holds no bucket.
 */
function statBuckets(filter: VitalFilter, m: Measure, w: Window): SQL | null {
  const { levels, wholeCurrent } = statLevels(m, w);
  return bucketsOver(filter, w, levels, wholeCurrent);
}

/** The levels a level or count measure's stats read (statBuckets), and whether they end with the current bucket. */
function statLevels(m: Measure, w: Window): { levels: readonly Level[]; wholeCurrent: boolean } {
  return m.aggregation === "mean"
    ? { levels: LEVELS, wholeCurrent: true }
    : { levels: localHourLevels(w.timezone, w.start, w.end), wholeCurrent: false };
}

/**
 * Where the data a measure's stats over `w` read ends (epoch ms, exclusive): they depend only on the member's data in
 * [w.start, reach) (and, for sleep, their consent), so an open window's stats stay the same from minute to minute
 * until that data changes (report-memo.ts).
 */
export function statsReach(m: Measure, w: Window): number {
  if (m.aggregation === "sleep") return w.end;
  const { levels, wholeCurrent } = statLevels(m, w);
  return bucketsReach(w, levels, wholeCurrent);
}

/** Rows of (id, max, min, mean) from bucket rows of a level (`mean`) or count (`sum`) measure. */
function statsOfBuckets(buckets: SQL, m: Measure, w: Window): SQL {
  const o = BUCKET_ROW;
  if (m.aggregation === "mean")
    return sql`select ${o.userId} as id, max(${o.max})::float8 as max, min(${o.min})::float8 as min,
        (sum(${o.sum}) / sum(${o.count}))::float8 as mean
      from (${buckets}) b group by ${o.userId}`;
  return sql`select id, max(total)::float8 as max, min(total)::float8 as min, avg(total)::float8 as mean from (
      select ${o.userId} as id, ${localStart(o.bucket, "day", w.timezone)} as d, sum(${o.sum}) as total
      from (${buckets}) b group by 1, 2
    ) x group by id`;
}

/** Rows of (id, max, min, mean) of the nightly sleep totals (a night counts from `consent`'s since, if given). */
function sleepStatsQuery(users: SQL, w: Window, consent?: SQL): SQL {
  const s = sleepSessions;
  return sql`select id, max(total)::float8 as max, min(total)::float8 as min, avg(total)::float8 as mean from (
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

/**
 * The statement part of an entity's accepted members' stats, each counted only from their consent on (`since`;
 * docs/decisions.md, Trust): the members who consented before the window, read together (statsQuery's rows).
 * Sleep needs no split: a night counts when it started after consent, which the query joins. The few who
 * consented inside the window are read by `insideStats`. With `only` (a uuid[] expression), of those members only
 * these.
 */
export function consentedStatsQuery(
  ws: string,
  m: Measure,
  w: Window,
  before: SQL = consentedBefore(ws, w),
  only?: SQL,
): SQL | null {
  /** Of `users`, those in `only` (a uuid[]) if given. */
  const among = (users: SQL) =>
    only ? sql`select * from (${users}) a where a.${bare(memberships.userId)} = any(${only})` : users;
  if (m.aggregation === "sleep")
    return statsQuery(among(sql`${acceptedClientIds(ws)}`), m, w, sql`${acceptedClientConsent(ws)}`);
  return statsQuery(among(before), m, w);
}

/**
 * Subquery `(user_id)`: the entity's accepted members who consented at or before the window's start. A statement
 * reading several measures names it once as a CTE and passes `select … from` it to consentedStatsQuery: one
 * read of the memberships instead of one per bucket level and measure.
 */
export const consentedBefore = (ws: string, w: Window): SQL =>
  sql`select ${bare(memberships.userId)} from (${acceptedClientConsent(ws)}) c where since <= ${at(w.start)}`;

const HOUR_MS = 3_600_000;
/** Consent hours whose members one statement reads (each adds its bucket cover to the statement's union). */
const HOURS_PER_STATEMENT = 24;

/**
 * The stats of the members who consented inside the window (`since`, epoch ms), each over the window from their
 * consent: the raw samples from their consent to the next whole hour, then the same buckets as everyone's
 * (levels.ts) from there. The members who consented in one hour share that hour's cover, so a report reads them
 * in one statement per 24 such hours, one after the other, whatever their number: an entity that enrolled a
 * thousand members this week is one statement, not a thousand queries filling the connection pool. None for
 * sleep (consentedStatsQuery counts their nights).
 */
export async function insideStats(
  db: Db,
  m: Measure,
  w: Window,
  members: { id: string; since: number | null }[],
): Promise<Map<string, Stat>> {
  const found = new Map<string, Stat>();
  if (m.aggregation === "sleep") return found;
  const byHour = new Map<number, { id: string; since: number }[]>();
  for (const u of members) {
    if (u.since === null || !(u.since > w.start && u.since < w.end)) continue;
    const since = Math.ceil(u.since);
    const hour = Math.ceil(since / HOUR_MS) * HOUR_MS;
    const group = byHour.get(hour);
    if (group) group.push({ id: u.id, since });
    else byHour.set(hour, [{ id: u.id, since }]);
  }
  const hours = [...byHour];
  for (let i = 0; i < hours.length; i += HOURS_PER_STATEMENT) {
    const parts = hours
      .slice(i, i + HOURS_PER_STATEMENT)
      .flatMap(([hour, group]) => consentHourBuckets(m, w, hour, group));
    const result = await rows<Stat & { id: string }>(
      db,
      statsOfBuckets(sql.join(parts, sql` union all `), m, w),
    );
    for (const { id, ...stat } of result) found.set(id, stat);
  }
  return found;
}

/**
 * The bucket rows of the members who consented in the hour before `hour` (epoch ms, a whole UTC hour): each one's
 * raw samples from their consent to `hour` (or the window's end), then the buckets over the rest of the window.
 */
function consentHourBuckets(
  m: Measure,
  w: Window,
  hour: number,
  group: { id: string; since: number }[],
): SQL[] {
  const ids = sql`${sql.param(group.map((u) => u.id))}::uuid[]`;
  const filter: VitalFilter = (t) => sql`${t.userId} = any(${ids}) and ${t.measure} = ${m.measure}`;
  // a reduce, not Math.min(...): an entity may enrol more members in an hour than a call takes arguments
  const first = group.reduce((min, u) => Math.min(min, u.since), Number.POSITIVE_INFINITY);
  const sinces = sql`${sql.param(group.map((u) => new Date(u.since).toISOString()))}::timestamptz[]`;
  const edge = sql`select e.* from (${rawBucketRows(filter, at(first), at(Math.min(hour, w.end)))}) e
    join unnest(${ids}, ${sinces}) as c(id, since)
      on c.id = e.${BUCKET_ROW.userId} and e.${BUCKET_ROW.bucket} >= c.since`;
  const rest = hour < w.end ? statBuckets(filter, m, { ...w, start: hour }) : null;
  return rest ? [edge, rest] : [edge];
}
