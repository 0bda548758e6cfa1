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
  zoneOf,
} from "@mimamori/shared";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rows } from "../../db/client";
import { acceptedClientOf } from "../../db/membership-rules";
import { memberships, users, vitalSync } from "../../db/schema";
import { localMidnight } from "../../lib/time-sql";
import { viewOf } from "./present";
import { effectiveRanges, generalRanges, tuningsOf } from "./ranges";
import type { Window } from "./series";
import { consentedStats, type Stat } from "./stats";

export interface StaffQuery {
  timezone: string;
  interval: number;
  end_time?: number;
}

interface Member {
  id: string;
  name: string;
  email: string;
  isActive: boolean;
  lastSync: number | null;
  /** Consent (accepted_at, epoch ms): the entity counts the member's data from then on; null: nothing. */
  since: number | null;
}

/** The last `interval` local days up to `end_time` (default now), the staff report window. */
export async function staffWindow(db: Db, q: StaffQuery): Promise<Window> {
  const end = q.end_time !== undefined ? q.end_time * 1000 : Date.now();
  const start = (await localMidnight(db, end, q.timezone, q.interval - 1)) * 1000;
  return { start, end, timezone: q.timezone, open: q.end_time === undefined };
}

/** Accepted client members of the entity, by name. */
export async function membersOf(db: Db, ws: string): Promise<Member[]> {
  return rows<Member>(
    db,
    sql`select ${users.id}::text as id, ${users.name}, ${users.email}, ${memberships.isActive} as "isActive",
        extract(epoch from ${vitalSync.lastSyncAt})::float8 as "lastSync",
        (extract(epoch from ${memberships.acceptedAt}) * 1000)::float8 as since
      from ${memberships} join ${users} on ${users.id} = ${memberships.userId}
        left join ${vitalSync} on ${vitalSync.userId} = ${memberships.userId}
      where ${acceptedClientOf(ws)}
      order by ${users.name}, ${users.email}`,
  );
}

const consented = (u: Member, epochS: number) => u.since !== null && epochS * 1000 >= u.since;

interface Graded {
  report: StaffReportUser["report"];
  zone: Zone | null;
}

function grade(
  stat: Stat | undefined,
  r: ReturnType<typeof effectiveRanges>,
  m: Measure,
  toView: (v: number) => number,
): Graded {
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

/** One report of the entity's members over the window (§7 GET /staff/{ws}/reports_v2/{reportId}). */
export async function buildStaffReport(
  db: Db,
  ws: string,
  id: ReportId,
  q: StaffQuery,
  lang: Language,
): Promise<StaffReport> {
  const m = measureOf(id);
  const view = viewOf(m, q.timezone, lang);
  // independent reads go out together: on PostgreSQL each is its own round trip on a pooled connection
  const [w, members] = await Promise.all([staffWindow(db, q), membersOf(db, ws)]);
  const [general, tunings, stats] = await Promise.all([
    generalRanges(db, ws, m),
    tuningsOf(db, ws, m),
    consentedStats(db, ws, m, w, members),
  ]);
  const zones = new Map<string, Zone | null>();
  const reportUsers = members.map((u): StaffReportUser => {
    const t = tunings.get(u.id);
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
    id,
    name: m.name[lang],
    unit: view.unit,
    decimal: m.decimals,
    direction: m.direction,
    scale: view.scale,
    step: RANGE_SLIDER_STEP,
    interval: q.interval,
    timezone: q.timezone,
    start_time: w.start / 1000,
    end_time: Math.floor(w.end / 1000),
    ranges: view.ranges(general, "toView"),
    default_ranges: view.ranges(defaultRanges(m), "toView"),
    users: reportUsers,
    kpis: kpis(members, zones, new Set(stats.keys())),
  };
}

/**
 * The entity's KPIs over the window across the eleven reports: a member's zone is the worst colour of any
 * report's max, min and mean by their effective ranges (see docs/decisions.md).
 */
export async function entityKpis(db: Db, ws: string, q: StaffQuery) {
  const [w, members] = await Promise.all([staffWindow(db, q), membersOf(db, ws)]);
  const zones = new Map<string, Zone | null>();
  const withData = new Set<string>();
  // the eleven reports' reads go out together, then are graded in the tiles' order
  const perReport = await Promise.all(
    REPORT_TILES.map(async (id) => {
      const m = measureOf(id);
      const [general, tunings, stats] = await Promise.all([
        generalRanges(db, ws, m),
        tuningsOf(db, ws, m),
        consentedStats(db, ws, m, w, members),
      ]);
      return { m, general, tunings, stats };
    }),
  );
  for (const { m, general, tunings, stats } of perReport) {
    for (const [uid, stat] of stats) {
      withData.add(uid);
      const g = grade(stat, effectiveRanges(general, tunings.get(uid)), m, (v) => v);
      zones.set(uid, worseZone(zones.get(uid) ?? null, g.zone));
    }
  }
  return {
    ...kpis(members, zones, withData),
    interval: q.interval,
    timezone: q.timezone,
    start_time: w.start / 1000,
    end_time: Math.floor(w.end / 1000),
  };
}
