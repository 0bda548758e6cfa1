import type { StaffMember } from "@mimamori/shared";
import { and, asc, count, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { memberships, users } from "../../db/schema";
import { AppError } from "../../lib/errors";

const staffOf = (ws: string) =>
  and(eq(memberships.workspaceName, ws), eq(memberships.role, "staff"), eq(memberships.status, "accepted"));

export async function listStaff(db: Db, ws: string): Promise<StaffMember[]> {
  return db
    .select({ uid: users.id, name: users.name, email: users.email, language: users.language })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(staffOf(ws))
    .orderBy(asc(users.name));
}

/** Adds the owner of an existing account as staff (spec §6: staff are added by e-mail of an existing account). */
export async function addStaff(db: Db, ws: string, email: string): Promise<void> {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  if (!user) throw new AppError(404, "user-not-found", "email");
  const [row] = await db
    .insert(memberships)
    .values({ workspaceName: ws, userId: user.id, role: "staff", status: "accepted" })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError(409, "already-staff", "email");
}

export async function staffCount(db: Db, ws: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(memberships).where(staffOf(ws));
  return row?.n ?? 0;
}
