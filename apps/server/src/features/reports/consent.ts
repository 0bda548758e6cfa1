import type { Measure } from "@mimamori/shared";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rows } from "../../db/client";
import { sleepSessions } from "../../db/schema";
import { at, epoch } from "../../lib/time-sql";

/**
 * The first second (epoch) from which staff may see a member's data of measure `m`: their consent, accepted_at
 * (docs/decisions.md, Trust); for sleep, after the end of a night that was under way at consent, because a
 * night counts whole on the morning it ends. Without a recorded consent nothing is shown (Infinity).
 */
export async function consentStart(db: Db, userId: string, acceptedAt: Date | null, m: Measure) {
  if (!acceptedAt) return Number.POSITIVE_INFINITY;
  const since = acceptedAt.getTime();
  if (m.aggregation === "sleep") {
    const s = sleepSessions;
    const [night] = await rows<{ end: number | null }>(
      db,
      sql`select ${epoch(sql`max(${s.endAt})`)} as end from ${s}
        where ${s.userId} = ${userId}::uuid and ${s.startAt} < ${at(since)} and ${s.endAt} >= ${at(since)}`,
    );
    if (night?.end != null) return Math.floor(night.end) + 1;
  }
  return Math.ceil(since / 1000);
}

/** The query with its window starting no earlier than `since` (an empty window when it ends before). */
export const fromConsent = <Q extends { start_time: number; end_time: number }>(q: Q, since: number): Q => ({
  ...q,
  start_time: Math.min(Math.max(q.start_time, since), q.end_time),
});
