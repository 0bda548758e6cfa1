import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { AppError } from "./errors";

/** A timestamptz parameter from epoch milliseconds. */
export const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;

/**
 * Timestamps read in raw SQL come back as epoch milliseconds (`float8`): the two drivers return `timestamptz`
 * text in different shapes, a number is the same on both.
 */
export const ms = (col: SQL | unknown) => sql`(extract(epoch from ${col}) * 1000)::float8`;

/** An ISO instant from epoch milliseconds (null stays null). */
export function iso(msValue: number): string;
export function iso(msValue: number | null): string | null;
export function iso(msValue: number | null): string | null {
  return msValue === null ? null : new Date(Math.round(msValue)).toISOString();
}

/** Epoch seconds of a timestamptz expression, as a JS number. */
export const epoch = (col: SQL) => sql`extract(epoch from ${col})::float8`;

/**
 * Start (epoch seconds) of the local period of `unit` that holds `col` in zone `tz`.
 * Hours are computed from the offset in force at `col`, so the two 01:00 hours of a night when clocks go
 * back stay apart and zones with 30- or 45-minute offsets get their own hour boundaries.
 */
export function localStart(col: SQL, unit: "10m" | "hour" | "day" | "month", tz: string): SQL {
  if (unit === "day" || unit === "month")
    return sql`extract(epoch from (date_trunc(${unit}, ${col} at time zone ${tz}) at time zone ${tz}))::float8`;
  const size = unit === "hour" ? 3600 : 600;
  const off = sql`extract(epoch from ((${col} at time zone ${tz}) - (${col} at time zone 'UTC')))`;
  return sql`(floor((extract(epoch from ${col}) + ${off}) / ${size}) * ${size} - ${off})::float8`;
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

const formatOf = (cache: Map<string, Intl.DateTimeFormat>, tz: string, o: Intl.DateTimeFormatOptions) => {
  let f = cache.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeZone: tz, ...o });
    cache.set(tz, f);
  }
  return f;
};

/** The zone's offset from UTC at `ms`, in minutes (the platform's time-zone data). */
export function zoneOffsetMinutes(tz: string, ms: number): number {
  const f = formatOf(offsetFormats, tz, { timeZoneName: "longOffset" });
  const name = f.formatToParts(ms).find((p) => p.type === "timeZoneName")?.value ?? "";
  const m = /([+-])(\d{2}):(\d{2})/.exec(name);
  return m ? (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * The instant (epoch ms) of the local wall time `wall` (a local date and time written as if it were UTC, epoch
 * ms) in zone `tz`, as PostgreSQL's `timestamp at time zone` resolves it (DetermineTimeZoneOffset): it takes the
 * first offset change after `wall` − 24 h; a time in the gap of a change forward is read with the offset before
 * it, a time repeated by a change back with the offset after it (the later instant in both cases).
 */
function wallToInstant(tz: string, wall: number): number {
  const from = wall - DAY_MS;
  const before = zoneOffsetMinutes(tz, from) * 60_000;
  // offsets lie within ±15 h, so an instant of `wall` lies before wall + 15 h; a change after that one cannot
  // decide between the two readings
  const horizon = wall + 15 * HOUR_MS;
  if (zoneOffsetMinutes(tz, horizon) * 60_000 === before && noChangeBetween(tz, from, horizon, before))
    return wall - before;
  // the first instant whose offset differs from `before`, to the second
  let lo = from;
  let hi = horizon;
  for (let t = from + HOUR_MS; t < horizon; t += HOUR_MS)
    if (zoneOffsetMinutes(tz, t) * 60_000 !== before) {
      hi = t;
      break;
    }
  lo = Math.max(from, hi - HOUR_MS);
  while (hi - lo > 1000) {
    const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
    if (zoneOffsetMinutes(tz, mid) * 60_000 === before) lo = mid;
    else hi = mid;
  }
  const boundary = hi;
  const after = zoneOffsetMinutes(tz, boundary) * 60_000;
  const beforeTime = wall - before;
  const afterTime = wall - after;
  if (beforeTime < boundary && afterTime < boundary) return beforeTime;
  if (beforeTime >= boundary && afterTime >= boundary) return afterTime;
  return Math.max(beforeTime, afterTime);
}

/** No offset change in [from, to] (sampled every 6 h: changes are months apart, never back within hours). */
function noChangeBetween(tz: string, from: number, to: number, offset: number): boolean {
  for (let t = from + 6 * HOUR_MS; t < to; t += 6 * HOUR_MS)
    if (zoneOffsetMinutes(tz, t) * 60_000 !== offset) return false;
  return true;
}

/**
 * The local midnight `daysBack` days before the local day holding `ms` in zone `tz`, computed here rather than
 * asked of the database (a round trip per report): the same instant (epoch ms) PostgreSQL gives for
 * `(date_trunc('day', ms at time zone tz) - daysBack days) at time zone tz`, daylight saving included.
 */
export function localMidnightMs(ms: number, tz: string, daysBack = 0): number {
  const [year, month, day] = localDateParts(ms, tz);
  return wallToInstant(tz, Date.UTC(year, month - 1, day - daysBack));
}

/** The local year, month (1–12) and day of the instant `ms` in zone `tz` (a formatter kept per zone). */
function localDateParts(ms: number, tz: string): [number, number, number] {
  const parts = formatOf(dateFormats, tz, {
    year: "numeric",
    month: "numeric",
    day: "numeric",
  }).formatToParts(ms);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return [part("year"), part("month"), part("day")];
}

/** The local date (YYYY-MM-DD) of the instant `ms` in zone `tz`. */
export function localDateIso(ms: number, tz: string): string {
  const [year, month, day] = localDateParts(ms, tz);
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

const knownZones = new Set<string>();

/**
 * Refuses (400 invalid-timezone) a zone the database does not know, in case its time-zone data differs from
 * the platform's (which validated the name); each zone is asked once per process.
 */
export async function ensureZone(db: Db, tz: string | undefined): Promise<void> {
  if (tz === undefined || knownZones.has(tz)) return;
  try {
    await db.execute(sql`select now() at time zone ${tz}`);
  } catch {
    throw new AppError("invalid-timezone");
  }
  knownZones.add(tz);
}
