import { parseArgs } from "node:util";
import { and, eq, like } from "drizzle-orm";
import { entities, memberships, users } from "../db/schema";
import { DEMO_PASSWORD, loadBandSimulator } from "../features/demo";
import { hashPassword } from "../lib/crypto";
import { openConfiguredDatabase, toolConfig } from "../startup";

/**
 * `npm run simulate -- --users N --days D [--entity ID] [--hr-step MIN] [--seed S]`
 * Creates (or reuses) N verified accounts sim-<entity>-<i>@example.com (password "mimamori-demo"), accepted
 * members of the entity (created when missing), and loads D days of band data ending now for each through
 * the bulk ingestion path. Re-running with the same options stores nothing twice.
 */
const { values: o } = parseArgs({
  options: {
    users: { type: "string", default: "10" },
    days: { type: "string", default: "30" },
    entity: { type: "string", default: "sim" },
    "hr-step": { type: "string", default: "5" },
    seed: { type: "string", default: "1" },
    batch: { type: "string", default: "5000" },
  },
});
const n = Number(o.users);
const days = Number(o.days);
const ws = o.entity as string;
const hrStep = Number(o["hr-step"]);
if (!(n > 0 && days > 0 && hrStep > 0 && /^[A-Za-z0-9]{3,20}$/.test(ws))) {
  console.error("usage: npm run simulate -- --users N --days D [--entity ID] [--hr-step MIN] [--seed S]");
  process.exit(2);
}

const { loadUser } = await loadBandSimulator();
const database = await openConfiguredDatabase(toolConfig());
const db = database.db;

const [entity] = await db.select().from(entities).where(eq(entities.workspaceName, ws));
if (!entity)
  await db
    .insert(entities)
    .values({ workspaceName: ws, name: `Simulated ${ws}`, description: "Simulated band data" });

const passwordHash = await hashPassword(DEMO_PASSWORD);
const emails = Array.from(
  { length: n },
  (_, i) => `sim-${ws.toLowerCase()}-${String(i + 1).padStart(4, "0")}@example.com`,
);
await db
  .insert(users)
  .values(
    emails.map((email, i) => ({
      email,
      name: `Sim ${ws} ${i + 1}`,
      passwordHash,
      emailVerifiedAt: new Date(),
    })),
  )
  .onConflictDoNothing();
const created = await db
  .select({ id: users.id, email: users.email })
  .from(users)
  .where(and(like(users.email, `sim-${ws.toLowerCase()}-%@example.com`)));
const byEmail = new Map(created.map((u) => [u.email, u.id]));
await db
  .insert(memberships)
  .values(
    emails.map((e) => ({
      workspaceName: ws,
      userId: byEmail.get(e) as string,
      role: "client" as const,
      status: "accepted" as const,
      // consent before the simulated history, so the entity's staff see all of it
      acceptedAt: new Date(Date.now() - (days + 1) * 86_400_000),
    })),
  )
  .onConflictDoNothing();

const t0 = performance.now();
let total = 0;
const end = Date.now();
for (const [i, email] of emails.entries()) {
  const stored = await loadUser(
    db,
    byEmail.get(email) as string,
    { days, end, seed: Number(o.seed) * 100_003 + i, hrStep },
    Number(o.batch),
  );
  total += stored;
  const s = (performance.now() - t0) / 1000;
  process.stdout.write(
    `\r${i + 1}/${n} users, ${total.toLocaleString()} rows stored, ${Math.round(total / s).toLocaleString()} rows/s   `,
  );
}
console.log(`\nDone in ${((performance.now() - t0) / 1000).toFixed(1)} s (${database.kind}).`);
await database.close();
