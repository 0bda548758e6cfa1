import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { type Database, openDatabase } from "../../apps/server/src/db/client";
import { migrateDatabase } from "../../apps/server/src/db/migrate";
import { DATABASE_URL } from "./server";

/** A migrated database of its own for a bench run, and how the server process finds it. */
export interface Fresh {
  database: Database;
  /** The server's environment for this database. */
  env: Record<string, string>;
  dataDir: string | undefined;
  drop(): Promise<void>;
}

/** A new PGlite folder, or a new database on the PostgreSQL server of DATABASE_URL; `label` names it. */
export async function freshDatabase(label: string): Promise<Fresh> {
  if (!DATABASE_URL) {
    const dataDir = mkdtempSync(path.join(tmpdir(), `mimamori-bench-${label}-`));
    const database = await openDatabase({ dataDir });
    await migrateDatabase(database);
    return {
      database,
      env: {},
      dataDir,
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `bench_${label}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(DATABASE_URL);
  u.pathname = `/${name}`;
  const url = u.toString();
  const database = await openDatabase({ databaseUrl: url });
  await migrateDatabase(database);
  return {
    database,
    env: { DATABASE_URL: url },
    dataDir: undefined,
    async drop() {
      const a = new pg.Client({ connectionString: DATABASE_URL });
      await a.connect();
      await a.query(`drop database if exists ${name}`);
      await a.end();
    },
  };
}
