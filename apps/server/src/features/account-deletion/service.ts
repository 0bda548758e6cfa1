import { ACCOUNT_DELETION_GRACE_DAYS, type AccountDeletion } from "@mimamori/shared";
import { and, eq, inArray, isNull, lte } from "drizzle-orm";
import { changesOf } from "../../db/changes";
import type { Db } from "../../db/client";
import { memberships, sessions, users } from "../../db/schema";
import { systemClock } from "../../jobs/clock";
import type { AppContext } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { purgeAccount } from "./purge";

const DAY_MS = 24 * 3600 * 1000;

/**
 * Closes an account at once (issue 29 §4; docs/decisions.md "Deleting an account"): every session ends, its
 * accepted memberships become `closed` (no rule counts them: staff no longer see the person anywhere) and the
 * pending or invited ones go; its rows are deleted ACCOUNT_DELETION_GRACE_DAYS later by the deletion job unless the
 * person signs in before (identity/auth/service.ts `signIn`). 409 when already closed, or for the last open super
 * user.
 */
export async function closeAccount(
  ctx: AppContext,
  userId: string,
  by: "self" | "admin",
): Promise<AccountDeletion> {
  const now = (ctx.clock ?? systemClock).now();
  const due = new Date(now.getTime() + ACCOUNT_DELETION_GRACE_DAYS * DAY_MS);
  await ctx.db.transaction(async (tx) => {
    // the super users are locked together, so two of them closing each other at once cannot leave none
    const supers = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.isSuperUser, true), isNull(users.closedAt)))
      .for("update");
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!user) throw new AppError("user-missing");
    if (user.closedAt) throw new AppError("account-already-closed");
    if (user.isSuperUser && !supers.some((s) => s.id !== userId)) throw new AppError("last-super-user");
    await tx
      .update(users)
      .set({ closedAt: now, deletionDueAt: due, deletionRequestedBy: by, updatedAt: now })
      .where(eq(users.id, userId));
    await tx
      .delete(memberships)
      .where(and(eq(memberships.userId, userId), inArray(memberships.status, ["pending", "invited"])));
    await tx
      .update(memberships)
      .set({ status: "closed" })
      .where(and(eq(memberships.userId, userId), eq(memberships.status, "accepted")));
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  });
  // drops the kept session lookups (lib/access.ts) and every kept staff answer (reports, boards) naming the person
  changesOf(ctx.db).everything();
  return { closed_at: now.toISOString(), deletion_due_at: due.toISOString() };
}

/**
 * Deletes every account whose grace period has ended by `now`, one transaction each. An account is taken with
 * FOR UPDATE SKIP LOCKED and is gone when its transaction commits, so servers sharing the database never delete
 * one twice, and a failure leaves that account for the next run. Answers how many were deleted.
 */
export async function deleteDueAccounts(db: Db, now: Date): Promise<number> {
  let deleted = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const [due] = await tx
        .select({ id: users.id })
        .from(users)
        .where(lte(users.deletionDueAt, now))
        .orderBy(users.deletionDueAt)
        .limit(1)
        .for("update", { skipLocked: true });
      if (!due) return false;
      await purgeAccount(tx, due.id);
      return true;
    });
    if (!done) return deleted;
    deleted++;
  }
}
