import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { type Database, DataDirDamagedError, type Db, isDamageError, oneRow } from "./client";
import { syncModuleCatalogue } from "./module-catalogue";

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** The advisory lock servers take in turn to migrate one PostgreSQL database (any fixed number of our own). */
export const MIGRATION_LOCK = 0x6d696d61; // "mima"

/**
 * Applies the one migration set to either database kind, then the reference data kept in code. Servers starting at
 * once on one PostgreSQL take turns under MIGRATION_LOCK: the first applies, the others find everything applied.
 */
export function migrateDatabase(database: Database): Promise<void> {
  return database.exclusively(MIGRATION_LOCK, () => applyMigrations(database));
}

async function applyMigrations(database: Database): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: the two drizzle drivers share the migrator contract
  const db = database.db as any;
  try {
    // each driver's migrator is loaded only when used (see openDatabase)
    if (database.kind === "postgres")
      await (await import("drizzle-orm/node-postgres/migrator")).migrate(db, { migrationsFolder });
    else await (await import("drizzle-orm/pglite/migrator")).migrate(db, { migrationsFolder });
    await syncModuleCatalogue(database.db);
  } catch (err) {
    // a data folder that opens but whose tables cannot be read is reported like one that does not open
    if (database.dataDir && isDamageError(err)) throw new DataDirDamagedError(database.dataDir, err);
    throw err;
  }
}

/** The time stamp (`when`) of the newest migration this server carries, read once from the migrations' journal. */
let newestKnown: number | undefined;
export function newestMigrationMillis(): number {
  if (newestKnown === undefined) {
    const journal = JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, "utf8")) as {
      entries: { when: number }[];
    };
    newestKnown = Math.max(...journal.entries.map((e) => e.when));
  }
  return newestKnown;
}

/** The column of drizzle's own bookkeeping table (outside our schema) with each applied migration's time stamp. */
const DRIZZLE_APPLIED_AT = "created_at";

/** True when the database has every migration this server carries (drizzle records each by its time stamp). */
export async function migrationsApplied(db: Db): Promise<boolean> {
  const { present } = await oneRow<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!present) return false;
  const { newest } = await oneRow<{ newest: string | null }>(
    db,
    sql`select max(${sql.raw(DRIZZLE_APPLIED_AT)})::text as newest from drizzle.__drizzle_migrations`,
  );
  return newest !== null && Number(newest) >= newestMigrationMillis();
}
