import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { DEMO_ACCOUNTS } from "../../tools/seed";

/** True while any demo account (public password) exists: the web shows a "demo data" marker then. */
export async function hasDemoAccounts(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.email} in ${DEMO_ACCOUNTS.map((a) => a.email)}`)
    .limit(1);
  return !!row;
}
