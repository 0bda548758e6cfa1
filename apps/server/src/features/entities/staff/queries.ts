import type { StaffMember } from "@mimamori/shared";
import { and, asc, count, eq, inArray, or } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { EntityRow } from "../../../db/entities";
import { acceptedStaffOf, clientMembershipOf, staffMembershipOf } from "../../../db/membership-rules";
import { entities, memberships, users } from "../../../db/schema";
import type { AppContext } from "../../../lib/context";
import { AppError } from "../../../lib/errors";
import { releaseSlots } from "../../identity";
import { sendInvitations, takeInvitationSlot } from "../invitations/service";

/** The entity's staff and the staff invitations not answered yet (`is_invited`: no access until accepted). */
export async function listStaff(db: Db, ws: string): Promise<StaffMember[]> {
  const rows = await db
    .select({
      uid: users.id,
      name: users.name,
      email: users.email,
      language: users.language,
      status: memberships.status,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(staffMembershipOf(ws), inArray(memberships.status, ["accepted", "invited"])))
    .orderBy(asc(users.name));
  return rows.map(({ status, ...s }) => ({ ...s, is_invited: status === "invited" }));
}

/** The person's staff membership of the entity, with the account's e-mail. */
export async function staffMembership(db: Db, ws: string, email: string) {
  const [row] = await db
    .select({ userId: users.id, status: memberships.status })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(staffMembershipOf(ws), eq(users.email, email)));
  return row ?? null;
}

async function requireAccount(db: Db, ws: string, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  if (!user) throw new AppError("user-not-found", "email");
  const existing = await staffMembership(db, ws, email);
  if (existing)
    throw new AppError(existing.status === "invited" ? "already-invited" : "already-staff", "email");
  return user;
}

/**
 * A super user adds the owner of an existing account as staff (spec §6: staff are added by e-mail of an existing
 * account). As when staff add staff, the person is invited and sees nothing of the members until they accept
 * (issue 29 §5); the one exception is the first staff member of an entity that has no staff and no member yet,
 * made staff at once so that someone can run it: there is nobody's data to see (docs/decisions.md, "A super user
 * adding staff"). Answers whether an invitation was sent.
 */
export async function addStaff(
  ctx: AppContext,
  entity: EntityRow,
  email: string,
): Promise<"invited" | "added"> {
  const ws = entity.workspaceName;
  const first = await ctx.db.transaction(async (tx) => {
    // the entity's row locked: two first additions at once make one staff member and one invitation
    await tx
      .select({ ws: entities.workspaceName })
      .from(entities)
      .where(eq(entities.workspaceName, ws))
      .for("update");
    const [people] = await tx
      .select({ n: count() })
      .from(memberships)
      .where(or(acceptedStaffOf(ws), clientMembershipOf(ws)));
    if (people?.n) return false;
    const user = await requireAccount(tx, ws, email);
    const [row] = await tx
      .insert(memberships)
      .values({
        workspaceName: ws,
        userId: user.id,
        role: "staff",
        status: "accepted",
        acceptedAt: new Date(),
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError("already-staff", "email");
    return true;
  });
  if (first) return "added";
  await inviteStaff(ctx, entity, email);
  return "invited";
}

/**
 * Staff invite the owner of an existing account to be staff too; only the person's acceptance on
 * /client/entities gives access. The invitation mail counts against the invitation caps (429 over them).
 */
export async function inviteStaff(ctx: AppContext, entity: EntityRow, email: string): Promise<void> {
  const ws = entity.workspaceName;
  const user = await requireAccount(ctx.db, ws, email);
  const slots = await takeInvitationSlot(ctx.db, ws, user.email);
  if (!slots) throw new AppError("too-many-invitations", "email");
  const [row] = await ctx.db
    .insert(memberships)
    .values({ workspaceName: ws, userId: user.id, role: "staff", status: "invited" })
    .onConflictDoNothing()
    .returning();
  if (!row) {
    await releaseSlots(ctx.db, slots);
    throw new AppError("already-invited", "email");
  }
  sendInvitations(ctx, entity, [
    {
      userId: user.id,
      email: user.email,
      name: user.name,
      language: user.language,
      role: "staff",
      hasPassword: user.passwordHash !== null,
    },
  ]);
}

/** Accepted staff only: an invitation does not count towards keeping an entity staffed. */
export async function staffCount(db: Db, ws: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(memberships).where(acceptedStaffOf(ws));
  return row?.n ?? 0;
}
