import {
  DIASTOLIC,
  defaultRanges,
  INTERVAL_RESOLUTION,
  type Language,
  measureOf,
  REPORT_TILES,
  type Report,
  type ReportCard,
  type ReportId,
  type ReportQuery,
  SYSTOLIC,
  type ZoneRanges,
  zoneOf,
} from "@mimamori/shared";
import type { Db } from "../../db/client";
import { localMidnightMs } from "../../lib/time-sql";
import { measureHeading, viewOf } from "./present";
import {
  lastNight,
  latestSamples,
  levelSeries,
  type Row,
  sleepSegmentsOf,
  sleepSeries,
  totalSince,
  type Window,
} from "./series";

const TWO_DAYS_S = 2 * 86400;

/**
 * The chart of one user's report (§7 GET /user/reports/resq_band/{id}); `ranges` are the zone ranges of the
 * viewer (the defaults of §9 for the user themself, the effective ranges for staff).
 */
export async function buildReport(
  db: Db,
  userId: string,
  id: ReportId,
  q: ReportQuery,
  lang: Language,
  ranges: ZoneRanges = defaultRanges(measureOf(id)),
): Promise<Report> {
  const m = measureOf(id);
  const view = viewOf(m, q.timezone, lang);
  const w: Window = { start: q.start_time * 1000, end: q.end_time * 1000, timezone: q.timezone };
  const conv = (rs: Row[]): Row[] =>
    rs.map(([t, a, b, c]) => [t, view.toViewOrNull(a), view.toViewOrNull(b), view.toViewOrNull(c)]);
  let values: Row[];
  let valuesDbp: Row[] | null = null;
  let sleep: Report["sleep"] = null;
  if (m.aggregation === "sleep") {
    values = await sleepSeries(db, userId, w);
    if (q.end_time - q.start_time <= TWO_DAYS_S) sleep = await sleepSegmentsOf(db, userId, w);
  } else {
    values = conv(await levelSeries(db, userId, m, w, q.interval));
    if (id === SYSTOLIC) valuesDbp = conv(await levelSeries(db, userId, measureOf(DIASTOLIC), w, q.interval));
  }
  const highs = values.map((r) => r[1]).filter((v): v is number => v !== null);
  const lows = values
    .map((r) => (m.aggregation === "mean" ? r[2] : r[1]))
    .filter((v): v is number => v !== null);
  return {
    ...measureHeading(id, m, view, lang),
    type: m.type,
    interval: q.interval,
    resolution: m.aggregation === "sleep" ? "day" : INTERVAL_RESOLUTION[q.interval],
    aggregation: m.aggregation,
    timezone: q.timezone,
    start_time: q.start_time,
    end_time: q.end_time,
    values,
    values_dbp: valuesDbp,
    sleep,
    y_min: view.toViewOrNull(m.axis.min),
    y_max: view.toViewOrNull(m.axis.max),
    y_step: m.axis.step,
    min_value: lows.length ? lows.reduce((a, b) => Math.min(a, b)) : null,
    max_value: highs.length ? highs.reduce((a, b) => Math.max(a, b)) : null,
    img_url: null,
    report_info: view.ranges(ranges, "toView"),
  };
}

/**
 * The report cards of a user (§7 GET /user/reports/resq_band): the latest sample of levels, today's total
 * of steps and the latest night's sleep (today or yesterday), coloured by the mean range.
 */
export async function buildCards(
  db: Db,
  userId: string,
  timezone: string,
  lang: Language,
): Promise<ReportCard[]> {
  const now = Date.now();
  const today = localMidnightMs(now, timezone);
  const yesterday = localMidnightMs(now, timezone, 1);
  const levels = REPORT_TILES.map(measureOf).filter((m) => m.aggregation === "mean");
  const latest = new Map(
    (await latestSamples(db, userId, [...levels.map((m) => m.measure), measureOf(DIASTOLIC).measure])).map(
      (l) => [l.measure, l],
    ),
  );
  const cards: ReportCard[] = [];
  for (const id of REPORT_TILES) {
    const m = measureOf(id);
    const view = viewOf(m, timezone, lang);
    let value: number | null = null;
    let time: number | null = null;
    let valueDbp: number | null = null;
    if (m.aggregation === "mean") {
      const l = latest.get(m.measure);
      if (l) [value, time] = [l.value, l.t];
      if (id === SYSTOLIC) valueDbp = latest.get(measureOf(DIASTOLIC).measure)?.value ?? null;
    } else if (m.aggregation === "sum") {
      const s = await totalSince(db, userId, m.measure, today);
      if (s) [value, time] = [s.total, s.t];
    } else {
      const n = await lastNight(db, userId, yesterday, timezone);
      if (n) [value, time] = [n.total, n.t];
    }
    cards.push({
      id,
      name: m.name[lang],
      name_jp: m.name.jp,
      name_en: m.name.en,
      type: m.type,
      value: view.toViewOrNull(value),
      value_dbp: valueDbp,
      time,
      unit: view.unit,
      decimal: m.decimals,
      color: zoneOf(value, defaultRanges(m).meanValue, m.direction),
    });
  }
  return cards;
}
