import { type Measure, measureByNumber, measureOf, type Snooze, type SnoozeBody } from "@mimamori/shared";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { acceptedClientOf, type ForgetMember } from "../../db/membership-rules";
import { memberSnoozes, memberships, users } from "../../db/schema";
import { AppError } from "../../lib/errors";

/*
 * Snoozes (issue 28 §1; docs/decisions.md "The watch board"): a staff member pauses the alert mails of one member's
 * measure for the entity, for a length and with a reason. The limits are the body schema's (SNOOZE_LIMITS); the
 * alert engine reads the table (evaluate.ts), the mail jobs skip what it marked (mails.ts, escalation.ts).
 */

const z = memberSnoozes;
const by = alias(users, "snoozer");

/** One snooze of `ws` as the API answers it, or undefined. */
async function readSnooze(db: Db, ws: string, id: number): Promise<Snooze | undefined> {
  const [row] = await db
    .select({
      id: z.id,
      measure: z.measure,
      startsAt: z.startsAt,
      until: z.until,
      reason: z.reason,
      uid: users.id,
      name: users.name,
      email: users.email,
      byUid: by.id,
      byName: by.name,
    })
    .from(z)
    .innerJoin(users, eq(users.id, z.userId))
    .leftJoin(by, eq(by.id, z.createdBy))
    .where(and(eq(z.id, id), eq(z.workspaceName, ws)));
  if (!row) return undefined;
  return {
    id: row.id,
    user: { uid: row.uid, name: row.name, email: row.email },
    report_id: (measureByNumber(row.measure) as Measure).id,
    starts_at: row.startsAt.toISOString(),
    until: row.until.toISOString(),
    reason: row.reason,
    by: { uid: row.byUid ?? "", name: row.byName ?? "" },
  };
}

/**
 * POST /staff/{ws}/snoozes: from now for `minutes`. The member must be an accepted client member of this entity
 * (404 member-not-found otherwise: another entity's member, an invitation, a stranger look the same).
 */
export async function createSnooze(
  db: Db,
  ws: string,
  callerId: string,
  body: SnoozeBody,
  now = Date.now(),
): Promise<Snooze> {
  const [member] = await db
    .select({ id: memberships.userId })
    .from(memberships)
    .where(and(acceptedClientOf(ws), eq(memberships.userId, body.user_id)));
  if (!member) throw new AppError("member-not-found");
  const [row] = await db
    .insert(z)
    .values({
      workspaceName: ws,
      userId: body.user_id,
      measure: measureOf(body.report_id).measure,
      startsAt: new Date(now),
      until: new Date(now + body.minutes * 60_000),
      reason: body.reason,
      createdBy: callerId,
    })
    .returning({ id: z.id });
  const created = row && (await readSnooze(db, ws, row.id));
  if (!created) throw new Error("snooze: not read back");
  return created;
}

/** DELETE /staff/{ws}/snoozes/{id}: ends a snooze of `ws` under way now; 404 snooze-not-found for any other. */
export async function endSnooze(db: Db, ws: string, id: number, now = Date.now()): Promise<void> {
  const ended = await db
    .update(z)
    .set({ endedAt: new Date(now) })
    .where(
      and(
        eq(z.id, id),
        eq(z.workspaceName, ws),
        isNull(z.endedAt),
        gt(z.until, sql`${new Date(now).toISOString()}::timestamptz`),
      ),
    )
    .returning({ id: z.id });
  if (!ended.length) throw new AppError("snooze-not-found");
}

/** A member's snoozes in an entity go with their membership. */
export const forgetMemberSnoozes: ForgetMember = async (tx, ws, userId) => {
  await tx
    .delete(memberSnoozes)
    .where(and(eq(memberSnoozes.workspaceName, ws), eq(memberSnoozes.userId, userId)));
};
