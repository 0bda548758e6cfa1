/**
 * Export benchmark (security issue "One request stalls the server"): runs the largest export each kind of
 * caller may ask for while polling GET /api/health every 20 ms, and prints the health check's latency
 * (p50/p95/p99/max) next to the export's duration and size. Target: health p99 ≤ 100 ms during each export.
 *
 *   npx tsx bench/exports.ts [--users 3] [--empty-users 100] [--runs 3]   (PGlite in a temp folder)
 *   scripts/with-postgres.sh npx tsx bench/exports.ts …                   (throwaway PostgreSQL)
 *
 * Each of `--users` members has heart rate, blood oxygen and skin temperature every minute for the last 31
 * days (the longest raw window) and heart rate every 15 minutes for the 335 days before (the longest hourly
 * window); `--empty-users` accounts have no data (the all-users export still reads each of them). This
 * process seeds the accounts, then runs the real server (apps/server/src/main.ts, bundled as `npm start` runs it)
 * as a child process and loads the data through POST /api/user/vitals, as bench/vitals.ts does.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { CSV_MAX_DAYS } from "@mimamori/shared";
import { openDatabase } from "../apps/server/src/db/client";
import { migrateDatabase } from "../apps/server/src/db/migrate";
import { entities, memberships, users } from "../apps/server/src/db/schema";
import { createSession } from "../apps/server/src/features/identity";
import { type IdTokenClaims, IdTokens } from "../apps/server/src/lib/id-tokens";
import { DATABASE_URL, pct, progress, BENCH_SECRET as SECRET, type Server, startServer } from "./lib/server";

const { values: o } = parseArgs({
  options: {
    users: { type: "string", default: "3" },
    "empty-users": { type: "string", default: "100" },
    runs: { type: "string", default: "3" },
  },
});
const U = Number(o.users);
const EMPTY = Number(o["empty-users"]);
const RUNS = Number(o.runs);
const MIN = 60;
const DAY = 86400;
const END = Math.floor(Date.now() / 1000 / MIN) * MIN - MIN;
const RAW_DAYS = CSV_MAX_DAYS.raw; // 31
const HOUR_DAYS = CSV_MAX_DAYS["1hour"]; // 366
const PING_MS = 20;

// ---- dataset: one upload body (≤ 10,000 samples) at a time ----

function* samplesOf(u: number): Generator<{ code: string; time: number; value: number }> {
  const dense = END - RAW_DAYS * DAY;
  for (let t = END - HOUR_DAYS * DAY; t < dense; t += 15 * MIN)
    yield { code: "00005091", time: t, value: 60 + ((t / MIN + u) % 30) };
  for (let t = dense; t <= END; t += MIN) {
    yield { code: "00005091", time: t, value: 60 + ((t / MIN + u) % 30) };
    yield { code: "00005093", time: t, value: 95 + ((t / MIN) % 4) };
    yield { code: "00005092", time: t, value: 33 + ((t / MIN) % 20) / 10 };
  }
}

async function* bodies(tokens: string[]) {
  for (const [u, token] of tokens.entries()) {
    let batch: unknown[] = [];
    for (const s of samplesOf(u)) {
      batch.push(s);
      if (batch.length === 10_000) {
        yield { token, body: JSON.stringify({ samples: batch }) };
        batch = [];
      }
    }
    if (batch.length) yield { token, body: JSON.stringify({ samples: batch }) };
  }
}

// ---- seeding (before the server starts: a PGlite folder is open in one process at a time) ----

async function seed(dataDir: string | undefined) {
  const database = await openDatabase({ databaseUrl: DATABASE_URL, dataDir });
  await migrateDatabase(database);
  const db = database.db;
  const verified = new Date();
  // consent long before the data: staff see a member's data from the membership's acceptance on
  const accepted = { status: "accepted" as const, acceptedAt: new Date((END - 3 * 365 * DAY) * 1000) };
  await db.insert(entities).values({ workspaceName: "bench", name: "Bench", description: "benchmark" });
  const people = await db
    .insert(users)
    .values([
      { email: "bench-staff@example.com", name: "Bench staff", emailVerifiedAt: verified },
      { email: "bench-admin@example.com", name: "Bench admin", emailVerifiedAt: verified, isSuperUser: true },
      ...Array.from({ length: U }, (_, i) => ({
        email: `bench-${i}@example.com`,
        name: `Bench ${i}`,
        emailVerifiedAt: verified,
      })),
      ...Array.from({ length: EMPTY }, (_, i) => ({ email: `empty-${i}@example.com`, name: `Empty ${i}` })),
    ])
    .returning();
  const [staff, admin, ...rest] = people;
  if (!staff || !admin) throw new Error("seed failed");
  const members = rest.slice(0, U);
  await db
    .insert(memberships)
    .values([
      { workspaceName: "bench", userId: staff.id, role: "staff", ...accepted },
      ...members.map((m) => ({ workspaceName: "bench", userId: m.id, role: "client" as const, ...accepted })),
    ]);
  const claims = async (u: (typeof people)[number]) => {
    const { session } = await createSession(db, u.id, true);
    return { uid: u.id, sid: session.id, tv: u.tokenVersion, email: u.email };
  };
  const out = {
    staff: await claims(staff),
    admin: await claims(admin),
    members: await Promise.all(members.map(claims)),
    // with AUTH_SECRET the key is that secret: tokens can be signed after the database is closed
    idTokens: await IdTokens.create(db, SECRET),
  };
  await database.close();
  return out;
}

// ---- the server as a child process (bench/lib/server.ts) ----

let server: Server | undefined;

// ---- measurements ----

/** GET /api/health every 20 ms (a new request each tick, whether or not the last one answered). */
function pollHealth(base: string) {
  const latencies: number[] = [];
  let failed = 0;
  const pending = new Set<Promise<void>>();
  const timer = setInterval(() => {
    const t0 = performance.now();
    const p = fetch(`${base}/health`, { signal: AbortSignal.timeout(10_000) })
      .then(async (r) => {
        await r.arrayBuffer();
        if (r.ok) latencies.push(performance.now() - t0);
        else failed++;
      })
      .catch(() => {
        failed++;
      })
      .finally(() => pending.delete(p));
    pending.add(p);
  }, PING_MS);
  return async () => {
    clearInterval(timer);
    await Promise.all(pending);
    return { latencies, failed };
  };
}

const f = (x: number) => x.toFixed(0).padStart(5);
function row(label: string, cells: string[], health: { latencies: number[]; failed: number }) {
  const h = health.latencies;
  console.log(
    `| ${[label.padEnd(42), ...cells, String(h.length).padStart(5), f(pct(h, 50)), f(pct(h, 95)), f(pct(h, 99)), f(Math.max(0, ...h)), String(health.failed)].join(" | ")} |`,
  );
}

async function idle(base: string) {
  const stop = pollHealth(base);
  await new Promise((r) => setTimeout(r, 3000));
  row("(no export: 3 s idle)", ["", "", "", ""], await stop());
}

/** Runs one export RUNS times; health latencies of all runs together, the median run's duration. */
async function measure(base: string, label: string, p: string, token: () => Promise<string>) {
  const health = { latencies: [] as number[], failed: 0 };
  const runs: { status: number; seconds: number; bytes: number; lines: number }[] = [];
  for (let i = 0; i < RUNS; i++) {
    const stop = pollHealth(base);
    const t0 = performance.now();
    const res = await fetch(`${base}${p}`, { headers: { authorization: `Bearer ${await token()}` } });
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (let j = chunk.indexOf(10); j !== -1; j = chunk.indexOf(10, j + 1)) lines++;
    }
    runs.push({ status: res.status, seconds: (performance.now() - t0) / 1000, bytes, lines });
    const h = await stop();
    progress(
      `${label} #${i + 1}: ${(performance.now() - t0).toFixed(0)} ms, health max ${Math.max(0, ...h.latencies).toFixed(0)} ms`,
    );
    health.latencies.push(...h.latencies);
    health.failed += h.failed;
  }
  const r = [...runs].sort((a, b) => a.seconds - b.seconds)[Math.floor(RUNS / 2)] as (typeof runs)[number];
  const cells = [
    String(r.status),
    `${r.seconds.toFixed(1).padStart(6)} s`,
    `${(r.bytes / 1e6).toFixed(1).padStart(6)} MB`,
    String(r.lines - 1).padStart(8),
  ];
  row(label, cells, health);
}

async function main() {
  const kind = DATABASE_URL ? "postgres" : "pglite";
  const dataDir = DATABASE_URL ? undefined : mkdtempSync(path.join(tmpdir(), "mimamori-bench-"));
  try {
    progress("seeding");
    const s = await seed(dataDir);
    // id tokens live 15 minutes: each is signed just before its use
    const tokenOf = (c: IdTokenClaims & { email: string }) => s.idTokens.sign(c);
    progress("starting the server");
    server = await startServer(dataDir);
    const base = server.base;
    const total = U * [...samplesOf(0)].length;
    progress(`ingesting ${total.toLocaleString()} samples`);
    const t0 = performance.now();
    const queue = bodies(await Promise.all(s.members.map(tokenOf)));
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let n = await queue.next(); !n.done; n = await queue.next()) {
          const res = await fetch(`${base}/user/vitals`, {
            method: "POST",
            headers: { authorization: `Bearer ${n.value.token}`, "content-type": "application/json" },
            body: n.value.body,
          });
          if (!res.ok) throw new Error(`POST /user/vitals: ${res.status} ${await res.text()}`);
          await res.arrayBuffer();
        }
      }),
    );
    const loadS = (performance.now() - t0) / 1000;
    const win = (days: number) =>
      `start_time=${END + MIN - days * DAY}&end_time=${END + MIN}&timezone=Asia%2FTokyo`;
    const member = s.members[0] as (typeof s.members)[number];
    const perUser = (q: string) => `/staff/bench/reports/00005091/${member.uid}/download?${q}`;
    const exports: [string, string, typeof member][] = [
      [
        "client raw, 31 days",
        `/user/reports/resq_band/00005091/download?${win(RAW_DAYS)}&interval=raw`,
        member,
      ],
      [
        "client 10m, 31 days",
        `/user/reports/resq_band/00005091/download?${win(RAW_DAYS)}&interval=10m`,
        member,
      ],
      ["staff per-user 10m, 31 days", perUser(`${win(RAW_DAYS)}&interval=10m`), s.staff],
      ["staff per-user 1hour, 366 days", perUser(`${win(HOUR_DAYS)}&interval=1hour`), s.staff],
      ["staff per-user 1day, 5 years", perUser(`${win(CSV_MAX_DAYS["1day"])}&interval=1day`), s.staff],
      [
        "client 1month, 5 years",
        `/user/reports/resq_band/00005091/download?${win(CSV_MAX_DAYS["1month"])}&interval=1month`,
        member,
      ],
      [
        "admin per-user Vital Raw, 31 days",
        `/admin/users/data/${member.uid}/download?${win(RAW_DAYS)}&db_type=Raw`,
        s.admin,
      ],
      [
        "admin per-user Vital Preprocessed, 366 days",
        `/admin/users/data/${member.uid}/download?${win(HOUR_DAYS)}&db_type=Preprocessed`,
        s.admin,
      ],
      [
        "admin all users Vital Raw, 31 days",
        `/admin/users/data/download?${win(RAW_DAYS)}&db_type=Raw`,
        s.admin,
      ],
    ];
    console.log(
      `Database: ${kind}; ${U} members with data (${total.toLocaleString()} samples, loaded in ${loadS.toFixed(1)} s), ${EMPTY} accounts without; health polled every ${PING_MS} ms; ${RUNS} runs of each export (duration and size: the median run; health: all runs)\n`,
    );
    console.log(
      "| export | HTTP | duration | size | rows | pings | p50 ms | p95 ms | p99 ms | max ms | failed |",
    );
    console.log("|---|---|---|---|---|---|---|---|---|---|---|");
    await idle(base);
    for (const [label, p, who] of exports) {
      progress(label);
      await measure(base, label, p, () => tokenOf(who));
    }
    // the machine's other work shows in every figure
    console.log(`\nLoad average (1 min) at the end: ${loadavg()[0]?.toFixed(2)} on this machine`);
  } finally {
    await server?.stop(60_000);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

process.on("SIGINT", () => {
  server?.child.kill("SIGKILL");
  process.exit(130);
});
await main();
