import { and, count, eq, gte, inArray, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rateEvents } from "../../db/schema";

/** Counts events per key in a sliding window, in the DB so that every server instance shares the limit. */
export class Throttle {
  constructor(
    private readonly db: Db,
    private readonly kind: string,
    private readonly max: number,
    private readonly windowS: number,
  ) {}

  private since() {
    return new Date(Date.now() - this.windowS * 1000);
  }

  async isLimited(keys: string[]): Promise<boolean> {
    const rows = await this.db
      .select({ key: rateEvents.key, n: count() })
      .from(rateEvents)
      .where(
        and(eq(rateEvents.kind, this.kind), inArray(rateEvents.key, keys), gte(rateEvents.at, this.since())),
      )
      .groupBy(rateEvents.key);
    return rows.some((r) => r.n >= this.max);
  }

  async record(keys: string[]): Promise<void> {
    await this.db.insert(rateEvents).values(keys.map((key) => ({ kind: this.kind, key })));
  }

  async clear(key: string): Promise<void> {
    await this.db.delete(rateEvents).where(and(eq(rateEvents.kind, this.kind), eq(rateEvents.key, key)));
  }

  /** Drops events older than the window; called opportunistically. */
  async prune(): Promise<void> {
    await this.db
      .delete(rateEvents)
      .where(and(eq(rateEvents.kind, this.kind), lt(rateEvents.at, this.since())));
  }
}
