/**
 * Alerts benchmark (issue 11 §5). Targets: ingestion with alert evaluation ≥ 90 % of the throughput without it
 * (1,000 members); a digest run for 100 entities × 1,000 members ≤ 5 s; the notifications list of 10,000 alerts
 * p95 ≤ 30 ms (issue 13: ≤ 20 ms).
 *
 *   npx tsx bench/alerts.ts [--members 1000] [--days 2] [--rounds 2] [--concurrency 6]      (PGlite, temp folders)
 *   scripts/with-postgres.sh npx tsx bench/alerts.ts …                                      (throwaway PostgreSQL)
 *
 * 1. Ingestion: `--rounds` times, alternately with ALERT_EVALUATION=off and on, a fresh database gets `--members`
 *    accepted members of one entity, and the real server (child process) takes `--days` days of 1-minute heart rate
 *    per member through POST /api/user/vitals in batches of `--batch` (5,000 as bench/vitals.ts), `--concurrency` at a
 *    time. Each member's day holds one 10-minute excursion into the red (one alert per member and day when on). The
 *    figure that decides is the CPU the server and the database spend per sample (/proc), which the other work of a
 *    shared machine does not move as it moves the rate; a run in this process alternates members with and without
 *    evaluation through `storeBatch` one batch at a time (latency, without HTTP: a conservative figure).
 * 2. Digest: a fresh database gets 100 entities of 1,000 members (100,000 people) and two staff each (one reads
 *    Japanese, one English), all on the "1 time" frequency, and one unmailed measurement alert per member; the
 *    digest job (features/alerts/engine/digest.ts) runs once at 12:00 in Tokyo, in this process, and is timed.
 * 3. List: the first entity also holds 10,000 mailed alerts (8,000 measurement, 2,000 out-of-sync, of its members,
 *    over 30 days); the server answers GET /api/staff/{ws}/notifications for those 30 days 200 times (after 20
 *    warm-up calls), timed over HTTP to the last byte of the gzipped answer (the server's latency), then 200 times
 *    more through fetch, which also gunzips the body in this process.
 */
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { count, sql } from "drizzle-orm";
import { type Database, openDatabase } from "../apps/server/src/db/client";
import {
  entities,
  mailOutbox,
  memberships,
  notificationMails,
  notificationSettings,
  notifications,
  users,
} from "../apps/server/src/db/schema";
import { alertDigestJob, alertIngestHook } from "../apps/server/src/features/alerts";
import { createSession } from "../apps/server/src/features/identity";
import { storeBatch } from "../apps/server/src/features/vitals";
import { captureLog } from "../apps/server/src/jobs/test-helpers";
import type { AppContext } from "../apps/server/src/lib/context";
import { type IdTokenClaims, IdTokens } from "../apps/server/src/lib/id-tokens";
import { createMailer } from "../apps/server/src/lib/mail/mailer";
import { cpuSeconds, databaseCpu } from "./lib/cpu";
import { freshDatabase } from "./lib/fresh";
import { BENCH_SECRET, DATABASE_URL, pct, progress, type Server, startServer } from "./lib/server";

const { values: o } = parseArgs({
  options: {
    members: { type: "string", default: "1000" },
    days: { type: "string", default: "3" },
    batch: { type: "string", default: "5000" },
    rounds: { type: "string", default: "2" },
    concurrency: { type: "string", default: "6" },
    entities: { type: "string", default: "100" },
    "skip-ingest": { type: "boolean", default: false },
    "skip-http": { type: "boolean", default: false },
    "skip-digest": { type: "boolean", default: false },
  },
});
const MEMBERS = Number(o.members);
const DAYS = Number(o.days);
const BATCH = Number(o.batch);
const ROUNDS = Number(o.rounds);
const CONCURRENCY = Number(o.concurrency);
const ENTITIES = Number(o.entities);
const DIGEST_MEMBERS = 1000;
const LIST_ALERTS = 10_000;
const LIST_CALLS = 200;
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const END = Math.floor(Date.now() / MIN) * MIN - MIN;

const ms = (x: number) => `${x.toFixed(1)} ms`;
const seconds = (since: number) => (performance.now() - since) / 1000;

/** What an id token needs (lib/id-tokens.ts signs the e-mail too). */
type Claims = IdTokenClaims & { email: string };

/** `n` verified people (chunks of 1,000), returned with what an id token needs. */
async function people(db: Database["db"], n: number, prefix: string, language?: (i: number) => "jp" | "en") {
  const out: { id: string; tokenVersion: number; email: string }[] = [];
  for (let i = 0; i < n; i += 1000) {
    const chunk = await db
      .insert(users)
      .values(
        Array.from({ length: Math.min(1000, n - i) }, (_, j) => ({
          email: `${prefix}-${i + j}@example.com`,
          name: `${prefix} ${i + j}`,
          language: language?.(i + j) ?? ("jp" as const),
          emailVerifiedAt: new Date(),
        })),
      )
      .returning({ id: users.id, tokenVersion: users.tokenVersion, email: users.email });
    out.push(...chunk);
  }
  return out;
}

async function addMembers(
  db: Database["db"],
  ws: string,
  ids: string[],
  role: "client" | "staff",
  since: Date,
) {
  for (let i = 0; i < ids.length; i += 1000)
    await db.insert(memberships).values(
      ids.slice(i, i + 1000).map((userId) => ({
        workspaceName: ws,
        userId,
        role,
        status: "accepted" as const,
        acceptedAt: since,
      })),
    );
}

async function claimsOf(
  db: Database["db"],
  u: { id: string; tokenVersion: number; email: string },
): Promise<Claims> {
  const { session } = await createSession(db, u.id, true);
  return { uid: u.id, sid: session.id, tv: u.tokenVersion, email: u.email };
}

// ---- 1. ingestion with and without evaluation ----

/** Heart rate of member `u` at `t`: a daily rhythm, and 10 red minutes (≥ 160 bpm) at a member's own hour. */
function hr(u: number, t: number): number {
  const minuteOfDay = Math.floor((t % DAY) / MIN);
  const excursion = 300 + ((u * 37) % 600);
  if (minuteOfDay >= excursion && minuteOfDay < excursion + 10) return 165;
  return Math.round(62 + 14 * Math.sin((minuteOfDay / 1440) * 2 * Math.PI) + ((u * 7 + minuteOfDay) % 9));
}

/** Member `u`'s samples, in batches of at most BATCH, oldest first. */
function* batchesOf(u: number): Generator<{ measure: number; at: number; value: number }[]> {
  let batch: { measure: number; at: number; value: number }[] = [];
  for (let t = END - DAYS * DAY; t < END; t += MIN) {
    batch.push({ measure: 5091, at: t, value: hr(u, t) });
    if (batch.length === BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

/** One request body per batch, built as JSON text one at a time: the load generator stays cheap. */
async function* uploads(
  members: Claims[],
  idTokens: IdTokens,
): AsyncGenerator<{ token: string; body: string }> {
  for (const [u, m] of members.entries()) {
    const token = await idTokens.sign(m);
    for (const batch of batchesOf(u))
      yield {
        token,
        body: `{"samples":[${batch.map((x) => `{"code":"00005091","time":${x.at / 1000},"value":${x.value}}`).join(",")}]}`,
      };
  }
}

async function ingestRun(
  evaluation: "on" | "off",
): Promise<{ rate: number; stored: number; alerts: number; cpuPerSample: number }> {
  const fresh = await freshDatabase("alerts");
  let server: Server | undefined;
  try {
    const db = fresh.database.db;
    await db.insert(entities).values({ workspaceName: "bench", name: "Bench", description: "benchmark" });
    const ids = await people(db, MEMBERS, "member");
    await addMembers(
      db,
      "bench",
      ids.map((m) => m.id),
      "client",
      new Date(END - (DAYS + 1) * DAY),
    );
    const members = await Promise.all(ids.map((m) => claimsOf(db, m)));
    const idTokens = await IdTokens.create(db, BENCH_SECRET);
    await fresh.database.close();
    server = await startServer(fresh.dataDir, { ...fresh.env, JOBS: "off", ALERT_EVALUATION: evaluation });
    const s = server;
    const queue = uploads(members, idTokens);
    let stored = 0;
    const dbCpu = await databaseCpu(fresh.env.DATABASE_URL);
    const cpu0 = cpuSeconds(s.pid) + dbCpu();
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let next = await queue.next(); !next.done; next = await queue.next()) {
          stored += await s.uploadVitals(next.value.token, next.value.body);
        }
      }),
    );
    const rate = stored / seconds(t0);
    const cpuPerSample = (cpuSeconds(s.pid) + dbCpu() - cpu0) / stored;
    await server.stop();
    server = undefined;
    const reopened = DATABASE_URL
      ? await openDatabase({ databaseUrl: fresh.env.DATABASE_URL })
      : await openDatabase({ dataDir: fresh.dataDir });
    const [row] = await reopened.db.select({ n: count() }).from(notifications);
    await reopened.close();
    return { rate, stored, alerts: row?.n ?? 0, cpuPerSample };
  } finally {
    await server?.stop();
    await fresh.drop();
  }
}

/**
 * The same batches through the ingestion path in this process (`storeBatch`, one at a time), members alternately
 * with and without the evaluation hook, so both halves run under the same load of the machine (the HTTP runs above
 * are at its mercy). Without HTTP and JSON the evaluation's share is larger: a conservative figure.
 */
async function pairedRun(): Promise<{ on: number; off: number; alerts: number }> {
  const fresh = await freshDatabase("alerts");
  try {
    const db = fresh.database.db;
    await db.insert(entities).values({ workspaceName: "bench", name: "Bench", description: "benchmark" });
    const ids = await people(db, MEMBERS, "member");
    await addMembers(
      db,
      "bench",
      ids.map((m) => m.id),
      "client",
      new Date(END - (DAYS + 1) * DAY),
    );
    const hook = alertIngestHook(null);
    const time = { on: 0, off: 0 };
    const sent = { on: 0, off: 0 };
    for (const [u, m] of ids.entries()) {
      const withHook = u % 2 === 1;
      for (const samples of batchesOf(u)) {
        sent[withHook ? "on" : "off"] += samples.length;
        const t0 = performance.now();
        await storeBatch(db, m.id, samples, [], withHook ? hook : undefined);
        time[withHook ? "on" : "off"] += performance.now() - t0;
      }
    }
    const [row] = await db.select({ n: count() }).from(notifications);
    return { on: sent.on / (time.on / 1000), off: sent.off / (time.off / 1000), alerts: row?.n ?? 0 };
  } finally {
    await fresh.database.close();
    await fresh.drop();
  }
}

// ---- 2. the digest run, 3. the list ----

/** The latest 12:00 in Tokyo (03:00 UTC) before now: the digest time of "1 time". */
const NOON = (() => {
  const t = Math.floor(Date.now() / DAY) * DAY + 3 * HOUR;
  return t <= Date.now() ? t : t - DAY;
})();

async function seedDigest(db: Database["db"]) {
  const created = new Date(NOON - 3 * DAY);
  const memberIds: string[][] = [];
  let staffOfFirst: { id: string; tokenVersion: number; email: string } | undefined;
  for (let e = 0; e < ENTITIES; e++) {
    const ws = `e${e}`;
    await db
      .insert(entities)
      .values({ workspaceName: ws, name: `Entity ${e}`, description: "benchmark", createdAt: created });
    await db.insert(notificationSettings).values([
      { workspaceName: ws, notificationType: 2, frequencyId: 1 },
      { workspaceName: ws, notificationType: 1, frequencyId: 1, syncLengthOptionId: 5 },
    ]);
    const members = await people(db, DIGEST_MEMBERS, `m${e}`);
    const staff = await people(db, 2, `s${e}`, (i) => (i % 2 ? "en" : "jp"));
    staffOfFirst ??= staff[0];
    await addMembers(
      db,
      ws,
      members.map((m) => m.id),
      "client",
      new Date(NOON - 40 * DAY),
    );
    await addMembers(
      db,
      ws,
      staff.map((s) => s.id),
      "staff",
      new Date(NOON - 40 * DAY),
    );
    memberIds.push(members.map((m) => m.id));
    // one unmailed red heat-stress alert per member, raised this morning
    await db.execute(sql`insert into ${notifications}
        (workspace_name, user_id, notification_type, measure, value, at, created_at)
      select ${ws}, m.uid, 2, 5098, 85, to_timestamp(${(NOON - 2 * HOUR) / 1000}::float8), to_timestamp(${(NOON - 2 * HOUR) / 1000}::float8)
      from unnest(${sql.param(members.map((m) => m.id))}::uuid[]) as m(uid)`);
    if (e % 10 === 9) progress(`seeded ${e + 1} entities`);
  }
  // the list's 10,000 alerts in e0, already mailed and over, in the last 30 days
  const e0 = memberIds[0] ?? [];
  const from = (NOON - 30 * DAY) / 1000;
  const step = (30 * DAY) / 1000 / LIST_ALERTS;
  await db.execute(sql`insert into ${notifications}
      (workspace_name, user_id, notification_type, measure, value, at, created_at, mailed_at, cleared_at)
    select 'e0', (${sql.param(e0)}::uuid[])[1 + i % ${e0.length}::int],
      case when i % 5 = 0 then 1 else 2 end, case when i % 5 = 0 then null else 5098 end,
      case when i % 5 = 0 then null else 80 + i % 20 end,
      to_timestamp(${from}::float8 + i * ${step}::float8),
      to_timestamp(${from}::float8 + i * ${step}::float8 + 60),
      to_timestamp(${from}::float8 + i * ${step}::float8 + 90),
      -- every gap is over (one open sync alert per member at most)
      to_timestamp(${from}::float8 + i * ${step}::float8 + 600)
    from generate_series(1, ${LIST_ALERTS}::int) as i`);
  if (!staffOfFirst) throw new Error("no staff");
  return { staff: await claimsOf(db, staffOfFirst), idTokens: await IdTokens.create(db, BENCH_SECRET) };
}

async function digestAndList(): Promise<void> {
  const fresh = await freshDatabase("alerts");
  let server: Server | undefined;
  try {
    const db = fresh.database.db;
    progress(`seeding ${ENTITIES} entities × ${DIGEST_MEMBERS} members`);
    const seeded = await seedDigest(db);
    await db.execute(sql`analyze`);
    const { log } = captureLog();
    const ctx = {
      config: { appUrl: "http://localhost:3000" },
      db,
      // no SMTP, no worker: the run queues the mails in the outbox, which is what it is timed for
      mailer: createMailer({ db, from: "Mimamori <bench@example.com>", log }),
    } as AppContext;
    const job = alertDigestJob(ctx, log);
    const t0 = performance.now();
    await job.run(new Date(NOON));
    const took = seconds(t0);
    const [mails] = await db.select({ n: count() }).from(mailOutbox);
    const [told] = await db.select({ n: count() }).from(notificationMails);
    const [left] = await db
      .select({ n: count() })
      .from(notifications)
      .where(sql`${notifications.mailedAt} is null`);
    console.log(
      `Digest run, ${ENTITIES} entities × ${DIGEST_MEMBERS} members (${(ENTITIES * DIGEST_MEMBERS).toLocaleString()} new alerts, ${ENTITIES * 2} staff): ${took.toFixed(2)} s; ${mails?.n} mails queued, ${told?.n.toLocaleString()} notification_mails rows, ${left?.n} alerts left unmailed  (target ≤ 5 s)`,
    );
    ctx.mailer.close();
    await fresh.database.close();

    server = await startServer(fresh.dataDir, { ...fresh.env, JOBS: "off" });
    const token = await seeded.idTokens.sign(seeded.staff);
    const p = `/staff/e0/notifications?start_time=${Math.floor((NOON - 30 * DAY) / 1000)}&end_time=${Math.floor(NOON / 1000) + 60}`;
    const first = await server.fetch(p, token, { headers: { "accept-language": "en" } });
    const body = await first.text();
    if (first.status !== 200) {
      console.log(`Notifications list: GET ${p} answered ${first.status} (${body.slice(0, 200)}); not timed`);
      return;
    }
    const list = JSON.parse(body) as {
      measurement_list: unknown[];
      sync_list: unknown[];
      truncated: boolean;
    };
    // the server's latency (to the last byte of the gzipped answer), then the same calls through fetch, which
    // also gunzips and buffers the 460 KB body in this process (the figure of the earlier runs)
    const served: number[] = [];
    let gzipped = 0;
    for (let i = 0; i < LIST_CALLS + 20; i++) {
      const res = await server.timeToLastByte(p, token);
      if (res.status !== 200) throw new Error(`list: ${res.status}`);
      gzipped = res.bytes;
      if (i >= 20) served.push(res.ms);
    }
    const fetched: number[] = [];
    for (let i = 0; i < LIST_CALLS + 20; i++) {
      const t = performance.now();
      const res = await server.fetch(p, token);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`list: ${res.status}`);
      if (i >= 20) fetched.push(performance.now() - t);
    }
    console.log(
      [
        `Notifications list of ${LIST_ALERTS.toLocaleString()} alerts over 30 days (answers ${list.measurement_list.length} + ${list.sync_list.length} rows, ${Buffer.byteLength(body).toLocaleString()} bytes of JSON, ${gzipped.toLocaleString()} gzipped, truncated ${list.truncated}), ${LIST_CALLS} calls:`,
        `  to the last byte: p50 ${ms(pct(served, 50))}, p95 ${ms(pct(served, 95))}  (target p95 ≤ 20 ms)`,
        `  through fetch, gunzipped: p50 ${ms(pct(fetched, 50))}, p95 ${ms(pct(fetched, 95))}`,
      ].join("\n"),
    );
  } finally {
    await server?.stop();
    await fresh.drop();
  }
}

async function main() {
  console.log(`Database: ${DATABASE_URL ? "postgres" : "pglite"}\n`);
  if (!o["skip-ingest"]) {
    const runs: Record<"on" | "off", number[]> = { on: [], off: [] };
    const cpu: Record<"on" | "off", number[]> = { on: [], off: [] };
    for (let r = 0; r < (o["skip-http"] ? 0 : ROUNDS); r++)
      for (const mode of ["off", "on"] as const) {
        progress(`ingestion round ${r + 1}, evaluation ${mode}`);
        const run = await ingestRun(mode);
        runs[mode].push(run.rate);
        cpu[mode].push(run.cpuPerSample);
        console.log(
          `Ingestion, evaluation ${mode}, round ${r + 1}: ${Math.round(run.rate).toLocaleString()} samples/s, CPU ${(run.cpuPerSample * 1e6).toFixed(1)} ms per 1,000 samples (${run.stored.toLocaleString()} samples of ${MEMBERS} members, ${run.alerts} alerts raised)`,
        );
      }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    if (!o["skip-http"])
      console.log(
        [
          `Ingestion with evaluation / without, over HTTP: ${((mean(runs.on) / mean(runs.off)) * 100).toFixed(1)} % (means ${Math.round(mean(runs.on)).toLocaleString()} / ${Math.round(mean(runs.off)).toLocaleString()} samples/s)  (target ≥ 90 %)`,
          // the throughput of a CPU-bound server is the inverse of its CPU per sample; unlike the rate it does not
          // move with the other work of a shared machine
          `Server and database CPU per sample, without / with evaluation: ${((mean(cpu.off) / mean(cpu.on)) * 100).toFixed(1)} % (means ${(mean(cpu.off) * 1e6).toFixed(1)} / ${(mean(cpu.on) * 1e6).toFixed(1)} ms per 1,000 samples)  (target ≥ 90 %)`,
        ].join("\n"),
      );
    progress("paired in-process run");
    const paired = await pairedRun();
    console.log(
      `Ingestion with evaluation / without, storeBatch in process, members alternating: ${((paired.on / paired.off) * 100).toFixed(1)} % (${Math.round(paired.on).toLocaleString()} / ${Math.round(paired.off).toLocaleString()} samples/s, ${paired.alerts} alerts raised)  (target ≥ 90 %)\n`,
    );
  }
  if (!o["skip-digest"]) await digestAndList();
  console.log(`\nLoad average (1 min) at the end: ${loadavg()[0]?.toFixed(2)} on this machine`);
}

await main();
