/**
 * What metrics and request ids cost (issue 31 §4, Proof): `GET /api/user/info` (signed in) on two servers started
 * in the same run from copies of one demo database, one as shipped and one with METRICS=off (no metrics hook, no
 * /api/metrics, request ids as Fastify's counter and not echoed). One client, one call at a time, alternating
 * blocks of calls between the two so that the machine's load falls on both alike. Target: ≤ 5 % at p50.
 *
 *   npx tsx bench/metrics.ts [--calls 3000] [--block 100]
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "../apps/server/src/db/client";
import { migrateDatabase } from "../apps/server/src/db/migrate";
import { DEMO_PASSWORD, loadDemoSeed } from "../apps/server/src/features/demo";
import { pct, progress, type Server, startServer } from "./lib/server";

const { seedDemo } = await loadDemoSeed();

const { values: o } = parseArgs({
  options: { calls: { type: "string", default: "3000" }, block: { type: "string", default: "100" } },
});
const CALLS = Number(o.calls);
const BLOCK = Number(o.block);
const WARMUP = 300;
const METRICS_TOKEN = "bench-metrics-token-0123456789";

async function signIn(server: Server): Promise<string> {
  const res = await fetch(`${server.base}/auth/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "client@example.com", password: DEMO_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in: ${res.status}`);
  return ((await res.json()) as { idToken: string }).idToken;
}

async function call(server: Server, token: string): Promise<number> {
  const t = performance.now();
  const res = await fetch(`${server.base}/user/info`, { headers: { authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`GET /user/info: ${res.status}`);
  return performance.now() - t;
}

async function main() {
  const root = mkdtempSync(path.join(tmpdir(), "mimamori-bench-metrics-"));
  const dirA = path.join(root, "a");
  const dirB = path.join(root, "b");
  progress("seeding the demo data");
  const database = await openDatabase({ dataDir: dirA });
  await migrateDatabase(database);
  await seedDemo(database.db, { vitalDays: 0, members: false });
  await database.close();
  cpSync(dirA, dirB, { recursive: true });
  const on = await startServer(dirA, { JOBS: "off", METRICS_TOKEN });
  const off = await startServer(dirB, { JOBS: "off", METRICS: "off" });
  try {
    const tokens = new Map([
      [on, await signIn(on)],
      [off, await signIn(off)],
    ]);
    const times = new Map<Server, number[]>([
      [on, []],
      [off, []],
    ]);
    progress(`warming up, then ${CALLS} calls on each in blocks of ${BLOCK}, alternating`);
    for (const s of [on, off]) for (let i = 0; i < WARMUP; i++) await call(s, tokens.get(s) as string);
    for (let done = 0; done < CALLS; done += BLOCK) {
      const order = (done / BLOCK) % 2 === 0 ? [on, off] : [off, on];
      for (const s of order)
        for (let i = 0; i < BLOCK; i++) times.get(s)?.push(await call(s, tokens.get(s) as string));
    }
    const scrape = await fetch(`${on.base}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const text = await scrape.text();
    if (scrape.status !== 200 || !text.includes('route="/api/user/info"'))
      throw new Error("the metrics server did not count the calls");
    const row = (name: string, s: Server) => {
      const xs = times.get(s) as number[];
      return { name, p50: pct(xs, 50), p95: pct(xs, 95) };
    };
    const a = row("METRICS=off (no metrics, Fastify's request ids)", off);
    const b = row("as shipped (metrics, X-Request-Id)", on);
    console.log("| server | p50 | p95 |\n|---|---|---|");
    for (const r of [a, b]) console.log(`| ${r.name} | ${r.p50.toFixed(3)} ms | ${r.p95.toFixed(3)} ms |`);
    const cost = (b.p50 / a.p50 - 1) * 100;
    console.log(
      `\nCost at p50: ${cost.toFixed(1)} % (target ≤ 5 %); at p95: ${((b.p95 / a.p95 - 1) * 100).toFixed(1)} %`,
    );
    console.log(`Load average (1 min) at the end: ${loadavg()[0]?.toFixed(2)} (2 cores, shared)`);
  } finally {
    await Promise.all([on.stop(), off.stop()]);
    rmSync(root, { recursive: true, force: true });
  }
}

await main();
