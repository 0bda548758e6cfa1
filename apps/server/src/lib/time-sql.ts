import { type SQL, sql } from "drizzle-orm";
import { type Db, oneRow } from "../db/client";
import { AppError } from "./errors";

/**
 * A numeric array parameter, sent as one array literal (`{1,2.5,3}`; cast it in SQL): the drivers' generic
 * array encoding quotes and escapes every element, a large share of an ingest batch's CPU time.
 */
export const numbers = (xs: number[]) => sql.param(`{${xs.join(",")}}`);

/** A timestamptz parameter from epoch milliseconds. */
export const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;

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

/** Epoch seconds of the local midnight `daysBack` days before the local day holding `ms`, in zone `tz`. */
export async function localMidnight(db: Db, ms: number, tz: string, daysBack = 0): Promise<number> {
  const r = await oneRow<{ t: number }>(
    db,
    sql`select extract(epoch from ((date_trunc('day', ${at(ms)} at time zone ${tz}) - make_interval(days => ${daysBack}::int)) at time zone ${tz}))::float8 as t`,
  );
  return r.t;
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
