import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { type Database, type Db, rows } from "./client";

/**
 * Tables whose statistics or visibility maps are due by autovacuum's own rule (PostgreSQL defaults): analyze
 * after changes to 10% of the rows, vacuum after inserts or dead rows of 20%. Those counters live in memory only:
 * PGlite starts every process with them at zero, so rows written before a restart (an import, the demo seed, a
 * day of uploads) would never count. The catalog keeps the pages the last analyze saw (none, if it never ran), so a
 * table is due for an analyze as well when it has a fifth more (and 8) than those (a 1,000-member report planned on
 * an unanalyzed membership table took 1.5 s on PGlite instead of 8 ms: bench/README.md, "A fleet as it uploads").
 * That analyze reads a bounded sample; a vacuum reads every page not yet visible to all, so only the counters
 * (changes this process saw) ask for one.
 */
async function dueTables(db: Db): Promise<{ schemaname: string; relname: string; vacuum: boolean }[]> {
  // single-user PostgreSQL (PGlite) publishes its table counters only when asked to
  await db.execute(sql`select pg_stat_force_next_flush()`);
  return rows<{ schemaname: string; relname: string; vacuum: boolean }>(
    db,
    sql`select schemaname, relname, vacuum from (
      select s.schemaname, s.relname,
        s.n_ins_since_vacuum > 1000 + 0.2 * s.n_live_tup or s.n_dead_tup > 50 + 0.2 * s.n_live_tup as vacuum,
        s.n_mod_since_analyze > 50 + 0.1 * s.n_live_tup
          or pg_relation_size(c.oid) / current_setting('block_size')::int > 8 + 1.2 * c.relpages as stale
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    ) t where vacuum or stale
    order by schemaname, relname`,
  );
}

/** Vacuums and analyzes (or only analyzes) the tables that are due (PGlite: PostgreSQL 15 or later); returns their names. */
export async function vacuumDueTables(db: Db): Promise<string[]> {
  const tables = await dueTables(db);
  for (const t of tables) {
    const table = sql`${sql.identifier(t.schemaname)}.${sql.identifier(t.relname)}`;
    await db.execute(t.vacuum ? sql`vacuum (analyze) ${table}` : sql`analyze ${table}`);
  }
  return tables.map((t) => t.relname);
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
