import { HEAT_STRESS, measureOf, NOTIFICATION_TYPE, type NotificationType } from "@mimamori/shared";
import { beforeEach } from "vitest";
import type { Db } from "../../db/client";
import { mailOutbox, memberships, notificationMails, notifications, users } from "../../db/schema";
import { hashPassword } from "../../lib/crypto";
import { startTestApp, type TestApp } from "../app";
import { worldPerFile } from "../per-file";
import { type Role, roleTokens } from "../roles";
import { userIdOf } from "../users";

/**
 * The world of the alerts API tests: the demo seed and the role accounts of test/roles.ts, plus
 * - `member`: an accepted client of sakura since 20 days ago, who reads English;
 * - `former`: a person who was sakura's member and left (no membership any more);
 * - `staff2`: sakura's second staff member, accepted 2 days ago (the dot counts only alerts since then);
 * - the outsider as kaede's accepted client, whose alerts kaede's staff (otherStaff) see.
 * Alerts and the mails about them are written directly (the engine is tested on its own).
 */
export interface AlertsWorld {
  t: TestApp;
  tok: Record<Role | "staff2" | "member", string | undefined>;
  ids: Record<
    "client" | "client2" | "member" | "former" | "staff" | "staff2" | "otherStaff" | "outsider" | "admin",
    string
  >;
}

/** The CSVs' time format, which the e2e journeys read from this world too. */
export { localTime } from "../download";

/** Sakura as the alerts calls name it, settings unlocked (their default). */
export const SAKURA_ENTITY = {
  workspace_name: "sakura",
  name: "さくら介護センター",
  notification_setting_status: "unlocked",
  time_zone: "Asia/Tokyo",
};

const DAY_MS = 86_400_000;
/** A time `hours` before now. */
export const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
export const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
/** Epoch seconds of a date. */
export const epochS = (d: Date) => Math.floor(d.getTime() / 1000);

const MINUTE_MS = 60_000;
/** Six hours before the run, on a whole minute: the record and the admin's download write times to the minute. */
export const base = new Date(Math.floor((Date.now() - 6 * 3_600_000) / MINUTE_MS) * MINUTE_MS);
/** `minutes` after `base`. */
export const plus = (minutes: number) => new Date(base.getTime() + minutes * MINUTE_MS);
/** The three hours from `base`, as the query of a dated call. */
export const windowQuery = `start_time=${epochS(base)}&end_time=${epochS(plus(180))}`;

export async function startAlertsWorld(): Promise<AlertsWorld> {
  const t = await startTestApp({ seed: true });
  const roles = await roleTokens(t);
  const passwordHash = await hashPassword("mimamori-demo");
  const person = async (email: string, name: string, language: "jp" | "en") => {
    const [u] = await t.db
      .insert(users)
      .values({ email, name, passwordHash, emailVerifiedAt: new Date(), language })
      .returning();
    if (!u) throw new Error(`alerts world: ${email} not created`);
    return u.id;
  };
  const member = await person("member@example.com", "Member English", "en");
  const former = await person("former@example.com", "Former Member", "jp");
  const staff2 = await person("staff2@example.com", "Staff Two", "jp");
  const idOf = (email: string) => userIdOf(t.db, email);
  const outsider = await idOf("outsider@example.com");
  await t.db.insert(memberships).values([
    { workspaceName: "sakura", userId: member, role: "client", status: "accepted", acceptedAt: daysAgo(20) },
    { workspaceName: "sakura", userId: staff2, role: "staff", status: "accepted", acceptedAt: daysAgo(2) },
    { workspaceName: "kaede", userId: outsider, role: "client", status: "accepted", acceptedAt: daysAgo(60) },
  ]);
  return {
    t,
    tok: {
      ...roles,
      staff2: (await t.signIn("staff2@example.com")).idToken,
      member: (await t.signIn("member@example.com")).idToken,
    },
    ids: {
      client: await idOf("client@example.com"),
      client2: await idOf("client2@example.com"),
      member,
      former,
      staff: await idOf("staff@example.com"),
      staff2,
      otherStaff: await idOf("other-staff@example.com"),
      outsider,
      admin: await idOf("admin@example.com"),
    },
  };
}

/** The alerts world for a whole test file, each test starting with no alert and no mail. */
export function alertsWorldPerFile(): AlertsWorld {
  const w = worldPerFile(startAlertsWorld);
  beforeEach(() => clearAlerts(w.t.db));
  return w;
}

export interface AlertFixture {
  ws?: string;
  userId: string;
  type?: NotificationType;
  /** Measurement: the report code number (default the heat-stress score). */
  measure?: number;
  value?: number | null;
  at: Date;
  /** Default: `at`. */
  createdAt?: Date;
  clearedAt?: Date;
  escalatedAt?: Date;
  deletedAt?: Date;
  deletedBy?: string;
  acknowledged?: {
    at: Date;
    by: string;
    action: (typeof notifications.$inferInsert)["ackAction"];
    note: string;
  };
}

const HEAT = measureOf(HEAT_STRESS).measure;

/** Writes one alert (measurement of the heat-stress score by default); answers its id. */
export async function insertAlert(db: Db, a: AlertFixture): Promise<number> {
  const type = a.type ?? NOTIFICATION_TYPE.measurement;
  const measurement = type === NOTIFICATION_TYPE.measurement;
  const [row] = await db
    .insert(notifications)
    .values({
      workspaceName: a.ws ?? "sakura",
      userId: a.userId,
      notificationType: type,
      measure: measurement ? (a.measure ?? HEAT) : null,
      value: measurement ? (a.value ?? 88) : null,
      at: a.at,
      createdAt: a.createdAt ?? a.at,
      clearedAt: a.clearedAt,
      escalatedAt: a.escalatedAt,
      deletedAt: a.deletedAt,
      deletedBy: a.deletedBy,
      acknowledgedAt: a.acknowledged?.at,
      acknowledgedBy: a.acknowledged?.by,
      ackAction: a.acknowledged?.action,
      ackNote: a.acknowledged?.note,
    })
    .returning({ id: notifications.id });
  if (!row) throw new Error("alerts world: alert not written");
  return row.id;
}

/** Writes `count` heat-stress alerts of a member of sakura, a second apart from `from`: more than a list answers. */
export async function insertAlertsASecondApart(
  db: Db,
  userId: string,
  from: Date,
  count: number,
): Promise<void> {
  await db.insert(notifications).values(
    Array.from({ length: count }, (_, i) => {
      const at = new Date(from.getTime() + i * 1000);
      return {
        workspaceName: "sakura",
        userId,
        notificationType: NOTIFICATION_TYPE.measurement,
        measure: HEAT,
        value: 90,
        at,
        createdAt: at,
      };
    }),
  );
}

export interface MailFixture {
  notificationId: number;
  /** The staff member told (null: their account is gone). */
  recipientId: string | null;
  /** The address the mail went to. */
  recipient: string;
  kind?: "alert" | "escalation";
  status: "queued" | "outbox" | "sent" | "failed";
  sentAt?: Date;
  createdAt?: Date;
}

/** Writes an outbox mail about an alert, as the engine queues it and the outbox worker leaves it. */
export async function insertMail(db: Db, m: MailFixture): Promise<string> {
  const [mail] = await db
    .insert(mailOutbox)
    .values({
      recipient: m.recipient,
      subject: "Alert",
      textBody: "An alert",
      htmlBody: "<p>An alert</p>",
      template: "alert-digest",
      status: m.status,
      error: m.status === "failed" ? "550 mailbox unavailable" : null,
      attempts: m.status === "failed" ? 5 : m.status === "sent" ? 1 : 0,
      sentAt: m.sentAt,
      createdAt: m.createdAt ?? m.sentAt ?? new Date(),
    })
    .returning({ id: mailOutbox.id });
  if (!mail) throw new Error("alerts world: mail not written");
  await db.insert(notificationMails).values({
    notificationId: m.notificationId,
    mailId: mail.id,
    recipientId: m.recipientId,
    kind: m.kind ?? "alert",
  });
  return mail.id;
}

const STAFF_ADDRESSES = { staff: "staff@example.com", staff2: "staff2@example.com" } as const;

/** Writes a mail about an alert to one of sakura's staff members, at their account's address. */
export function mailStaff(
  w: AlertsWorld,
  staff: keyof typeof STAFF_ADDRESSES,
  m: Omit<MailFixture, "recipientId" | "recipient">,
): Promise<string> {
  return insertMail(w.t.db, { ...m, recipientId: w.ids[staff], recipient: STAFF_ADDRESSES[staff] });
}

/** Removes every alert and outbox mail (each test writes its own). */
export async function clearAlerts(db: Db): Promise<void> {
  await db.delete(notifications);
  await db.delete(mailOutbox);
}
