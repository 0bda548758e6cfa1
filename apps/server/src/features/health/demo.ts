import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { perDatabase } from "../../db/per-database";
import { users } from "../../db/schema";
import { DEMO_ACCOUNTS } from "../../tools/seed";

/** The health check's one query, built once per database. */
const demoAccountQuery = perDatabase((db) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_ACCOUNTS.map((a) => a.email),
      ),
    )
    .limit(1)
    .prepare("health_demo_accounts"),
);

/** True while any demo account (public password) exists: the web shows a "demo data" marker then. */
export async function hasDemoAccounts(db: Db): Promise<boolean> {
  const [row] = await demoAccountQuery(db).execute();
  return !!row;
}
