import { fileURLToPath } from "node:url";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { syncModuleCatalogue } from "../features/modules/catalogue";
import type { Database } from "./client";

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** Applies the one migration set to either database kind, then the reference data kept in code. */
export async function migrateDatabase(database: Database): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: the two drizzle drivers share the migrator contract
  const db = database.db as any;
  if (database.kind === "postgres") await migratePg(db, { migrationsFolder });
  else await migratePglite(db, { migrationsFolder });
  await syncModuleCatalogue(database.db);
}
