/**
 * The fixed cost of a request (issue 13): one client, one request at a time, against the real server on demo data
 * and, in the same run, a bare Node HTTP server in its own process answering the same JSON as `GET /api/health`.
 * Then the signed-in `GET /api/user/info` under `autocannon` (the load generator in this process, the server in
 * its own: on this 2-core machine each gets a core).
 *
 *   npx tsx bench/fixed-cost.ts [--calls 2000] [--seconds 10] [--connections 10] [--skip-load]   # PGlite
 *   scripts/with-postgres.sh npx tsx bench/fixed-cost.ts …                            # PostgreSQL
 *
 * `BENCH_SERVER_NODE_OPTIONS="--cpu-prof --cpu-prof-dir=/tmp/prof"` profiles the server.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { openDatabase } from "../apps/server/src/db/client";
import { migrateDatabase } from "../apps/server/src/db/migrate";
import { DEMO_PASSWORD, loadDemoSeed } from "../apps/server/src/features/demo";
import { changeSomething, DATABASE_URL, freePort, pct, progress, startServer } from "./lib/server";

const { seedDemo } = await loadDemoSeed();

const { values: o } = parseArgs({
  options: {
    calls: { type: "string", default: "2000" },
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
    "skip-load": { type: "boolean", default: false },
  },
});
const CALLS = Number(o.calls);
const WARMUP = 200;

const ms = (x: number) => `${x.toFixed(2)} ms`;

/** A database with the demo data (2 days of band data keeps the seeding short; the report asks for 1 day). */
async function demoDatabase(): Promise<{
  dataDir?: string;
  env: Record<string, string>;
  drop(): Promise<void>;
}> {
  if (!DATABASE_URL) {
    const dataDir = mkdtempSync(path.join(tmpdir(), "mimamori-bench-fixed-"));
    const database = await openDatabase({ dataDir });
    await migrateDatabase(database);
    await seedDemo(database.db, { vitalDays: 2, members: false });
    await database.close();
    return { dataDir, env: {}, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `bench_fixed_${process.pid}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const u = new URL(DATABASE_URL);
  u.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: u.toString() });
  await migrateDatabase(database);
  await seedDemo(database.db, { vitalDays: 2, members: false });
  await database.close();
  return {
    env: { DATABASE_URL: u.toString() },
    drop: async () => {
      await admin.query(`drop database ${name} with (force)`);
      await admin.end();
    },
  };
}

/** A bare Node HTTP server answering `body` as JSON to every request, in its own process. */
async function bareServer(body: string): Promise<{ url: string; stop(): void }> {
  const port = await freePort();
  const code = `require("node:http").createServer((req, res) => {
    res.writeHead(200, { "content-type": "application/json; charset=utf-8" }); res.end(${JSON.stringify(body)});
  }).listen(${port}, "127.0.0.1", () => process.stdout.write("up\\n"));`;
  const child: ChildProcess = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolve) => child.stdout?.once("data", () => resolve()));
  return { url: `http://127.0.0.1:${port}/api/health`, stop: () => child.kill() };
}

/** p50/p95 of `CALLS` sequential GETs of `url` after a warm-up, each after the untimed `before` if given. */
async function time(url: string, headers: Record<string, string> = {}, before?: () => Promise<void>) {
  const times: number[] = [];
  for (let i = 0; i < CALLS + WARMUP; i++) {
    await before?.();
    const t = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    if (i >= WARMUP) times.push(performance.now() - t);
  }
  return { p50: pct(times, 50), p95: pct(times, 95) };
}

async function main() {
  console.log(`Database: ${DATABASE_URL ? "postgres" : "pglite"}\n`);
  progress("seeding the demo data");
  const fresh = await demoDatabase();
  const server = await startServer(fresh.dataDir, { ...fresh.env, JOBS: "off" });
  let bare: { url: string; stop(): void } | undefined;
  try {
    const health = await (await fetch(`${server.base}/health`)).text();
    bare = await bareServer(health);
    const signIn = async (email: string) => {
      const res = await fetch(`${server.base}/auth/sign-in`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password: DEMO_PASSWORD }),
      });
      if (res.status !== 200) throw new Error(`sign-in ${email}: ${res.status}`);
      return ((await res.json()) as { idToken: string }).idToken;
    };
    const client = { authorization: `Bearer ${await signIn("client@example.com")}` };
    const staffToken = await signIn("staff@example.com");
    const staff = { authorization: `Bearer ${staffToken}` };
    const report = `${server.base}/staff/sakura/reports_v2/00005098?interval=1&timezone=Asia%2FTokyo`;

    progress(`timing ${CALLS} calls of each`);
    const rows = [
      ["bare Node server, same JSON as health", await time(bare.url)],
      ["GET /api/health", await time(`${server.base}/health`)],
      ["GET /api/user/info (signed in)", await time(`${server.base}/user/info`, client)],
      ["staff report, 1 day, demo data, read again (kept answer)", await time(report, staff)],
      [
        "staff report, 1 day, demo data, computed (a write before each)",
        await time(report, staff, () => changeSomething(server, staffToken)),
      ],
    ] as const;
    const base = rows[0][1].p50;
    console.log("| call | p50 | p95 | p50 ÷ bare |\n|---|---|---|---|");
    for (const [name, t] of rows)
      console.log(`| ${name} | ${ms(t.p50)} | ${ms(t.p95)} | ${(t.p50 / base).toFixed(1)}× |`);
    console.log("(targets: health ≤ 1.5×, user/info ≤ 2×, staff report ≤ 4× the bare server)\n");

    if (o["skip-load"]) return;
    progress(`autocannon: GET /api/user/info, ${o.connections} connections, ${o.seconds} s`);
    const result = await autocannon({
      url: `${server.base}/user/info`,
      headers: client,
      connections: Number(o.connections),
      duration: Number(o.seconds),
    });
    console.log(
      `autocannon GET /api/user/info: ${Math.round(result.requests.average).toLocaleString()} requests/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.errors} errors, ${result.non2xx} non-2xx  (target ≥ 5,000 requests/s)`,
    );
    console.log(`\nLoad average (1 min) at the end: ${loadavg()[0]?.toFixed(2)} on this machine`);
  } finally {
    bare?.stop();
    await server.stop();
    await fresh.drop();
  }
}

await main();
