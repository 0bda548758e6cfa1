/**
 * Access audit benchmark (issue 29 §1). Targets: the audit's added cost per audited request ≤ 0.3 ms at p50 on
 * PostgreSQL; an entity-wide report over 1,000 members writes its audit in one statement.
 *
 *   npx tsx bench/audit.ts [--members 1000] [--calls 3000] [--rows 200000]      (PGlite, a temp folder)
 *   scripts/with-postgres.sh npx tsx bench/audit.ts …                           (throwaway PostgreSQL)
 *
 * A fresh database gets one entity with `--members` accepted members and a staff member, and `--rows` audit rows
 * already recorded (spread over a year, so the indexes are not empty). Then, in this process, the statement the
 * app's onSend hook runs after an audited read (lib/access-audit.ts `writeAudit`: the whole of what the audit adds
 * to a request, which waits for it) is timed:
 * 1. a one-person read (a member's chart or CSV): `--calls` times after 200 warm-up calls;
 * 2. an entity-wide read covering every member: the KPI form (the entity's accepted members, in SQL) and the
 *    report form (the report's member ids, `unnest`), 50 times each; each write is checked to be one statement
 *    (its rows share one transaction id, `xmin`, outside any transaction) of `--members` rows;
 * 3. what the audit costs a request: the real server (a child process) answers a staff member's chart of one member
 *    (`GET /staff/bench/reports/00005091/{uid}`) `--calls` times, alternately a read it records (a period not read
 *    before: a new row) and one it does not (the same reader, person and period again within AUDIT_REPEAT_MS),
 *    timed to the last byte; the difference of the medians is the audit's cost on the request's path (the write
 *    runs while the route reads the chart, lib/access-audit.ts).
 */
import { parseArgs } from "node:util";
import { and, count, eq, gte, sql } from "drizzle-orm";
import { openDatabase, rows } from "../apps/server/src/db/client";
import { accessAudit, entities, memberships, users } from "../apps/server/src/db/schema";
import { createSession } from "../apps/server/src/features/identity";
import { type AuditCaller, type AuditRead, writeAudit } from "../apps/server/src/lib/access-audit";
import { IdTokens } from "../apps/server/src/lib/id-tokens";
import { freshDatabase } from "./lib/fresh";
import { BENCH_SECRET, DATABASE_URL, pct, progress, startServer } from "./lib/server";

const { values: o } = parseArgs({
  options: {
    members: { type: "string", default: "1000" },
    calls: { type: "string", default: "3000" },
    rows: { type: "string", default: "200000" },
  },
});
const MEMBERS = Number(o.members);
const CALLS = Number(o.calls);
const ROWS = Number(o.rows);

const fresh = await freshDatabase("audit");
const db = fresh.database.db;
let closed = false;
try {
  progress(`${DATABASE_URL ? "PostgreSQL" : "PGlite"}: ${MEMBERS} members, ${ROWS} audit rows already kept`);
  await db.insert(entities).values({ workspaceName: "bench", name: "Bench", description: "bench" });
  const [staff] = await db
    .insert(users)
    .values({ email: "staff@bench.test", name: "Bench Staff", emailVerifiedAt: new Date() })
    .returning({ id: users.id });
  const members: string[] = [];
  for (let i = 0; i < MEMBERS; i += 500) {
    const batch = await db
      .insert(users)
      .values(
        Array.from({ length: Math.min(500, MEMBERS - i) }, (_, k) => ({
          email: `m${i + k}@bench.test`,
          name: `Member ${i + k}`,
          emailVerifiedAt: new Date(),
        })),
      )
      .returning({ id: users.id });
    members.push(...batch.map((b) => b.id));
  }
  // a month of consent: the request part's windows (a day and a few seconds) are not cut by it
  const acceptedAt = new Date(Date.now() - 30 * 86400_000);
  for (let i = 0; i < members.length; i += 500)
    await db.insert(memberships).values(
      members.slice(i, i + 500).map((userId) => ({
        workspaceName: "bench",
        userId,
        role: "client" as const,
        status: "accepted" as const,
        acceptedAt,
      })),
    );
  const staffId = staff?.id as string;
  await db.insert(memberships).values({
    workspaceName: "bench",
    userId: staffId,
    role: "staff",
    status: "accepted",
    acceptedAt,
  });
  // rows already kept: a year of reads of these members
  await db.execute(sql`insert into ${accessAudit} (actor_id, actor_name, role, workspace_name, entity_name,
      subject_id, what, detail, period_from, period_to, request_id, address, at)
    select ${staffId}::uuid, 'Bench Staff', 'staff', 'bench', 'Bench',
      (${sql.param(members)}::uuid[])[1 + (g % ${MEMBERS})], 'chart', '00005091', now() - interval '7 days', now(),
      gen_random_uuid()::text, '127.0.0.1', now() - (g % 365) * interval '1 day'
    from generate_series(1, ${ROWS}) as g`);
  await db.execute(sql`vacuum analyze ${accessAudit}`);

  const caller: AuditCaller = {
    actorId: staffId,
    actorName: "Bench Staff",
    role: "staff",
    workspace: "bench",
    requestId: "",
    address: "127.0.0.1",
  };
  const period = { from: new Date(Date.now() - 7 * 86400_000), to: new Date() };
  const time = async (n: number, read: (i: number) => AuditRead, id: (i: number) => string) => {
    const ms: number[] = [];
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      await writeAudit(db, { ...caller, requestId: id(i) }, read(i));
      ms.push(performance.now() - t0);
    }
    return ms;
  };
  const line = (label: string, ms: number[]) =>
    console.log(
      `${label}: p50 ${pct(ms, 50).toFixed(3)} ms, p95 ${pct(ms, 95).toFixed(3)} ms (${ms.length} calls)`,
    );

  const one = (i: number): AuditRead => ({
    what: "chart",
    subjects: [members[i % MEMBERS] as string],
    detail: "00005091",
    ...period,
  });
  // the round trip of the smallest statement, for scale: what the machine and the connection cost anyway
  const trip: number[] = [];
  for (let i = 0; i < 2000; i++) {
    const t0 = performance.now();
    await rows(db, sql`select 1`);
    trip.push(performance.now() - t0);
  }
  line("for scale: select 1", trip);
  await time(200, one, (i) => `warm-${i}`);
  line("one-person read (chart, CSV)", await time(CALLS, one, (i) => `one-${i}`));

  const writers = async (prefix: string, n: number) => {
    const bad: string[] = [];
    for (let i = 0; i < n; i++) {
      const [r] = await rows<{ n: number; tx: number }>(
        db,
        sql`select count(*)::int as n, count(distinct xmin::text)::int as tx from ${accessAudit}
          where ${accessAudit.requestId} = ${`${prefix}-${i}`}`,
      );
      if (r?.n !== MEMBERS || r.tx !== 1) bad.push(`${prefix}-${i}: ${r?.n} rows in ${r?.tx} transactions`);
    }
    return bad;
  };
  const kpis = await time(
    50,
    () => ({ what: "kpis", subjects: "entity-members", ...period }),
    (i) => `kpis-${i}`,
  );
  line(`entity-wide read, ${MEMBERS} members (KPI form: members in SQL)`, kpis);
  const report = await time(
    50,
    () => ({ what: "report", subjects: members, detail: "00005091", ...period }),
    (i) => `report-${i}`,
  );
  line(`entity-wide read, ${MEMBERS} members (report form: unnest of ids)`, report);
  const bad = [...(await writers("kpis", 50)), ...(await writers("report", 50))];
  console.log(
    bad.length
      ? `NOT one statement: ${bad.slice(0, 5).join("; ")}`
      : `each entity-wide write: ${MEMBERS} rows, one statement (one transaction id)`,
  );
  const [total] = await db.select({ n: count() }).from(accessAudit);
  progress(`${total?.n} audit rows at the end`);

  const { session } = await createSession(db, staffId, true);
  const token = await (await IdTokens.create(db, BENCH_SECRET)).sign({
    uid: staffId,
    sid: session.id,
    tv: (await db.select({ tv: users.tokenVersion }).from(users).where(eq(users.id, staffId)))[0]?.tv ?? 0,
    email: "staff@bench.test",
  });
  await fresh.database.close();
  closed = true;
  progress("starting the server");
  const since = new Date();
  const server = await startServer(fresh.dataDir, { ...fresh.env, JOBS: "off" });
  try {
    const member = members[0] as string;
    const end = Math.floor(Date.now() / 1000);
    const chart = (start: number) =>
      `/staff/bench/reports/00005091/${member}?start_time=${start}&end_time=${end}&interval=daily&timezone=Asia%2FTokyo`;
    const timed = async (p: string) => {
      const r = await server.timeToLastByte(p, token);
      if (r.status !== 200) throw new Error(`GET ${p}: ${r.status}`);
      return r.ms;
    };
    const repeated = chart(end - 86400);
    await timed(repeated);
    const recorded: number[] = [];
    const unrecorded: number[] = [];
    // each recorded read starts a second earlier: a period this reader has not read, so a new row
    for (let i = 0; i < 200 + CALLS; i++) {
      const a = await timed(chart(end - 86400 - 1 - i));
      const b = await timed(repeated);
      if (i < 200) continue;
      recorded.push(a);
      unrecorded.push(b);
    }
    line("request: a chart read the audit records", recorded);
    line("request: the same read again (not recorded: a repeat)", unrecorded);
    console.log(
      `the audit's cost on the request's path: p50 ${(pct(recorded, 50) - pct(unrecorded, 50)).toFixed(3)} ms`,
    );
  } finally {
    await server.stop();
  }
  // each recorded read wrote its row, the repeats none
  const again = await openDatabase({ databaseUrl: fresh.env.DATABASE_URL, dataDir: fresh.dataDir });
  const [charts] = await again.db
    .select({ n: count() })
    .from(accessAudit)
    .where(and(eq(accessAudit.what, "chart"), gte(accessAudit.at, since)));
  await again.close();
  console.log(
    `chart rows written by the server: ${charts?.n} (${201 + CALLS} reads recorded, ${200 + CALLS} repeats)`,
  );
} finally {
  if (!closed) await fresh.database.close();
  await fresh.drop();
}
