import type { MemberUser } from "@mimamori/shared";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { acceptedClientOf, clientMembershipOf, type ForgetMember } from "../../../db/membership-rules";
import { memberships, users } from "../../../db/schema";
import { AppError } from "../../../lib/errors";
import { forgetMemberAlertStates } from "../../alerts";
import { forgetMemberSnoozes } from "../../board";
import { recordConsentEvents } from "../../consents";
import { forgetMemberRequests } from "../../forms";
import { forgetMemberTunings } from "../../reports";
import { forgetMemberModules } from "../modules/queries";

/**
 * The entity's watched-over members (spec §3 User): accepted, invited (not answered yet: the entity sees none of
 * their data) and pending applications, in that order.
 */
export async function listMembers(db: Db, ws: string): Promise<MemberUser[]> {
  const rows = await db
    .select({ user: users, membership: memberships })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(clientMembershipOf(ws))
    .orderBy(asc(memberships.status), asc(memberships.createdAt), asc(users.email));
  return rows.map(memberUserOf);
}

function memberUserOf({
  user,
  membership,
}: {
  user: typeof users.$inferSelect;
  membership: typeof memberships.$inferSelect;
}): MemberUser {
  return {
    id: user.id,
    uid: user.id,
    name: user.name,
    email: user.email,
    language: user.language,
    is_active: membership.isActive,
    is_pending: membership.status === "pending",
    is_invited: membership.status === "invited",
    email_is_active: user.emailVerifiedAt !== null,
    created_at: membership.createdAt.toISOString(),
  };
}

/**
 * One accepted member of the entity, for the staff pages that open a member by id (their URLs carry ids only,
 * never a name or an e-mail address); 404 `member-not-found` for anyone else (invited, pending, another
 * entity's member, no such person).
 */
export async function acceptedMember(db: Db, ws: string, userId: string): Promise<MemberUser> {
  const [row] = await db
    .select({ user: users, membership: memberships })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(acceptedClientOf(ws), eq(memberships.userId, userId)));
  if (!row) throw new AppError("member-not-found");
  return memberUserOf(row);
}

/** E-mails (lower-case) of the given addresses that already belong to the entity: accepted, invited or pending. */
export async function memberEmails(db: Db, ws: string, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db
    .select({ email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(clientMembershipOf(ws), inArray(users.email, emails)));
  return new Set(rows.map((r) => r.email));
}

/**
 * Updates the client membership while it still has status `from` (checked in the same statement, so an
 * application withdrawn and replaced by an invitation meanwhile is never approved); false when nothing matched.
 */
export async function setMembership(
  db: Db,
  ws: string,
  userId: string,
  from: (typeof memberships.$inferSelect)["status"],
  values: Partial<typeof memberships.$inferInsert>,
): Promise<boolean> {
  const updated = await db
    .update(memberships)
    .set(values)
    .where(and(clientMembershipOf(ws), eq(memberships.userId, userId), eq(memberships.status, from)))
    .returning({ userId: memberships.userId });
  return updated.length > 0;
}

/**
 * Removes the membership and, permanently, what the entity holds about the person (spec §5: "all related data"):
 * module subscriptions, report tunings, the requests of its forms with their answers (cascade), the person on its
 * forms' recipient lists and schedules, and its alert states. Their account and their own band data stay theirs.
 */
/**
 * Each feature that keeps rows per entity and member forgets its own when a membership ends
 * (`members.test.ts` checks that no such row is left).
 */
const FORGET_MEMBER: ForgetMember[] = [
  forgetMemberModules,
  forgetMemberTunings,
  forgetMemberAlertStates,
  forgetMemberSnoozes,
  forgetMemberRequests,
];

export async function removeMember(db: Db, ws: string, userId: string) {
  await db.transaction(async (tx) => {
    for (const forget of FORGET_MEMBER) await forget(tx, ws, userId);
    const gone = await tx
      .delete(memberships)
      .where(and(clientMembershipOf(ws), eq(memberships.userId, userId)))
      .returning({ status: memberships.status });
    // the end of a consented membership is in the person's consent history; a withdrawn invitation is not
    if (gone.some((m) => m.status === "accepted"))
      await recordConsentEvents(tx, [{ userId, kind: "membership-left", workspace: ws }]);
  });
}
