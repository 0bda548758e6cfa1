import { mkdirSync } from "node:fs";
import type { SQL } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DbKind = "pglite" | "postgres";

export interface Database {
  db: Db;
  kind: DbKind;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** A dumped PGlite data directory to start from (tests start every DB from one migrated template). */
  pgliteLoadDataDir?: Blob | File;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    // JIT compilation costs report queries ~20 ms and gains nothing at their size (docs/decisions.md)
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, options: "-c jit=off" });
    return { db: drizzlePg(pool, { schema }) as unknown as Db, kind: "postgres", close: () => pool.end() };
  }
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  // loaded only when used: the embedded database's code alone adds about 40 MB to a PostgreSQL server
  const [{ PGlite }, { drizzle: drizzlePglite }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("drizzle-orm/pglite"),
  ]);
  const client = new PGlite({ dataDir: opts.dataDir, loadDataDir: opts.pgliteLoadDataDir });
  await client.waitReady;
  return {
    db: drizzlePglite(client, { schema }) as unknown as Db,
    kind: "pglite",
    close: () => client.close(),
  };
}

/** Runs a raw query on either driver and returns its rows (numbers are cast in SQL: `::float8`, `::int`). */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const res = await db.execute(query);
  return (res as unknown as { rows: T[] }).rows;
}
