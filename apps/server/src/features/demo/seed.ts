import { PRIVACY_VERSION, TERMS_VERSION } from "@mimamori/shared";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { consents, entities, memberships, users } from "../../db/schema";
import { hashPassword } from "../../lib/crypto";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./accounts";
import type { SeedOptions } from "./load";
import { seedDemoAlerts } from "./seed-alerts";
import { seedDemoDataItems } from "./seed-data-items";
import { seedDemoForms } from "./seed-forms";
import { seedDemoMembers, seedDemoWeek } from "./seed-watch";
import { loadUser } from "./simulator";

export const DEMO_ENTITIES = [
  {
    workspaceName: "sakura",
    name: "さくら介護センター",
    description: "東京都内の介護施設。職員と入居者の体調を見守ります。",
    language: "jp" as const,
    isPublic: true,
  },
  {
    workspaceName: "harbor",
    name: "Harbor Logistics",
    description: "A logistics company watching over the heat stress of its warehouse crew.",
    language: "en" as const,
    isPublic: false,
  },
];

/** Demo clients with band data (every demo client); their seeds keep the data the same on every run. */
const VITAL_CLIENTS = ["client@example.com", "client2@example.com", "client3@example.com"];

/** Writes the demo data; re-running replaces the demo accounts and entities, leaving other data alone. */
export async function seedDemo(
  db: Db,
  { vitalDays = 30, forms = true, alerts = true, dataItems = true, members = true }: SeedOptions = {},
): Promise<void> {
  const now = Date.now();
  await seedAccounts(db, vitalDays);
  if (members) await seedDemoMembers(db, now, DEMO_PASSWORD);
  if (forms) await seedDemoForms(db);
  if (dataItems) await seedDemoDataItems(db);
  if (vitalDays > 0) await seedVitals(db, vitalDays);
  // after the simulated data: the alerts' red samples sit between its samples
  if (alerts) await seedDemoAlerts(db);
  // after the alerts: their settings (Harbor's escalation) apply to the members' alerts too
  if (members) await seedDemoWeek(db, now);
}

/** Band data for every demo client through the bulk ingestion path (see features/demo/simulator.ts). */
export async function seedVitals(db: Db, days: number, end = Date.now()): Promise<void> {
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(sql`${users.email} in ${VITAL_CLIENTS}`);
  for (const [i, email] of VITAL_CLIENTS.entries()) {
    const u = rows.find((r) => r.email === email);
    if (u) await loadUser(db, u.id, { days, end, seed: 20240 + i });
  }
}

/**
 * Demo memberships were accepted (consent took effect) well before their band data begins, at least 60 days
 * back: staff see a member's data only from accepted_at on (docs/decisions.md, Trust).
 */
async function seedAccounts(db: Db, vitalDays: number): Promise<void> {
  const joined = new Date(Date.now() - Math.max(60, vitalDays + 1) * 86_400_000);
  const accepted = { status: "accepted" as const, acceptedAt: joined, createdAt: joined };
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    await tx.delete(users).where(sql`${users.email} in ${DEMO_ACCOUNTS.map((a) => a.email)}`);
    await tx
      .delete(entities)
      .where(sql`${entities.workspaceName} in ${DEMO_ENTITIES.map((e) => e.workspaceName)}`);
    const created = await tx
      .insert(users)
      .values(
        DEMO_ACCOUNTS.map((a) => ({
          email: a.email,
          name: a.name,
          displayName: a.name,
          passwordHash,
          language: a.language,
          isSuperUser: a.superUser,
          emailVerifiedAt: new Date(),
        })),
      )
      .returning();
    const id = (email: string) => {
      const u = created.find((c) => c.email === email);
      if (!u) throw new Error(`seed: ${email} missing`);
      return u.id;
    };
    await tx
      .insert(consents)
      .values(
        created.map((u) => ({ userId: u.id, termsVersion: TERMS_VERSION, privacyVersion: PRIVACY_VERSION })),
      );
    await tx.insert(entities).values(DEMO_ENTITIES);
    await tx.insert(memberships).values([
      { workspaceName: "sakura", userId: id("staff@example.com"), role: "staff", ...accepted },
      { workspaceName: "harbor", userId: id("staff@example.com"), role: "staff", ...accepted },
      { workspaceName: "sakura", userId: id("client@example.com"), role: "client", ...accepted },
      { workspaceName: "harbor", userId: id("client@example.com"), role: "client", ...accepted },
      { workspaceName: "harbor", userId: id("client2@example.com"), role: "client", ...accepted },
      { workspaceName: "sakura", userId: id("client3@example.com"), role: "client", status: "pending" },
    ]);
  });
}
