import { type SQL, sql } from "drizzle-orm";
import { vitalDays, vitalSamples } from "../../db/schema";
import { bare } from "../../db/sql-names";
import { at } from "../../lib/time-sql";
import { HOUR_MS } from "./hot";
import type { VitalFilter } from "./levels";

/*
 * The one front door to raw samples (issue 32 §1). A sample is stored either hot, as a row of `vital_samples` (every
 * upload writes there), or packed, as an element of a `vital_days` row (the pack job moves each closed UTC day there:
 * pack.ts). Every reader of raw samples reads them here, so that both are seen and no reader knows the layout.
 */

/** The columns of `rawSamples`'s rows by their bare names: the hot table's own. */
export const RAW_ROW = {
  userId: bare(vitalSamples.userId),
  measure: bare(vitalSamples.measure),
  at: bare(vitalSamples.at),
  value: bare(vitalSamples.value),
} as const;

const d = vitalDays;

/** A packed element's instant: its UTC day's midnight plus its offset in milliseconds (pack.ts writes them so). */
export const packedTime = (day: SQL | typeof d.day, offsetMs: SQL) =>
  sql`(${day} + ${offsetMs} * interval '1 millisecond') at time zone 'UTC'`;

/**
 * A packed day's values as 8-byte floats, from whichever of its two arrays is set (a day of values that are all exactly
 * 4-byte floats is stored in `narrow_readings`: schema). `row` names the row when it is not the table itself.
 */
export const packedReadings = (row?: SQL) =>
  row
    ? sql`coalesce(${row}.${bare(d.readings)}, ${row}.${bare(d.narrowReadings)}::float8[])`
    : sql`coalesce(${d.readings}, ${d.narrowReadings}::float8[])`;

/** The time of the element `o` of an unnest of `vital_days`' arrays. */
const packedAt = packedTime(d.day, sql`u.o`);

/** A timestamptz expression's UTC day. */
const utcDay = (t: SQL) => sql`((${t}) at time zone 'UTC')::date`;

export interface RawWindow {
  /** Start (timestamptz expression); none: from the first sample. */
  from?: SQL;
  /** `from` itself excluded (a keyset cursor). */
  after?: boolean;
  /** End, exclusive (timestamptz expression); none: to the last sample. */
  to?: SQL;
}

/**
 * The raw samples matching `filter` (applied to the hot table and to the packed one) in the window, as rows
 * (RAW_ROW: user_id, measure, at, value) in no order: the hot rows union all the packed days overlapping the window
 * unnested (the day range is in the predicate, so the packed table's key is used).
 */
export function rawSamples(filter: VitalFilter, w: RawWindow = {}): SQL {
  const v = vitalSamples;
  const hotTimes: SQL[] = [];
  const packedDays: SQL[] = [];
  const packedTimes: SQL[] = [];
  if (w.from) {
    hotTimes.push(w.after ? sql`${v.at} > ${w.from}` : sql`${v.at} >= ${w.from}`);
    packedDays.push(sql`${d.day} >= ${utcDay(w.from)}`);
    packedTimes.push(w.after ? sql`${packedAt} > ${w.from}` : sql`${packedAt} >= ${w.from}`);
  }
  if (w.to) {
    hotTimes.push(sql`${v.at} < ${w.to}`);
    packedDays.push(sql`${d.day} <= ${utcDay(w.to)}`);
    packedTimes.push(sql`${packedAt} < ${w.to}`);
  }
  const and = (xs: SQL[]) => (xs.length ? sql` and ${sql.join(xs, sql` and `)}` : sql``);
  const r = RAW_ROW;
  return sql`select ${v.userId}, ${v.measure}, ${v.at}, ${v.value} from ${v} where ${filter(v)}${and(hotTimes)}
    union all
    select ${d.userId} as ${r.userId}, ${d.measure} as ${r.measure}, ${packedAt} as ${r.at}, u.v as ${r.value}
    from ${d}, unnest(${d.offsets}, ${packedReadings()}) as u(o, v)
    where ${filter(d)}${and([...packedDays, ...packedTimes])}`;
}

/**
 * The time of the first raw sample matching `filter` after `after` (a timestamptz expression), null when there is
 * none: the hot table's first by its key, or the first later element of the first two packed days from `after`'s
 * day on (the first may end before it). A keyset reader bounds each page to a day from there, so that a page reads
 * a bounded number of samples wherever it is, also across gaps.
 */
export function firstRawAfter(filter: VitalFilter, after: SQL, inclusive = false): SQL {
  const v = vitalSamples;
  const op = inclusive ? sql`>=` : sql`>`;
  return sql`least(
    (select min(${v.at}) from ${v} where ${filter(v)} and ${v.at} ${op} ${after}),
    (select min(${packedAt}) from (select * from ${d} where ${filter(d)} and ${d.day} >= ${utcDay(after)}
        order by ${d.day} limit 2) ${d}, unnest(${d.offsets}) as u(o)
      where ${packedAt} ${op} ${after}))`;
}

/**
 * One keyset page's raw samples (as `rawSamples`): from `start` (the first page) or after `cursor` (epoch ms), until
 * `spanMs` after the first sample there and at most `end`. The hot and the packed samples are merged and sorted by the
 * reader, so a page's span is what it costs: the reader adapts it to the data's density (`nextSpan`).
 */
export function rawPage(
  filter: VitalFilter,
  w: { start: number; end: number; cursor: number | null; spanMs: number },
) {
  return rawPageOf(filter, {
    from: at(w.cursor ?? w.start),
    after: w.cursor !== null,
    end: at(w.end),
    spanSecs: sql`${w.spanMs / 1000}::float8`,
  });
}

/**
 * `rawPage` with its bounds as SQL expressions (timestamptz `from` and `end`, float8 `spanSecs`): the placeholders of
 * a statement written once (personal-export/queries.ts).
 */
export function rawPageOf(filter: VitalFilter, w: { from: SQL; after: boolean; end: SQL; spanSecs: SQL }) {
  const first = firstRawAfter(filter, w.from, !w.after);
  return sql`with page_end as (
      select least(${w.end}, ${first} + make_interval(secs => ${w.spanSecs})) as hi
    ) ${rawSamples(filter, { from: w.from, after: w.after, to: sql`(select hi from page_end)` })}`;
}

/** The first page's span: a day. */
export const FIRST_SPAN_MS = 86_400_000;

/**
 * The next page's span after a page of `got` rows out of `size` over `spanMs`: halved after a full page (it held
 * more than a page), doubled after a page less than half full (up to 32 days), so a page reads at most about twice
 * the rows it answers and sparse data is not read a day at a time.
 */
export function nextSpan(spanMs: number, got: number, size: number): number {
  if (got >= size) return Math.max(HOUR_MS, spanMs / 2);
  if (got < size / 2) return Math.min(32 * FIRST_SPAN_MS, spanMs * 2);
  return spanMs;
}

/**
 * The latest raw sample of each of a user's `measures` (a smallint[] expression) as rows (measure, at, value): per
 * measure one probe of the hot table and one of the packed (the latest packed day's last element); the later wins.
 */
export function latestRaw(userId: string, measures: SQL): SQL {
  const v = vitalSamples;
  const r = RAW_ROW;
  const last = (a: SQL) => sql`${a}[cardinality(${a})]`;
  return sql`select m.measure::int as ${r.measure}, s.${r.at}, s.${r.value}
    from unnest(${measures}) as m(measure)
    cross join lateral (
      (select ${v.at}, ${v.value} from ${v}
        where ${v.userId} = ${userId}::uuid and ${v.measure} = m.measure order by ${v.at} desc limit 1)
      union all
      (select ${packedTime(d.day, last(sql`${d.offsets}`))}, ${last(sql`(${packedReadings()})`)}
        from ${d} where ${d.userId} = ${userId}::uuid and ${d.measure} = m.measure order by ${d.day} desc limit 1)
      order by 1 desc limit 1
    ) s`;
}
