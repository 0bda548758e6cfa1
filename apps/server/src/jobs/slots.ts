import { eq, max } from "drizzle-orm";
import type { Db } from "../db/client";
import { jobSlots } from "../db/schema";

/**
 * Claims one slot of a job (`job`, `slotAt`): true when this caller is the one to do it. Run it in the SAME
 * transaction as the slot's work: the row commits with the work, so two server instances on one PostgreSQL do
 * the slot once (the second insert waits for the first transaction and then finds the row), and a crash or an
 * error before commit leaves no row, so the slot is done at a later tick.
 */
export async function claimSlot(tx: Db, job: string, slotAt: Date): Promise<boolean> {
  const claimed = await tx
    .insert(jobSlots)
    .values({ job, slotAt })
    .onConflictDoNothing()
    .returning({ job: jobSlots.job });
  return claimed.length === 1;
}

/** The latest claimed slot of a job (null: none yet). */
export async function lastSlot(db: Db, job: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(jobSlots.slotAt) })
    .from(jobSlots)
    .where(eq(jobSlots.job, job));
  return row?.at ?? null;
}
