import { isIPv6 } from "node:net";
import { and, count, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { rateEvents } from "../../../db/schema";

/** At most `max` events of `kind` for `key` within the last `windowS` seconds. */
export interface Limit {
  kind: string;
  key: string;
  max: number;
  windowS: number;
}

/** The window's start on the database's clock, so that every server instance agrees on it. */
const since = (windowS: number): SQL => sql`now() - (${windowS}::int * interval '1 second')`;

const lockName = (l: Limit) => `rate:${l.kind}:${l.key}`;

/**
 * Takes one slot under every limit, or none: records an event per limit unless one of them is used up, and
 * returns the recorded events' ids (to `releaseSlots` when the attempt turns out not to count), or null when
 * limited. Each (kind, key) is locked for the transaction (advisory lock, taken in a fixed order), so parallel
 * requests, on one server or on several sharing the PostgreSQL, are counted one after another: however many
 * arrive at once, at most `max` of them get a slot. Use this *before* the work the limit protects.
 */
export async function takeSlots(db: Db, limits: Limit[]): Promise<string[] | null> {
  if (limits.length === 0) return [];
  const ordered = [...limits].sort((a, b) => (lockName(a) < lockName(b) ? -1 : 1));
  return db.transaction(async (tx) => {
    for (const l of ordered)
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${lockName(l)}, 0))`);
    for (const l of ordered) {
      const [row] = await tx
        .select({ n: count() })
        .from(rateEvents)
        .where(
          and(eq(rateEvents.kind, l.kind), eq(rateEvents.key, l.key), gte(rateEvents.at, since(l.windowS))),
        );
      if ((row?.n ?? 0) >= l.max) return null;
    }
    const inserted = await tx
      .insert(rateEvents)
      .values(limits.map((l) => ({ kind: l.kind, key: l.key })))
      .returning({ id: rateEvents.id });
    return inserted.map((r) => r.id);
  });
}

/** Gives back slots taken by `takeSlots` (e.g. the password was right, so the attempt was no failure). */
export async function releaseSlots(db: Db, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.delete(rateEvents).where(inArray(rateEvents.id, ids));
}

/** Forgets every event of one key (e.g. an account's failures after a successful sign-in). */
export async function clearKey(db: Db, kind: string, key: string): Promise<void> {
  await db.delete(rateEvents).where(and(eq(rateEvents.kind, kind), eq(rateEvents.key, key)));
}

/** Drops events older than any window in use (a day); called opportunistically. */
export async function pruneRateEvents(db: Db, olderThanS = 24 * 3600): Promise<void> {
  await db.delete(rateEvents).where(lt(rateEvents.at, since(olderThanS)));
}

/**
 * The key of a client address for per-IP limits. An IPv6 client usually holds a whole /64 and can change
 * addresses inside it at will, so IPv6 addresses count per /64; IPv4-mapped IPv6 addresses as IPv4.
 */
export function ipKey(ip: string): string {
  const bare = ip.replace(/%.*$/, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return mapped[1] as string;
  if (!isIPv6(bare)) return bare;
  const [head = "", tail] = bare.split("::");
  const groups = (s: string) =>
    s === "" ? [] : s.split(":").flatMap((g) => (g.includes(".") ? ["0", "0"] : [g]));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const all = [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  return `${all
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(":")}::/64`;
}

/**
 * One kind of event with one limit per key. `take` is the race-free way to count attempts; `isLimited` followed
 * by `record` is not atomic (parallel requests can all pass the check) and is kept for callers that only report.
 */
export class Throttle {
  constructor(
    private readonly db: Db,
    private readonly kind: string,
    private readonly max: number,
    private readonly windowS: number,
  ) {}

  private limits(keys: string[]): Limit[] {
    return keys.map((key) => ({ kind: this.kind, key, max: this.max, windowS: this.windowS }));
  }

  /** See `takeSlots`. */
  take(keys: string[]): Promise<string[] | null> {
    return takeSlots(this.db, this.limits(keys));
  }

  async isLimited(keys: string[]): Promise<boolean> {
    const rows = await this.db
      .select({ key: rateEvents.key, n: count() })
      .from(rateEvents)
      .where(
        and(
          eq(rateEvents.kind, this.kind),
          inArray(rateEvents.key, keys),
          gte(rateEvents.at, since(this.windowS)),
        ),
      )
      .groupBy(rateEvents.key);
    return rows.some((r) => r.n >= this.max);
  }

  async record(keys: string[]): Promise<void> {
    await this.db.insert(rateEvents).values(keys.map((key) => ({ kind: this.kind, key })));
  }

  clear(key: string): Promise<void> {
    return clearKey(this.db, this.kind, key);
  }

  /** Drops events older than the window; called opportunistically. */
  async prune(): Promise<void> {
    await this.db
      .delete(rateEvents)
      .where(and(eq(rateEvents.kind, this.kind), lt(rateEvents.at, since(this.windowS))));
  }
}
