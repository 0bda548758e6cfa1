import {
  type CsvInterval,
  type CsvQuery,
  DIASTOLIC,
  type Language,
  type Measure,
  measureOf,
  type ReportId,
  SYSTOLIC,
} from "@mimamori/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rows } from "../../db/client";
import { sleepSegments, sleepSessions } from "../../db/schema";
import {
  type Cell,
  fixed,
  localText,
  PAGE,
  pageSize,
  type RowBatches,
  slices,
  zonedHeader,
} from "../../lib/csv-stream";
import { at, localStart } from "../../lib/time-sql";
import {
  BUCKET_ROW,
  bucketsOver,
  FIRST_SPAN_MS,
  localHourLevels,
  nextSpan,
  RAW_ROW,
  rawPage,
  type VitalFilter,
} from "../vitals";
import { viewOf } from "./present";

export const LABELS = {
  jp: {
    date: "日時",
    max: "最大",
    min: "最小",
    mean: "平均",
    total: "合計",
    value: "値",
    start: "開始",
    end: "終了",
    stage: "睡眠段階",
    hours: "時間",
    deep: "深い睡眠",
    light: "浅い睡眠",
    rem: "レム睡眠",
    awake: "覚醒",
    sum: "合計",
    count: "件数",
    unit: "単位",
    measure: "測定項目",
    name: "名前",
    email: "メールアドレス",
  },
  en: {
    date: "Date",
    max: "Max",
    min: "Min",
    mean: "Mean",
    total: "Total",
    value: "Value",
    start: "Start",
    end: "End",
    stage: "Stage",
    hours: "Hours",
    deep: "Deep sleep",
    light: "Light sleep",
    rem: "REM sleep",
    awake: "Awake",
    sum: "Sum",
    count: "Count",
    unit: "Unit",
    measure: "Measure",
    name: "Name",
    email: "Email",
  },
} as const;

export interface Download {
  filename: string;
  headers: string[];
  batches: RowBatches;
}

/**
 * One user's report as CSV rows (§7 staff …/download; intervals 10m, 1hour, raw, 1day, 1month). Time headers
 * name the zone of their cells (`q.timezone`: the entity's for its staff, the device's for the member).
 */
export function reportDownload(db: Db, userId: string, id: ReportId, q: CsvQuery, lang: Language): Download {
  const m = measureOf(id);
  const interval = q.interval ?? (m.aggregation === "sleep" ? "raw" : "10m");
  const filename = `${id}_${interval}_${userId.slice(0, 8)}`;
  if (m.aggregation === "sleep") return { filename, ...sleepDownload(db, userId, q, interval, lang) };
  const measures = id === SYSTOLIC ? [m, measureOf(DIASTOLIC)] : [m];
  const L = LABELS[lang];
  const headers: string[] = [zonedHeader(L.date, q.timezone, lang)];
  for (const x of measures) {
    const unit = viewOf(x, q.timezone, lang).unit;
    const cols =
      interval === "raw" ? [L.value] : x.aggregation === "sum" ? [L.total] : [L.max, L.min, L.mean];
    for (const c of cols)
      headers.push(measures.length > 1 ? `${x.name[lang]} ${c} (${unit})` : `${c} (${unit})`);
  }
  return { filename, headers, batches: levelBatches(db, userId, measures, q, interval, lang) };
}

async function* levelBatches(
  db: Db,
  userId: string,
  measures: Measure[],
  q: CsvQuery,
  interval: CsvInterval,
  lang: Language,
): RowBatches {
  const tz = q.timezone;
  const viewed = measures.map((x) => ({ x, view: viewOf(x, tz, lang) }));
  const nums = sql.join(
    measures.map((x) => sql`${x.measure}`),
    sql`, `,
  );
  const where: VitalFilter = (t) => sql`${t.userId} = ${userId}::uuid and ${t.measure} in (${nums})`;
  const start = q.start_time * 1000;
  const end = q.end_time * 1000;
  const places = (x: Measure) => x.decimals + 1;
  if (interval === "raw") {
    const r = RAW_ROW;
    const cols = sql.join(
      measures.map(
        (x, i) =>
          sql`(max(s.${r.value}) filter (where s.${r.measure} = ${x.measure}))::float8 as ${sql.raw(`c${i}`)}`,
      ),
      sql`, `,
    );
    let cursor: number | null = null;
    let spanMs = FIRST_SPAN_MS;
    for (;;) {
      const size = pageSize(cursor);
      // hot and packed samples (vitals/raw.ts), a page's span adapted to how dense they are
      const page = await rows<{ t: number; d: string; [k: string]: unknown }>(
        db,
        sql`select extract(epoch from s.${r.at})::float8 * 1000 as t, ${localText(sql`s.${r.at}`, tz)} as d, ${cols}
          from (${rawPage(where, { start, end, cursor, spanMs })}) s
          group by s.${r.at} order by s.${r.at} limit ${size}`,
      );
      yield page.map((r) => {
        return [
          r.d,
          ...viewed.map(({ view }, i) => (r[`c${i}`] === null ? null : view.toView(r[`c${i}`] as number))),
        ];
      });
      const last = page.at(-1);
      // a page ends at its span: only an empty one ends the samples
      if (!last) return;
      spanMs = nextSpan(spanMs, page.length, size);
      cursor = Math.round(last.t);
    }
  }
  // 10-minute groups need the samples; longer ones read hour buckets where local hours hold whole UTC hours
  const levels = interval === "10m" ? [] : localHourLevels(tz, start, end);
  const unit = ({ "10m": "10m", "1hour": "hour", "1day": "day", "1month": "month" } as const)[interval];
  const o = BUCKET_ROW;
  const exprs = measures.flatMap((x) => {
    const ofMeasure = sql`filter (where ${o.measure} = ${x.measure})`;
    if (x.aggregation === "sum") return [sql`sum(${o.sum}) ${ofMeasure}`];
    return [
      sql`max(${o.max}) ${ofMeasure}`,
      sql`min(${o.min}) ${ofMeasure}`,
      sql`sum(${o.sum}) ${ofMeasure} / sum(${o.count}) ${ofMeasure}`,
    ];
  });
  const cols = sql.join(
    exprs.map((e, i) => sql`(${e})::float8 as ${sql.raw(`c${i}`)}`),
    sql`, `,
  );
  // each query reads a bounded number of rows per measure: two days of samples or three weeks of hour buckets
  // (~500, as many 1hour rows); months are cut at month boundaries so that no month is split between queries
  const step = interval === "1month" ? { months: 1 } : { days: levels.length ? 21 : 2 };
  for (const s of await slices(db, start, end, tz, step)) {
    const buckets = bucketsOver(where, s, levels);
    if (!buckets) continue;
    const page = await rows<Record<string, unknown>>(
      db,
      sql`select to_char(to_timestamp(t) at time zone ${tz}, 'YYYY/MM/DD HH24:MI') as d, x.* from (
          select ${localStart(o.bucket, unit, tz)} as t, ${cols} from (${buckets}) b group by 1
        ) x order by t`,
    );
    yield page.map((r) => {
      const out: Cell[] = [r.d as string];
      let i = 0;
      viewed.forEach(({ x, view }) => {
        // the columns of `exprs`: a total, or max, min and mean
        const columns = x.aggregation === "sum" ? 1 : 3;
        for (let j = 0; j < columns; j++, i++) {
          const v = r[`c${i}`] as number | null;
          out.push(fixed(v === null ? null : view.toView(v), places(x)));
        }
      });
      return out;
    });
  }
}

function sleepDownload(db: Db, userId: string, q: CsvQuery, interval: CsvInterval, lang: Language) {
  const L = LABELS[lang];
  const zoned = (label: string) => zonedHeader(label, q.timezone, lang);
  if (interval === "1day" || interval === "1month")
    return {
      headers: [L.date, L.total, L.deep, L.light, L.rem, L.awake].map((h, i) =>
        i ? `${h} (${L.hours})` : zoned(h),
      ),
      batches: sleepTotals(db, userId, q, interval === "1day" ? "day" : "month"),
    };
  return {
    headers: [zoned(L.start), zoned(L.end), L.stage, L.hours],
    batches: sleepSegmentRows(db, sql`${userId}::uuid`, q.start_time * 1000, q.end_time * 1000, q.timezone),
  };
}

/** Sleep segments starting in the window, page by page. */
export async function* sleepSegmentRows(
  db: Db,
  user: SQL,
  start: number,
  end: number,
  tz: string,
): RowBatches {
  const g = sleepSegments;
  let cursor: number | null = null;
  for (;;) {
    const from: SQL = cursor === null ? sql`${g.startAt} >= ${at(start)}` : sql`${g.startAt} > ${at(cursor)}`;
    const page = await rows<{ t: number; s: string; e: string; stage: string; h: number }>(
      db,
      sql`select extract(epoch from ${g.startAt})::float8 * 1000 as t, ${localText(sql`${g.startAt}`, tz)} as s,
          ${localText(sql`${g.endAt}`, tz)} as e, ${g.stage},
          (extract(epoch from ${g.endAt} - ${g.startAt}) / 3600)::float8 as h
        from ${g} where ${g.userId} = ${user} and ${from} and ${g.startAt} < ${at(end)}
        order by ${g.startAt} limit ${PAGE}`,
    );
    yield page.map((r) => [r.s, r.e, r.stage, fixed(r.h, 2)]);
    const last = page.at(-1);
    if (!last || page.length < PAGE) return;
    cursor = Math.round(last.t);
  }
}

/** Hours of sleep: in all, then by stage. */
export interface SleepHours {
  total: number;
  deep: number;
  light: number;
  rem: number;
  awake: number;
}

/** The hours as CSV cells, in the order of the sleep headers. */
export const sleepHourCells = (h: SleepHours) =>
  [h.total, h.deep, h.light, h.rem, h.awake].map((v) => fixed(v, 2));

async function* sleepTotals(db: Db, userId: string, q: CsvQuery, unit: "day" | "month"): RowBatches {
  const tz = q.timezone;
  const s = sleepSessions;
  const page = await rows<SleepHours & { d: string }>(
    db,
    sql`select to_char(to_timestamp(t) at time zone ${tz}, 'YYYY/MM/DD HH24:MI') as d, x.* from (
        select ${localStart(sql`${s.endAt}`, unit, tz)} as t, sum(${s.deep} + ${s.light} + ${s.rem})::float8 as total,
          sum(${s.deep})::float8 as deep, sum(${s.light})::float8 as light, sum(${s.rem})::float8 as rem,
          sum(${s.awake})::float8 as awake
        from ${s} where ${s.userId} = ${userId}::uuid and ${s.endAt} >= ${at(q.start_time * 1000)}
          and ${s.endAt} < ${at(q.end_time * 1000)} group by 1
      ) x order by t`,
  );
  yield page.map((r) => [r.d, ...sleepHourCells(r)]);
}
