import { fileURLToPath } from "node:url";
import { type Database, DataDirDamagedError, isDamageError } from "./client";
import { syncModuleCatalogue } from "./module-catalogue";

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** Applies the one migration set to either database kind, then the reference data kept in code. */
export async function migrateDatabase(database: Database): Promise<void> {
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
