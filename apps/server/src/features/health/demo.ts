import { inArray } from "drizzle-orm";
import { changesOf } from "../../db/changes";
import type { Db } from "../../db/client";
import { perDatabase } from "../../db/per-database";
import { users } from "../../db/schema";
import { DEMO_ACCOUNTS } from "../demo";

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

/**
 * How long the health check's database answer is kept: however often a load balancer or monitor asks, the
 * database is asked at most once a second (docs/decisions.md, "Speed").
 */
export const HEALTH_CHECK_MAX_AGE_MS = 1_000;

interface Checked {
  demo: boolean;
  stamp: number;
  at: number;
}
const lastCheckOf = perDatabase((): { last?: Checked } => ({}));

/**
 * `hasDemoAccounts`, asked of the database when the last answer is older than `HEALTH_CHECK_MAX_AGE_MS` or anything
 * changed since (accounts change only through mutating requests and jobs, which mark everything changed). So a
 * database that stopped answering shows within a second, and a removed demo account at once.
 */
export async function checkDatabase(db: Db, now = performance.now()): Promise<boolean> {
  const changes = changesOf(db);
  const kept = lastCheckOf(db);
  const { last } = kept;
  if (last && now - last.at < HEALTH_CHECK_MAX_AGE_MS && changes.isCurrent(last.stamp)) return last.demo;
  const stamp = changes.stamp();
  const demo = await hasDemoAccounts(db);
  kept.last = { demo, stamp, at: now };
  return demo;
}
