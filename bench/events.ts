/**
 * Live events benchmark (issue 28 §2). Targets: an upload's event reaches an open stream p95 ≤ 1 s after the
 * upload's 200; 500 open streams cost the server ≤ 50 MB over its idle RSS.
 *
 *   npx tsx bench/events.ts [--streams 500] [--uploads 40]             (PGlite, a temp folder)
 *   scripts/with-postgres.sh npx tsx bench/events.ts …                   (throwaway PostgreSQL)
 *
 * A fresh database gets one entity with 50 members and `--streams` / 10 staff members (the server allows 10
 * streams a person); the real server (child process, JOBS=off) starts, answers a few calls, and its RSS is read
 * after 3 s of rest (idle). Then `--streams` event streams are opened with node:http (one connection each, as
 * browsers' tabs hold them) and the RSS is read again after 3 s. Then `--uploads` uploads of one heat-stress score
 * (each member's first is red and raises an alert), 1.2 s apart (events of one entity are coalesced to one a
 * second), each timed from its 200 to the event on the first stream and on the last of all streams (an event that
 * arrives before the 200 counts 0).
 */
import { Agent, get, type IncomingMessage } from "node:http";
import { parseArgs } from "node:util";
import type { Database } from "../apps/server/src/db/client";
import { entities, memberships, users } from "../apps/server/src/db/schema";
import { createSession } from "../apps/server/src/features/identity";
import { IdTokens } from "../apps/server/src/lib/id-tokens";
import { freshDatabase } from "./lib/fresh";
import {
  BENCH_SECRET,
  DATABASE_URL,
  pct,
  progress,
  RssSampler,
  type Server,
  startServer,
} from "./lib/server";

const { values: o } = parseArgs({
  options: {
    streams: { type: "string", default: "500" },
    uploads: { type: "string", default: "40" },
  },
});
const STREAMS = Number(o.streams);
const UPLOADS = Number(o.uploads);
const PER_STAFF = 10;
const MEMBERS = 50;
const WS = "bench";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (kb: number) => `${(kb / 1024).toFixed(1)} MB`;

/** People with a session each; answers their signed id tokens (15 minutes: longer than the run). */
async function people(db: Database["db"], n: number, prefix: string, role: "client" | "staff") {
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: n }, (_, i) => ({
        email: `${prefix}-${i}@example.com`,
        name: `${prefix} ${i}`,
        emailVerifiedAt: new Date(),
      })),
    )
    .returning({ id: users.id, tokenVersion: users.tokenVersion, email: users.email });
  await db.insert(memberships).values(
    rows.map((r) => ({
      workspaceName: WS,
      userId: r.id,
      role,
      status: "accepted" as const,
      acceptedAt: new Date(Date.now() - 86_400_000),
    })),
  );
  const idTokens = await IdTokens.create(db, BENCH_SECRET);
  const tokens: string[] = [];
  for (const r of rows) {
    const { session } = await createSession(db, r.id, true);
    tokens.push(await idTokens.sign({ uid: r.id, sid: session.id, tv: r.tokenVersion, email: r.email }));
  }
  return tokens;
}

interface OpenStream {
  res: IncomingMessage;
  /** Arrival times (performance.now()) of its `changed` events. */
  events: number[];
}

/** Opens one stream on its own connection; resolves once the server's first frame (the retry hint) arrived. */
function openStream(server: Server, token: string, agent: Agent): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    get(
      `${server.base}/staff/${WS}/events`,
      { agent, headers: { authorization: `Bearer ${token}` } },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`GET /staff/${WS}/events: ${res.statusCode}`));
          res.resume();
          return;
        }
        const s: OpenStream = { res, events: [] };
        res.setEncoding("utf8");
        let first = true;
        res.on("data", (text: string) => {
          if (first) {
            first = false;
            resolve(s);
          }
          for (let i = text.indexOf("event: changed"); i >= 0; i = text.indexOf("event: changed", i + 1))
            s.events.push(performance.now());
        });
        res.on("error", () => {});
      },
    ).on("error", reject);
  });
}

async function main() {
  const fresh = await freshDatabase("events");
  const db = fresh.database.db;
  await db.insert(entities).values({ workspaceName: WS, name: "Bench", description: "benchmark" });
  const members = await people(db, MEMBERS, "member", "client");
  const staff = await people(db, Math.ceil(STREAMS / PER_STAFF), "staff", "staff");
  await fresh.database.close();
  const server = await startServer(fresh.dataDir, { ...fresh.env, JOBS: "off" });
  const agent = new Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  const streams: OpenStream[] = [];
  try {
    const rss = new RssSampler(server.pid);
    // warm up: the staff check, the session lookup and an upload's path
    for (let i = 0; i < 20; i++) {
      const res = await server.fetch(`/staff/${WS}/notifications/unseen`, staff[0] as string);
      await res.arrayBuffer();
    }
    await upload(server, members[0] as string, 20);
    await sleep(3000);
    const idleKb = rss.currentKb();
    progress(`idle RSS ${mb(idleKb)}; opening ${STREAMS} streams`);
    for (let i = 0; i < STREAMS; i++)
      streams.push(await openStream(server, staff[Math.floor(i / PER_STAFF)] as string, agent));
    await sleep(3000);
    const openKb = rss.currentKb();
    progress(`${STREAMS} streams open: RSS ${mb(openKb)}`);

    const first: number[] = [];
    const all: number[] = [];
    for (let i = 0; i < UPLOADS; i++) {
      await sleep(1200);
      const before = streams.map((s) => s.events.length);
      const member = members[i % MEMBERS] as string;
      // red then green for each member in turn: every other upload raises an alert
      const at200 = await upload(server, member, Math.floor(i / MEMBERS) % 2 === 0 ? 95 : 20);
      const deadline = performance.now() + 10_000;
      while (streams.some((s, j) => s.events.length <= (before[j] ?? 0)) && performance.now() < deadline)
        await sleep(2);
      const arrival = (s: OpenStream, j: number) => s.events[before[j] ?? 0] ?? Number.POSITIVE_INFINITY;
      first.push(Math.max(0, arrival(streams[0] as OpenStream, 0) - at200));
      all.push(Math.max(0, Math.max(...streams.map(arrival)) - at200));
    }
    rss.stop();
    const fmt = (xs: number[]) =>
      `median ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`;
    console.log(
      `database: ${DATABASE_URL ? "PostgreSQL" : "PGlite"}; ${STREAMS} streams, ${UPLOADS} uploads`,
    );
    console.log(`upload's 200 → event on the first stream: ${fmt(first)}`);
    console.log(`upload's 200 → event on all ${STREAMS} streams: ${fmt(all)}`);
    console.log(
      `RSS idle ${mb(idleKb)}, with ${STREAMS} streams ${mb(openKb)}: +${mb(openKb - idleKb)} (${((openKb - idleKb) / STREAMS).toFixed(1)} kB a stream)`,
    );
  } finally {
    for (const s of streams) s.res.destroy();
    agent.destroy();
    await server.stop();
    await fresh.drop();
  }
}

/** One heat-stress score through POST /api/user/vitals; answers when its 200 arrived. */
async function upload(server: Server, token: string, value: number): Promise<number> {
  const body = JSON.stringify({
    samples: [{ code: "00005098", time: Math.floor(Date.now() / 1000) - 1, value }],
    sleep: [],
  });
  await server.uploadVitals(token, body);
  return performance.now();
}

await main();
