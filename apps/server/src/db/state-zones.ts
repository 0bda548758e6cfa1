import { ALERT_MEASURES, defaultRanges, type Measure } from "@mimamori/shared";
import { type SQL, sql } from "drizzle-orm";
import { type Db, numberArrayValue } from "./client";
import { alertStates, reportRanges, reportTunings } from "./schema";
import { bare } from "./sql-names";

/*
 * Grading a member's latest value (`alert_states.last_value`) into a zone, in SQL, the way the alert engine does it
 * in code (judge.ts `isRed`, shared `zoneOf`): a single sample is read against the range of the statistic it would
 * make worst — the max ranges where high is bad, the min ranges where low is bad — of the ranges that apply: the
 * member's tuned ones while tuning is on (all three set), else the entity's, else the defaults.
 *
 * The engine keeps each state's zone as it judges (`alert_states.zone`), so the watch board reads only the states out
 * of green through a partial index. When an entity's or a member's ranges change, `regradeStates` grades that
 * entity's states of the measure again; states written before migration 0011 have no zone and are graded here by
 * the board itself until `gradeUngradedStates` (each start) has graded them.
 */

/** The measures graded with what grading needs: direction and default cut points (as parameters). */
export function gradedMeasures(db: Db, measures: readonly Measure[]) {
  const cut = (m: Measure) => {
    const d = defaultRanges(m);
    return m.direction === "high" ? d.maxValue : d.minValue;
  };
  return {
    numbers: numberArrayValue(
      db,
      "int",
      measures.map((m) => m.measure),
    ),
    high: sql.param(measures.map((m) => m.direction === "high")),
    cut1: numberArrayValue(
      db,
      "float8",
      measures.map((m) => cut(m)[1]),
    ),
    cut2: numberArrayValue(
      db,
      "float8",
      measures.map((m) => cut(m)[2]),
    ),
  };
}

/**
 * The CTEs grading needs for entity `ws`: `ms` (mnum: the measure, high, d1, d2: the default cut points), `tn` (the members'
 * tuned ranges in force) and `g` (the entity's ranges). Join a state to them with `rangeJoins`.
 */
export function rangeCtes(db: Db, ws: string, measures: readonly Measure[]): SQL {
  const [tn, g] = [reportTunings, reportRanges];
  const g8 = gradedMeasures(db, measures);
  return sql`ms as (select * from unnest(${g8.numbers}::int[], ${g8.high}::boolean[], ${g8.cut1}::float8[],
      ${g8.cut2}::float8[]) as x(mnum, high, d1, d2)),
    tn as (select ${tn.userId} as uid, ${tn.measure} as tm, ${tn.maxValue} as hi, ${tn.minValue} as lo
      from ${tn} where ${tn.workspaceName} = ${ws} and ${tn.isTuned} and ${tn.maxValue} is not null
        and ${tn.minValue} is not null and ${tn.meanValue} is not null),
    g as (select ${g.measure} as gm, ${g.maxValue} as hi, ${g.minValue} as lo from ${g}
      where ${g.workspaceName} = ${ws})`;
}

/** Joins `ms`, `tn` and `g` to a state row whose member id is `uid` and measure `measure`. */
export const rangeJoins = (uid: SQL, measure: SQL): SQL => sql`join ms on ms.mnum = ${measure}
  left join tn on tn.uid = ${uid} and tn.tm = ${measure}
  left join g on g.gm = ${measure}`;

/** Where the ranges come from: 'tuned', 'entity' or 'default'. */
export const rangeSource = sql`case when tn.uid is not null then 'tuned' when g.gm is not null then 'entity' else 'default' end`;

/** The cut points of the range that applies (an array, or null for the defaults d1 / d2). */
const cuts = sql`coalesce(case when ms.high then tn.hi else tn.lo end, case when ms.high then g.hi else g.lo end)`;

/** The zone of value `v` (2 red, 1 yellow, 0 green) under the joined ranges. */
export const zoneRank = (v: SQL): SQL => sql`case
    when ms.high then case when ${v} >= coalesce((${cuts})[3], ms.d2) then 2
      when ${v} >= coalesce((${cuts})[2], ms.d1) then 1 else 0 end
    else case when ${v} < coalesce((${cuts})[2], ms.d1) then 2
      when ${v} < coalesce((${cuts})[3], ms.d2) then 1 else 0 end
  end`;

const ZONE_NAME = sql`(array['green', 'yellow', 'red'])`;

/**
 * Grades again the entity's states of `measure` (one member's only, with `userId`) after its ranges changed: in the
 * transaction of the change, so the board never reads a zone of the old ranges.
 */
export async function regradeStates(db: Db, ws: string, measure: Measure, userId?: string): Promise<void> {
  const st = alertStates;
  await db.execute(sql`with ${rangeCtes(db, ws, [measure])}
    update ${st} set ${bare(st.zone)} = (
      select ${ZONE_NAME}[1 + ${zoneRank(sql`${st.lastValue}`)}] from ms
        left join tn on tn.uid = ${st.userId} and tn.tm = ms.mnum
        left join g on g.gm = ms.mnum
      where ms.mnum = ${st.measure})
    where ${st.workspaceName} = ${ws} and ${st.measure} = ${measure.measure} and ${st.lastValue} is not null
      ${userId ? sql`and ${st.userId} = ${userId}` : sql``}`);
}

/** Grades the states that have no zone yet (written before migration 0011), entity by entity; at each start. */
export async function gradeUngradedStates(db: Db): Promise<number> {
  const st = alertStates;
  const found = await db
    .selectDistinct({ ws: st.workspaceName, measure: st.measure })
    .from(st)
    .where(sql`${st.zone} is null and ${st.lastValue} is not null`);
  const byNumber = new Map<number, Measure>(ALERT_MEASURES.map((m) => [m.measure, m]));
  for (const { ws, measure } of found) {
    const m = byNumber.get(measure);
    if (m) await regradeStates(db, ws, m);
  }
  return found.length;
}
