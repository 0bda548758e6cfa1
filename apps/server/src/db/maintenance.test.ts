import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { getTableConfig } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureLog } from "../jobs/test-helpers";
import { startTestApp, type TestApp } from "../test/app";
import { type Database, openDatabase, rows } from "./client";
import { FIRST_CHECK_MS, startAutovacuum, VACUUM_PAUSE_MS, vacuumDueTables } from "./maintenance";
import { migrateDatabase } from "./migrate";
import { accessAudit, users, vitalSamples } from "./schema";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ seed: true });
});
afterAll(() => t.close());

const SAMPLES = getTableConfig(vitalSamples).name;

const stats = async () => {
  const [r] = await rows<{ analyzed: boolean; vacuumed: boolean }>(
    t.db,
    sql`select (last_analyze is not null or last_autoanalyze is not null) as analyzed,
      (last_vacuum is not null or last_autovacuum is not null) as vacuumed
      from pg_stat_user_tables where relname = ${SAMPLES}`,
  );
  return r;
};

/** Uploads 3,000 minutes of heart rate from `from` (ISO) as client2. */
async function uploadMinutes(from: string, value: number) {
  const { idToken } = await t.signIn("client2@example.com");
  const t0 = Date.parse(from) / 1000;
  const samples = Array.from({ length: 3000 }, (_, i) => ({ code: "00005091", time: t0 + i * 60, value }));
  expect((await t.call("POST", "/user/vitals", { samples }, { token: idToken })).status).toBe(200);
}

// PostgreSQL reports table statistics asynchronously and runs its own autovacuum: only PGlite is checked here.
describe.skipIf(process.env.DATABASE_URL)("autovacuum on PGlite", () => {
  it("vacuums and analyzes a table once enough rows were added, and not again until more are", async () => {
    await uploadMinutes("2024-06-01T00:00:00Z", 70);
    expect(await stats()).toEqual({ analyzed: false, vacuumed: false });
    expect(await vacuumDueTables(t.db)).toContain(SAMPLES);
    expect(await stats()).toEqual({ analyzed: true, vacuumed: true });
    expect(await vacuumDueTables(t.db)).not.toContain(SAMPLES);
  });

  it("pauses 250 ms between two tables, so that what waits for the one thread runs between them; stops when asked", async () => {
    expect(VACUUM_PAUSE_MS).toBe(250);
    await uploadMinutes("2024-07-01T00:00:00Z", 71);
    // and people: the samples and the users at least are due
    await t.db.execute(sql`insert into ${users} (email, name)
      select 'pause' || k || '@example.com', 'P' from generate_series(1, 3000) k`);
    const started = performance.now();
    let timerAt = 0;
    setTimeout(() => {
      timerAt = performance.now();
    }, 0);
    const done = await vacuumDueTables(t.db, { pauseMs: 100 });
    const ended = performance.now();
    expect(done.length).toBeGreaterThanOrEqual(2);
    expect(ended - started).toBeGreaterThanOrEqual(100 * (done.length - 1));
    expect(timerAt).toBeGreaterThan(0);
    expect(timerAt).toBeLessThan(ended);
    // a stop during a pause: no table after it
    await uploadMinutes("2024-08-01T00:00:00Z", 72);
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 20);
    expect(await vacuumDueTables(t.db, { pauseMs: 200, stop: stop.signal })).toHaveLength(1);
  });

  it("checks first 5 s after start (a test's own delay here), analyzing what is due", async () => {
    expect(FIRST_CHECK_MS).toBe(5_000);
    await t.db.execute(sql`insert into ${users} (email, name)
      select 'first' || k || '@example.com', 'F' from generate_series(1, 4000) k`);
    const { log, lines } = captureLog();
    const stop = startAutovacuum({ kind: "pglite", db: t.db } as Database, log, { firstMs: 100 });
    const vacuumed = () => lines.filter((l) => l.msg === "vacuumed").map((l) => l.tables as string[]);
    expect(vacuumed()).toEqual([]);
    await expect
      .poll(vacuumed, { timeout: 10_000, interval: 50 })
      .toContainEqual(expect.arrayContaining(["users"]));
    stop();
  });

  it("after a restart, analyzes what an earlier process wrote: a table never analyzed, or grown by a fifth since", async () => {
    const USERS = getTableConfig(users).name;
    const dir = mkdtempSync(path.join(tmpdir(), "mimamori-maintenance-"));
    const addUsers = (database: Database, from: number) =>
      database.db.execute(sql`insert into ${users} (email, name)
        select 'm' || k || '@example.com', 'M' from generate_series(${from}::int, ${from + 2999}::int) k`);
    const counted = async (database: Database) => {
      const [r] = await rows<{ changes: number; analyzed: boolean }>(
        database.db,
        sql`select n_mod_since_analyze::int as changes, last_analyze is not null as analyzed
          from pg_stat_user_tables where relname = ${USERS}`,
      );
      return r;
    };
    /** Opens the folder as a new process would, runs the server's check and returns the tables it analyzed. */
    const start = async () => {
      const database = await openDatabase({ dataDir: dir });
      return { database, analyzed: await vacuumDueTables(database.db) };
    };
    try {
      const first = await openDatabase({ dataDir: dir });
      await migrateDatabase(first);
      await addUsers(first, 0);
      await first.close();

      // the table counters start at zero in every PGlite process: only the catalog knows users was never analyzed
      let s = await start();
      expect(s.analyzed).toContain(USERS);
      expect(await counted(s.database)).toEqual({ changes: 0, analyzed: true });
      expect(await vacuumDueTables(s.database.db)).not.toContain(USERS);
      await addUsers(s.database, 3000);
      await s.database.close();

      // twice as many pages as the last analyze saw, the changes forgotten: analyzed again at the next start
      s = await start();
      expect(s.analyzed).toContain(USERS);
      await s.database.close();

      s = await start();
      expect(s.analyzed).not.toContain(USERS);
      await s.database.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the access audit's statistics", () => {
  it("are sampled at a statistics target of 10 on every column, so that its frequent analyze stays short", async () => {
    const found = await rows<{ name: string; target: number | null }>(
      t.db,
      sql`select attname as name, attstattarget::int as target from pg_attribute
        where attrelid = ${getTableConfig(accessAudit).name}::regclass and attnum > 0 and not attisdropped order by attnum`,
    );
    expect(found.length).toBeGreaterThan(10);
    expect(found.filter((c) => c.target !== 10)).toEqual([]);
  });
});
