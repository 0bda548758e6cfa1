import { entities, memberships, users } from "../db/schema";
import { hashPassword } from "../lib/crypto";
import type { TestApp } from "./app";

export type Role = "anonymous" | "client" | "staff" | "otherStaff" | "admin" | "outsider";

/** The roles refused a route of sakura's staff, each with the status it is answered. */
export const REFUSED_SAKURA_STAFF_ROUTE = [
  ["anonymous", 401],
  ["client", 403],
  ["admin", 403],
  ["otherStaff", 403],
] as const satisfies readonly (readonly [Role, number])[];

/**
 * Tokens for the role matrix on top of the demo seed: staff (of sakura and harbor), a client of sakura,
 * an admin, an outsider (verified account, no membership) and the staff of a third entity "kaede".
 */
export async function roleTokens(t: TestApp): Promise<Record<Role, string | undefined>> {
  const passwordHash = await hashPassword("mimamori-demo");
  const created = await t.db
    .insert(users)
    .values([
      { email: "other-staff@example.com", name: "Other Staff", passwordHash, emailVerifiedAt: new Date() },
      { email: "outsider@example.com", name: "Outsider", passwordHash, emailVerifiedAt: new Date() },
    ])
    .returning();
  await t.db
    .insert(entities)
    .values({ workspaceName: "kaede", name: "かえで", description: "third", isPublic: false });
  await t.db.insert(memberships).values({
    workspaceName: "kaede",
    userId: created[0]?.id as string,
    role: "staff",
    status: "accepted",
    acceptedAt: new Date(),
  });
  const token = async (email: string) => (await t.signIn(email)).idToken;
  return {
    anonymous: undefined,
    client: await token("client@example.com"),
    staff: await token("staff@example.com"),
    otherStaff: await token("other-staff@example.com"),
    admin: await token("admin@example.com"),
    outsider: await token("outsider@example.com"),
  };
}
