/**
 * Users-import benchmark (issue "Organisations" §5): validates and registers 5,000 rows over HTTP and checks
 * that the server keeps answering other requests meanwhile.
 *
 *   npx tsx bench/import.ts [--rows 5000]                  (PGlite in a temp folder)
 *   scripts/with-postgres.sh npx tsx bench/import.ts       (PostgreSQL)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { buildApp } from "../apps/server/src/app";
import type { AppConfig } from "../apps/server/src/config";
import { openDatabase } from "../apps/server/src/db/client";
import { migrateDatabase } from "../apps/server/src/db/migrate";
import { entities, memberships, users } from "../apps/server/src/db/schema";
import { createSession } from "../apps/server/src/features/identity";
import { IdTokens } from "../apps/server/src/lib/id-tokens";

const { values: o } = parseArgs({ options: { rows: { type: "string", default: "5000" } } });
const N = Number(o.rows);
const SECRET = "bench-secret-bench-secret-bench-secret-0123456789";

const dataDir = process.env.DATABASE_URL ? null : mkdtempSync(path.join(tmpdir(), "mimamori-bench-"));
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: dataDir ?? undefined });
await migrateDatabase(database);
const db = database.db;
await db.insert(entities).values({ workspaceName: "import", name: "Import", description: "benchmark" });
const [staff] = await db
  .insert(users)
  .values({ email: "import-staff@example.com", name: "Staff", emailVerifiedAt: new Date() })
  .returning();
if (!staff) throw new Error("seed failed");
await db.insert(memberships).values({
  workspaceName: "import",
  userId: staff.id,
  role: "staff",
  status: "accepted",
  acceptedAt: new Date(),
});
const { session } = await createSession(db, staff.id, true);
const token = await (await IdTokens.create(db, SECRET)).sign({
  uid: staff.id,
  sid: session.id,
  tv: 0,
  email: staff.email,
});

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
const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
const rows = Array.from({ length: N }, (_, i) => ({
  name: `利用者 ${i}`,
  email: `import-${i}@example.com`,
  language: "jp",
}));

/** Times a call while pinging /api/health every 50 ms; prints the call's time and the slowest ping. */
async function timed(label: string, call: () => Promise<Response>) {
  const pings: number[] = [];
  let running = true;
  const pinger = (async () => {
    while (running) {
      const t = performance.now();
      await fetch(`${base}/health`);
      pings.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const t0 = performance.now();
  const res = await call();
  const body = (await res.json()) as { status: string }[];
  const took = performance.now() - t0;
  running = false;
  await pinger;
  const byStatus = new Map<string, number>();
  for (const r of body) byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + 1);
  const counts = [...byStatus];
  console.log(
    `${label.padEnd(10)} ${N} rows: ${(took / 1000).toFixed(2)} s (HTTP ${res.status}; ${counts.map(([k, v]) => `${k} ${v}`).join(", ")}); ` +
      `health answered ${pings.length}× meanwhile, slowest ${Math.max(0, ...pings).toFixed(0)} ms`,
  );
}

console.log(`Database: ${database.kind}`);
await timed("validate", () =>
  fetch(`${base}/staff/import/users/validate`, { method: "POST", headers, body: JSON.stringify(rows) }),
);
await timed("register", () =>
  fetch(`${base}/staff/import/users/register`, { method: "POST", headers, body: JSON.stringify(rows) }),
);
await app.close();
await database.close();
if (dataDir) rmSync(dataDir, { recursive: true, force: true });
