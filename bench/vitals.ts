/**
 * Vital-data benchmark (issue "Vital data" §8). Prints ingestion throughput over HTTP against a raw COPY,
 * staff-report and client-detail latencies against raw scans, and the server's RSS.
 *
 *   npx tsx bench/vitals.ts [--users 1000] [--days 365] [--dense-days 7] [--runs 20]
 *   DATABASE_URL=postgres://… npx tsx bench/vitals.ts …      (or: scripts/with-postgres.sh npx tsx bench/vitals.ts …)
 *
 * Heart rate only: the last `dense-days` at 1-minute resolution, older days every 15 minutes.
 * The server runs in this process, so RSS includes the load generator (an upper bound for the server).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { buildApp } from "../apps/server/src/app";
import type { AppConfig } from "../apps/server/src/config";
import { openDatabase } from "../apps/server/src/db/client";
import { migrateDatabase } from "../apps/server/src/db/migrate";
import { entities, memberships, users } from "../apps/server/src/db/schema";
import { IdTokens } from "../apps/server/src/features/auth/id-tokens";
import { createSession } from "../apps/server/src/features/auth/sessions";

const { values: o } = parseArgs({
  options: {
    users: { type: "string", default: "100" },
    days: { type: "string", default: "30" },
    "dense-days": { type: "string", default: "7" },
    runs: { type: "string", default: "20" },
    concurrency: { type: "string", default: "2" },
  },
});
const U = Number(o.users);
const DAYS = Number(o.days);
const DENSE = Math.min(Number(o["dense-days"]), DAYS);
const RUNS = Number(o.runs);
const CONCURRENCY = Number(o.concurrency);
const BATCH = 5000;
const SECRET = "bench-secret-bench-secret-bench-secret-0123456789";
const MIN = 60_000;
const DAY = 1440 * MIN;
const end = Math.floor(Date.now() / MIN) * MIN - MIN;

const rssPeak = {
  now: 0,
  reset() {
    this.now = 0;
  },
};
const rssTimer = setInterval(() => {
  rssPeak.now = Math.max(rssPeak.now, process.memoryUsage().rss);
}, 100);
const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};
const ms = (x: number) => `${x.toFixed(1)} ms`;

/** Heart-rate times (epoch ms) of one user: 15-minute steps, then 1-minute steps for the dense days. */
function* times(): Generator<number> {
  const denseFrom = end - DENSE * DAY;
  for (let t = end - DAYS * DAY; t < denseFrom; t += 15 * MIN) yield t;
  for (let t = denseFrom; t <= end; t += MIN) yield t;
}
const hr = (u: number, t: number) =>
  Math.round(62 + 14 * Math.sin(((t / 3_600_000 + 9) / 24) * 2 * Math.PI - 2) + ((u * 7 + t / MIN) % 9));
const perUser = [...times()].length;

const dataDir = process.env.DATABASE_URL ? null : mkdtempSync(path.join(tmpdir(), "mimamori-bench-"));
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: dataDir ?? undefined });
await migrateDatabase(database);
const db = database.db;
console.log(
  `Database: ${database.kind}; ${U} users × ${DAYS} days heart rate (${DENSE} dense days) = ${(U * perUser).toLocaleString()} samples`,
);

await db
  .insert(entities)
  .values({ workspaceName: "bench", name: "Bench", description: "benchmark" })
  .onConflictDoNothing();
const people = await db
  .insert(users)
  .values([
    { email: "bench-staff@example.com", name: "Bench staff", emailVerifiedAt: new Date() },
    { email: "bench-admin@example.com", name: "Bench admin", emailVerifiedAt: new Date(), isSuperUser: true },
    ...Array.from({ length: U }, (_, i) => ({
      email: `bench-${i}@example.com`,
      name: `Bench ${i}`,
      emailVerifiedAt: new Date(),
    })),
  ])
  .returning();
const [staff, admin, ...members] = people;
if (!staff || !admin) throw new Error("seed failed");
await db.insert(memberships).values([
  { workspaceName: "bench", userId: staff.id, role: "staff", status: "accepted" },
  ...members.map((m) => ({
    workspaceName: "bench",
    userId: m.id,
    role: "client" as const,
    status: "accepted" as const,
  })),
]);
const idTokens = await IdTokens.create(db, SECRET);
const tokenOf = async (u: (typeof people)[number]) => {
  const { session } = await createSession(db, u.id, true);
  return idTokens.sign({ uid: u.id, sid: session.id, tv: u.tokenVersion, email: u.email });
};

const config: AppConfig = {
  port: 0,
  host: "127.0.0.1",
  dataDir: "",
  mailFrom: "bench",
  appUrl: "http://bench",
  authSecret: SECRET,
  logLevel: "warn",
  trustProxy: false,
};
const app = await buildApp(config, { database });
const base = `${await app.listen({ port: 0, host: "127.0.0.1" })}/api`;
const get = async (p: string, token: string) => {
  const t0 = performance.now();
  const res = await fetch(`${base}${p}`, { headers: { authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${p}: ${res.status}`);
  return performance.now() - t0;
};

// ---- ingestion over HTTP ----
const memberTokens = await Promise.all(members.map(tokenOf));
const batches = function* () {
  for (const [u, token] of memberTokens.entries()) {
    let samples: { code: string; time: number; value: number }[] = [];
    for (const t of times()) {
      samples.push({ code: "00005091", time: t / 1000, value: hr(u, t) });
      if (samples.length === BATCH) {
        yield { token, samples };
        samples = [];
      }
    }
    if (samples.length) yield { token, samples };
  }
};
rssPeak.reset();
const queue = batches();
let stored = 0;
const t0 = performance.now();
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    for (let next = queue.next(); !next.done; next = queue.next()) {
      const res = await fetch(`${base}/user/vitals`, {
        method: "POST",
        headers: { authorization: `Bearer ${next.value.token}`, "content-type": "application/json" },
        body: JSON.stringify({ samples: next.value.samples }),
      });
      const body = (await res.json()) as { accepted: number };
      if (!res.ok) throw new Error(`ingest ${res.status} ${JSON.stringify(body)}`);
      stored += body.accepted;
    }
  }),
);
const ingestS = (performance.now() - t0) / 1000;
const ingestRss = rssPeak.now;
const ingestRate = stored / ingestS;

// ---- raw COPY of the same rows into a bare table of the same shape ----
await db.execute(
  sql`create table if not exists bench_copy (user_id uuid not null, measure smallint not null, at timestamptz not null, value double precision not null, primary key (user_id, measure, at))`,
);
const csvRows = function* () {
  for (const [u, m] of members.entries()) {
    let chunk = "";
    for (const t of times()) chunk += `${m.id},5091,${new Date(t).toISOString()},${hr(u, t)}\n`;
    yield chunk;
  }
};
const c0 = performance.now();
if (process.env.DATABASE_URL) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await pipeline(
    Readable.from(csvRows()),
    client.query(copyFrom("COPY bench_copy FROM STDIN WITH (FORMAT csv)")),
  );
  await client.end();
} else {
  const pglite = (
    db as unknown as { $client: { query(q: string, p: unknown[], o: { blob: Blob }): Promise<unknown> } }
  ).$client;
  for (const chunk of csvRows())
    await pglite.query("COPY bench_copy FROM '/dev/blob' WITH (FORMAT csv)", [], { blob: new Blob([chunk]) });
}
const copyRate = (U * perUser) / ((performance.now() - c0) / 1000);
await db.execute(sql`drop table bench_copy`);

// ---- staff report latencies vs a raw scan ----
const staffToken = await tokenOf(staff);
const staffLines: string[] = [];
for (const days of [1, 7, 30, 365].filter((d) => d <= DAYS)) {
  const api: number[] = [];
  for (let i = 0; i < RUNS; i++)
    api.push(
      await get(`/staff/bench/reports_v2/00005091?interval=${days}&timezone=Asia%2FTokyo`, staffToken),
    );
  const raw: number[] = [];
  for (let i = 0; i < Math.max(3, Math.floor(RUNS / 4)); i++) {
    const r0 = performance.now();
    await db.execute(sql`select user_id, max(value), min(value), avg(value) from vital_samples
      where measure = 5091 and at >= now() - make_interval(days => ${days}) group by user_id`);
    raw.push(performance.now() - r0);
  }
  staffLines.push(
    `  interval ${String(days).padStart(3)} d  p50 ${ms(pct(api, 50)).padStart(9)}  p95 ${ms(pct(api, 95)).padStart(9)}   raw scan p50 ${ms(pct(raw, 50)).padStart(9)}  (raw/report ${(pct(raw, 50) / pct(api, 50)).toFixed(1)}×)`,
  );
}

// ---- client weekly detail at 1-minute data ----
const clientToken = memberTokens[0] as string;
const weekStart = Math.floor((end - 7 * DAY) / 1000);
const client: number[] = [];
for (let i = 0; i < RUNS * 2; i++)
  client.push(
    await get(
      `/user/reports/resq_band/00005091?start_time=${weekStart}&end_time=${Math.floor(end / 1000)}&interval=weekly&timezone=Asia%2FTokyo`,
      clientToken,
    ),
  );

// ---- all-user CSV export ----
rssPeak.reset();
const adminToken = await tokenOf(admin);
const e0 = performance.now();
const res = await fetch(
  `${base}/admin/users/data/download?start_time=${Math.floor((end - DAYS * DAY) / 1000)}&end_time=${Math.floor(end / 1000) + 60}&data_type=Vital&db_type=Raw&timezone=Asia%2FTokyo`,
  { headers: { authorization: `Bearer ${adminToken}` } },
);
let exported = 0;
for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) exported += chunk.length;
const exportS = (performance.now() - e0) / 1000;

console.log(`
Ingestion over HTTP (batches of ${BATCH}, ${CONCURRENCY} concurrent): ${stored.toLocaleString()} samples in ${ingestS.toFixed(1)} s = ${Math.round(ingestRate).toLocaleString()} samples/s
Raw COPY of the same rows: ${Math.round(copyRate).toLocaleString()} rows/s; ingestion/COPY = ${(ingestRate / copyRate).toFixed(2)}
Staff report ${"00005091"} for ${U} users (${RUNS} runs each):
${staffLines.join("\n")}
Client weekly detail at 1-minute data: p50 ${ms(pct(client, 50))}, p95 ${ms(pct(client, 95))} (${client.length} runs)
All-user CSV export: ${(exported / 1024 / 1024).toFixed(1)} MB in ${exportS.toFixed(1)} s (status ${res.status})
Peak RSS: during ingestion ${mb(ingestRss)}, during the export ${mb(rssPeak.now)}`);

clearInterval(rssTimer);
await app.close();
await database.close();
if (dataDir) rmSync(dataDir, { recursive: true, force: true });
