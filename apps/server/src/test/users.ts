import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/schema";

/** The id of the account with `email`. */
export async function userIdOf(db: Db, email: string): Promise<string> {
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!u) throw new Error(`no account ${email}`);
  return u.id;
}
