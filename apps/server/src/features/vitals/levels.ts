import { type SQL, sql } from "drizzle-orm";
import { at } from "./sql";

/** Bucket levels, finest first. All are aligned to UTC; months are calendar months. */
export const LEVELS = ["15m", "hour", "day", "month"] as const;
export type Level = (typeof LEVELS)[number];

/** Table and time column of each level (the day table predates the common column name). */
export const LEVEL_TABLE: Record<Level, { table: SQL; column: SQL }> = {
  "15m": { table: sql.raw("vital_buckets_15m"), column: sql.raw("bucket") },
  hour: { table: sql.raw("vital_buckets_hour"), column: sql.raw("bucket") },
  day: { table: sql.raw("vital_buckets_day"), column: sql.raw("day") },
  month: { table: sql.raw("vital_buckets_month"), column: sql.raw("bucket") },
};

const FIXED_MS = { "15m": 900_000, hour: 3_600_000, day: 86_400_000 } as const;

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
  level: Level;
  /** Epoch milliseconds, end exclusive; both are bucket starts of `level`. */
  from: number;
  to: number;
}

/**
 * Covers [from, to) with whole buckets, the coarsest that fit: months in the middle, then days, hours and
 * 15-minute buckets towards the edges. Both ends must be 15-minute aligned. A year reads about a hundred
 * buckets per user and measure instead of 35,000 quarter hours.
 */
export function coverRange(from: number, to: number, levels: readonly Level[] = LEVELS): Piece[] {
  if (from >= to) return [];
  const level = levels[levels.length - 1];
  const finer = levels.slice(0, -1);
  if (finer.length === 0) return [{ level, from, to }];
  const a = ceilBucket(level, from);
  const b = bucketStart(level, to);
  if (a >= b) return coverRange(from, to, finer);
  return [...coverRange(from, a, finer), { level, from: a, to: b }, ...coverRange(b, to, finer)];
}

/** The 15-minute bucket boundary at or after `ms`: windows end inside the bucket that holds their end. */
export const ceil15m = (ms: number) => ceilBucket("15m", ms);

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at `ms`, in minutes (the platform's time-zone data). */
export function zoneOffsetMinutes(tz: string, ms: number): number {
  let f = offsetFormats.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeZone: tz, timeZoneName: "longOffset" });
    offsetFormats.set(tz, f);
  }
  const name = f.formatToParts(ms).find((p) => p.type === "timeZoneName")?.value ?? "";
  const m = /([+-])(\d{2}):(\d{2})/.exec(name);
  return m ? (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

const WEEK_MS = 7 * 86_400_000;

/**
 * The levels whose buckets each lie inside one local hour of `tz` over [from, to): UTC hours too when the
 * zone's offset is whole hours throughout (checked weekly, as offsets change at most twice a year), only
 * 15-minute buckets otherwise (India, Nepal, Newfoundland, …).
 */
export function localHourLevels(tz: string, from: number, to: number): Level[] {
  for (let t = from; ; t = Math.min(t + WEEK_MS, to)) {
    if (zoneOffsetMinutes(tz, t) % 60 !== 0) return ["15m"];
    if (t >= to) return ["15m", "hour"];
  }
}

/**
 * The buckets covering [from, to) at the given levels (see `coverRange`; the window ends inside the bucket
 * that holds `to`), as one union of rows (user_id, bucket, min, max, sum, count) matching `filter`;
 * null for an empty window.
 */
export function bucketsOver(
  filter: SQL,
  from: number,
  to: number,
  levels: readonly Level[] = LEVELS,
): SQL | null {
  const pieces = coverRange(from, ceil15m(to), levels).map(({ level, from, to }) => {
    const { table, column } = LEVEL_TABLE[level];
    return sql`select user_id, ${column} as bucket, min, max, sum, count from ${table}
      where ${filter} and ${column} >= ${at(from)} and ${column} < ${at(to)}`;
  });
  return pieces.length === 0 ? null : sql.join(pieces, sql` union all `);
}
