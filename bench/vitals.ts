/**
 * Vital-data benchmark (issue "Vital data" §8). Prints ingestion throughput over HTTP against a raw COPY,
 * staff-report and client-detail latencies against raw scans, the all-user CSV export, and the server's RSS.
 *
 *   npx tsx bench/vitals.ts [--users 100] [--days 30] [--dense-days 7] [--runs 20] [--concurrency 6]
 *                           [--staff-users 50] [--load-seconds 20] [--settle-seconds 0]
 *                           [--skip-export] [--skip-copy] [--skip-raw] [--skip-load]  (PGlite in a temp folder)
 *   DATABASE_URL=postgres://… npx tsx bench/vitals.ts --reuse …   (the reads again on a database loaded before)
 *   scripts/with-postgres.sh npx tsx bench/vitals.ts …    (throwaway PostgreSQL; or DATABASE_URL=postgres://…)
 *   PG_OPTS="-c max_wal_size=4GB" scripts/with-postgres.sh npx tsx bench/vitals.ts …   (extra server options)
 *
 * Heart rate only: the last `dense-days` at 1-minute resolution, older days every 15 minutes
 * (`--users 1000 --days 365` is the issue's dataset, about 44 M samples).
 *
 * This process seeds the entity "bench" (staff, admin, users) and their sessions, then runs the real server
 * (apps/server/src/main.ts, bundled as `npm start` runs it) as a child process and drives it over HTTP: uploads in
 * batches of 5,000 (its pack job off: PACK_SAMPLES=off), then with the server stopped the pack of every closed day,
 * timed, and on PostgreSQL `bytes per sample: N` (packAll), the server started again; VACUUM ANALYZE of the vital
 * tables (PostgreSQL only), staff report and client weekly detail latencies on the packed data, the
 * all-user CSV export. Once the server has stopped, it reopens the database for the raw-scan and COPY
 * comparisons: a PGlite data folder can be open in one process only.
 *
 * RSS is the server process's alone (VmRSS sampled from /proc every 100 ms, and its VmHWM), so the load
 * generator is not counted; with PGlite it includes the embedded database. Linux only (reads /proc).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { parseArgs } from "node:util";
import { ADMIN_EXPORT_MAX_DAYS } from "@mimamori/shared";
import { and, eq, getTableName, inArray, sql } from "drizzle-orm";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { type Database, openDatabase, rows } from "../apps/server/src/db/client";
import { migrateDatabase } from "../apps/server/src/db/migrate";
import {
  entities,
  memberships,
  SAMPLE_TABLES,
  users,
  vitalBucketsHour,
  vitalSamples,
} from "../apps/server/src/db/schema";
import { createSession } from "../apps/server/src/features/identity";
import { packClosedDays, RAW_ROW, rawSamples } from "../apps/server/src/features/vitals";
import { type IdTokenClaims, IdTokens } from "../apps/server/src/lib/id-tokens";
import { zoneOffsetMinutes } from "../apps/server/src/lib/time-sql";
import {
  changeSomething,
  DATABASE_URL,
  pct,
  RssSampler,
  BENCH_SECRET as SECRET,
  type Server,
  startServer as startLibServer,
} from "./lib/server";

const { values: o } = parseArgs({
  options: {
    users: { type: "string", default: "100" },
    days: { type: "string", default: "30" },
    "dense-days": { type: "string", default: "7" },
    runs: { type: "string", default: "20" },
    concurrency: { type: "string", default: "6" },
    "staff-users": { type: "string", default: "50" },
    "load-seconds": { type: "string", default: "20" },
    "settle-seconds": { type: "string", default: "0" },
    "skip-export": { type: "boolean", default: false },
    "skip-copy": { type: "boolean", default: false },
    "skip-raw": { type: "boolean", default: false },
    "skip-load": { type: "boolean", default: false },
    reuse: { type: "boolean", default: false },
  },
});
const U = Number(o.users);
const DAYS = Number(o.days);
const DENSE = Math.min(Number(o["dense-days"]), DAYS);
const RUNS = Number(o.runs);
const CONCURRENCY = Number(o.concurrency);
const STAFF_USERS = Number(o["staff-users"]);
const LOAD_SECONDS = Number(o["load-seconds"]);
/**
 * A pause after the upload before the reads: on PGlite the server vacuums the grown tables in its next
 * maintenance pass (db/maintenance.ts, every 60 s), which blocks its event loop for seconds; 120 lets the reads
 * see the steady state instead.
 */
const SETTLE_SECONDS = Number(o["settle-seconds"]);
if (
  ![U, DAYS, RUNS, CONCURRENCY, STAFF_USERS, LOAD_SECONDS].every((n) => Number.isInteger(n) && n > 0) ||
  !(DENSE >= 0) ||
  !(SETTLE_SECONDS >= 0)
)
  throw new Error(
    "--users, --days, --runs, --concurrency, --staff-users and --load-seconds must be positive integers, --dense-days and --settle-seconds ≥ 0",
  );
/**
 * --reuse: the database (DATABASE_URL, kept between runs) already holds the dataset of an earlier run with the
 * same --users, --days and --dense-days; only the reads are timed again (new sessions, no upload, no export).
 */
const REUSE = o.reuse;
if (REUSE && !process.env.DATABASE_URL)
  throw new Error("--reuse needs DATABASE_URL (a database kept between runs)");

const BATCH = 5000;
const CODE = "00005091";
const MEASURE = 5091;
const INTERVALS = [1, 7, 30, 365].filter((d) => d <= DAYS);
const RAW_RUNS = Math.max(3, Math.floor(RUNS / 4));
const MIN = 60_000;
const DAY = 1440 * MIN;
/** The last sample's time; with --reuse, read from the database (the data were loaded earlier). */
let end = Math.floor(Date.now() / MIN) * MIN - MIN;
/**
 * On a failed or interrupted run requests may still be in flight; their keep-alive connections would hold
 * the server's graceful close for its keep-alive timeout, and its data is thrown away anyway.
 */
const ABORT_GRACE_MS = 5_000;

const ms = (x: number) => `${x.toFixed(1)} ms`;
const mbOfKb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
const seconds = (since: number) => (performance.now() - since) / 1000;
/** Progress goes to stderr so that stdout holds only the figures. */
const progress = (msg: string) => process.stderr.write(`[bench] ${msg}\n`);

// ---- dataset ----

/** Heart-rate times (epoch ms) of one user: 15-minute steps, then 1-minute steps for the dense days. */
function* times(): Generator<number> {
  const denseFrom = end - DENSE * DAY;
  for (let t = end - DAYS * DAY; t < denseFrom; t += 15 * MIN) yield t;
  for (let t = denseFrom; t <= end; t += MIN) yield t;
}
const hr = (u: number, t: number) =>
  Math.round(62 + 14 * Math.sin(((t / 3_600_000 + 9) / 24) * 2 * Math.PI - 2) + ((u * 7 + t / MIN) % 9));
const perUser = [...times()].length;
const TOTAL = U * perUser;

// ---- seeding (in this process, before the server starts) ----

/** What an id token needs; tokens are signed just before use because they live only 15 minutes. */
type Claims = IdTokenClaims & { email: string };

interface Seeded {
  staff: Claims;
  /** STAFF_USERS staff of the entity, `staff` first: the concurrent users of the load phase. */
  allStaff: Claims[];
  admin: Claims;
  members: Claims[];
  idTokens: IdTokens;
}

async function seed(database: Database): Promise<Seeded> {
  const db = database.db;
  await db
    .insert(entities)
    .values({ workspaceName: "bench", name: "Bench", description: "benchmark" })
    .onConflictDoNothing();
  const people = await db
    .insert(users)
    .values([
      { email: "bench-staff@example.com", name: "Bench staff", emailVerifiedAt: new Date() },
      ...moreStaff(),
      {
        email: "bench-admin@example.com",
        name: "Bench admin",
        emailVerifiedAt: new Date(),
        isSuperUser: true,
      },
      ...Array.from({ length: U }, (_, i) => ({
        email: `bench-${i}@example.com`,
        name: `Bench ${i}`,
        emailVerifiedAt: new Date(),
      })),
    ])
    .returning();
  const [staff, ...rest] = people;
  const others = rest.splice(0, STAFF_USERS - 1);
  const [admin, ...members] = rest;
  if (!staff || !admin) throw new Error("seed failed");
  await db.insert(memberships).values([
    ...[staff, ...others].map((s) => ({
      workspaceName: "bench",
      userId: s.id,
      role: "staff" as const,
      status: "accepted" as const,
      acceptedAt: new Date(),
    })),
    ...members.map((m) => ({
      workspaceName: "bench",
      userId: m.id,
      role: "client" as const,
      status: "accepted" as const,
      // consent before the loaded history: staff reports read all of it
      acceptedAt: new Date(Date.now() - (DAYS + 1) * 86_400_000),
    })),
  ]);
  const sessionOf = async (u: (typeof people)[number]): Promise<Claims> => {
    const { session } = await createSession(db, u.id, true);
    return { uid: u.id, sid: session.id, tv: u.tokenVersion, email: u.email };
  };
  return {
    staff: await sessionOf(staff),
    allStaff: await Promise.all([staff, ...others].map(sessionOf)),
    admin: await sessionOf(admin),
    members: await Promise.all(members.map(sessionOf)),
    idTokens: await IdTokens.create(db, SECRET),
  };
}

/** The staff accounts after the first (`bench-staff@example.com`). */
const moreStaff = (from = 1) =>
  Array.from({ length: Math.max(0, STAFF_USERS - from) }, (_, i) => ({
    email: `bench-staff-${i + from}@example.com`,
    name: `Bench staff ${i + from}`,
    emailVerifiedAt: new Date(),
  }));

/** --reuse: the people of an earlier run's seed (staff added up to STAFF_USERS), with new sessions. */
async function reseed(database: Database): Promise<Seeded> {
  const db = database.db;
  const u = users;
  const m = memberships;
  const staffRows = await db
    .select()
    .from(u)
    .innerJoin(m, eq(m.userId, u.id))
    .where(and(eq(m.workspaceName, "bench"), eq(m.role, "staff")))
    .orderBy(u.email);
  const added = moreStaff(staffRows.length).length
    ? await db.insert(u).values(moreStaff(staffRows.length)).returning()
    : [];
  if (added.length)
    await db.insert(m).values(
      added.map((s) => ({
        workspaceName: "bench",
        userId: s.id,
        role: "staff" as const,
        status: "accepted" as const,
        acceptedAt: new Date(),
      })),
    );
  const [admin] = await db.select().from(u).where(eq(u.email, "bench-admin@example.com"));
  const staff = staffRows
    .map((r) => r.users)
    .sort((a, b) =>
      a.email === "bench-staff@example.com" ? -1 : b.email === "bench-staff@example.com" ? 1 : 0,
    );
  // the first members: the client's weekly detail reads bench-0's, the uploads between computed reports theirs
  const firstEmails = Array.from({ length: UPLOADERS }, (_, i) => `bench-${i}@example.com`);
  const firstMembers = (await db.select().from(u).where(inArray(u.email, firstEmails))).sort(
    (a, b) => firstEmails.indexOf(a.email) - firstEmails.indexOf(b.email),
  );
  const [member0] = firstMembers;
  if (!admin || !staff[0] || !member0) throw new Error("--reuse: the database holds no earlier bench run");
  const [last] = await db
    .select({ at: sql<string>`max(${vitalSamples.at})` })
    .from(vitalSamples)
    .where(and(eq(vitalSamples.userId, member0.id), eq(vitalSamples.measure, MEASURE)));
  if (!last?.at) throw new Error("--reuse: the database holds no samples");
  end = new Date(last.at).getTime();
  const sessionOf = async (p: typeof admin): Promise<Claims> => {
    const { session } = await createSession(db, p.id, true);
    return { uid: p.id, sid: session.id, tv: p.tokenVersion, email: p.email };
  };
  const allStaff = await Promise.all([...staff, ...added].slice(0, STAFF_USERS).map(sessionOf));
  return {
    staff: allStaff[0] as Claims,
    allStaff,
    admin: await sessionOf(admin),
    members: await Promise.all(firstMembers.map(sessionOf)),
    idTokens: await IdTokens.create(db, SECRET),
  };
}

// ---- the server as a child process (bench/lib/server.ts) ----

async function startServer(dataDir: string | undefined): Promise<Server> {
  // the bench packs the samples itself, once they are loaded, and times it (`packAll`)
  const server = await startLibServer(dataDir, { PACK_SAMPLES: "off" });
  state.server = server;
  return server;
}

// ---- measurements over HTTP ----

/**
 * Every member's request bodies, BATCH samples each, built before the clock starts: on two cores, JSON written
 * during the upload took 0.4–0.7 µs of CPU a sample from the server and the database (bench/README.md). ~62 bytes
 * a sample: 275 MB for 100 members × 365 days, 2.8 GB for 1,000 (Buffers, outside V8's heap).
 */
function prebuiltBodies(): Buffer[][] {
  return Array.from({ length: U }, (_, u) => {
    const bodies: Buffer[] = [];
    let rows: string[] = [];
    const flush = () => bodies.push(Buffer.from(`{"samples":[${rows.join(",")}]}`, "latin1"));
    for (const t of times()) {
      rows.push(`{"code":"${CODE}","time":${t / 1000},"value":${hr(u, t)}}`);
      if (rows.length === BATCH) {
        flush();
        rows = [];
      }
    }
    if (rows.length > 0) flush();
    return bodies;
  });
}

/**
 * A fleet of bands uploading: `CONCURRENCY` members at a time, each sending its own batches one after another
 * (a band does not send its next batch before the last one is answered), the next member once one is done.
 * Until 2026-11-24 the workers took the batches in order, so all of them sent batches of the same member at once,
 * and those waited on each other for the member's lock (vitals/store.ts `lockUser`).
 */
async function ingest(
  server: Server,
  seeded: Seeded,
  bodies: Buffer[][],
): Promise<{ stored: number; seconds: number }> {
  let nextMember = 0;
  let stored = 0;
  let reported = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let u = nextMember++; u < seeded.members.length; u = nextMember++) {
        const token = await seeded.idTokens.sign(seeded.members[u] as Claims);
        for (const body of bodies[u] ?? []) {
          // read `stored` after the await: `stored += await …` would add to a value read before it
          const accepted = await server.uploadVitals(token, body);
          stored += accepted;
          const tenths = Math.floor((stored / TOTAL) * 10);
          if (tenths > reported && tenths < 10) {
            reported = tenths;
            progress(
              `ingested ${tenths * 10}% (${Math.round(stored / seconds(t0)).toLocaleString()} samples/s)`,
            );
          }
        }
      }
    }),
  );
  return { stored, seconds: seconds(t0) };
}

/**
 * Fresh statistics and visibility maps before the reads, as autovacuum would give a long-running server, and a
 * checkpoint, so the reads are not timed while the bulk load's gigabytes are being written back.
 */
async function vacuumAnalyze(databaseUrl: string): Promise<{ tables: string[]; seconds: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // Listed rather than named: bucket levels get added.
    const { rows } = await client.query<{ tablename: string }>(
      "select tablename from pg_tables where schemaname = current_schema() and tablename like 'vital_buckets%' order by tablename",
    );
    const tables = ["vital_samples", "vital_days", ...rows.map((r) => r.tablename)];
    const t0 = performance.now();
    await client.query(`VACUUM ANALYZE ${tables.map((t) => `"${t}"`).join(", ")}`);
    await client.query("CHECKPOINT");
    return { tables, seconds: seconds(t0) };
  } finally {
    await client.end();
  }
}

/**
 * How a call is timed: through `fetch`, which also gunzips and buffers the answer in this process, or to the last
 * byte of the gzipped answer as sent (`Server.timeToLastByte`), the server's own latency.
 */
type Timing = "fetch" | "last-byte";

async function timeGet(server: Server, p: string, token: string, timing: Timing = "fetch"): Promise<number> {
  if (timing === "last-byte") {
    const { status, ms } = await server.timeToLastByte(p, token);
    if (status !== 200) throw new Error(`GET ${p}: ${status}`);
    return ms;
  }
  const t0 = performance.now();
  const res = await server.fetch(p, token);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`GET ${p}: ${res.status}`);
  return performance.now() - t0;
}

/**
 * Unmeasured calls before each series, each after the series' `before` as the timed ones (a computed series warms
 * up computing). The first call of a query shape pays for planning and cold pages, and on PostgreSQL each of the
 * server's ten query connections (db/client.ts) has its own catalog caches and prepared statements. With 2, the
 * first series' next calls took 21–31 ms against 14–16 ms later; with 10, any series may still have one or two
 * calls over 25 ms, spread between the statement and the send (bench/README.md).
 */
const WARMUP = 10;

/**
 * `runs` timed calls of `p` (or of `p(i)`, the i-th call counting the warm-up's) after the warm-up calls, each after
 * the untimed `before` if given.
 */
async function timeRuns(
  server: Server,
  p: string | ((i: number) => string),
  token: string,
  runs: number,
  before?: () => Promise<void>,
  timing: Timing = "fetch",
): Promise<number[]> {
  const path = typeof p === "string" ? () => p : p;
  const times: number[] = [];
  for (let i = 0; i < WARMUP + runs; i++) {
    await before?.();
    const ms = await timeGet(server, path(i), token, timing);
    if (i >= WARMUP) times.push(ms);
  }
  return times;
}

/**
 * `RUNS` timed calls of the staff path `path(days, i)` (call i) for each interval (a report, or the KPI tiles): read
 * again while nothing changed (the kept answer), or after the untimed `before` each call.
 */
async function timeIntervals(
  server: Server,
  token: string,
  path: (days: number, i: number) => string,
  before?: () => Promise<void>,
  timing: Timing = "fetch",
): Promise<Map<number, number[]>> {
  const byInterval = new Map<number, number[]>();
  for (const days of INTERVALS)
    byInterval.set(days, await timeRuns(server, (i) => path(days, i), token, RUNS, before, timing));
  return byInterval;
}

/** Members uploading between computed staff reports (each upload moves one member's vital data). */
const UPLOADERS = 10;

/**
 * Before each call: `n` of the first members upload one new heart-rate sample each (the time now, a second later at
 * each upload), as a fleet does between two reads of the report: the kept answers go and those members' kept
 * stats with them (features/reports/report-memo.ts).
 */
function uploadsBetween(server: Server, seeded: Seeded, n: number): () => Promise<void> {
  const tokens = Promise.all(seeded.members.slice(0, UPLOADERS).map((m) => seeded.idTokens.sign(m)));
  let next = 0;
  let t = Math.floor(Date.now() / 1000) - 3600;
  return async () => {
    const all = await tokens;
    for (let k = 0; k < n; k++) {
      const token = all[next++ % all.length] as string;
      const body = `{"samples":[{"code":"${CODE}","time":${t++},"value":${60 + (next % 40)}}]}`;
      await server.uploadVitals(token, body);
    }
  };
}

const staffReportPath = (days: number) =>
  `/staff/bench/reports_v2/${CODE}?interval=${days}&timezone=Asia%2FTokyo`;
/** Time zones of whole hours (as Asia/Tokyo: reports read their hour buckets), one for each first read. */
const wholeHourZones = Intl.supportedValuesOf("timeZone").filter(
  (z) => z !== "Asia/Tokyo" && zoneOffsetMinutes(z, Date.now()) % 60 === 0,
);

/**
 * The staff report as it ends now, in another time zone at each call: a window no read has asked for (its own start,
 * and a zone in its key), so nothing of it is kept, neither the answer nor any member's stats.
 */
const firstReadPath = (days: number, i: number) => {
  const zone = wholeHourZones[(INTERVALS.indexOf(days) * (WARMUP + RUNS) + i) % wholeHourZones.length];
  return `/staff/bench/reports_v2/${CODE}?interval=${days}&timezone=${encodeURIComponent(zone as string)}`;
};
/** The KPI tiles: eleven reports in one request. */
const kpiPath = (days: number) => `/staff/bench/reports_v2/kpis?interval=${days}&timezone=Asia%2FTokyo`;

/**
 * STAFF_USERS staff, each with one request at a time, ask for the staff report for LOAD_SECONDS, each cycling
 * through the intervals from its own starting point (so every interval is always being asked for).
 */
async function loadStaffReports(server: Server, seeded: Seeded) {
  const tokens = await Promise.all(seeded.allStaff.map((s) => seeded.idTokens.sign(s)));
  const times: number[] = [];
  let errors = 0;
  const t0 = performance.now();
  const until = t0 + LOAD_SECONDS * 1000;
  await Promise.all(
    tokens.map(async (token, i) => {
      for (let k = i; performance.now() < until; k++) {
        const days = INTERVALS[k % INTERVALS.length];
        const t = performance.now();
        try {
          const res = await server.fetch(
            `/staff/bench/reports_v2/${CODE}?interval=${days}&timezone=Asia%2FTokyo`,
            token,
          );
          await res.arrayBuffer();
          if (!res.ok) errors++;
        } catch {
          errors++;
        }
        times.push(performance.now() - t);
      }
    }),
  );
  return { times, errors, seconds: seconds(t0) };
}

async function timeClientWeek(server: Server, token: string): Promise<number[]> {
  const weekStart = Math.floor((end - 7 * DAY) / 1000);
  const p = `/user/reports/resq_band/${CODE}?start_time=${weekStart}&end_time=${Math.floor(end / 1000)}&interval=weekly&timezone=Asia%2FTokyo`;
  return timeRuns(server, p, token, RUNS * 2);
}

/** The raw export of every user over the last days of the data, as long a window as the API allows. */
async function timeExport(server: Server, token: string) {
  const days = Math.min(DAYS, ADMIN_EXPORT_MAX_DAYS.Vital.Raw);
  const t0 = performance.now();
  const res = await server.fetch(
    `/admin/users/data/download?start_time=${Math.floor((end - days * DAY) / 1000)}&end_time=${Math.floor(end / 1000)}&data_type=Vital&db_type=Raw&timezone=Asia%2FTokyo`,
    token,
  );
  if (!res.ok) throw new Error(`the export answered ${res.status}: ${await res.text()}`);
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  return { bytes, days, seconds: seconds(t0), status: res.status };
}

// ---- comparisons in this process, after the server has stopped ----

/** Bytes of the tables, indexes and TOAST of SAMPLE_TABLES (pg_total_relation_size), and of the hot table alone. */
async function sampleBytes(
  database: Database,
): Promise<{ all: number; hot: number; tables: { name: string; b: number }[] }> {
  const tables = await rows<{ name: string; b: number }>(
    database.db,
    sql.join(
      SAMPLE_TABLES.map(
        (t) =>
          sql`select ${getTableName(t)} as name, pg_total_relation_size(${getTableName(t)})::float8 as b`,
      ),
      sql` union all `,
    ),
  );
  return { all: tables.reduce((a, r) => a + r.b, 0), hot: tables[0]?.b ?? 0, tables };
}

/**
 * Packs every closed day (the server's pack job, features/vitals/pack.ts, run here to the end and timed), then on
 * PostgreSQL gives the hot tables' emptied pages back (VACUUM FULL: a one-off after migrating stored data in place;
 * afterwards the daily pack's free space is reused by the uploads). Rate: hot-table bytes moved a second.
 */
async function packAll(database: Database) {
  const before = await sampleBytes(database);
  const t0 = performance.now();
  const run = await packClosedDays(database.db, Date.now());
  const packSeconds = seconds(t0);
  let vacuumSeconds = 0;
  if (DATABASE_URL) {
    const t1 = performance.now();
    // and the hour table's: the pack moved all but the last days' hours into vital_hour_days
    await database.db.execute(sql`vacuum full ${vitalSamples}`);
    await database.db.execute(sql`vacuum full ${vitalBucketsHour}`);
    vacuumSeconds = seconds(t1);
  }
  const after = await sampleBytes(database);
  const mb = (before.hot - after.hot) / 1024 / 1024;
  return { ...run, packSeconds, vacuumSeconds, mbPerSecond: mb / packSeconds, after };
}

/** The staff report's aggregate done straight on the samples, per interval. */
async function timeRawScans(database: Database): Promise<Map<number, number[]>> {
  const byInterval = new Map<number, number[]>();
  for (const days of INTERVALS) {
    const runs: number[] = [];
    for (let i = 0; i < RAW_RUNS; i++) {
      const t0 = performance.now();
      const r = RAW_ROW;
      const raw = rawSamples((t) => sql`${t.measure} = ${MEASURE}`, {
        from: sql`now() - make_interval(days => ${days})`,
      });
      await database.db.execute(sql`select s.${r.userId}, max(s.${r.value}), min(s.${r.value}), avg(s.${r.value})
        from (${raw}) s group by s.${r.userId}`);
      runs.push(performance.now() - t0);
    }
    byInterval.set(days, runs);
  }
  return byInterval;
}

/** A single COPY's rate moved by up to a fifth between runs here; the median of this many is taken. */
const COPY_RUNS = 3;

/**
 * Rows/s of a COPY of the same rows into a bare table of the same shape and primary key, the median of COPY_RUNS,
 * each into a new table. The CSV is built before the clock starts, as the upload's bodies are.
 */
async function copyRate(database: Database, members: Claims[]): Promise<number> {
  // one CSV chunk per user
  const csvChunks = members.map((m, u) => {
    const lines: string[] = [];
    for (const t of times()) lines.push(`${m.uid},${MEASURE},${new Date(t).toISOString()},${hr(u, t)}\n`);
    return Buffer.from(lines.join(""), "latin1");
  });
  const rates: number[] = [];
  for (let i = 0; i < COPY_RUNS; i++) {
    rates.push(await copyOnce(database, csvChunks));
    progress(`COPY ${i + 1} of ${COPY_RUNS}: ${Math.round(rates[i] ?? 0).toLocaleString()} rows/s`);
  }
  return pct(rates, 50);
}

async function copyOnce(database: Database, csvChunks: Buffer<ArrayBuffer>[]): Promise<number> {
  await database.db.execute(
    sql`create table bench_copy (user_id uuid not null, measure smallint not null, at timestamptz not null, value double precision not null, primary key (user_id, measure, at))`,
  );
  const t0 = performance.now();
  if (DATABASE_URL) {
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    try {
      await pipeline(
        Readable.from(csvChunks),
        client.query(copyFrom("COPY bench_copy FROM STDIN WITH (FORMAT csv)")),
      );
    } finally {
      await client.end();
    }
  } else {
    const pglite = (
      database.db as unknown as {
        $client: { query(q: string, p: unknown[], o: { blob: Blob }): Promise<unknown> };
      }
    ).$client;
    for (const chunk of csvChunks)
      await pglite.query("COPY bench_copy FROM '/dev/blob' WITH (FORMAT csv)", [], {
        blob: new Blob([chunk]),
      });
  }
  const rate = TOTAL / seconds(t0);
  await database.db.execute(sql`drop table bench_copy`);
  return rate;
}

// ---- run, with cleanup on every way out ----

/** What must be undone however the run ends: the child server, an open database, the PGlite temp folder. */
const state: { server?: Server; database?: Database; dataDir?: string } = {};
let cleaning: Promise<void> | undefined;
let interrupted = false;

function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    const { server, database, dataDir } = state;
    state.server = state.database = state.dataDir = undefined;
    await server?.stop(ABORT_GRACE_MS);
    await database?.close().catch(() => {});
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  })();
  return cleaning;
}

// `on`, not `once`: tsx passes Ctrl-C on again when this process is slow to acknowledge it, and a SIGINT
// without a listener would end the process before the cleanup has finished.
process.on("SIGINT", () => {
  if (!interrupted) progress("interrupted: stopping the server");
  interrupted = true;
  void cleanup().finally(() => process.exit(130));
});
// Last resort when the process ends without cleanup having finished (process.exit elsewhere).
process.once("exit", () => {
  if (state.server?.exitReason === null) state.server.child.kill("SIGKILL");
});

async function openBenchDatabase(): Promise<Database> {
  state.database = await openDatabase({ databaseUrl: DATABASE_URL, dataDir: state.dataDir });
  return state.database;
}

async function closeBenchDatabase(): Promise<void> {
  const database = state.database;
  state.database = undefined;
  await database?.close();
}

function flags(): string {
  const on = [
    `--users ${U}`,
    `--days ${DAYS}`,
    `--dense-days ${DENSE}`,
    `--runs ${RUNS}`,
    `--concurrency ${CONCURRENCY}`,
  ];
  on.push(`--staff-users ${STAFF_USERS}`, `--load-seconds ${LOAD_SECONDS}`);
  if (SETTLE_SECONDS > 0) on.push(`--settle-seconds ${SETTLE_SECONDS}`);
  for (const f of ["skip-export", "skip-copy", "skip-raw", "skip-load", "reuse"] as const)
    if (o[f]) on.push(`--${f}`);
  return on.join(" ");
}

/** Seeds in this process, then closes the database: PGlite's data folder can be open in one process only. */
async function prepareDatabase(): Promise<Seeded> {
  const database = await openBenchDatabase();
  await migrateDatabase(database);
  const seeded = REUSE ? await reseed(database) : await seed(database);
  await closeBenchDatabase();
  return seeded;
}

async function main() {
  const kind = DATABASE_URL ? "postgres" : "pglite"; // as openDatabase chooses
  const load1 = loadavg()[0] ?? 0;
  console.log(
    `Load average ${load1.toFixed(2)} at the start. Database: ${kind}; ${U} users × ${DAYS} days heart rate (${DENSE} dense days) = ${TOTAL.toLocaleString()} samples; ${flags()}`,
  );
  if (!DATABASE_URL) state.dataDir = mkdtempSync(path.join(tmpdir(), "mimamori-bench-"));
  progress("seeding");
  const seeded = await prepareDatabase();

  progress("starting the server");
  let server = await startServer(state.dataDir);
  let rss = new RssSampler(server.pid);

  let ingestion = { stored: 0, seconds: 0 };
  if (!REUSE) {
    progress("building the request bodies");
    const bodies = prebuiltBodies();
    progress(`ingesting ${TOTAL.toLocaleString()} samples`);
    ingestion = await ingest(server, seeded, bodies);
  }
  rss.sample();
  const ingestRssKb = rss.peakKb;

  let packLine = "skipped (--reuse)";
  let bytesLine = "";
  if (!REUSE) {
    progress("packing");
    rss.stop();
    await server.stop();
    const p = await packAll(await openBenchDatabase());
    await closeBenchDatabase();
    const minutesPerGb = 1024 / p.mbPerSecond / 60;
    packLine = `${p.samples.toLocaleString()} samples and ${p.hours.toLocaleString()} hour buckets in ${p.batches} batches, ${p.packSeconds.toFixed(1)} s = ${p.mbPerSecond.toFixed(1)} MB/s of the hot table, ${minutesPerGb.toFixed(1)} minutes per GB${DATABASE_URL ? `; VACUUM FULL of the hot tables (samples, hours) ${p.vacuumSeconds.toFixed(1)} s` : ""}`;
    if (DATABASE_URL) {
      const each = p.after.tables.map((x) => `${x.name} ${(x.b / TOTAL).toFixed(1)}`).join(", ");
      bytesLine = `\nbytes per sample: ${Math.round(p.after.all / TOTAL)}\n  of which: ${each}`;
    }
    progress("restarting the server");
    server = await startServer(state.dataDir);
    rss = new RssSampler(server.pid);
  }

  let vacuum = "left to the server (on PGlite it runs autovacuum itself, db/maintenance.ts)";
  if (REUSE) vacuum = "skipped (--reuse)";
  else if (DATABASE_URL) {
    progress("VACUUM ANALYZE, CHECKPOINT");
    const v = await vacuumAnalyze(DATABASE_URL);
    vacuum = `${v.seconds.toFixed(1)} s (${v.tables.join(", ")})`;
  }

  if (SETTLE_SECONDS > 0) {
    progress(`settling for ${SETTLE_SECONDS} s`);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_SECONDS * 1000));
  }
  progress("timing reports");
  const staffToken = await seeded.idTokens.sign(seeded.staff);
  const change = () => changeSomething(server, staffToken);
  const staffRuns = await timeIntervals(server, staffToken, staffReportPath, change, "last-byte");
  const uploadRuns = new Map<number, Map<number, number[]>>();
  for (const n of [1, UPLOADERS])
    uploadRuns.set(
      n,
      await timeIntervals(
        server,
        staffToken,
        staffReportPath,
        uploadsBetween(server, seeded, n),
        "last-byte",
      ),
    );
  const firstRuns = await timeIntervals(server, staffToken, firstReadPath, undefined, "last-byte");
  const staffFetchRuns = await timeIntervals(server, staffToken, staffReportPath, change);
  const kpiRuns = await timeIntervals(server, staffToken, kpiPath, change);
  const keptStaffRuns = await timeIntervals(server, staffToken, staffReportPath);
  const keptKpiRuns = await timeIntervals(server, staffToken, kpiPath);
  const clientRuns = await timeClientWeek(server, await seeded.idTokens.sign(seeded.members[0] as Claims));
  let loadLine = "skipped (--skip-load)";
  if (!o["skip-load"]) {
    progress(`${STAFF_USERS} concurrent staff for ${LOAD_SECONDS} s`);
    const l = await loadStaffReports(server, seeded);
    loadLine = `${l.times.length} requests in ${l.seconds.toFixed(1)} s (${Math.round(l.times.length / l.seconds)}/s), p50 ${ms(pct(l.times, 50))}, p95 ${ms(pct(l.times, 95))}, p99 ${ms(pct(l.times, 99))}, max ${ms(pct(l.times, 100))}, ${l.errors} errors`;
  }

  let exportLine = "skipped (--skip-export)";
  let exportRssKb: number | null = null;
  if (REUSE) exportLine = "skipped (--reuse)";
  else if (!o["skip-export"]) {
    progress("exporting");
    rss.reset();
    const e = await timeExport(server, await seeded.idTokens.sign(seeded.admin));
    rss.sample();
    exportRssKb = rss.peakKb;
    exportLine = `${e.days} days (the longest raw window), ${(e.bytes / 1024 / 1024).toFixed(1)} MB in ${e.seconds.toFixed(1)} s`;
  }

  progress("stopping the server");
  rss.stop();
  await server.stop();
  state.server = undefined;

  const reopened = await openBenchDatabase();
  let rawRuns = new Map<number, number[]>();
  if (!o["skip-raw"]) {
    progress("raw scans");
    rawRuns = await timeRawScans(reopened);
  }
  let copyLine = "skipped (--skip-copy)";
  if (REUSE) copyLine = "skipped (--reuse)";
  else if (!o["skip-copy"]) {
    progress("COPY");
    const rate = await copyRate(reopened, seeded.members);
    const ingestRate = ingestion.stored / ingestion.seconds;
    copyLine = `${Math.round(rate).toLocaleString()} rows/s (median of ${COPY_RUNS}); ingestion/COPY = ${(ingestRate / rate).toFixed(2)}`;
  }
  await closeBenchDatabase();

  const staffLines = INTERVALS.map((days) => {
    const api = staffRuns.get(days) ?? [];
    const raw = rawRuns.get(days) ?? [];
    const rawPart = raw.length
      ? `   raw scan p50 ${ms(pct(raw, 50)).padStart(9)}  (${raw.length} runs; raw/report ${(pct(raw, 50) / pct(api, 50)).toFixed(1)}×)`
      : "";
    return `  interval ${String(days).padStart(3)} d  p50 ${ms(pct(api, 50)).padStart(9)}  p95 ${ms(pct(api, 95)).padStart(9)}  (${api.length} runs)${rawPart}`;
  });
  const plainLines = (runs: Map<number, number[]>) =>
    INTERVALS.map((days) => {
      const k = runs.get(days) ?? [];
      return `  interval ${String(days).padStart(3)} d  p50 ${ms(pct(k, 50)).padStart(9)}  p95 ${ms(pct(k, 95)).padStart(9)}  (${k.length} runs)`;
    });
  const missing = REUSE || ingestion.stored === TOTAL ? "" : ` (expected ${TOTAL.toLocaleString()})`;
  console.log(`
Ingestion over HTTP (batches of ${BATCH}, ${CONCURRENCY} concurrent): ${REUSE ? "skipped (--reuse)" : `${ingestion.stored.toLocaleString()} samples${missing} in ${ingestion.seconds.toFixed(1)} s = ${Math.round(ingestion.stored / ingestion.seconds).toLocaleString()} samples/s`}
Raw COPY of the same rows: ${copyLine}
Pack of the closed days (the reads below read packed data): ${packLine}${bytesLine}
VACUUM ANALYZE and CHECKPOINT after ingestion: ${vacuum}
Staff report ${CODE} for ${U} users, computed (a write before each call drops the kept answers; it moves no member's vital data, so their kept stats serve), to the last byte:
${staffLines.join("\n")}
${[...uploadRuns].map(([n, runs]) => `The same, computed after ${n} member${n === 1 ? "" : "s"} uploaded before each call (their stats read again), to the last byte:\n${plainLines(runs).join("\n")}`).join("\n")}
The same, a window's first read (another time zone each call: nothing kept, every member's stats read), to the last byte:
${plainLines(firstRuns).join("\n")}
The same through fetch (which also gunzips and buffers the answer in this process):
${plainLines(staffFetchRuns).join("\n")}
KPI tiles (eleven reports in one request), computed:
${plainLines(kpiRuns).join("\n")}
Staff report read again while nothing changed (the kept answer):
${plainLines(keptStaffRuns).join("\n")}
KPI tiles read again while nothing changed:
${plainLines(keptKpiRuns).join("\n")}
${STAFF_USERS} concurrent staff on the staff report (intervals in turn): ${loadLine}
Client weekly detail at 1-minute data: p50 ${ms(pct(clientRuns, 50))}, p95 ${ms(pct(clientRuns, 95))} (${clientRuns.length} runs)
All-user CSV export: ${exportLine}
Load average at the end: ${(loadavg()[0] ?? 0).toFixed(2)}
Server process RSS${kind === "pglite" ? " (includes the embedded PGlite database)" : ""}, load generator excluded: peak during ingestion ${mbOfKb(ingestRssKb)}, during the export ${exportRssKb === null ? "skipped" : mbOfKb(exportRssKb)}; VmHWM ${mbOfKb(rss.hwmKb)}`);
}

try {
  await main();
} catch (err) {
  // After Ctrl-C the SIGINT handler reports and exits; the failures it causes here are expected.
  if (!interrupted) throw err;
} finally {
  await cleanup();
}
