import { type Column, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { vitalBucketsDay, vitalBucketsHour, vitalBucketsMonth, vitalHourDays } from "../../db/schema";
import { bare } from "../../db/sql-names";
import { at, zoneOffsetMinutes } from "../../lib/time-sql";
import { DAY_MS, HOUR_MS, hoursHotFrom } from "./hot";
import { RAW_ROW, rawSamples } from "./raw";

/** Bucket levels, finest first. All are aligned to UTC; months are calendar months. */
export const LEVELS = ["hour", "day", "month"] as const;
export type Level = (typeof LEVELS)[number];

/**
 * Table and time column of each level (the day table's column is `day` in SQL: it predates the common name,
 * and Drizzle calls it `bucket` like the others). Same columns in every level's table.
 */
export const LEVEL_TABLE = {
  hour: { table: vitalBucketsHour, column: vitalBucketsHour.bucket },
  day: { table: vitalBucketsDay, column: vitalBucketsDay.bucket },
  month: { table: vitalBucketsMonth, column: vitalBucketsMonth.bucket },
} as const satisfies Record<Level, unknown>;

const FIXED_MS = { hour: HOUR_MS, day: DAY_MS } as const;

/** Start (epoch ms) of the bucket of `level` that holds `ms`. */
export function bucketStart(level: Level, ms: number): number {
  if (level === "month") {
    const d = new Date(ms);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  }
  return Math.floor(ms / FIXED_MS[level]) * FIXED_MS[level];
}

/** Start (epoch ms) of the bucket after the one starting at `start`. */
export function nextBucket(level: Level, start: number): number {
  if (level === "month") {
    const d = new Date(start);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  }
  return start + FIXED_MS[level];
}

/** The first bucket start of `level` at or after `ms`. */
const ceilBucket = (level: Level, ms: number) => {
  const s = bucketStart(level, ms);
  return s === ms ? s : nextBucket(level, s);
};

export interface Piece {
  /** "raw": the samples themselves, for the parts of a window no whole bucket fits in. */
  level: Level | "raw";
  /** Epoch milliseconds, end exclusive; bucket starts of `level` unless raw. */
  from: number;
  to: number;
}

/**
 * Covers [from, to) with whole buckets, the coarsest that fit: months in the middle, then days and hours
 * towards the edges, and raw samples for what is left (less than an hour at each end). A year reads about
 * a hundred buckets per user and measure instead of half a million one-minute samples.
 */
export function coverRange(from: number, to: number, levels: readonly Level[] = LEVELS): Piece[] {
  if (from >= to) return [];
  const level = levels.at(-1);
  if (level === undefined) return [{ level: "raw", from, to }];
  const finer = levels.slice(0, -1);
  const a = ceilBucket(level, from);
  const b = bucketStart(level, to);
  if (a >= b) return coverRange(from, to, finer);
  return [...coverRange(from, a, finer), { level, from: a, to: b }, ...coverRange(b, to, finer)];
}

/** The zone's offset from UTC at `ms`, in minutes (lib/time-sql.ts; re-exported for this module's readers). */
export { zoneOffsetMinutes };

const WEEK_MS = 7 * 86_400_000;

/**
 * The levels whose buckets each lie inside one local hour of `tz` over [from, to): UTC hours when the zone's
 * offset is whole hours throughout (checked weekly, as offsets change at most twice a year); none otherwise
 * (India, Nepal, Newfoundland, …), where local hours and days are grouped from the raw samples.
 */
export function localHourLevels(tz: string, from: number, to: number): Level[] {
  for (let t = from; ; t = Math.min(t + WEEK_MS, to)) {
    if (zoneOffsetMinutes(tz, t) % 60 !== 0) return [];
    if (t >= to) return ["hour"];
  }
}

/** A condition on the user and measure columns of the table it is given: the samples or a level's buckets. */
export type VitalFilter = (t: { userId: Column; measure: Column }) => SQL;

const h = vitalBucketsHour;

/**
 * The columns of `bucketsOver`'s rows by their bare names, for the query reading them (`sum(${BUCKET_ROW.sum})
 * … from (${buckets}) b`): a bucket table's columns, `bucket` the bucket's start (a raw sample's time).
 */
export const BUCKET_ROW = {
  userId: bare(h.userId),
  measure: bare(h.measure),
  bucket: bare(h.bucket),
  min: bare(h.min),
  max: bare(h.max),
  sum: bare(h.sum),
  count: bare(h.count),
} as const;

/** A select list naming each of BUCKET_ROW's columns, so that every part of the union has the same names. */
const bucketRow = (values: Record<keyof typeof BUCKET_ROW, SQLWrapper>) =>
  sql.join(
    (Object.keys(BUCKET_ROW) as (keyof typeof BUCKET_ROW)[]).map(
      (k) => sql`${values[k]} as ${BUCKET_ROW[k]}`,
    ),
    sql`, `,
  );

const kh = vitalHourDays;

/** A packed day's 72 aggregates (minima, maxima, sums) as 8-byte floats, from whichever of its arrays is set (schema). */
export const packedAggs = (row: SQL) =>
  sql`coalesce(${row}.${bare(kh.aggs)}, ${row}.${bare(kh.narrowAggs)}::float8[])`;

/** The start of the hour in slot `slot` (1–24) of the packed UTC day `day`. */
export const slotTime = (day: SQL, slot: SQL) =>
  sql`(${day} + (${slot} - 1) * interval '1 hour') at time zone 'UTC'`;

const utcDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The packed days and slots (1–24) of the hours starting in [from, to) (after `from`, with `after`): the first and
 * last days (days since the epoch), the first slot of the first day and the last of the last; null for no hour.
 */
function packedSlots(w: { from: number; to: number; after?: boolean }) {
  const firstHour = w.after ? Math.floor(w.from / HOUR_MS) + 1 : Math.ceil(w.from / HOUR_MS);
  const endHour = Math.ceil(w.to / HOUR_MS);
  if (firstHour >= endHour) return null;
  const firstDay = Math.floor(firstHour / 24);
  const lastDay = Math.floor((endHour - 1) / 24);
  return { firstDay, lastDay, firstSlot: firstHour - firstDay * 24 + 1, lastSlot: endHour - lastDay * 24 };
}

/**
 * The raw samples matching `filter` in [from, to) (timestamptz expressions), hot and packed (raw.ts), as rows of
 * BUCKET_ROW: one a sample, its time as the bucket.
 */
export function rawBucketRows(filter: VitalFilter, from: SQL, to: SQL): SQL {
  const r = RAW_ROW;
  const v = sql`s.${r.value}`;
  const row = bucketRow({
    userId: sql`s.${r.userId}`,
    measure: sql`s.${r.measure}`,
    bucket: sql`s.${r.at}`,
    min: v,
    max: v,
    sum: v,
    count: sql`1`,
  });
  return sql`select ${row} from (${rawSamples(filter, { from, to })}) s`;
}

/**
 * The one front door to hour buckets: those matching `filter` (applied to the hour table and to the packed one) from
 * `from` (after it, with `after`) to `to` (epoch ms, exclusive), as rows of BUCKET_ROW in no order. The hot rows union
 * the slots of the packed days overlapping the window (pack.ts moves hours a week old into `vital_hour_days`); a
 * window of hot days only reads the hour table alone.
 */
export function hourBuckets(filter: VitalFilter, w: { from: number; to: number; after?: boolean }): SQL {
  const from = at(w.from);
  const since = w.after ? sql`> ${from}` : sql`>= ${from}`;
  const hot = sql`select ${bucketRow({ ...h, bucket: h.bucket })} from ${h}
    where ${filter(h)} and ${h.bucket} ${since} and ${h.bucket} < ${at(w.to)}`;
  if (hoursHotFrom(w.from)) return hot;
  const day = sql`p.${bare(kh.day)}`;
  const slots = packedSlots(w);
  if (!slots) return hot;
  /** Aggregate `offset + i` of the slot, read in place from whichever array is set (no copy of the whole array). */
  const agg = (offset: number) => {
    const i = sql.raw(offset ? `${offset} + x.i` : "x.i");
    return sql`coalesce(p.${bare(kh.aggs)}[${i}], p.${bare(kh.narrowAggs)}[${i}]::float8)`;
  };
  const oneDay = slots.firstDay === slots.lastDay;
  const first = utcDate(slots.firstDay * DAY_MS);
  const last = utcDate(slots.lastDay * DAY_MS);
  // the slots of each day are known here: the edge day of a long window reads a few of 24, with no time worked out
  // and compared per slot (the 365-day staff report's first partial day, 1,000 members: 9,000 slots)
  const days = oneDay
    ? sql`${kh.day} = ${first}::date`
    : sql`${kh.day} >= ${first}::date and ${kh.day} <= ${last}::date`;
  const range = oneDay
    ? sql`${slots.firstSlot}::int, ${slots.lastSlot}::int`
    : sql`case when ${day} = ${first}::date then ${slots.firstSlot}::int else 1 end,
          case when ${day} = ${last}::date then ${slots.lastSlot}::int else 24 end`;
  const packed = sql`select ${bucketRow({
    userId: sql`p.${bare(kh.userId)}`,
    measure: sql`p.${bare(kh.measure)}`,
    bucket: slotTime(day, sql`x.i`),
    min: agg(0),
    max: agg(24),
    sum: agg(48),
    count: sql`p.${bare(kh.counts)}[x.i]`,
  })}
    from (select * from ${kh} where ${filter(kh)} and ${days}) p, generate_series(${range}) as x(i)
    where p.${bare(kh.counts)}[x.i] > 0`;
  return sql`${hot} union all ${packed}`;
}

/**
 * Where `bucketsOver`'s rows end (epoch ms, exclusive): the window's end, or for an open window (or one reaching past
 * now) the end of the bucket holding it (see there). What it reads depends only on the data in [start, reach).
 */
export function bucketsReach(
  w: { end: number; open?: boolean },
  levels: readonly Level[] = LEVELS,
  wholeCurrent = false,
): number {
  const tail = wholeCurrent ? levels.at(-1) : levels.includes("hour") ? "hour" : undefined;
  return (w.open || w.end >= Date.now()) && tail ? ceilBucket(tail, w.end) : w.end;
}

/**
 * The buckets and samples covering [start, end) at the given levels (see `coverRange`), as one union of rows
 * (BUCKET_ROW: user_id, measure, bucket, min, max, sum, count) matching `filter` (applied to the samples and to
 * every level's table in turn); null for an empty window. An `open` window (one that ends now) or one reaching
 * past now ends with the current hour's bucket instead of that hour's samples one by one: nothing is stored after
 * now but the upload skew. With `wholeCurrent` it ends with the current bucket of the coarsest level instead (the
 * current month's): the same samples, in far fewer rows (a year of a member: 27 instead of 67), for a reader
 * that does not use the buckets' times (max, min and mean over the window).
 */
export function bucketsOver(
  filter: VitalFilter,
  w: { start: number; end: number; open?: boolean },
  levels: readonly Level[] = LEVELS,
  wholeCurrent = false,
): SQL | null {
  const pieces = coverRange(w.start, bucketsReach(w, levels, wholeCurrent), levels).map(
    ({ level, from, to }) => {
      if (level === "raw") return rawBucketRows(filter, at(from), at(to));
      if (level === "hour") return hourBuckets(filter, { from, to });
      const { table: b, column } = LEVEL_TABLE[level];
      const row = bucketRow({ ...b, bucket: column });
      return sql`select ${row} from ${b} where ${filter(b)} and ${column} >= ${at(from)} and ${column} < ${at(to)}`;
    },
  );
  return pieces.length === 0 ? null : sql.join(pieces, sql` union all `);
}
