import { type AdminExportQuery, type Language, MEASURES } from "@mimamori/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rows } from "../../db/client";
import { sleepSessions, users } from "../../db/schema";
import { type Cell, fixed, localText, PAGE, pageSize, type RowBatches } from "../../lib/csv-stream";
import { at } from "../../lib/time-sql";
import { BUCKET_ROW, FIRST_SPAN_MS, hourBuckets, nextSpan, RAW_ROW, rawPage } from "../vitals";
import { LABELS, type SleepHours, sleepHourCells, sleepSegmentRows } from "./report-csv";

const USER_PAGE = 200;
const LEVELS = MEASURES.filter((m) => m.aggregation !== "sleep");

export interface ExportUser {
  id: string;
  name: string;
  email: string;
}

/** Column names of an admin export (§7 GET /admin/users/data/{uid}/download). */
export function exportHeaders(q: AdminExportQuery, lang: Language, withUser: boolean): string[] {
  const L = LABELS[lang];
  const who = withUser ? ["uid", L.name, L.email] : [];
  if (q.data_type === "Sleep")
    return q.db_type === "Raw"
      ? [...who, L.start, L.end, L.stage, L.hours]
      : [...who, L.date, L.start, L.end, L.total, L.deep, L.light, L.rem, L.awake].map((h, i) =>
          i >= who.length + 3 ? `${h} (${L.hours})` : h,
        );
  return q.db_type === "Raw"
    ? [...who, L.date, "report_id", L.measure, L.value, L.unit]
    : [...who, L.date, "report_id", L.measure, L.max, L.min, L.mean, L.sum, L.count, L.unit];
}

/**
 * One user's data in the window, page by page: raw samples or hour buckets of every measure, or
 * sleep segments or sessions. Times are local to `q.timezone`; values are as stored (°C).
 */
export async function* userExport(db: Db, userId: string, q: AdminExportQuery, lang: Language): RowBatches {
  const start = q.start_time * 1000;
  const end = q.end_time * 1000;
  const tz = q.timezone;
  const user = sql`${userId}::uuid`;
  if (q.data_type === "Sleep") {
    if (q.db_type === "Raw") {
      yield* sleepSegmentRows(db, user, start, end, tz);
      return;
    }
    yield* sessionRows(db, user, start, end, tz);
    return;
  }
  const raw = q.db_type === "Raw";
  const h = BUCKET_ROW;
  const r = RAW_ROW;
  const cols = raw
    ? sql`s.${r.value}::float8 as a`
    : sql`s.${h.max}::float8 as a, s.${h.min}::float8 as b, (s.${h.sum} / s.${h.count})::float8 as c,
        s.${h.sum}::float8 as s, s.${h.count}::int as n`;
  for (const m of LEVELS) {
    const name = m.name[lang];
    const unit = m.unit[lang];
    let cursor: number | null = null;
    let spanMs = FIRST_SPAN_MS;
    for (;;) {
      const size = pageSize(cursor);
      // raw samples hot and packed (vitals/raw.ts), a page's span adapted to their density; or the hour buckets
      const query = raw
        ? sql`select extract(epoch from s.${r.at})::float8 * 1000 as t, ${localText(sql`s.${r.at}`, tz)} as d, ${cols}
            from (${rawPage((t) => sql`${t.userId} = ${user} and ${t.measure} = ${m.measure}`, { start, end, cursor, spanMs })}) s
            order by s.${r.at} limit ${size}`
        : sql`select extract(epoch from s.${h.bucket})::float8 * 1000 as t, ${localText(sql`s.${h.bucket}`, tz)} as d, ${cols}
            from (${hourBuckets((t) => sql`${t.userId} = ${user} and ${t.measure} = ${m.measure}`, {
              from: cursor ?? start,
              after: cursor !== null,
              to: end,
            })}) s
            order by s.${h.bucket} limit ${size}`;
      const page = await rows<{
        t: number;
        d: string;
        a: number;
        b: number;
        c: number;
        s: number;
        n: number;
      }>(db, query);
      const p = m.decimals + 1;
      yield page.map((r): Cell[] =>
        raw
          ? [r.d, m.id, name, r.a, unit]
          : [r.d, m.id, name, r.a, r.b, fixed(r.c, p), fixed(r.s, p), r.n, unit],
      );
      const last = page.at(-1);
      // a raw page ends at its span: only an empty one ends the samples
      if (!last || (!raw && page.length < size)) break;
      spanMs = nextSpan(spanMs, page.length, size);
      cursor = Math.round(last.t);
    }
  }
}

/** Sleep sessions ending in the window: the local day they count on, start, end and hours per stage. */
async function* sessionRows(db: Db, user: SQL, start: number, end: number, tz: string): RowBatches {
  const s = sleepSessions;
  let cursor: number | null = null;
  for (;;) {
    const from: SQL = cursor === null ? sql`true` : sql`${s.startAt} > ${at(cursor)}`;
    const page = await rows<SleepHours & { t: number; d: string; s: string; e: string }>(
      db,
      sql`select extract(epoch from ${s.startAt})::float8 * 1000 as t,
          to_char(${s.endAt} at time zone ${tz}, 'YYYY/MM/DD') as d, ${localText(sql`${s.startAt}`, tz)} as s,
          ${localText(sql`${s.endAt}`, tz)} as e, (${s.deep} + ${s.light} + ${s.rem})::float8 as total,
          ${s.deep}, ${s.light}, ${s.rem}, ${s.awake}
        from ${s} where ${s.userId} = ${user} and ${from}
          and ${s.endAt} >= ${at(start)} and ${s.endAt} < ${at(end)}
        order by ${s.startAt} limit ${PAGE}`,
    );
    yield page.map((r) => [r.d, r.s, r.e, ...sleepHourCells(r)]);
    const last = page.at(-1);
    if (!last || page.length < PAGE) return;
    cursor = Math.round(last.t);
  }
}

/** Every account's data, user after user (by id), each row led by uid, name and email. */
export async function* allUsersExport(db: Db, q: AdminExportQuery, lang: Language): RowBatches {
  let cursor: string | null = null;
  for (;;) {
    const page: ExportUser[] = await rows<ExportUser>(
      db,
      sql`select ${users.id}::text as id, ${users.name}, ${users.email} from ${users}
        ${cursor === null ? sql`` : sql`where ${users.id} > ${cursor}::uuid`}
        order by ${users.id} limit ${USER_PAGE}`,
    );
    for (const u of page)
      for await (const batch of userExport(db, u.id, q, lang))
        yield batch.map((r) => [u.id, u.name, u.email, ...r]);
    const last = page.at(-1);
    if (!last || page.length < USER_PAGE) return;
    cursor = last.id;
  }
}
