/**
 * The embedded default under many users (issue 32 §4): the real server on the quick start's demo data (its two
 * entities, their members with a week of band data, forms and answers, alerts) and `--connections` (50) signed-in
 * users, each sending its next request when the last is answered, in the mix the web and the band app make:
 *
 *   staff of sakura (11 in 20): the watch board (3), the unseen-alert count (2), the staff report over 7 days (2),
 *     the member list (1), the forms list (1), a form's answer summary (1), a member's weekly chart (1);
 *   members of sakura (9 in 20): a band upload of 5 one-minute heart-rate samples (4), their report cards (2),
 *     their weekly heart-rate report (2), their forms (1).
 *
 * Each user starts at its own place in the mix. Prints requests a second, p50 / p95 / p99 overall and per kind
 * (from the request to the answer's last byte, gzip accepted, in this process), errors, the server's CPU (with
 * PGlite the database runs inside it), PostgreSQL's and this process's own (it shares the two cores).
 *
 *   npx tsx bench/mix.ts [--seconds 30] [--connections 50] [--warmup 5]   # PGlite (the default)
 *   scripts/with-postgres.sh npx tsx bench/mix.ts …                       # PostgreSQL, for comparison
 *
 * `BENCH_SERVER_NODE_OPTIONS="--cpu-prof --cpu-prof-dir=/tmp/prof"` profiles the server.
 */
import type { Agent } from "node:http";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { and, eq } from "drizzle-orm";
import { memberships, users } from "../apps/server/src/db/schema";
import { loadDemoSeed } from "../apps/server/src/features/demo";
import { createSession } from "../apps/server/src/features/identity";
import { IdTokens } from "../apps/server/src/lib/id-tokens";
import { cpuSeconds, databaseCpu } from "./lib/cpu";
import { freshDatabase } from "./lib/fresh";
import {
  BENCH_SECRET,
  DATABASE_URL,
  keepAliveAgent,
  pct,
  progress,
  type Server,
  startServer,
} from "./lib/server";

const { values: o } = parseArgs({
  options: {
    seconds: { type: "string", default: "30" },
    connections: { type: "string", default: "50" },
    warmup: { type: "string", default: "5" },
  },
});
const SECONDS = Number(o.seconds);
const CONNECTIONS = Number(o.connections);
const WARMUP = Number(o.warmup);
if (![SECONDS, CONNECTIONS].every((n) => Number.isInteger(n) && n > 0) || !(WARMUP >= 0)) {
  console.error("--seconds and --connections must be positive integers, --warmup ≥ 0");
  process.exit(2);
}

const WS = "sakura";
const TZ = encodeURIComponent("Asia/Tokyo");
const HEART_RATE = "00005091";
const MIN = 60_000;

interface Who {
  token: string;
  uid: string;
}

/** One kind of request: its name in the table and what it sends. */
interface Kind {
  name: string;
  staff: boolean;
  send(server: Server, who: Who, agent: Agent): Promise<number>;
}

/** The mix, in the order a user walks through it (20 requests). */
function theMix(formId: number, memberId: string): Kind[] {
  const get =
    (p: (who: Who) => string) =>
    async (server: Server, who: Who, agent: Agent): Promise<number> =>
      (await server.timeToLastByte(p(who), who.token, agent)).status;
  const week = () => {
    const end = Math.floor(Date.now() / 1000);
    return `start_time=${end - 7 * 86_400}&end_time=${end}&interval=weekly&timezone=${TZ}`;
  };
  const staff = (name: string, p: (who: Who) => string): Kind => ({ name, staff: true, send: get(p) });
  const member = (name: string, p: (who: Who) => string): Kind => ({ name, staff: false, send: get(p) });
  const board = staff("board", () => `/staff/${WS}/board?timezone=${TZ}`);
  const unseen = staff("unseen alerts", () => `/staff/${WS}/notifications/unseen`);
  const report = staff(
    "staff report 7 d",
    () => `/staff/${WS}/reports_v2/${HEART_RATE}?interval=7&timezone=${TZ}`,
  );
  const upload: Kind = {
    name: "band upload",
    staff: false,
    async send(server, who) {
      // 5 new one-minute samples after the member's last, as a band sends them (never in the future)
      const last = (lastUpload.get(who.uid) ?? Date.now() - 2 * 86_400_000) + 5 * MIN;
      lastUpload.set(who.uid, Math.min(last, Date.now() - MIN));
      const samples = Array.from({ length: 5 }, (_, k) => ({
        code: HEART_RATE,
        time: Math.floor((last - (4 - k) * MIN) / 1000),
        value: 60 + ((last / MIN + k) % 30),
      }));
      return (await server.post("/user/vitals", who.token, JSON.stringify({ samples }))).status;
    },
  };
  const cards = member("member report cards", () => `/user/reports/resq_band?timezone=${TZ}`);
  const own = member("member weekly report", () => `/user/reports/resq_band/${HEART_RATE}?${week()}`);
  return [
    board,
    upload,
    unseen,
    report,
    cards,
    upload,
    board,
    staff("member list", () => `/staff/${WS}/users`),
    own,
    upload,
    unseen,
    staff("forms list", () => `/staff/${WS}/forms`),
    board,
    cards,
    upload,
    staff("answer summary", () => `/staff/${WS}/forms/${formId}/summary`),
    report,
    own,
    staff("member weekly chart", () => `/staff/${WS}/reports/${HEART_RATE}/${memberId}?${week()}`),
    member("member forms", () => "/user/forms"),
  ];
}

const lastUpload = new Map<string, number>();

/** Signs each user in (a session and an id token of their own, as a browser's sign-in makes). */
async function signedIn(db: Awaited<ReturnType<typeof freshDatabase>>["database"]["db"]) {
  const idTokens = await IdTokens.create(db, BENCH_SECRET);
  const as = async (id: string, email: string, tv: number): Promise<Who> => {
    const { session } = await createSession(db, id, true);
    return { uid: id, token: await idTokens.sign({ uid: id, sid: session.id, tv, email }) };
  };
  const [staffUser] = await db.select().from(users).where(eq(users.email, "staff@example.com"));
  if (!staffUser) throw new Error("no demo staff: the demo seed changed");
  const members = await db
    .select({ id: users.id, email: users.email, tv: users.tokenVersion })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .where(
      and(
        eq(memberships.workspaceName, WS),
        eq(memberships.role, "client"),
        eq(memberships.status, "accepted"),
      ),
    );
  if (members.length === 0) throw new Error(`no accepted members of ${WS} in the demo`);
  const staff: Who[] = [];
  const clients: Who[] = [];
  for (let i = 0; i < CONNECTIONS; i++) {
    staff.push(await as(staffUser.id, staffUser.email, staffUser.tokenVersion));
    const m = members[i % members.length] as (typeof members)[number];
    clients.push(await as(m.id, m.email, m.tv));
  }
  return { staff, clients, memberId: members[0]?.id as string };
}

interface Tally {
  ms: number[];
  errors: number;
}

async function main() {
  progress(`seeding the demo data (${DATABASE_URL ? "PostgreSQL" : "PGlite"})`);
  const fresh = await freshDatabase("mix");
  const { seedDemo } = await loadDemoSeed();
  await seedDemo(fresh.database.db, {});
  const who = await signedIn(fresh.database.db);
  await fresh.database.close();
  const server = await startServer(fresh.dataDir, { ...fresh.env, JOBS: "on" });
  const dbCpu = await databaseCpu(fresh.env.DATABASE_URL);
  try {
    const forms = (await (
      await server.fetch(`/staff/${WS}/forms`, who.staff[0]?.token as string)
    ).json()) as {
      id: number;
      answered_count: number;
    }[];
    // the form with the most answers: its summary is the largest the demo has
    const formId = forms.sort((a, b) => b.answered_count - a.answered_count)[0]?.id;
    if (formId === undefined) throw new Error(`no form in ${WS}'s demo data`);
    const mix = theMix(formId, who.memberId);
    const tallies = new Map<string, Tally>(mix.map((k) => [k.name, { ms: [], errors: 0 }]));
    const failures: string[] = [];
    let counting = false;
    let stop = false;

    const user = async (i: number) => {
      const agent = keepAliveAgent(1);
      for (let step = i; !stop; step++) {
        const kind = mix[step % mix.length] as Kind;
        const as = (kind.staff ? who.staff[i] : who.clients[i]) as Who;
        const t0 = performance.now();
        let status = 0;
        try {
          status = await kind.send(server, as, agent);
        } catch (err) {
          if (failures.length < 10) failures.push(`${kind.name}: ${String(err)}`);
        }
        const ms = performance.now() - t0;
        if (!counting) continue;
        const t = tallies.get(kind.name) as Tally;
        if (status === 200) t.ms.push(ms);
        else {
          t.errors++;
          if (failures.length < 10) failures.push(`${kind.name}: ${status}`);
        }
      }
      agent.destroy();
    };

    const load0 = loadavg()[0] ?? 0;
    progress(`${CONNECTIONS} users, ${WARMUP} s warm-up, then ${SECONDS} s counted`);
    const running = Array.from({ length: CONNECTIONS }, (_, i) => user(i));
    await new Promise((r) => setTimeout(r, WARMUP * 1000));
    counting = true;
    const cpu0 = { server: cpuSeconds(server.pid), db: dbCpu(), self: process.cpuUsage() };
    const t0 = performance.now();
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    counting = false;
    const elapsed = (performance.now() - t0) / 1000;
    const selfCpu = process.cpuUsage(cpu0.self);
    const serverCpu = (cpuSeconds(server.pid) - cpu0.server) / elapsed;
    const databaseCpuShare = (dbCpu() - cpu0.db) / elapsed;
    stop = true;
    await Promise.all(running);

    const all = [...tallies.values()].flatMap((t) => t.ms);
    const errors = [...tallies.values()].reduce((n, t) => n + t.errors, 0);
    const f = (x: number) => x.toFixed(1);
    console.log(
      `\nMix on ${DATABASE_URL ? "PostgreSQL" : "PGlite"}: ${CONNECTIONS} users, ${SECONDS} s counted after ${WARMUP} s`,
    );
    console.log("| kind | requests | p50 ms | p95 ms | p99 ms | errors |\n|---|---|---|---|---|---|");
    for (const [name, t] of tallies)
      console.log(
        `| ${name} | ${t.ms.length} | ${f(pct(t.ms, 50))} | ${f(pct(t.ms, 95))} | ${f(pct(t.ms, 99))} | ${t.errors} |`,
      );
    console.log(
      `| **all** | ${all.length} | ${f(pct(all, 50))} | ${f(pct(all, 95))} | ${f(pct(all, 99))} | ${errors} |`,
    );
    console.log(
      `\n${f(all.length / elapsed)} requests/s (target ≥ 500), p99 ${f(pct(all, 99))} ms (target ≤ 200), ${errors} errors; ` +
        `server CPU ${(serverCpu * 100).toFixed(0)} %${DATABASE_URL ? `, PostgreSQL ${(databaseCpuShare * 100).toFixed(0)} %` : " (the database inside)"}, ` +
        `this process ${(((selfCpu.user + selfCpu.system) / 1e6 / elapsed) * 100).toFixed(0)} % of a core; ` +
        `server CPU ${f(((serverCpu + databaseCpuShare) * 1000) / (all.length / elapsed))} ms a request; ` +
        `load ${load0.toFixed(1)} → ${(loadavg()[0] ?? 0).toFixed(1)}`,
    );
    if (failures.length) console.log(`first failures: ${failures.join("; ")}`);
  } finally {
    await server.stop();
    await fresh.drop();
  }
}

await main();
