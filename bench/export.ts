/**
 * "Export my data" benchmark (issue 29 §3): one person with a year of 1-minute band data (525,600 samples per
 * measure) exports their ZIP over HTTP (GET /api/user/export, read as fast as the client can); prints the time, the
 * ZIP's size and the server's RSS growth (peak VmRSS during the export minus VmRSS before it). Target: growth
 * ≤ 50 MB.
 *
 *   npx tsx bench/export.ts [--measures 5091,5093,5092,5095,5096,5097] [--days 365]   (PGlite in a temp folder)
 *   scripts/with-postgres.sh npx tsx bench/export.ts …                                (throwaway PostgreSQL)
 *
 * The samples are written straight into `vital_samples` (generate_series) and the closed days packed (vitals/pack.ts,
 * as the pack job leaves a year of data) before the server starts with its jobs off: the export reads only the raw
 * samples (and sleep, none here), not the buckets. (Before 2026-11-28 the days were left hot and the server's pack
 * job packed them while the export ran: the figures then timed both.) The tables are then vacuumed as the server's
 * minute check would (db/maintenance.ts), so that its first check does not do it during the export.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { vacuumDueTables } from "../apps/server/src/db/maintenance";
import { users } from "../apps/server/src/db/schema";
import { createSession } from "../apps/server/src/features/identity";
import { packClosedDays } from "../apps/server/src/features/vitals";
import { IdTokens } from "../apps/server/src/lib/id-tokens";
import { freshDatabase } from "./lib/fresh";
import { DATABASE_URL, progress, RssSampler, BENCH_SECRET as SECRET, startServer } from "./lib/server";

const { values: o } = parseArgs({
  options: {
    measures: { type: "string", default: "5091,5093,5092,5095,5096,5097" },
    days: { type: "string", default: "365" },
  },
});
const MEASURES = o.measures.split(",").map(Number);
const DAYS = Number(o.days);
const END_S = Math.floor(Date.now() / 60_000) * 60 - 60;
const START_S = END_S - DAYS * 86400;

async function main() {
  const fresh = await freshDatabase("export");
  const db = fresh.database.db;
  const [person] = await db
    .insert(users)
    .values({ email: "bench-export@example.com", name: "Bench export", emailVerifiedAt: new Date() })
    .returning();
  if (!person) throw new Error("seed failed");
  const t0 = performance.now();
  for (const m of MEASURES) {
    // a month at a time: one statement per month keeps the embedded database's memory small
    for (let s = START_S; s < END_S; s += 30 * 86400) {
      const e = Math.min(END_S, s + 30 * 86400 - 60);
      await db.execute(sql`insert into vital_samples (user_id, measure, at, value)
        select ${person.id}::uuid, ${m}::smallint, to_timestamp(t), ${sampleValue(m)}
        from generate_series(${s}::bigint, ${e}::bigint, 60) as t`);
    }
    progress(`measure ${m} seeded`);
  }
  const [{ n } = { n: 0 }] = (
    (await db.execute(sql`select count(*)::int as n from vital_samples`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows;
  progress(`${n.toLocaleString()} samples in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  const packed = await packClosedDays(db, Date.now());
  progress(
    `${packed.samples.toLocaleString()} samples packed in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );
  // as the server's minute check leaves the tables after a pack; otherwise its first check, 5 s after the start
  // below, vacuums the millions of rows the pack moved during the export (on PGlite +19.4 MB of the database's
  // memory for that vacuum's work, counted as the export's until 2026-11-29)
  const vacuumed = await vacuumDueTables(db);
  progress(`vacuumed ${vacuumed.join(", ")}`);
  const { session } = await createSession(db, person.id, true);
  const idTokens = await IdTokens.create(db, SECRET);
  const claims = { uid: person.id, sid: session.id, tv: person.tokenVersion, email: person.email };
  await fresh.database.close();

  const server = await startServer(fresh.dataDir, { ...fresh.env, JOBS: "off" });
  try {
    // warm the server up (code paths, the database's caches) with a small request first
    await (await server.fetch("/user/info", await idTokens.sign(claims))).arrayBuffer();
    await new Promise((r) => setTimeout(r, 2000));
    const rss = new RssSampler(server.pid);
    const before = rss.currentKb();
    rss.reset();
    const db0 = DATABASE_URL ? 0 : embeddedDatabaseKb(server.pid);
    const outside = { before: before - db0, peak: before - db0, dbPeak: db0 };
    const split = setInterval(() => {
      const dbKb = embeddedDatabaseKb(server.pid);
      outside.peak = Math.max(outside.peak, rss.currentKb() - dbKb);
      outside.dbPeak = Math.max(outside.dbPeak, dbKb);
    }, 500);
    const started = performance.now();
    const res = await server.fetch("/user/export", await idTokens.sign(claims));
    if (res.status !== 200) throw new Error(`GET /user/export: ${res.status} ${await res.text()}`);
    let bytes = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
    const seconds = (performance.now() - started) / 1000;
    rss.stop();
    clearInterval(split);
    const kind = DATABASE_URL ? "PostgreSQL" : "PGlite";
    console.log(
      `| ${kind} | ${MEASURES.length} × ${(n / MEASURES.length).toLocaleString()} | ${seconds.toFixed(1)} s | ${(bytes / 1e6).toFixed(1)} MB | ${(before / 1024).toFixed(0)} MB | ${(rss.peakKb / 1024).toFixed(0)} MB | ${((rss.peakKb - before) / 1024).toFixed(1)} MB |`,
    );
    if (!DATABASE_URL)
      console.log(
        `of which the embedded database's memory (its WebAssembly memory, shared buffers first): ${(db0 / 1024).toFixed(0)} → ${(outside.dbPeak / 1024).toFixed(0)} MB (+${((outside.dbPeak - db0) / 1024).toFixed(1)} MB); ` +
          `the server outside it: ${(outside.before / 1024).toFixed(0)} → peak ${(outside.peak / 1024).toFixed(0)} MB (+${((outside.peak - outside.before) / 1024).toFixed(1)} MB)`,
      );
  } finally {
    await server.stop();
    await fresh.drop();
  }
}

/**
 * The resident part of PGlite's WebAssembly memory in the server (kB). V8 reserves a 32-bit WebAssembly memory as
 * one range of ~10 GiB with guard regions and makes its used part writable: an anonymous read-write mapping
 * followed at once by the anonymous, inaccessible rest (≥ 4 GiB), which nothing else in the process looks like.
 */
function embeddedDatabaseKb(pid: number): number {
  let smaps: string;
  try {
    smaps = readFileSync(`/proc/${pid}/smaps`, "utf8");
  } catch {
    return 0;
  }
  const maps: { start: number; end: number; perms: string; anon: boolean; rssKb: number }[] = [];
  for (const line of smaps.split("\n")) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head)
      maps.push({
        start: Number.parseInt(head[1] as string, 16),
        end: Number.parseInt(head[2] as string, 16),
        perms: head[3] as string,
        anon: !head[4],
        rssKb: 0,
      });
    else if (line.startsWith("Rss:")) {
      const last = maps.at(-1);
      if (last) last.rssKb = Number(/(\d+)/.exec(line)?.[1] ?? 0);
    }
  }
  let kb = 0;
  for (const [i, m] of maps.entries()) {
    const rest = maps[i + 1];
    if (m.anon && m.perms.startsWith("rw") && rest?.anon && rest.perms.startsWith("---"))
      if (rest.start === m.end && rest.end - rest.start >= 4 * 2 ** 30) kb += m.rssKb;
  }
  return kb;
}

/** A plausible value of each measure, varying with the minute `t`. */
function sampleValue(m: number) {
  switch (m) {
    case 5092:
      return sql`33 + (t / 60 % 20) / 10.0`;
    case 5093:
      return sql`95 + (t / 60 % 4)`;
    case 5095:
      return sql`115 + (t / 60 % 10)`;
    case 5096:
      return sql`75 + (t / 60 % 8)`;
    case 5097:
      return sql`(t / 60 % 40)`;
    default:
      return sql`60 + (t / 60 % 30)`;
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
