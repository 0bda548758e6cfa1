import {
  HEART_RATE,
  HEAT_STRESS,
  measureOf,
  NOTIFICATION_TYPE,
  type NotificationType,
} from "@mimamori/shared";
import { eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  entities,
  mailOutbox,
  notificationMails,
  notificationSettings,
  notifications,
  users,
} from "../../db/schema";
import { DAY, HOUR, MINUTE as MIN } from "../../jobs/clock";
import { type AlertMailItem, mailTemplates } from "../../lib/mail/templates";
import { notificationsUrl, reportUrl, staffRecipients } from "../alerts";
import { storeBatch } from "../vitals";

/** The demo entities are on Tokyo's clock (UTC+9, no DST). */
const TOKYO = 9 * HOUR;
/** Where the stored copies of the demo's past alert mails point (they are history, never sent). */
const DEMO_APP_URL = "http://localhost:3000";

/** Epoch ms of `hh:mm` in Tokyo, `daysAgo` days before today there. */
function tokyoAt(now: number, daysAgo: number, hh: number, mm: number): number {
  const midnight = Math.floor((now + TOKYO) / DAY) * DAY - TOKYO;
  return midnight - daysAgo * DAY + hh * HOUR + mm * MIN;
}

interface DemoAlert {
  ws: string;
  member: string;
  type: NotificationType;
  measure?: number;
  value?: number;
  at: number;
  createdAt: number;
  clearedAt: number;
  mailedAt: number;
  ack?: { at: number; action: "rested" | "hydrated"; note: string };
  escalatedAt?: number;
}

/**
 * A few past alerts for the demo (docs/decisions.md, "Alerts (issue 11)"), so the notifications list, the dot and the
 * heat-illness record show something: red heat-stress scores at harbor (one acknowledged, one escalated), a heart-rate
 * excursion, one at sakura, and an out-of-sync gap. Each measurement alert has its red sample (stored through the
 * ingestion path, between the simulated samples), and each its mail as sent to the entity's staff. Harbor escalates
 * after 30 minutes.
 */
export async function seedDemoAlerts(db: Db, now = Date.now()): Promise<void> {
  const people = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.email, ["client@example.com", "client2@example.com", "staff@example.com"]));
  const person = (email: string) => {
    const p = people.find((x) => x.email === email);
    if (!p) throw new Error(`seed: ${email} missing`);
    return p;
  };
  const heat = measureOf(HEAT_STRESS).measure;
  const heartRate = measureOf(HEART_RATE).measure;
  const staff = person("staff@example.com").id;
  const at = (daysAgo: number, hh: number, mm: number) => tokyoAt(now, daysAgo, hh, mm);
  const alerts: DemoAlert[] = [
    {
      ws: "harbor",
      member: "client2@example.com",
      type: NOTIFICATION_TYPE.measurement,
      measure: heat,
      value: 84,
      at: at(2, 13, 5),
      createdAt: at(2, 13, 6),
      clearedAt: at(2, 13, 35),
      mailedAt: at(2, 13, 6),
      ack: { at: at(2, 13, 20), action: "rested", note: "Rested in the shade and drank 500 ml of water." },
    },
    {
      ws: "harbor",
      member: "client2@example.com",
      type: NOTIFICATION_TYPE.measurement,
      measure: heat,
      value: 88,
      at: at(1, 14, 5),
      createdAt: at(1, 14, 6),
      clearedAt: at(1, 14, 45),
      mailedAt: at(1, 14, 6),
      escalatedAt: at(1, 14, 36),
    },
    {
      ws: "harbor",
      member: "client@example.com",
      type: NOTIFICATION_TYPE.measurement,
      measure: heartRate,
      value: 168,
      at: at(1, 15, 37),
      createdAt: at(1, 15, 38),
      clearedAt: at(1, 15, 52),
      mailedAt: at(1, 15, 38),
    },
    {
      ws: "sakura",
      member: "client@example.com",
      type: NOTIFICATION_TYPE.measurement,
      measure: heat,
      value: 82,
      at: at(1, 13, 15),
      createdAt: at(1, 13, 16),
      clearedAt: at(1, 13, 40),
      mailedAt: at(1, 13, 16),
      ack: { at: at(1, 13, 30), action: "hydrated", note: "水分と塩分を補給し、休憩室で休ませた。" },
    },
    {
      ws: "harbor",
      member: "client@example.com",
      type: NOTIFICATION_TYPE.sync,
      at: at(4, 18, 0),
      createdAt: at(3, 18, 5),
      clearedAt: at(3, 21, 10),
      mailedAt: at(2, 12, 0),
    },
  ];

  await db
    .insert(notificationSettings)
    .values({ workspaceName: "harbor", notificationType: 2, frequencyId: 4, escalationMinutes: 30 })
    .onConflictDoNothing();
  // the red samples, through ingestion (between the simulated ones: those are on 5- and 10-minute grids)
  for (const a of alerts)
    if (a.measure !== undefined && a.value !== undefined)
      await storeBatch(db, person(a.member).id, [{ measure: a.measure, at: a.at, value: a.value }], []);

  for (const a of alerts) {
    const m = person(a.member);
    const [row] = await db
      .insert(notifications)
      .values({
        workspaceName: a.ws,
        userId: m.id,
        notificationType: a.type,
        measure: a.measure ?? null,
        value: a.value ?? null,
        at: new Date(a.at),
        createdAt: new Date(a.createdAt),
        clearedAt: new Date(a.clearedAt),
        mailedAt: new Date(a.mailedAt),
        escalatedAt: a.escalatedAt ? new Date(a.escalatedAt) : null,
        acknowledgedAt: a.ack ? new Date(a.ack.at) : null,
        acknowledgedBy: a.ack ? staff : null,
        ackAction: a.ack?.action ?? null,
        ackNote: a.ack?.note ?? null,
      })
      .returning({ id: notifications.id });
    if (!row) throw new Error("seed: alert not stored");
    await recordDemoAlertMails(db, { ...a, id: row.id, cleared: true }, m);
  }
}

/** A demo alert that was mailed: at `mailedAt` to the entity's staff, and at `escalatedAt` to all its staff. */
export interface MailedDemoAlert {
  id: number;
  ws: string;
  type: NotificationType;
  measure?: number | null;
  value?: number | null;
  at: number;
  /** Synchronization: data arrived again since. */
  cleared: boolean;
  mailedAt: number;
  escalatedAt?: number | null;
}

/** Stores the mails that told the staff about a demo alert (history: as the outbox holds sent mail). */
export async function recordDemoAlertMails(
  db: Db,
  a: MailedDemoAlert,
  member: { id: string; name: string },
): Promise<void> {
  const measure = a.measure ?? null;
  const item: AlertMailItem = {
    member: member.name,
    ...(measure !== null ? { measure, value: a.value } : { cleared: a.cleared }),
    at: a.at,
    url: reportUrl(DEMO_APP_URL, a.ws, { uid: member.id }, { measure, at: new Date(a.at) }),
  };
  await recordMails(db, a.id, a.ws, a.type, item, a.mailedAt, "alert");
  if (a.escalatedAt) await recordMails(db, a.id, a.ws, a.type, item, a.escalatedAt, "escalation");
}

/** The mails that told the entity's staff about a demo alert, as the outbox holds sent mail. */
async function recordMails(
  db: Db,
  alertId: number,
  ws: string,
  type: NotificationType,
  item: AlertMailItem,
  at: number,
  kind: "alert" | "escalation",
): Promise<void> {
  const recipients = await staffRecipients(db, ws, kind === "alert" ? type : undefined);
  const [entity] = await db
    .select({ name: entities.name })
    .from(entities)
    .where(eq(entities.workspaceName, ws));
  for (const r of recipients) {
    const common = {
      name: r.name,
      entityName: entity?.name ?? ws,
      timeZone: "Asia/Tokyo",
      items: [item],
      more: 0,
      listUrl: notificationsUrl(DEMO_APP_URL, ws),
    };
    const content =
      kind === "escalation"
        ? mailTemplates["alert-escalation"](r.language, { ...common, minutes: 30 })
        : mailTemplates["alert-digest"](r.language, {
            ...common,
            type: type === NOTIFICATION_TYPE.sync ? "sync" : "measurement",
            syncHours: 24,
          });
    const [mail] = await db
      .insert(mailOutbox)
      .values({
        recipient: r.email,
        subject: content.subject,
        textBody: content.text,
        htmlBody: content.html,
        template: kind === "escalation" ? "alert-escalation" : "alert-digest",
        status: "sent",
        attempts: 1,
        createdAt: new Date(at),
        sentAt: new Date(at + 10_000),
      })
      .returning({ id: mailOutbox.id });
    if (mail)
      await db
        .insert(notificationMails)
        .values({ notificationId: alertId, mailId: mail.id, recipientId: r.id, kind });
  }
}
