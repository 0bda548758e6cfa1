import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { type Database, type Db, rows } from "./client";

/**
 * Tables whose statistics or visibility maps are due by autovacuum's own rule (PostgreSQL defaults): analyze
 * after changes to 10% of the rows, vacuum after inserts or dead rows of 20%.
 */
async function dueTables(db: Db): Promise<string[]> {
  // single-user PostgreSQL (PGlite) publishes its table counters only when asked to
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const due = await rows<{ relname: string }>(
    db,
    sql`select relname from pg_stat_user_tables
    where n_mod_since_analyze > 50 + 0.1 * n_live_tup
       or n_ins_since_vacuum > 1000 + 0.2 * n_live_tup
       or n_dead_tup > 50 + 0.2 * n_live_tup
    order by relname`,
  );
  return due.map((r) => r.relname);
}

/** Vacuums and analyzes the tables that are due (PGlite: PostgreSQL 15 or later); returns their names. */
export async function vacuumDueTables(db: Db): Promise<string[]> {
  const tables = await dueTables(db);
  for (const t of tables) await db.execute(sql`vacuum (analyze) ${sql.identifier(t)}`);
  return tables;
}

/**
 * PGlite runs PostgreSQL in single-user mode, without the autovacuum daemon: statistics and visibility maps
 * would never be refreshed and plans over grown tables degrade (a 365-day staff report of 100 members took
 * 300 ms instead of 30). The server does the daemon's job on PGlite, checking every `everyMs`.
 * Returns a function that stops it. Nothing to do on PostgreSQL, whose own daemon does this.
 */
export function startAutovacuum(database: Database, log: FastifyBaseLogger, everyMs = 60_000): () => void {
  if (database.kind !== "pglite") return () => {};
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      const t0 = Date.now();
      const tables = await vacuumDueTables(database.db);
      if (tables.length) log.info({ tables, ms: Date.now() - t0 }, "vacuumed");
    } catch (err) {
      log.warn({ err }, "vacuum failed");
    } finally {
      running = false;
    }
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
