import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { type SQL, sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { listenForChanges } from "./changes";
import { type DataDirLock, lockDataDir, rewriteLock } from "./lock";
import { planEachCall, runStatementsByName } from "./pglite-statements";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DbKind = "pglite" | "postgres";

export interface Database {
  db: Db;
  kind: DbKind;
  /** The embedded database's folder (absolute), held under this process's lock until `close()`. */
  dataDir?: string;
  /**
   * Runs `fn` while this process holds PostgreSQL's session advisory lock `key` on a connection of its own, so that
   * servers started at once take turns (the migrations); PGlite runs it as it is (its folder has one writer).
   */
  exclusively<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /**
   * The connections in use, for the metrics (lib/metrics.ts): PostgreSQL's pool (the LISTEN connection counts as
   * one in use); PGlite has one connection, and `waiting` counts the calls queued behind the one it runs.
   */
  poolUse(): PoolUse;
  close(): Promise<void>;
}

export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir?: string;
  /**
   * A dumped PGlite data directory to start from (tests start every DB from one migrated template; a restore
   * loads a backup into an empty `dataDir`).
   */
  pgliteLoadDataDir?: Blob | File;
  /** Runs under the data folder's lock before PGlite opens it (a restore moves the old database aside). */
  beforeOpen?: (dataDir: string) => void;
}

/**
 * Opens PostgreSQL (`databaseUrl`), an embedded PGlite in `dataDir`, or an in-memory PGlite (tests). A data
 * folder is locked first (db/lock.ts): a second process gets DataDirLockedError instead of a second copy of
 * the database; a folder PGlite cannot start from gives DataDirDamagedError. `close()` releases the lock.
 */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    // JIT compilation costs report queries ~20 ms and gains nothing at their size (docs/decisions.md)
    // ten connections for queries and one that listens for other processes' changes (db/changes.ts)
    // plans stay made for each call's values (rows with `prepared`): a generic plan of a time window can be far worse
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 11,
      options: "-c jit=off -c plan_cache_mode=force_custom_plan",
    });
    // an idle connection ended by the server (a restart, a failover, an administrator) is dropped by the pool and
    // opened again on the next query; without a listener its error would end the process
    pool.on("error", (err) => console.error("idle database connection lost:", err.message));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const stopListening = await listenForChanges(db, pool, (err) =>
      console.error("change notification failed:", err instanceof Error ? err.message : err),
    ).catch(async (err) => {
      await pool.end();
      throw err;
    });
    return {
      db,
      kind: "postgres",
      async exclusively(key, fn) {
        const client = await pool.connect();
        try {
          await client.query("select pg_advisory_lock($1)", [key]);
          try {
            return await fn();
          } finally {
            await client.query("select pg_advisory_unlock($1)", [key]);
          }
        } finally {
          client.release();
        }
      },
      poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      async close() {
        await stopListening();
        await pool.end();
      },
    };
  }
  const lock = opts.dataDir ? lockDataDir(opts.dataDir) : undefined;
  try {
    if (lock) opts.beforeOpen?.(lock.dir);
  } catch (err) {
    lock?.release();
    throw err;
  }
  try {
    return await openPglite(opts, lock);
  } catch (err) {
    lock?.release();
    // (a restore, which loads a dump, reports its own failures)
    throw lock && !opts.pgliteLoadDataDir ? new DataDirDamagedError(lock.dir, err) : err;
  }
}

/**
 * The embedded database's memory, which lives in the server's process: PostgreSQL's defaults (128 MB of shared
 * buffers, 64 MB for vacuum) fill as data is written and WebAssembly memory never shrinks. A small organisation's
 * hot data (the report buckets) fits in 32 MB; the files stay in the operating system's cache (bench/README.md,
 * "Memory").
 */
const PGLITE_MEMORY = ["-c", "shared_buffers=32MB", "-c", "maintenance_work_mem=16MB"];
/**
 * Named statements (db/pglite-statements.ts) may take a generic plan when PostgreSQL finds it no costlier; windowed
 * ones (`PREPARED`) are planned at each call all the same (docs/decisions.md, "Named statements…").
 */
const PGLITE_PLANS = ["-c", "plan_cache_mode=auto"];

async function openPglite(opts: DatabaseOptions, lock?: DataDirLock): Promise<Database> {
  // loaded only when used: the embedded database's code alone adds about 40 MB to a PostgreSQL server
  const [pglite, { drizzle: drizzlePglite }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("drizzle-orm/pglite"),
  ]);
  const { PGlite } = pglite;
  const client = new PGlite({
    dataDir: lock?.dir,
    loadDataDir: opts.pgliteLoadDataDir,
    startParams: [...PGlite.defaultStartParams, ...PGLITE_MEMORY, ...PGLITE_PLANS],
  });
  await client.waitReady;
  // a loaded dump of a data folder carries that folder's lock file, written over this process's
  if (lock && opts.pgliteLoadDataDir) rewriteLock(lock);
  runStatementsByName(client, pglite);
  const calls = countCalls(client, ["query", "exec", "transaction"]);
  return {
    db: drizzlePglite(client, { schema }) as unknown as Db,
    kind: "pglite",
    dataDir: lock?.dir,
    exclusively: (_key, fn) => fn(),
    poolUse: () => ({ total: 1, idle: calls.open ? 0 : 1, waiting: Math.max(0, calls.open - 1) }),
    async close() {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/**
 * Counts the calls of `target`'s async `methods` under way (PGlite runs one at a time and queues the others): the
 * methods are wrapped on the instance, which costs a counter a call.
 */
function countCalls<T extends object>(target: T, methods: (keyof T & string)[]): { open: number } {
  const calls = { open: 0 };
  for (const name of methods) {
    const original = target[name] as unknown as (...args: unknown[]) => Promise<unknown>;
    Object.defineProperty(target, name, {
      configurable: true,
      value: async (...args: unknown[]) => {
        calls.open++;
        try {
          return await original.apply(target, args);
        } finally {
          calls.open--;
        }
      },
    });
  }
  return calls;
}

/** The embedded database in a data folder cannot be read: PGlite does not start, or a page is corrupt. */
export class DataDirDamagedError extends Error {
  constructor(
    readonly dir: string,
    cause: unknown,
  ) {
    const why = damageReason(cause);
    super(
      [
        `The embedded database in ${dir} could not be opened: the folder looks damaged (${why}).`,
        "Restore a backup into it: stop every Mimamori process using it, then run",
        `  DATA_DIR=${dir} npm run restore -- --replace <backup.tar.gz>`,
        "(the damaged files are moved aside, not deleted). Without a backup, move the folder away and start",
        "again with an empty one; the damaged copy may still be rescued by a PostgreSQL expert.",
      ].join("\n"),
      { cause },
    );
    this.name = "DataDirDamagedError";
  }
}

/** PostgreSQL's codes for unreadable data: data_corrupted, index_corrupted. */
const CORRUPTION_CODES = new Set(["XX001", "XX002"]);

/** The errors an error was caused by, itself first. */
function causes(err: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let e = err; e && typeof e === "object" && chain.length < 5; e = (e as { cause?: unknown }).cause)
    chain.push(e);
  return chain;
}

const isCorruption = (e: unknown) => CORRUPTION_CODES.has(String((e as { code?: unknown }).code));

/** One line on what went wrong: PostgreSQL's own words for a corrupt file, not the query that met it. */
function damageReason(err: unknown): string {
  const chain = causes(err);
  if (chain.some((e) => e instanceof WebAssembly.RuntimeError))
    return "the embedded PostgreSQL stopped while reading it"; // its own message is only "Aborted()"
  const e = chain.find(isCorruption) ?? err;
  return e instanceof Error ? (e.message.split("\n")[0] ?? e.name) : String(e);
}

/** True when an error (or one of its causes) says a table or index file is corrupt, or PGlite itself aborted. */
export function isDamageError(err: unknown): boolean {
  return causes(err).some((e) => e instanceof WebAssembly.RuntimeError || isCorruption(e));
}

/** Runs a raw query on either driver and returns its rows (numbers are cast in SQL: `::float8`, `::int`). */
export async function rows<T>(db: Db, query: SQL, opts: QueryOptions = {}): Promise<T[]> {
  const res = opts.prepared ? await runPrepared(db, query) : await db.execute(query);
  return (res as unknown as { rows: T[] }).rows;
}

/** The parts of drizzle that run a statement under a name and reach its connection (not in its public types). */
interface DrizzleInternals {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      isResponseInArrayMode: boolean,
    ): { execute(placeholderValues?: Record<string, unknown>): Promise<unknown> };
    /** The driver's client: a transaction's own connection, a pg.Pool outside one, or PGlite. */
    client: unknown;
  };
}

/** How a raw query runs (rows, oneRow). */
export interface QueryOptions {
  /**
   * For a large statement that runs again and again with other values (the staff report, the KPI tiles): on
   * PostgreSQL a named prepared statement, so each connection parses and analyses its text once (1.2 of the 1.9 ms
   * a staff report's statement took to plan; bench/README.md). The name is a hash of the text, so a name always
   * means one text. On PGlite, where every text runs by name (db/pglite-statements.ts), it is the statement kept
   * planned at each call for its values (a time window), where others may take a generic plan.
   */
  prepared?: boolean;
}

/** QueryOptions of a statement run under a name. */
export const PREPARED: QueryOptions = { prepared: true };

/** Statement names by text: a text's hash is computed once (ingestion runs several named statements a batch). */
const statementNames = new Map<string, string>();
/** Texts are the code's statement shapes, a bounded set; the cap only guards memory against a mistake. */
const STATEMENT_NAMES_MAX = 1000;

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `p${createHash("sha1").update(text).digest("base64url")}`;
    if (statementNames.size >= STATEMENT_NAMES_MAX) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}

async function runPrepared(db: Db, query: SQL): Promise<unknown> {
  const internals = db as unknown as DrizzleInternals;
  const q = internals.dialect.sqlToQuery(query);
  if (runsEmbedded(db)) planEachCall(q.sql);
  return internals.session.prepareQuery(q, undefined, statementName(q.sql), false).execute();
}

/** Drizzle's SQL dialect, the same for both drivers: it writes a statement's text and its parameters. */
const dialect = new PgDialect();

/**
 * A statement whose text is written once, for a hot path that runs it again and again with other values: the
 * values are named placeholders (`sql.placeholder("name")`) given at each call, and it runs as a named prepared
 * statement (as PREPARED). Writing a statement's text from drizzle's `sql` is most of what the server's thread spends
 * on a small statement (an access-audit row: ~0.08 of ~0.3 ms; bench/README.md "Access audit").
 */
export function fixedStatement<T = unknown>(
  query: SQL,
): (db: Db, values: Record<string, unknown>) => Promise<T[]> {
  const q = dialect.sqlToQuery(query);
  const name = statementName(q.sql);
  return async (db, values) => {
    if (runsEmbedded(db)) planEachCall(q.sql);
    const internals = db as unknown as DrizzleInternals;
    const res = await internals.session.prepareQuery(q, undefined, name, false).execute(values);
    return (res as { rows: T[] }).rows;
  };
}

/**
 * On PostgreSQL, a `COPY … FROM STDIN` of `data` (the statement says the format) on the connection `db` runs on (a
 * transaction's); false on PGlite, which the caller then writes another way. COPY writes a page of rows in one
 * log record where an insert writes one a row (bench/README.md).
 */
export async function copyIn(db: Db, statement: string, data: Buffer): Promise<boolean> {
  const client = driverClient(db);
  if (!(client instanceof pg.Client)) return false;
  await pipeline(Readable.from([data]), client.query(copyFrom(statement)));
  return true;
}

/** The driver's client `db` runs on: a transaction's pg.Client, the pg.Pool outside one, or PGlite. */
const driverClient = (db: Db) => (db as unknown as DrizzleInternals).session.client;

/** PostgreSQL's ids, sizes and writers of the numeric element types `numberArray` binds. */
const NUMERIC = {
  smallint: { oid: 21, bytes: 2, write: (b: Buffer, x: number, o: number) => b.writeInt16BE(x, o) },
  int: { oid: 23, bytes: 4, write: (b: Buffer, x: number, o: number) => b.writeInt32BE(x, o) },
  float8: { oid: 701, bytes: 8, write: (b: Buffer, x: number, o: number) => b.writeDoubleBE(x, o) },
} as const;
export type NumericType = keyof typeof NUMERIC;

/** `xs` in PostgreSQL's binary array format: one dimension from 1, no nulls, then each element's length and value. */
export function binaryArray(type: NumericType, xs: readonly number[]): Buffer {
  const { oid, bytes, write } = NUMERIC[type];
  const b = Buffer.allocUnsafe(20 + xs.length * (4 + bytes));
  let o = b.writeInt32BE(1, 0); // dimensions
  o = b.writeInt32BE(0, o); // no nulls
  o = b.writeInt32BE(oid, o);
  o = b.writeInt32BE(xs.length, o);
  o = b.writeInt32BE(1, o); // lower bound
  for (const x of xs) o = write(b, x, b.writeInt32BE(bytes, o));
  return b;
}

/**
 * The value of a numeric array parameter for `db`'s driver, to be cast to `type[]` in SQL: one parameter, where the
 * drivers' generic array encoding quoted and escaped every element. node-postgres binds a Buffer in the binary
 * format, so on PostgreSQL the server formats no number as text and the database parses none; PGlite takes one
 * array literal (`{1,2.5,3}`).
 */
export function numberArrayValue(db: Db, type: NumericType, xs: readonly number[]): Buffer | string {
  return runsEmbedded(db) ? `{${xs.join(",")}}` : binaryArray(type, xs);
}

/** True when `db` runs on the embedded PGlite (in this process), false on a PostgreSQL server. */
export function runsEmbedded(db: Db): boolean {
  const client = driverClient(db);
  return !(client instanceof pg.Client || client instanceof pg.Pool);
}

/** A numeric array parameter already cast to `type[]` (`numberArrayValue`). */
export const numberArray = (db: Db, type: NumericType, xs: readonly number[]): SQL =>
  sql`${sql.param(numberArrayValue(db, type, xs))}::${sql.raw(type)}[]`;

/**
 * Runs a raw query that always yields a row (an aggregate without `group by`, a select without `from`, an
 * upsert's `returning`) and returns that row; no row means a broken query, so it throws.
 */
export async function oneRow<T>(db: Db, query: SQL, opts: QueryOptions = {}): Promise<T> {
  const [row] = await rows<T>(db, query, opts);
  if (row === undefined) throw new Error("query returned no row where one was expected");
  return row;
}
