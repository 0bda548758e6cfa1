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

/**
 * The first check after start. A restarted process's counters are at zero, so it finds only the tables grown by a
 * fifth since their last analyze (the rows of an import, a seed, the uploads before the restart), which it analyzes
 * (a bounded sample): until then reports and the board were planned on missing statistics, and at 2,000 bands the
 * fleet bench's first minute had upload p99 of 1–2 s where later minutes had 150–300 ms. A first check at start
 * itself was dropped once (docs/decisions.md "Autovacuum on PGlite"): it vacuumed those tables then.
 */
export const FIRST_CHECK_MS = 5_000;

/**
 * A pause between two tables' vacuums on PGlite: the statements waiting for the one thread (an upload's) run
 * between them, where back to back a check of eleven tables (~370 ms at 2,000 bands) held every upload that
 * came during it (upload p99 370–700 ms once a minute, bench/README.md "A fleet as it uploads").
 */
export const VACUUM_PAUSE_MS = 250;

/**
 * Vacuums and analyzes (or only analyzes) the tables that are due (PGlite: PostgreSQL 15 or later), `pauseMs`
 * apart, until `stop` is aborted (the server closes during a pause); returns the names of those it did.
 */
export async function vacuumDueTables(
  db: Db,
  { pauseMs = 0, stop }: { pauseMs?: number; stop?: AbortSignal } = {},
): Promise<string[]> {
  const done: string[] = [];
  for (const t of await dueTables(db)) {
    if (done.length > 0 && pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    if (stop?.aborted) break;
    const table = sql`${sql.identifier(t.schemaname)}.${sql.identifier(t.relname)}`;
    await db.execute(t.vacuum ? sql`vacuum (analyze) ${table}` : sql`analyze ${table}`);
    done.push(t.relname);
  }
  return done;
}

/**
 * PGlite runs PostgreSQL in single-user mode, without the autovacuum daemon: statistics and visibility maps
 * would never be refreshed and plans over grown tables degrade (a 365-day staff report of 100 members took
 * 300 ms instead of 30). The server does the daemon's job on PGlite, checking `firstMs` after start, then every
 * `everyMs`.
 * Returns a function that stops it. Nothing to do on PostgreSQL, whose own daemon does this.
 */
export function startAutovacuum(
  database: Database,
  log: FastifyBaseLogger,
  { everyMs = 60_000, firstMs = FIRST_CHECK_MS }: { everyMs?: number; firstMs?: number } = {},
): () => void {
  if (database.kind !== "pglite") return () => {};
  let running = false;
  const stop = new AbortController();
  const check = async () => {
    if (running) return;
    running = true;
    try {
      const t0 = Date.now();
      const tables = await vacuumDueTables(database.db, { pauseMs: VACUUM_PAUSE_MS, stop: stop.signal });
      if (tables.length) log.info({ tables, ms: Date.now() - t0 }, "vacuumed");
    } catch (err) {
      if (!stop.signal.aborted) log.warn({ err }, "vacuum failed");
    } finally {
      running = false;
    }
  };
  let timer: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    timer = setInterval(check, everyMs).unref();
    void check();
  }, firstMs).unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
    stop.abort();
  };
}
