import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { type Database, openDatabase, rows } from "../db/client";
import {
  sleepSegments,
  users,
  vitalBucketsDay,
  vitalBucketsHour,
  vitalBucketsMonth,
  vitalDays,
  vitalHourDays,
  vitalSamples,
} from "../db/schema";
import { bareList } from "../db/sql-names";
import { seedDemo } from "../features/demo/seed";
import { BUCKET_ROW, hourBuckets } from "../features/vitals/levels";
import { packClosedDays, unpackDays } from "../features/vitals/pack";
import { rebuildUser } from "../features/vitals/rebuild";
import "../test/provided";
import { apiClient } from "../test/api-client";
import { kill9, SERVER_MAIN, startNode, stopGracefully, waitHealthy } from "../test/child-process";
import { freePort } from "../test/free-port";
import { samplesStoredTwice } from "../test/packed-samples";

/*
 * Crash safety of the embedded database: the real server runs as a child process on its own data folder
 * (PGlite), is killed with SIGKILL in the middle of writes, and is started again on the same folder (taking
 * over the lock the killed process left). What the server acknowledged must be there in full, and what it
 * did not acknowledge must be there in full or not at all. Skipped with DATABASE_URL: PostgreSQL's own
 * durability is not ours to test, the embedded database's is.
 */

const SECRET = "crash-test-secret-crash-test-secret-0123456789";
/** Demo accounts that upload band data at once (any signed-in person may upload their own). */
const UPLOADERS = [
  "client@example.com",
  "client2@example.com",
  "client3@example.com",
  "staff@example.com",
  "admin@example.com",
];

/** The server (apps/server/src/main.ts) as a child process on `dataDir`, once healthy. */
async function startServer(dataDir: string, extraEnv: NodeJS.ProcessEnv = {}) {
  const port = await freePort();
  const proc = startNode(SERVER_MAIN, [], {
    PORT: String(port),
    DATA_DIR: dataDir,
    AUTH_SECRET: SECRET,
    LOG_LEVEL: "warn",
    RAW_RETENTION_DAYS: "3650",
    SEED_DEMO: "true",
    SMTP_URL: undefined,
    ...extraEnv,
  });
  try {
    await waitHealthy(proc, port);
  } catch (err) {
    await kill9(proc);
    throw err;
  }
  return { proc, ...apiClient(`http://127.0.0.1:${port}`) };
}
type Server = Awaited<ReturnType<typeof startServer>>;

/** Opens the data folder in this process (the server must be stopped): the embedded database itself. */
async function inspect<T>(dataDir: string, f: (db: Database["db"]) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir });
  try {
    return await f(database.db);
  } finally {
    await database.close();
  }
}

const skip = Boolean(process.env.DATABASE_URL);

const DAY_MS = 86_400_000;
/**
 * The uploads' days: old enough to be packed, young enough for the raw retention of RAW_RETENTION_DAYS (3650):
 * 3,000 to 1,400 days ago (the batches of uploader u start 400·u days later).
 */
const OLD_DATA_FROM = Math.floor((Date.now() - 3_000 * DAY_MS) / DAY_MS) * DAY_MS;
const OLD_DATA_TO = new Date(OLD_DATA_FROM + 2_000 * DAY_MS).toISOString();

describe.skipIf(skip)(
  "kill -9 of the server on the embedded database (PGlite; skipped with DATABASE_URL)",
  () => {
    let dataDir: string;
    let server: Server | undefined;

    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), "mimamori-crash-"));
      // the migrated template with the demo accounts (no band data): the server's first start has nothing to seed
      const dump = new Blob([readFileSync(inject("pgliteTemplate"))]);
      const database = await openDatabase({ dataDir, pgliteLoadDataDir: dump });
      await seedDemo(database.db, { vitalDays: 0, forms: false, alerts: false, members: false });
      await database.close();
    });
    // a failed test leaves no server holding the folder for the next one
    afterEach(async () => {
      if (server) await kill9(server.proc);
      server = undefined;
    });
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

    it("keeps every acknowledged vitals batch whole, and each unacknowledged one whole or absent; a re-upload stores one copy", async () => {
      server = await startServer(dataDir);
      const running = server;
      const uploaders = await Promise.all(UPLOADERS.map((email) => running.signIn(email)));
      const N = 1_500;
      const S = 3;
      // within the longest raw retention (RAW_RETENTION_DAYS=3650 above): the retention job would otherwise remove the
      // raw samples at the restart, and their re-upload be refused (before-raw-retention); the pack job packs them
      const BASE = OLD_DATA_FROM / 1000;
      /** Batch k of uploader u: N one-minute heart-rate samples and S sleep segments, all its own instants. */
      const batch = (u: number, k: number) => {
        const first = BASE + (u * 200 + k) * 2 * 86_400;
        return {
          samples: Array.from({ length: N }, (_, i) => ({
            code: "00005091",
            time: first + i * 60,
            value: 55 + ((i * 7 + k) % 60),
          })),
          sleep: Array.from({ length: S }, (_, j) => ({
            start: first + 86_400 + j * 1_800,
            end: first + 86_400 + (j + 1) * 1_800,
            stage: (["light", "deep", "rem"] as const)[j],
          })),
        };
      };
      type Outcome = { u: number; k: number; acked: boolean };
      const outcomes: Outcome[] = [];
      let failure: Error | undefined;
      let killing = false;
      const loops = uploaders.map(async ({ idToken: token }, u) => {
        for (let k = 0; !killing && !failure; k++) {
          let res: { status: number; body: { accepted?: number; duplicates?: number; rejected?: unknown[] } };
          try {
            res = await running.call("POST", "/user/vitals", batch(u, k), { token });
          } catch (err) {
            if (!killing) failure = err as Error;
            outcomes.push({ u, k, acked: false });
            return;
          }
          const { accepted, duplicates, rejected } = res.body;
          if (res.status !== 200 || accepted !== N + S || duplicates !== 0 || rejected?.length)
            failure = new Error(`batch ${u}/${k} answered ${res.status} ${JSON.stringify(res.body)}`);
          outcomes.push({ u, k, acked: true });
        }
      });
      const ackedCount = () => outcomes.filter((o) => o.acked).length;
      while (ackedCount() < 10 && !failure) {
        if (server.proc.exitReason) throw new Error(`the server died (${server.proc.exitReason})`);
        await new Promise((r) => setTimeout(r, 5));
      }
      if (failure) throw failure;
      killing = true;
      await kill9(server.proc);
      await Promise.all(loops);
      if (failure) throw failure;
      const ackedBatches = outcomes.filter((o) => o.acked);
      const unacked = outcomes.filter((o) => !o.acked);
      expect(ackedBatches.length).toBeGreaterThanOrEqual(10);
      // the kill came while batches were on the way
      expect(unacked.length).toBeGreaterThan(0);

      // the next start takes over the lock the killed server left behind
      const restarted = await startServer(dataDir);
      server = restarted;
      const again = await Promise.all(UPLOADERS.map((email) => restarted.signIn(email)));
      const upload = async (o: Outcome) => {
        const res = await restarted.call("POST", "/user/vitals", batch(o.u, o.k), {
          token: again[o.u]?.idToken,
        });
        expect(res.status).toBe(200);
        return { accepted: res.body.accepted, duplicates: res.body.duplicates, rejected: res.body.rejected };
      };
      const whole = { accepted: 0, duplicates: N + S, rejected: [] };
      const absent = { accepted: N + S, duplicates: 0, rejected: [] };
      for (const o of ackedBatches)
        expect(await upload(o), `acknowledged batch ${o.u}/${o.k}`).toEqual(whole);
      let committedUnacked = 0;
      for (const o of unacked) {
        const first = await upload(o);
        expect([whole, absent], `unacknowledged batch ${o.u}/${o.k}: all or nothing`).toContainEqual(first);
        if (first.accepted === 0) committedUnacked++;
        expect(await upload(o), `re-upload of batch ${o.u}/${o.k}`).toEqual(whole);
      }
      await stopGracefully(restarted.proc);

      // the stored rows: one copy of every batch, and every bucket level equal to the raw samples
      const ids = uploaders.map((u) => u.user.uid);
      const counts = await inspect(dataDir, async (db) => {
        const out: { u: number; k: number; samples: number; sleep: number }[] = [];
        for (const o of outcomes) {
          const b = batch(o.u, o.k);
          const from = new Date((b.samples[0]?.time as number) * 1000).toISOString();
          const to = new Date(((b.samples[N - 1]?.time as number) + 1) * 1000).toISOString();
          const sFrom = new Date((b.sleep[0]?.start as number) * 1000).toISOString();
          const sTo = new Date((b.sleep[S - 1]?.end as number) * 1000).toISOString();
          const [r] = await rows<{ samples: number; sleep: number }>(
            db,
            sql`select (select count(*)::int from ${vitalSamples} where user_id = ${ids[o.u]}::uuid and measure = 5091
                        and at >= ${from}::timestamptz and at < ${to}::timestamptz) as samples,
                     (select count(*)::int from ${sleepSegments} where user_id = ${ids[o.u]}::uuid
                        and start_at >= ${sFrom}::timestamptz and start_at < ${sTo}::timestamptz) as sleep`,
          );
          out.push({ u: o.u, k: o.k, samples: r?.samples ?? -1, sleep: r?.sleep ?? -1 });
        }
        const levels = await rows<{ level: string; raw: number; bucketed: number }>(
          db,
          sql`with raw as (select user_id, count(*)::int as n from ${vitalSamples}
                           where at < ${OLD_DATA_TO}::timestamptz and measure = 5091 group by user_id)
            select l.level, coalesce(sum(raw.n), 0)::int as raw, coalesce(sum(l.n), 0)::int as bucketed from raw
            join (select 'hour' as level, user_id, sum(count)::int as n from ${vitalBucketsHour} where bucket < ${OLD_DATA_TO}::timestamptz and measure = 5091 group by user_id
                  union all select 'day', user_id, sum(count)::int from ${vitalBucketsDay} where day < ${OLD_DATA_TO}::timestamptz and measure = 5091 group by user_id
                  union all select 'month', user_id, sum(count)::int from ${vitalBucketsMonth} where bucket < ${OLD_DATA_TO}::timestamptz and measure = 5091 group by user_id) l
              on l.user_id = raw.user_id
            group by l.level order by l.level`,
        );
        return { out, levels };
      });
      for (const c of counts.out) expect(c, `batch ${c.u}/${c.k}`).toMatchObject({ samples: N, sleep: S });
      expect(counts.levels.map((l) => l.level)).toEqual(["day", "hour", "month"]);
      for (const l of counts.levels) expect(l.bucketed, `${l.level} buckets`).toBe(l.raw);
      console.log(
        `crash (ingestion): ${ackedBatches.length} batches acknowledged before the kill, ${unacked.length} in flight, ${committedUnacked} of them committed without an answer`,
      );
    }, 120_000);

    it("keeps every acknowledged row of a users import, and no row of an interrupted one half-written", async () => {
      const running = await startServer(dataDir);
      server = running;
      const staff = await running.signIn("staff@example.com");
      const sizes = [20, 80, 80];
      const imports = sizes.map((n, r) =>
        Array.from({ length: n }, (_, i) => ({
          name: `Crash ${r}-${i}`,
          email: `crash-${r}-${i}@example.com`,
          language: i % 2 ? "en" : "jp",
        })),
      );
      type Result = { r: number; rows?: { email: string; status: string }[]; error?: string };
      let killing = false;
      const sent = imports.map(async (body, r): Promise<Result> => {
        try {
          const res = await running.call("POST", "/staff/sakura/users/register", body, {
            token: staff.idToken,
          });
          if (res.status !== 200) throw new Error(`status ${res.status} ${JSON.stringify(res.body)}`);
          return { r, rows: res.body };
        } catch (err) {
          if (!killing) throw err;
          return { r, error: String(err) };
        }
      });
      // kill as soon as the smallest import is acknowledged, while the larger ones are being written
      const first = await Promise.race(sent);
      killing = true;
      await kill9(running.proc);
      const results = await Promise.all(sent);
      expect(first.rows, `the first import's answer: ${first.error}`).toBeDefined();
      const acked = results.filter((x) => x.rows);
      const interrupted = results.filter((x) => !x.rows);
      expect(interrupted.length, "the kill came while an import was being written").toBeGreaterThan(0);
      for (const a of acked) expect(a.rows?.every((row) => row.status === "sent")).toBe(true);

      // after a restart: acknowledged rows are there; an interrupted import's rows are whole or absent
      const restarted = await startServer(dataDir);
      server = restarted;
      const admin = await restarted.signIn("admin@example.com");
      const staff2 = await restarted.signIn("staff@example.com");
      /** Every crash-* account (super user's list) and whether it is a member of sakura (staff's list). */
      const state = async () => {
        const all = await restarted.call("GET", "/admin/users/all_entities", undefined, {
          token: admin.idToken,
        });
        const members = await restarted.call("GET", "/staff/sakura/users", undefined, {
          token: staff2.idToken,
        });
        expect([all.status, members.status]).toEqual([200, 200]);
        const memberEmails = new Set((members.body as { email: string }[]).map((m) => m.email));
        return (all.body as { email: string; name: string; language: string }[])
          .filter((u) => /^crash-\d+-\d+@example\.com$/.test(u.email))
          .map((u) => ({
            email: u.email,
            name: u.name,
            language: u.language,
            member: memberEmails.has(u.email),
          }));
      };
      const afterCrash = await state();
      const byEmail = new Map(afterCrash.map((u) => [u.email, u]));
      for (const a of acked)
        for (const row of imports[a.r] ?? [])
          expect(byEmail.get(row.email), `acknowledged row ${row.email}`).toEqual({ ...row, member: true });
      // one transaction per row: an account without its membership would be a half-written row
      for (const u of afterCrash)
        expect(u, "a row of an interrupted import").toEqual({
          ...imports.flat().find((x) => x.email === u.email),
          member: true,
        });
      const written = interrupted.map(
        (x) => (imports[x.r] ?? []).filter((row) => byEmail.has(row.email)).length,
      );

      // importing the interrupted files again completes them, one membership per person
      for (const x of interrupted) {
        const res = await restarted.call("POST", "/staff/sakura/users/register", imports[x.r], {
          token: staff2.idToken,
        });
        expect(res.status).toBe(200);
        for (const row of res.body as { email: string; status: string }[])
          expect(["sent", "already_exists"], `${row.email} on the second import`).toContain(row.status);
      }
      const end = await state();
      expect(end.map((u) => u.email).sort()).toEqual(
        imports
          .flat()
          .map((row) => row.email)
          .sort(),
      );
      expect(end.every((u) => u.member)).toBe(true);
      await stopGracefully(restarted.proc);
      console.log(
        `crash (import): ${acked.length} import(s) acknowledged, ${interrupted.length} interrupted with ${written.join(", ")} of their rows written before the kill`,
      );
    }, 120_000);

    it("loses and doubles no sample or hour bucket when killed while packing, and the pack goes on after", async () => {
      // the first test's days, which the servers since have packed, all hot again (as an upload over a
      // packed day puts it back): the pack job starts on them at start-up
      const before = await inspect(dataDir, async (db) => {
        const d = vitalDays;
        const packed = await rows<{ u: string; m: number; days: string[] }>(
          db,
          sql`select ${d.userId}::text as u, ${d.measure}::int as m, array_agg(${d.day}::text) as days from ${d} group by 1, 2`,
        );
        await db.transaction(async (tx) => {
          for (const p of packed) await unpackDays(tx, p.u, [p.m], p.days);
        });
        // and more of them, so that packing takes seconds: 70 days of one-minute heart rate for every uploader, before
        // the others, with their buckets (a rebuild from the samples)
        const v = vitalSamples;
        const ids = await rows<{ id: string }>(
          db,
          sql`select ${users.id}::text as id from ${users} where ${users.email} = any(${sql.param(UPLOADERS)}::text[])`,
        );
        for (const { id } of ids) {
          await db.execute(sql`insert into ${v} (${bareList(v.userId, v.measure, v.at, v.value)})
            select ${id}::uuid, 5091, t, 50 + (extract(epoch from t)::bigint / 60) % 70
            from generate_series(${new Date(OLD_DATA_FROM - 100 * DAY_MS).toISOString()}::timestamptz,
              ${new Date(OLD_DATA_FROM - 30 * DAY_MS - 60_000).toISOString()}::timestamptz, interval '1 minute') as t`);
          await rebuildUser(db, id);
        }
        return vitalTotals(db);
      });
      expect(before.packed).toBe(0);
      expect(before.hot).toBeGreaterThan(5 * 100_000);
      server = await startServer(dataDir);
      // the job starts once the server answers; it packs 50,000 samples a batch, in seconds for all of them here
      await new Promise((r) => setTimeout(r, 1_000));
      await kill9(server.proc);
      const killed = await inspect(dataDir, vitalTotals);
      // the kill came before the pack had ended
      expect(killed.packed).toBeLessThan(before.total);
      expect(killed).toMatchObject({
        total: before.total,
        twice: 0,
        hours: before.total,
        days: before.total,
      });
      expect(killed.months).toBe(before.total);
      // the next start (its own pack off here) and an in-process pack go on where the killed one stopped
      const restarted = await startServer(dataDir, { PACK_SAMPLES: "off" });
      server = restarted;
      await stopGracefully(restarted.proc);
      const packed = await inspect(dataDir, async (db) => {
        const run = await packClosedDays(db, Date.now());
        return { run, totals: await vitalTotals(db) };
      });
      expect(packed.run.done).toBe(true);
      expect(packed.totals).toEqual({
        ...killed,
        packed: before.total,
        hot: 0,
        packedHourDays: packed.totals.packedHourDays,
      });
      expect(packed.totals.packedHourDays).toBeGreaterThan(0);
      console.log(
        `crash (pack): killed with ${killed.packed} of ${before.total} samples and ${killed.packedHourDays} days of hour buckets packed`,
      );
    }, 120_000);
  },
);

/**
 * The band data's totals: samples hot and packed, samples stored twice (hot and packed, or in two packed days), the
 * counts of each bucket level (the hours hot and packed, through levels.ts), days of packed hour buckets.
 */
async function vitalTotals(db: Database["db"]) {
  const v = vitalSamples;
  const d = vitalDays;
  const level = (table: typeof vitalBucketsDay | typeof vitalBucketsMonth) =>
    sql`(select coalesce(sum(${table.count}), 0) from ${table})::int`;
  const [r] = await rows<{
    hot: number;
    packed: number;
    twice: number;
    hours: number;
    days: number;
    months: number;
    packedHourDays: number;
  }>(
    db,
    sql`select (select count(*) from ${v})::int as hot,
      (select coalesce(sum(cardinality(${d.offsets})), 0) from ${d})::int as packed,
      ${samplesStoredTwice} as twice,
      (select coalesce(sum(h.${BUCKET_ROW.count}), 0) from (${hourBuckets(() => sql`true`, { from: 0, to: Date.now() + 86_400_000 })}) h)::int
        as hours,
      ${level(vitalBucketsDay)} as days, ${level(vitalBucketsMonth)} as months,
      (select count(*) from ${vitalHourDays})::int as "packedHourDays"`,
  );
  if (!r) throw new Error("no totals");
  return { ...r, total: r.hot + r.packed };
}
