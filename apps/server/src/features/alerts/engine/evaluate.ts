import {
  ALERT_MEASURES,
  defaultRanges,
  type Measure,
  NOTIFICATION_TYPE,
  type Zone,
  type ZoneRange,
  type ZoneRanges,
  zoneOf,
} from "@mimamori/shared";
import { type SQL, sql } from "drizzle-orm";
import { type Db, numberArrayValue, PREPARED, rows } from "../../../db/client";
import { acceptedClient } from "../../../db/membership-rules";
import {
  alertStates,
  memberSnoozes,
  memberships,
  notifications,
  reportRanges,
  reportTunings,
} from "../../../db/schema";
import { bare, bareList } from "../../../db/sql-names";
import { effectiveRanges, type Tuning } from "../../reports";
import { alertDeliveriesSql, alertSourceReturning } from "../../webhooks";
import { isRed, type JudgedSample, judgeMeasure, type MeasureState } from "./judge";
import { prepared } from "./prepared-sql";

const ALERT_MEASURE = new Map(ALERT_MEASURES.map((m) => [m.measure, m]));

/** Samples of the measures that raise alerts, per measure, sorted by time. */
function byMeasure(samples: readonly JudgedSample[]): Map<number, JudgedSample[]> {
  const out = new Map<number, JudgedSample[]>();
  for (const s of samples) {
    if (!ALERT_MEASURE.has(s.measure)) continue;
    const list = out.get(s.measure);
    if (list) list.push(s);
    else out.set(s.measure, [s]);
  }
  // uploads come in time order: sort only a series that is not
  for (const list of out.values())
    if (list.some((x, i) => i > 0 && x.at < (list[i - 1] as JudgedSample).at))
      list.sort((a, b) => a.at - b.at);
  return out;
}

const key = (ws: string, measure: number) => `${ws}\u0000${measure}`;
const asRanges = (max: number[], min: number[], mean: number[]): ZoneRanges => ({
  maxValue: max as ZoneRange,
  minValue: min as ZoneRange,
  meanValue: mean as ZoneRange,
});
/** A json column: parsed by node-postgres, text on some drivers. */
const json = <T>(v: unknown): T[] => (typeof v === "string" ? JSON.parse(v) : ((v as T[] | null) ?? []));

interface MemberRow {
  ws: string;
  /** Consent (`accepted_at`), epoch ms. */
  since: number;
  /** [measure, max, min, mean] of the entity's general ranges. */
  general: unknown;
  /** [measure, is_tuned, max, min, mean] of the member's tunings. */
  tuned: unknown;
  /** [measure, in_red, last_at ms] of the member's states. */
  states: unknown;
}

/**
 * Epoch milliseconds of a timestamptz, rounded: sample times are whole milliseconds, and a float a hair below
 * one would judge a retried sample again.
 */
const epochMs = (col: unknown) => sql`round(extract(epoch from ${col}) * 1000)::float8`;

/** Ends the member's open out-of-sync alerts: data arrived (every valid upload is a sync). */
const clearSyncGapsSql = (p: { user: unknown; now: unknown }) => {
  const n = notifications;
  return sql`update ${n} set ${bare(n.clearedAt)} = ${p.now}::timestamptz
    where ${n.userId} = ${p.user}::uuid and ${n.notificationType} = ${NOTIFICATION_TYPE.sync}
      and ${n.clearedAt} is null`;
};
const clearSyncGaps = prepared(["user", "now"], clearSyncGapsSql);

/**
 * In one statement (ingestion's cost is counted in round trips): closes the member's out-of-sync alerts and reads,
 * for each entity where the member is an accepted, active client with consent, the entity's general ranges, the
 * member's tunings and alert states of the batch's measures (`measures`: an int array literal).
 */
const readContextSql = prepared(["user", "now", "measures"], (p) => {
  const [m, r, t, st] = [memberships, reportRanges, reportTunings, alertStates];
  const ms = sql`any(${p.measures}::int[])`;
  return sql`with cleared as (${clearSyncGapsSql(p)} returning 1)
    select ${m.workspaceName} as ws, ${epochMs(m.acceptedAt)} as since,
      (select json_agg(json_build_array(${r.measure}, ${r.maxValue}, ${r.minValue}, ${r.meanValue})) from ${r}
        where ${r.workspaceName} = ${m.workspaceName} and ${r.measure} = ${ms}) as general,
      (select json_agg(json_build_array(${t.measure}, ${t.isTuned}, ${t.maxValue}, ${t.minValue}, ${t.meanValue}))
        from ${t} where ${t.workspaceName} = ${m.workspaceName} and ${t.userId} = ${p.user}::uuid
        and ${t.measure} = ${ms}) as tuned,
      (select json_agg(json_build_array(${st.measure}, ${st.inRed}, ${epochMs(st.lastAt)})) from ${st}
        where ${st.userId} = ${p.user}::uuid and ${st.workspaceName} = ${m.workspaceName}
        and ${st.measure} = ${ms}) as states
    from ${m}
    where ${m.userId} = ${p.user}::uuid and ${acceptedClient} and ${m.isActive} and ${m.acceptedAt} is not null`;
});

async function readContext(tx: Db, userId: string, measures: number[], now: Date) {
  const found = await rows<MemberRow>(
    tx,
    readContextSql({ user: userId, now: now.toISOString(), measures: numberArrayValue(tx, "int", measures) }),
    PREPARED,
  );
  const generalOf = new Map<string, ZoneRanges>();
  const tuningOf = new Map<string, Tuning>();
  const stateOf = new Map<string, MeasureState>();
  for (const row of found) {
    for (const [measure, max, min, mean] of json<[number, number[], number[], number[]]>(row.general))
      generalOf.set(key(row.ws, measure), asRanges(max, min, mean));
    for (const [measure, isTuned, max, min, mean] of json<
      [number, boolean, number[] | null, number[] | null, number[] | null]
    >(row.tuned))
      tuningOf.set(key(row.ws, measure), {
        isTuned,
        ranges: max && min && mean ? asRanges(max, min, mean) : null,
      });
    for (const [measure, inRed, lastAt] of json<[number, boolean, number]>(row.states))
      stateOf.set(key(row.ws, measure), { inRed, lastAt });
  }
  /** Tuned ranges while tuning is on, else the entity's general ranges, else the defaults of §9. */
  const rangesOf = (ws: string, m: Measure) =>
    effectiveRanges(generalOf.get(key(ws, m.measure)) ?? defaultRanges(m), tuningOf.get(key(ws, m.measure)));
  return { members: found, rangesOf, stateOf };
}

/**
 * Judges a stored batch in the ingest transaction (docs/decisions.md, "Alerts (issue 11)"): for each entity where
 * the uploader is an accepted, active client member, each sample of an alert measure from consent on is judged
 * against the member's effective ranges there, walking the stored state (`alert_states`) in memory. Two statements
 * per batch whatever its size: one read (with the sync clearing), one write (new alerts, alerts that left red,
 * states); both rendered once (`prepared`). Returns how many alerts were raised.
 */
export async function evaluateBatch(
  tx: Db,
  userId: string,
  samples: readonly JudgedSample[],
  now: Date,
): Promise<number> {
  const series = byMeasure(samples);
  if (!series.size) {
    await rows(tx, clearSyncGaps({ user: userId, now: now.toISOString() }), PREPARED);
    return 0;
  }
  const { members, rangesOf, stateOf } = await readContext(tx, userId, [...series.keys()], now);
  if (!members.length) return 0;

  const raised: Raised[] = [];
  const cleared: Closed[] = [];
  const states: State[] = [];
  for (const { ws, since } of members) {
    for (const [measure, sorted] of series) {
      const m = ALERT_MEASURE.get(measure) as Measure;
      const ranges = rangesOf(ws, m);
      const j = judgeMeasure(sorted, stateOf.get(key(ws, measure)), since, (v) =>
        isRed(v, ranges, m.direction),
      );
      if (!j.state) continue;
      for (const a of j.raised)
        raised.push({ ws, measure, value: a.value, at: a.at, clearedAt: a.clearedAt });
      if (j.priorClearedAt !== null) cleared.push({ ws, measure, at: j.priorClearedAt });
      const lastValue = j.state.lastValue ?? null;
      states.push({
        ws,
        measure,
        inRed: j.state.inRed,
        lastAt: j.state.lastAt,
        lastValue,
        // kept for the watch board (db/state-zones.ts grades the same way in SQL when ranges change)
        zone: zoneOf(lastValue, m.direction === "high" ? ranges.maxValue : ranges.minValue, m.direction),
      });
    }
  }
  if (states.length) await rows(tx, writeJudgement(userId, now, raised, cleared, states), PREPARED);
  return raised.length;
}

interface Raised {
  ws: string;
  measure: number;
  value: number;
  at: number;
  clearedAt: number | null;
}
interface Closed {
  ws: string;
  measure: number;
  at: number;
}
interface State {
  ws: string;
  measure: number;
  inRed: boolean;
  lastAt: number;
  lastValue: number | null;
  zone: Zone | null;
}

/** The values of one column of `xs`, for an `unnest` of array parameters. */
const column = <T>(xs: T[], f: (x: T) => unknown) => xs.map(f);

/**
 * What the batch changed, in one statement: the new alerts (closed at once when a later sample of the batch left
 * red) with their webhook deliveries (features/webhooks/enqueue.ts), `cleared_at` of the alerts open before the batch that left red, and the states. The insert's rows are not
 * visible to the update in the same statement, so only the alerts open before the batch are closed by it.
 */
const writeJudgementSql = prepared(
  [
    "user",
    "now",
    "rWs",
    "rMeasure",
    "rValue",
    "rAt",
    "rCleared",
    "cWs",
    "cMeasure",
    "cAt",
    "sWs",
    "sMeasure",
    "sRed",
    "sAt",
    "sValue",
    "sZone",
  ],
  (p) => {
    const [n, st, z] = [notifications, alertStates, memberSnoozes];
    const ms = (col: string) => sql`to_timestamp(${sql.raw(col)} / 1000.0)`;
    // the snooze of the member's measure for the entity under way when the alert is raised (recorded, not mailed)
    const snooze = sql`(select ${z.id} from ${z} where ${z.userId} = ${p.user}::uuid and ${z.workspaceName} = r.ws
        and ${z.measure} = r.m and ${z.endedAt} is null and ${z.startsAt} <= ${p.now}::timestamptz
        and ${z.until} > ${p.now}::timestamptz
      order by ${z.until} desc limit 1)`;
    return sql`with raised as (
      insert into ${n} (${bareList(n.workspaceName, n.userId, n.notificationType, n.measure, n.value, n.at, n.createdAt, n.clearedAt, n.snoozeId)})
      select r.ws, ${p.user}::uuid, ${NOTIFICATION_TYPE.measurement}::smallint, r.m, r.v, ${ms("r.t")}, ${p.now}::timestamptz,
        ${ms("r.c")}, ${snooze}
      from unnest(${p.rWs}::text[], ${p.rMeasure}::smallint[], ${p.rValue}::float8[], ${p.rAt}::float8[],
        ${p.rCleared}::float8[]) as r(ws, m, v, t, c)
      returning ${alertSourceReturning()}
    ), hooks as (${alertDeliveriesSql(sql`raised`)}
    ), closed as (
      update ${n} set ${bare(n.clearedAt)} = ${ms("c.t")}
      from unnest(${p.cWs}::text[], ${p.cMeasure}::smallint[], ${p.cAt}::float8[]) as c(ws, m, t)
      where ${n.userId} = ${p.user}::uuid and ${n.workspaceName} = c.ws and ${n.measure} = c.m
        and ${n.notificationType} = ${NOTIFICATION_TYPE.measurement} and ${n.clearedAt} is null
    )
    insert into ${st} as s (${bareList(st.userId, st.workspaceName, st.measure, st.inRed, st.lastAt, st.lastValue, st.zone)})
    select ${p.user}::uuid, x.ws, x.m, x.red, ${ms("x.t")}, x.v, x.z
    from unnest(${p.sWs}::text[], ${p.sMeasure}::smallint[], ${p.sRed}::boolean[], ${p.sAt}::float8[],
      ${p.sValue}::float8[], ${p.sZone}::text[]) as x(ws, m, red, t, v, z)
    on conflict (${bareList(st.userId, st.workspaceName, st.measure)}) do update
      set ${bare(st.inRed)} = excluded.${bare(st.inRed)}, ${bare(st.lastAt)} = excluded.${bare(st.lastAt)},
        ${bare(st.lastValue)} = excluded.${bare(st.lastValue)}, ${bare(st.zone)} = excluded.${bare(st.zone)}`;
  },
);

function writeJudgement(
  userId: string,
  now: Date,
  raised: Raised[],
  cleared: Closed[],
  states: State[],
): SQL {
  return writeJudgementSql({
    user: userId,
    now: now.toISOString(),
    rWs: column(raised, (r) => r.ws),
    rMeasure: column(raised, (r) => r.measure),
    rValue: column(raised, (r) => r.value),
    rAt: column(raised, (r) => r.at),
    rCleared: column(raised, (r) => r.clearedAt),
    cWs: column(cleared, (c) => c.ws),
    cMeasure: column(cleared, (c) => c.measure),
    cAt: column(cleared, (c) => c.at),
    sWs: column(states, (x) => x.ws),
    sMeasure: column(states, (x) => x.measure),
    sRed: column(states, (x) => x.inRed),
    sAt: column(states, (x) => x.lastAt),
    sValue: column(states, (x) => x.lastValue),
    sZone: column(states, (x) => x.zone),
  });
}
