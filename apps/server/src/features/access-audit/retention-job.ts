import { lt, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { type Db, rows } from "../../db/client";
import { accessAudit } from "../../db/schema";
import type { Job } from "../../jobs/runner";

export const AUDIT_RETENTION_JOB = "access-audit-retention";

/**
 * Removes audit rows older than the retention period (AUDIT_RETENTION_YEARS, default 5), once a day. The table
 * refuses deletes (migration 0010's trigger) unless the transaction says it is this job.
 */
export function auditRetentionJob(db: Db, years: number, log: FastifyBaseLogger): Job {
  return {
    name: AUDIT_RETENTION_JOB,
    every: "0 30 3 * * *",
    changes: "none",
    async run(now) {
      const cutoff = new Date(now);
      cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
      const removed = await removeExpired(db, cutoff);
      if (removed) log.info({ removed }, "access audit rows past retention removed");
    },
  };
}

/** Deletes the rows recorded before `cutoff`; answers how many. */
export async function removeExpired(db: Db, cutoff: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('mimamori.audit_maintenance', 'on', true)`);
    const [gone] = await rows<{ n: number }>(
      tx,
      sql`with d as (delete from ${accessAudit} where ${lt(accessAudit.at, cutoff)} returning 1)
        select count(*)::int as n from d`,
    );
    return gone?.n ?? 0;
  });
}
