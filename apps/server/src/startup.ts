import { eq } from "drizzle-orm";
import { type AppConfig, ConfigError, configFromEnv } from "./config";
import { type Database, DataDirDamagedError, type Db, isDamageError, openDatabase } from "./db/client";
import { DataDirLockedError } from "./db/lock";
import { migrateDatabase } from "./db/migrate";
import { users } from "./db/schema";
import { gradeUngradedStates } from "./db/state-zones";
import { AdminInputError, createSuperUser } from "./features/admin";
import { demoAccountsText, loadDemoSeed, type SeedOptions } from "./features/demo";
import { hasDemoAccounts } from "./features/health";

/**
 * A failure whose message tells the operator what to do (folder in use, folder damaged, configuration):
 * printed without a stack trace, exit code 1. Anything else is thrown on.
 */
export function exitOnStartupError(err: unknown): never {
  if (
    err instanceof DataDirLockedError ||
    err instanceof DataDirDamagedError ||
    err instanceof ConfigError ||
    err instanceof AdminInputError
  ) {
    console.error(`\n${err.message}\n`);
    process.exit(1);
  }
  throw err;
}

/** The configuration from the environment, for the command-line tools (which need no AUTH_SECRET). */
export function toolConfig(): AppConfig {
  try {
    return configFromEnv();
  } catch (err) {
    exitOnStartupError(err);
  }
}

/** A query error from an embedded database whose files are corrupt, reported as the damaged folder. */
export function damageOf(database: Database, err: unknown): unknown {
  return database.dataDir && isDamageError(err) ? new DataDirDamagedError(database.dataDir, err) : err;
}

/** Opens (and, for the embedded database, locks) the configured database and migrates it. */
export async function openConfiguredDatabase(
  config: Pick<AppConfig, "databaseUrl" | "dataDir">,
): Promise<Database> {
  try {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    await migrateDatabase(database);
    return database;
  } catch (err) {
    exitOnStartupError(err);
  }
}

export interface PreparedData {
  /** The database held no account. */
  firstStart: boolean;
  /** Demo data were written now. */
  seeded: boolean;
  /** ADMIN_EMAIL's account: created now, or there already. */
  admin?: { email: string; created: boolean; superUser: boolean };
  /** Demo accounts (public password) exist. */
  demo: boolean;
  hasSuperUser: boolean;
}

/**
 * What a start writes before serving: the demo data at a first start where they belong (the embedded quick start,
 * or SEED_DEMO=true; never on PostgreSQL or with NODE_ENV=production unless asked) and the super user of
 * ADMIN_EMAIL/ADMIN_PASSWORD when no account has that e-mail.
 */
/** The advisory lock servers take in turn for the first start's data (see main.ts); MIGRATION_LOCK's neighbour. */
export const FIRST_START_LOCK = 0x6d696d62; // "mimb"

export async function prepareData(
  config: Pick<AppConfig, "seedDemo" | "firstAdmin">,
  db: Db,
  seed: SeedOptions = {},
): Promise<PreparedData> {
  const firstStart = !(await holdsAnAccount(db));
  const seeded = firstStart && !!config.seedDemo;
  if (seeded) await (await loadDemoSeed()).seedDemo(db, seed);
  // the alert states written before the watch board kept their zones (migration 0011) are graded once
  await gradeUngradedStates(db);
  const admin = config.firstAdmin ? await createSuperUser(db, config.firstAdmin) : undefined;
  const [superUser] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.isSuperUser, true))
    .limit(1);
  return { firstStart, seeded, admin, demo: await hasDemoAccounts(db), hasSuperUser: !!superUser };
}

/** False on a first start: the database holds no account yet. */
async function holdsAnAccount(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).limit(1);
  return !!row;
}

/** The lines after "Mimamori is running": demo accounts (and that they are public) or how to add an admin. */
export function accountsText(data: PreparedData): string {
  const lines: string[] = [];
  if (data.admin?.created) lines.push(`Super user ${data.admin.email} created (ADMIN_EMAIL).`);
  else if (data.admin && !data.admin.superUser)
    lines.push(`ADMIN_EMAIL ${data.admin.email} has an account that is not a super user: left as it is.`);
  if (data.demo)
    lines.push(
      demoAccountsText(),
      "These accounts and their password are public: use this database for trying Mimamori only.",
    );
  if (!data.hasSuperUser)
    lines.push(
      "No super user yet. Create one with",
      '  npm run create-admin -- --email you@example.com --name "Your Name"',
      "or set ADMIN_EMAIL and ADMIN_PASSWORD for the next start.",
    );
  return lines.join("\n");
}
