/*
 * Which days of vital data stay hot (plain rows that uploads write) and which may be packed (pack.ts): raw samples
 * from yesterday on stay hot, hour buckets a week longer.
 */

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/**
 * How far the servers' clocks may disagree: a day is packed once it ended more than a day and this before now, so
 * that an upload for today or yesterday by any server's clock never meets a packed day (store.ts skips the unpack).
 */
export const PACK_CLOCK_SKEW_MS = 3_600_000;

/** Start (epoch ms) of the first UTC day that stays hot at `now`: yesterday's (by the slower clock, less the skew). */
export function hotFrom(now: number): number {
  const t = Math.min(now, Date.now()) - PACK_CLOCK_SKEW_MS;
  return Math.floor(t / DAY_MS) * DAY_MS - DAY_MS;
}

/**
 * Days whose hour buckets stay rows of `vital_buckets_hour` before the hot days: the board's week of wear reads that
 * table alone (features/board/board.ts: seven local days, the first starting up to 14 hours before its UTC day).
 */
export const HOT_HOUR_DAYS = 7;

/** Start (epoch ms) of the first UTC day whose hour buckets stay hot at `now` (see hotFrom). */
export const hourHotFrom = (now: number) => hotFrom(now) - HOT_HOUR_DAYS * DAY_MS;

/**
 * Whether hour buckets from `ms` on are all hot rows (none packed), whatever a server packed by now: a reader of such
 * a window reads the hour table alone. Allows for a pack starting a new day while the reader's statement runs.
 */
export const hoursHotFrom = (ms: number) => ms >= hourHotFrom(Date.now()) + DAY_MS;
