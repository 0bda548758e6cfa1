import type { StaffMember } from "@mimamori/shared";
import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { EntityRow } from "../../db/entities";
import { acceptedStaffOf, staffMembershipOf } from "../../db/membership-rules";
import { memberships, users } from "../../db/schema";
import type { AppContext } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { releaseSlots } from "../auth/throttle";
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
 * A super user makes the owner of an existing account staff at once: an entity needs its first staff member
 * before anyone in it can invite (spec §6: staff are added by e-mail of an existing account).
 */
export async function addStaff(db: Db, ws: string, email: string): Promise<void> {
  const user = await requireAccount(db, ws, email);
  const [row] = await db
    .insert(memberships)
    .values({ workspaceName: ws, userId: user.id, role: "staff", status: "accepted", acceptedAt: new Date() })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError("already-staff", "email");
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
