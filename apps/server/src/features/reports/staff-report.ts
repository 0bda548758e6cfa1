import {
  defaultRanges,
  type Kpis,
  type Language,
  type Measure,
  measureOf,
  RANGE_SLIDER_STEP,
  REPORT_TILES,
  type ReportId,
  type StaffReport,
  type StaffReportUser,
  worseZone,
  type Zone,
  type ZoneRange,
  type ZoneRanges,
  zoneOf,
} from "@mimamori/shared";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { oneRow, PREPARED } from "../../db/client";
import { acceptedClientOf } from "../../db/membership-rules";
import { memberships, reportRanges, reportTunings, users, vitalSync } from "../../db/schema";
import { localMidnightMs } from "../../lib/time-sql";
import { measureHeading, viewOf } from "./present";
import { effectiveRanges, type Tuning } from "./ranges";
import { keptOf, keptStats, type ReportMemo, statsKey } from "./report-memo";
import type { Window } from "./series";
import { consentedBefore, consentedStatsQuery, insideStats, type Stat, statsRows } from "./stats";

export interface StaffQuery {
  timezone: string;
  interval: number;
  end_time?: number;
  /** The time a window without `end_time` ends at (epoch ms; default the clock), to the whole minute. */
  now?: number;
}

interface Member {
  id: string;
  name: string;
  email: string;
  isActive: boolean;
  lastSync: number | null;
  /** Consent (accepted_at, epoch ms): the entity counts the member's data from then on; null: nothing. */
  since: number | null;
  /** Their vital data's revision (`vital_sync`; null: never synced). */
  revision?: number | null;
}

/**
 * The last `interval` local days up to `end_time`, or without it up to now to the whole minute: one answer a
 * minute that can be kept (answer-cache.ts). An open window reads the current hour's and month's buckets whole
 * anyway (`bucketsOver`), so the samples of the minute's seconds are in it all the same.
 */
export function staffWindow(q: StaffQuery): Window {
  const end = q.end_time !== undefined ? q.end_time * 1000 : openWindowEnd(q.now ?? Date.now());
  // the same instant as PostgreSQL's local midnight (lib/time-sql.ts), without a round trip for it
  const start = localMidnightMs(end, q.timezone, q.interval - 1);
  return { start, end, timezone: q.timezone, open: q.end_time === undefined };
}

/** A window's period as its answer states it, in whole seconds. */
const windowSeconds = (w: Window) => ({ start_time: w.start / 1000, end_time: Math.floor(w.end / 1000) });

/** The period a staff read of the query answers (its access audit's period, known before the read). */
export const staffPeriod = (q: StaffQuery) => windowSeconds(staffWindow(q));

/** Where a window that ends now ends: the start of the current minute (epoch ms). */
export const openWindowEnd = (now: number) => Math.floor(now / 60_000) * 60_000;

/** Ranges as read in json (three arrays, or nulls without own ranges). */
type RangeArrays = [number[] | null, number[] | null, number[] | null];
const rangesOf = ([maxValue, minValue, meanValue]: RangeArrays): ZoneRanges | null =>
  maxValue && minValue && meanValue
    ? { maxValue: maxValue as ZoneRange, minValue: minValue as ZoneRange, meanValue: meanValue as ZoneRange }
    : null;

/** A member of the roster (json arrays: smaller and quicker to parse than objects). */
type RosterRow = [
  id: string,
  name: string,
  email: string,
  isActive: boolean,
  since: number | null,
  isTuned: boolean | null,
  ...ranges: RangeArrays,
];

interface Roster {
  general: RangeArrays | null;
  members: RosterRow[];
}

/**
 * Who a report lists and how it grades them, in one statement and one json value: the entity's general ranges of the
 * measure and its accepted client members by name with their consent and tuning. Uploads never change it, so it is
 * kept while nothing else changed (report-memo.ts).
 */
async function readRoster(db: Db, ws: string, measure: Measure): Promise<Roster> {
  const m = memberships;
  const u = users;
  const t = reportTunings;
  const g = reportRanges;
  const r = await oneRow<{ roster: { general: RangeArrays | null; members: RosterRow[] | null } }>(
    db,
    sql`select json_build_object(
      'general', (select json_build_array(${g.maxValue}, ${g.minValue}, ${g.meanValue}) from ${g}
        where ${g.workspaceName} = ${ws} and ${g.measure} = ${measure.measure}),
      'members', (select json_agg(json_build_array(${u.id}, ${u.name}, ${u.email}, ${m.isActive},
          extract(epoch from ${m.acceptedAt}) * 1000, ${t.isTuned}, ${t.maxValue}, ${t.minValue}, ${t.meanValue})
          order by ${u.name}, ${u.email})
        from ${m} join ${u} on ${u.id} = ${m.userId}
          left join ${t} on ${t.workspaceName} = ${m.workspaceName} and ${t.measure} = ${measure.measure}
            and ${t.userId} = ${m.userId}
        where ${acceptedClientOf(ws)})
    ) as roster`,
    PREPARED,
  );
  return { general: r.roster.general, members: r.roster.members ?? [] };
}

/** A member's last sync (epoch s), vital-data revision and stats, as `readSyncs` reads them. */
type SyncRow = [
  id: string,
  lastSync: number | null,
  revision: number | null,
  hasStats: boolean,
  max: number | null,
  min: number | null,
  mean: number | null,
];

/**
 * The entity's accepted client members' last syncs and vital-data revisions, and `withStats` their stats over the
 * window (of those who consented before it; see consentedStatsQuery), in one statement and one json value.
 */
async function readSyncs(db: Db, ws: string, measure: Measure, w: Window, withStats: boolean) {
  const m = memberships;
  const y = vitalSync;
  // both computed once: planned on a membership table no analyze has seen yet (a thousand members just imported)
  // the stats were joined to each member by a nested loop that read them again for every one (1.5 s on PGlite)
  const stats = withStats
    ? sql`c as materialized (${consentedBefore(ws, w)}),
    s as materialized (${statsRows(consentedStatsQuery(ws, measure, w, sql`select * from c`))})`
    : sql`s as (${statsRows(null)})`;
  const r = await oneRow<{ syncs: SyncRow[] | null }>(
    db,
    sql`with ${stats}
    select json_agg(json_build_array(${m.userId}, extract(epoch from ${y.lastSyncAt}), ${y.revision},
        s.sid is not null, s.smax, s.smin, s.smean)) as syncs
      from ${m} left join ${y} on ${y.userId} = ${m.userId}
        left join s on s.sid = ${m.userId}
      where ${acceptedClientOf(ws)}`,
    PREPARED,
  );
  return r.syncs ?? [];
}

const consented = (u: Member, epochS: number) => u.since !== null && epochS * 1000 >= u.since;

interface Graded {
  report: StaffReportUser["report"];
  zone: Zone | null;
}

function grade(stat: Stat | undefined, r: ZoneRanges, m: Measure, toView: (v: number) => number): Graded {
  const one = (v: number | undefined, range: number[]) => ({
    value: v === undefined ? null : toView(v),
    color: zoneOf(v, range, m.direction),
  });
  const report = {
    max: one(stat?.max, r.maxValue),
    min: one(stat?.min, r.minValue),
    mean: one(stat?.mean, r.meanValue),
  };
  return { report, zone: worseZone(worseZone(report.max.color, report.min.color), report.mean.color) };
}

function kpis(members: Member[], zones: Map<string, Zone | null>, withData: Set<string>): Kpis {
  const active = members.filter((m) => m.isActive);
  const data = active.filter((m) => withData.has(m.id));
  const red = data.filter((m) => zones.get(m.id) === "red").length;
  const yellow = data.filter((m) => zones.get(m.id) === "yellow").length;
  const ratio = (a: number, b: number) => (b === 0 ? null : Math.round((a / b) * 10000) / 10000);
  return {
    members: active.length,
    with_data: data.length,
    red,
    yellow,
    equippingRate: ratio(data.length, active.length),
    redZoneRate: ratio(red, data.length),
    yellowZoneRate: ratio(yellow, data.length),
  };
}

/** The stats `readSyncs` read (none without `withStats`). */
function readStats(syncs: SyncRow[]): Map<string, Stat> {
  const stats = new Map<string, Stat>();
  for (const [id, , , hasStats, max, min, mean] of syncs)
    if (hasStats) stats.set(id, { max: max as number, min: min as number, mean: mean as number });
  return stats;
}

/**
 * One report of the entity's members over the window (§7 GET /staff/{ws}/reports_v2/{reportId}); with `memo`, what
 * is kept between reads (report-memo.ts): the roster while only uploads came, each member's stats until their data
 * changes.
 */
export async function buildStaffReport(
  db: Db,
  ws: string,
  id: ReportId,
  q: StaffQuery,
  lang: Language,
  memo?: ReportMemo,
): Promise<StaffReport> {
  const m = measureOf(id);
  const view = viewOf(m, q.timezone, lang);
  const w = staffWindow(q);
  const key = memo && statsKey(ws, m, w);
  const kept = key === undefined ? undefined : memo?.window(key);
  const [r, syncRows] = await Promise.all([
    memo ? memo.roster(ws, m, () => readRoster(db, ws, m)) : readRoster(db, ws, m),
    readSyncs(db, ws, m, w, kept === undefined),
  ]);
  const syncs = new Map(syncRows.map((row) => [row[0], row]));
  // the roster's members (a member who left since it was read has no sync row: no stats, no sync)
  const members = r.members.map(([id, name, email, isActive, since]): Member => {
    const [, lastSync = null, revision = null] = syncs.get(id) ?? [];
    return { id, name, email, isActive, lastSync, since, revision };
  });
  const stats =
    kept && memo
      ? ((await keptStats(db, memo, ws, w, members, [{ m, kept }])).get(m.measure) ?? new Map<string, Stat>())
      : readStats(syncRows);
  if (!kept && memo && key) memo.keep(key, keptOf(m, w, members, stats));
  for (const [id, stat] of await insideStats(db, m, w, members)) stats.set(id, stat);
  const general = (r.general && rangesOf(r.general)) ?? defaultRanges(m);
  const zones = new Map<string, Zone | null>();
  const reportUsers = r.members.map((row, i): StaffReportUser => {
    const u = members[i] as Member;
    const [, , , , , isTuned, ...own] = row;
    const t: Tuning | undefined = isTuned === null ? undefined : { isTuned, ranges: rangesOf(own) };
    const g = grade(stats.get(u.id), effectiveRanges(general, t), m, view.toView);
    zones.set(u.id, g.zone);
    return {
      user: { uid: u.id, name: u.name, email: u.email },
      ...g,
      isTuned: t?.isTuned ?? false,
      customRanges: t?.ranges ? view.ranges(t.ranges, "toView") : null,
      is_active: u.isActive,
      // a sync before consent is history the entity must not see either
      last_sync: u.lastSync === null || !consented(u, u.lastSync) ? null : Math.floor(u.lastSync),
    };
  });
  return {
    ...measureHeading(id, m, view, lang),
    step: RANGE_SLIDER_STEP,
    interval: q.interval,
    timezone: q.timezone,
    ...windowSeconds(w),
    ranges: view.ranges(general, "toView"),
    default_ranges: view.ranges(defaultRanges(m), "toView"),
    users: reportUsers,
    kpis: kpis(members, zones, new Set(stats.keys())),
  };
}

type KpiMember = [id: string, isActive: boolean, since: number | null, revision: number | null];
type KpiStat = [measure: number, id: string, max: number, min: number, mean: number];
type KpiTuning = [measure: number, id: string, isTuned: boolean, ...ranges: RangeArrays];
type KpiGeneral = [measure: number, ...ranges: RangeArrays];

/**
 * The KPI tiles' reads in one statement and one json value: the members with their vital-data revision, the stats
 * of the tiles in `read` (as readSyncs'), and the entity's tunings and general ranges of every measure.
 */
async function readKpis(db: Db, ws: string, read: Measure[], w: Window) {
  const m = memberships;
  const t = reportTunings;
  const g = reportRanges;
  const y = vitalSync;
  const perMeasure = read.length
    ? sql.join(
        read.map(
          (measure) =>
            sql`select ${measure.measure}::int as smeasure, s.* from (${statsRows(consentedStatsQuery(ws, measure, w, sql`select * from c`))}) s`,
        ),
        sql` union all `,
      )
    : sql`select null::int as smeasure, s.* from (${statsRows(null)}) s`;
  const r = await oneRow<{
    kpis: {
      members: KpiMember[] | null;
      stats: KpiStat[] | null;
      tunings: KpiTuning[] | null;
      general: KpiGeneral[] | null;
    };
  }>(
    db,
    sql`with c as materialized (${consentedBefore(ws, w)}), s as (${perMeasure})
    select json_build_object(
      'members', (select json_agg(json_build_array(${m.userId}, ${m.isActive},
          extract(epoch from ${m.acceptedAt}) * 1000, ${y.revision}))
        from ${m} left join ${y} on ${y.userId} = ${m.userId} where ${acceptedClientOf(ws)}),
      'stats', (select json_agg(json_build_array(smeasure, sid, smax, smin, smean)) from s),
      'tunings', (select json_agg(json_build_array(${t.measure}, ${t.userId}, ${t.isTuned}, ${t.maxValue},
          ${t.minValue}, ${t.meanValue})) from ${t} where ${t.workspaceName} = ${ws}),
      'general', (select json_agg(json_build_array(${g.measure}, ${g.maxValue}, ${g.minValue}, ${g.meanValue}))
        from ${g} where ${g.workspaceName} = ${ws})
    ) as kpis`,
    PREPARED,
  );
  return r.kpis;
}

/**
 * The entity's KPIs over the window across the eleven reports: a member's zone is the worst colour of any
 * report's max, min and mean by their effective ranges (see docs/decisions.md). With `memo`, the tiles whose
 * window's stats are kept read only the members whose data changed (report-memo.ts).
 */
export async function entityKpis(db: Db, ws: string, q: StaffQuery, memo?: ReportMemo) {
  const w = staffWindow(q);
  const measures = REPORT_TILES.map(measureOf);
  const keys = new Map(measures.map((m) => [m.measure, statsKey(ws, m, w)]));
  const kept = new Map(
    measures.flatMap((m) => {
      const k = memo?.window(keys.get(m.measure) as string);
      return k ? [[m.measure, k] as const] : [];
    }),
  );
  const r = await readKpis(
    db,
    ws,
    measures.filter((m) => !kept.has(m.measure)),
    w,
  );
  const members = (r.members ?? []).map(
    ([id, isActive, since, revision]): Member => ({
      id,
      isActive,
      since,
      revision,
      name: "",
      email: "",
      lastSync: null,
    }),
  );
  const stats = new Map<number, Map<string, Stat>>(measures.map((m) => [m.measure, new Map()]));
  for (const [measure, id, max, min, mean] of r.stats ?? []) stats.get(measure)?.set(id, { max, min, mean });
  if (memo) {
    for (const m of measures)
      if (!kept.has(m.measure))
        memo.keep(keys.get(m.measure) as string, keptOf(m, w, members, stats.get(m.measure) ?? new Map()));
    const parts = measures.flatMap((m) => {
      const k = kept.get(m.measure);
      return k ? [{ m, kept: k }] : [];
    });
    if (parts.length)
      for (const [measure, s] of await keptStats(db, memo, ws, w, members, parts)) stats.set(measure, s);
  }
  const inside = await Promise.all(measures.map((m) => insideStats(db, m, w, members)));
  measures.forEach((m, i) => {
    for (const [id, stat] of inside[i] ?? []) stats.get(m.measure)?.set(id, stat);
  });
  const tunings = new Map<string, Tuning>();
  for (const [measure, id, isTuned, ...own] of r.tunings ?? [])
    tunings.set(`${measure}:${id}`, { isTuned, ranges: rangesOf(own) });
  const general = new Map<number, ZoneRanges>();
  for (const [measure, ...own] of r.general ?? []) {
    const ranges = rangesOf(own);
    if (ranges) general.set(measure, ranges);
  }
  const zones = new Map<string, Zone | null>();
  const withData = new Set<string>();
  for (const m of measures) {
    const base = general.get(m.measure) ?? defaultRanges(m);
    for (const [uid, stat] of stats.get(m.measure) ?? []) {
      withData.add(uid);
      const g = grade(stat, effectiveRanges(base, tunings.get(`${m.measure}:${uid}`)), m, (v) => v);
      zones.set(uid, worseZone(zones.get(uid) ?? null, g.zone));
    }
  }
  return {
    ...kpis(members, zones, withData),
    interval: q.interval,
    timezone: q.timezone,
    ...windowSeconds(w),
  };
}
