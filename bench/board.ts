/**
 * The watch board benchmark (issue 28, bench line): GET /api/staff/{ws}/board of an entity of `--members` members with
 * `--days` days of band data. Targets: p95 ≤ 50 ms on PostgreSQL with 1,000 members × 365 days, ≤ 100 ms on PGlite
 * with 100 members.
 *
 *   scripts/with-postgres.sh npx tsx bench/board.ts --members 1000 --days 365     (throwaway PostgreSQL)
 *   npx tsx bench/board.ts --members 100 --days 365                               (PGlite, temp folder)
 *
 * 1. Seeds in this process, set-based in SQL (the board reads what ingestion writes; bench/vitals.ts times
 *    ingestion itself): the entity `bench` with two staff; `--members` accepted members with a year's consent;
 *    heart rate every `--every` minutes (30) over `--days` days with its hour buckets, and the last day of the nine
 *    other alert measures every 10 minutes; the alert engine's states (`alert_states`: each member's latest value of
 *    each measure, ~6 % red, ~10 % yellow); last syncs (3 % silent for two days, 1 % never synced); five alerts a
 *    member over the year, the last 300 unacknowledged and mailed to both staff; a daily and a weekly form sent to
 *    every member for 60 days, 80 % answered; a snooze per 50 members.
 * 2. Starts the real server (child process) and times the board `--runs` times after ten warm-up calls: *computed*
 *    (an untimed write before each call drops the kept answers, as bench/vitals.ts does) and *read again while
 *    nothing changed* (the kept answer), to the last byte of the body (fetch, gzip).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { ALERT_MEASURES, defaultRanges, HEART_RATE, measureOf } from "@mimamori/shared";
import { sql } from "drizzle-orm";
import { type Database, openDatabase } from "../apps/server/src/db/client";
import { migrateDatabase } from "../apps/server/src/db/migrate";
import { entities, memberships, users } from "../apps/server/src/db/schema";
import { gradeUngradedStates } from "../apps/server/src/db/state-zones";
import { BOARD_PARTS, type BoardPart, boardStatement } from "../apps/server/src/features/board";
import { createSession } from "../apps/server/src/features/identity";
import { IdTokens } from "../apps/server/src/lib/id-tokens";
import { localMidnightMs } from "../apps/server/src/lib/time-sql";
import {
  BENCH_SECRET,
  changeSomething,
  DATABASE_URL,
  pct,
  progress,
  type Server,
  startServer,
} from "./lib/server";

const { values: o } = parseArgs({
  options: {
    members: { type: "string", default: "1000" },
    days: { type: "string", default: "365" },
    every: { type: "string", default: "30" },
    runs: { type: "string", default: "100" },
    /** Keeps the PGlite data folder (printed) for a look at the plans. */
    keep: { type: "boolean", default: false },
    /** Prints the plan of the board's statement (EXPLAIN ANALYZE) after seeding. */
    explain: { type: "boolean", default: false },
  },
});
const MEMBERS = Number(o.members);
const DAYS = Number(o.days);
const EVERY = Number(o.every);
const RUNS = Number(o.runs);
const WARMUP = 10;
const MIN = 60_000;
const DAY = 86_400_000;
const NOW = Math.floor(Date.now() / MIN) * MIN - MIN;
const HR = measureOf(HEART_RATE).measure;

const state: { server?: Server; database?: Database; dataDir?: string } = {};

async function cleanup() {
  await state.server?.stop();
  await state.database?.close().catch(() => {});
  if (state.dataDir && o.keep) progress(`kept ${state.dataDir}`);
  else if (state.dataDir) rmSync(state.dataDir, { recursive: true, force: true });
}
process.on("SIGINT", () => void cleanup().finally(() => process.exit(130)));

const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;

async function timed(label: string, f: () => Promise<unknown>) {
  const t0 = performance.now();
  await f();
  progress(`${label}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

/** Seeds the entity (see the header); answers a signed staff token. */
async function seed(database: Database): Promise<string> {
  const db = database.db;
  await db.insert(entities).values({ workspaceName: "bench", name: "Bench", description: "benchmark" });
  const people = await db
    .insert(users)
    .values([
      { email: "bench-staff@example.com", name: "Bench staff", emailVerifiedAt: new Date() },
      { email: "bench-staff2@example.com", name: "Bench staff 2", emailVerifiedAt: new Date() },
      ...Array.from({ length: MEMBERS }, (_, i) => ({
        email: `bench-${i}@example.com`,
        name: `Bench ${String(i).padStart(4, "0")}`,
        emailVerifiedAt: new Date(),
      })),
    ])
    .returning({ id: users.id, tokenVersion: users.tokenVersion, email: users.email });
  const [staff, staff2, ...members] = people;
  if (!staff || !staff2) throw new Error("seed failed");
  const consent = new Date(NOW - (DAYS + 1) * DAY);
  await db.insert(memberships).values([
    ...[staff, staff2].map((s) => ({
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
      acceptedAt: consent,
    })),
  ]);
  // members numbered 0… in a temporary table for the generators
  await db.execute(sql`create temporary table bm as
    select row_number() over (order by u.id) - 1 as k, u.id as uid from users u
    join memberships m on m.user_id = u.id and m.workspace_name = 'bench' and m.role = 'client'`);
  const steps = Math.floor((DAYS * DAY) / (EVERY * MIN));
  await timed(`heart rate, ${(steps * MEMBERS).toLocaleString()} samples`, () =>
    db.execute(sql`insert into vital_samples (user_id, measure, at, value)
      select bm.uid, ${HR}, ${at(NOW)} - make_interval(mins => (s * ${EVERY})::int),
        70 + 25 * sin(s / 20.0 + bm.k) + (bm.k % 7)
      from bm cross join generate_series(0, ${steps - 1}) s`),
  );
  const others = ALERT_MEASURES.filter((m) => m.measure !== HR);
  await timed("the last day of the other measures", () =>
    db.execute(sql`insert into vital_samples (user_id, measure, at, value)
      select bm.uid, x.m, ${at(NOW)} - make_interval(mins => (s * 10)::int),
        x.lo + (x.hi - x.lo) * (0.35 + 0.3 * sin(s / 7.0 + bm.k))
      from bm cross join unnest(${sql.param(others.map((m) => m.measure))}::int[],
          ${sql.param(others.map((m) => m.scale.min))}::float8[], ${sql.param(others.map((m) => m.scale.max))}::float8[])
          as x(m, lo, hi)
        cross join generate_series(0, 143) s`),
  );
  await timed("hour buckets", () =>
    db.execute(sql`insert into vital_buckets_hour (user_id, measure, bucket, min, max, sum, count)
      select user_id, measure, date_trunc('hour', at), min(value), max(value), sum(value), count(*)
      from vital_samples group by 1, 2, 3`),
  );
  // the engine's states: the latest value of each measure; one member in sixteen red, one in ten yellow now
  const cuts = ALERT_MEASURES.map((m) => {
    const d = defaultRanges(m);
    return m.direction === "high" ? d.maxValue : d.minValue;
  });
  await timed("alert states", () =>
    db.execute(sql`insert into alert_states (user_id, workspace_name, measure, in_red, last_at, last_value)
      select bm.uid, 'bench', x.m, bm.k % 16 = 0 and x.m = ${HR}, ${at(NOW)},
        case when x.m = ${HR} and bm.k % 16 = 0 then case when x.high then x.c2 + 5 else x.c1 - 1 end
          when x.m = ${HR} and bm.k % 10 = 1 then case when x.high then x.c1 + 1 else x.c2 - 0.5 end
          when x.high then x.c1 - 5 else x.c2 + 1 end
      from bm cross join unnest(${sql.param(ALERT_MEASURES.map((m) => m.measure))}::int[],
        ${sql.param(ALERT_MEASURES.map((m) => m.direction === "high"))}::boolean[],
        ${sql.param(cuts.map((c) => c[1]))}::float8[], ${sql.param(cuts.map((c) => c[2]))}::float8[]) as x(m, high, c1, c2)`),
  );
  // the engine keeps each state's zone as it judges: grade the seeded ones the same way (as a start does)
  await timed("kept zones", () => gradeUngradedStates(db));
  await db.execute(sql`insert into vital_sync (user_id, last_sync_at, last_sample_at)
    select uid, case when k % 33 = 2 then ${at(NOW - 2 * DAY)} else ${at(NOW)} end, ${at(NOW)} from bm
    where k % 100 <> 3`);
  await timed("alerts and their mails", async () => {
    await db.execute(sql`insert into notifications (workspace_name, user_id, notification_type, measure, value, at,
        created_at, mailed_at, acknowledged_at, cleared_at)
      select 'bench', bm.uid, 2, ${HR}, 170, t, t, t, case when i = 5 and bm.k % 3 = 0 then null else t end, t
      from bm cross join generate_series(1, 5) i
        cross join lateral (select ${at(NOW)} - make_interval(hours => ((6 - i) * ${Math.floor((DAYS * 24) / 6)} - bm.k % 24)::int) as t) x`);
    await db.execute(sql`with open as (select id from notifications where acknowledged_at is null),
      mails as (insert into mail_outbox (recipient, subject, text_body, html_body, template, status, sent_at)
        select 'bench-staff@example.com', 'alert', 'alert', '<p>alert</p>', 'alert-digest', 'sent', now()
        from open returning id),
      pairs as (select o.id as nid, m.id as mid from (select id, row_number() over () as r from open) o
        join (select id, row_number() over () as r from mails) m using (r))
      insert into notification_mails (notification_id, mail_id, recipient_id, kind)
      select nid, mid, ${staff.id}::uuid, 'alert' from pairs`);
  });
  await timed("forms", async () => {
    await db.execute(sql`insert into forms (workspace_name, name, description)
      values ('bench', 'Daily check', ''), ('bench', 'Weekly check', '')`);
    await db.execute(sql`insert into form_sends (form_id, sent_order, sent_at, snapshot, reminder_due_at)
      select f.id, s, ${at(NOW)} - make_interval(days => (60 - s)::int),
        jsonb_build_object('name', f.name, 'description', '', 'questions', '[]'::jsonb),
        ${at(NOW)} - make_interval(days => (60 - s)::int) + interval '6 hours'
      from forms f cross join generate_series(1, 60) s
      where f.workspace_name = 'bench' and (f.name = 'Daily check' or s % 7 = 0)`);
    await db.execute(sql`insert into form_recipients (form_id, sent_order, user_id, answered_at)
      select s.form_id, s.sent_order, bm.uid, case when (bm.k + s.sent_order) % 5 <> 0 then s.sent_at end
      from form_sends s join forms f on f.id = s.form_id and f.workspace_name = 'bench' cross join bm`);
  });
  await db.execute(sql`insert into member_snoozes (workspace_name, user_id, measure, starts_at, until, reason, created_by)
    select 'bench', uid, ${HR}, ${at(NOW)}, ${at(NOW + 3 * 3_600_000)}, 'Known exercise session', ${staff.id}::uuid
    from bm where k % 50 = 7`);
  await timed("vacuum analyze", async () => {
    // every table the board reads has statistics, as autovacuum keeps them on a running database: without them
    // the planner takes the 1,000 members for one and loops where it should hash
    await db.execute(sql`vacuum analyze`);
    if (DATABASE_URL) await db.execute(sql`checkpoint`);
  });
  const { session } = await createSession(db, staff.id, true);
  const idTokens = await IdTokens.create(db, BENCH_SECRET);
  return idTokens.sign({ uid: staff.id, sid: session.id, tv: staff.tokenVersion, email: staff.email });
}

/** The board's statements as the server runs them, with the time of each step. */
async function explain(database: Database) {
  const now = Date.now();
  const days = Array.from({ length: 7 }, (_, i) => localMidnightMs(now, "Asia/Tokyo", 6 - i));
  for (const part of Object.keys(BOARD_PARTS) as BoardPart[]) {
    const statement = boardStatement(database.db, "bench", now, 24, ALERT_MEASURES, false, days, part);
    console.log(`-- part: ${part}`);
    for (let i = 0; i < 3; i++) {
      const res = (await database.db.execute(sql`explain (analyze) ${statement}`)) as unknown as {
        rows: Record<string, string>[];
      };
      if (i === 2) for (const row of res.rows) console.log(Object.values(row)[0]);
    }
  }
}

async function timeBoard(server: Server, token: string, before?: () => Promise<void>): Promise<number[]> {
  const p = "/staff/bench/board?timezone=Asia%2FTokyo";
  const one = async () => {
    await before?.();
    const t0 = performance.now();
    const res = await server.fetch(p, token, { headers: { "accept-encoding": "gzip" } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`GET ${p}: ${res.status}`);
    return performance.now() - t0;
  };
  for (let i = 0; i < WARMUP; i++) await one();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await one());
  return times;
}

async function main() {
  const kind = DATABASE_URL ? "postgres" : "pglite";
  console.log(
    `Load average ${(loadavg()[0] ?? 0).toFixed(2)} at the start. Database: ${kind}; ${MEMBERS} members × ${DAYS} days (heart rate every ${EVERY} min); ${RUNS} runs`,
  );
  if (!DATABASE_URL) state.dataDir = mkdtempSync(path.join(tmpdir(), "mimamori-bench-"));
  progress("seeding");
  state.database = await openDatabase({ databaseUrl: DATABASE_URL, dataDir: state.dataDir });
  await migrateDatabase(state.database);
  const t0 = performance.now();
  const token = await seed(state.database);
  const seedS = (performance.now() - t0) / 1000;
  const [{ count } = { count: 0 }] = (
    (await state.database.db.execute(sql`select count(*)::int as count from vital_samples`)) as unknown as {
      rows: { count: number }[];
    }
  ).rows;
  if (o.explain) await explain(state.database);
  await state.database.close();
  state.database = undefined;
  progress("starting the server");
  // no background jobs: the seeded silent members' sync alerts would be mailed meanwhile
  const server = await startServer(state.dataDir, { JOBS: "off" });
  state.server = server;
  const first = await server.fetch("/staff/bench/board?timezone=Asia%2FTokyo", token);
  const body = (await first.json()) as {
    zones_total: { red: number; yellow: number };
    not_syncing_total: number;
    open_alerts_total: number;
    forms_waiting_total: number;
    snoozes_total: number;
    wear: { today: number };
  };
  const computed = await timeBoard(server, token, () => changeSomething(server, token));
  const kept = await timeBoard(server, token);
  const f = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms`;
  console.log(`Seeded ${count.toLocaleString()} samples in ${seedS.toFixed(0)} s. The board holds: ${body.zones_total.red} red, ${body.zones_total.yellow} yellow, ${body.not_syncing_total} not syncing, ${body.open_alerts_total} open alerts, ${body.forms_waiting_total} sends waiting, ${body.snoozes_total} snoozes, ${body.wear.today} worn today.
Board, computed (a write before each call): ${f(computed)}
Board, read again while nothing changed:    ${f(kept)}
Load average ${(loadavg()[0] ?? 0).toFixed(2)} at the end.`);
  await cleanup();
}

main().catch(async (err) => {
  console.error(err);
  await cleanup();
  process.exit(1);
});
