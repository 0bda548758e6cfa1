import {
  HEART_RATE,
  HEAT_STRESS,
  type Language,
  measureByNumber,
  measureOf,
  NOTIFICATION_TYPE,
  type NotificationType,
} from "@mimamori/shared";
import { and, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import { type Db, numberArray } from "../../../db/client";
import { acceptedClientOf, acceptedStaffOf } from "../../../db/membership-rules";
import {
  entities,
  memberships,
  notificationMails,
  notifications,
  staffNotificationPrefs,
  users,
} from "../../../db/schema";
import { bareList } from "../../../db/sql-names";
import type { AppContext } from "../../../lib/context";
import { recipientColumns } from "../../../lib/mail/mailer";
import type { AlertMailItem } from "../../../lib/mail/templates";
import { readAlertSettings } from "../settings-store";

/**
 * Alerts one mail names at most; it counts the rest and links to the list (a mail of 1,000 lines helps nobody).
 * Red heat-stress alerts are named first: they are the ones the heat-illness record says who was told of.
 */
export const MAIL_ITEMS_MAX = 50;
const HEAT_STRESS_MEASURE = measureOf(HEAT_STRESS).measure;

/** The columns of an alert that its mail needs. */
export const alertColumns = {
  id: notifications.id,
  workspace: notifications.workspaceName,
  userId: notifications.userId,
  type: notifications.notificationType,
  measure: notifications.measure,
  value: notifications.value,
  at: notifications.at,
  clearedAt: notifications.clearedAt,
  snoozeId: notifications.snoozeId,
  receivedAt: notifications.createdAt,
};
export interface AlertRow {
  id: number;
  workspace: string;
  userId: string;
  type: number;
  measure: number | null;
  value: number | null;
  at: Date;
  clearedAt: Date | null;
  /** Raised during a snooze of the member's measure: recorded, never mailed. */
  snoozeId: number | null;
  /** When the alert was written: in the transaction of the upload that raised it (the alert-mail metric). */
  receivedAt: Date;
}

export interface StaffRecipient {
  id: string;
  name: string;
  email: string;
  language: Language;
}

/**
 * The accepted, active staff of the entity; with `type`, only those who receive that type's alert e-mails (their
 * own choice, yes without a row). Escalation passes no type: it goes to every staff member.
 */
export async function staffRecipients(
  tx: Db,
  ws: string,
  type?: NotificationType,
): Promise<StaffRecipient[]> {
  const p = staffNotificationPrefs;
  const wants = type === undefined ? undefined : or(isNull(p.receiveEmail), eq(p.receiveEmail, true));
  return tx
    .select(recipientColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(
      p,
      and(
        eq(p.workspaceName, memberships.workspaceName),
        eq(p.userId, memberships.userId),
        eq(p.notificationType, type ?? 0),
      ),
    )
    .where(and(acceptedStaffOf(ws), eq(memberships.isActive, true), wants))
    .orderBy(users.email);
}

/** A staff page URL of the web app (query values encoded). */
function pageUrl(appUrl: string, path: string, query: Record<string, string>): string {
  return `${appUrl}${path}?${new URLSearchParams(query).toString()}`;
}

/**
 * The member's staff report at the alert's time (the web opens the window holding `at`); an out-of-sync alert
 * opens the heart-rate report without a time. Ids only: the page reads the member's name from the API, so no
 * name or e-mail address travels in the link (mail archives, browser history, proxy and request logs).
 */
export function reportUrl(
  appUrl: string,
  ws: string,
  member: { uid: string },
  alert: { measure: number | null; at: Date },
): string {
  const measure = alert.measure === null ? undefined : measureByNumber(alert.measure);
  const query: Record<string, string> = { workspace: ws };
  if (measure) query.at = String(Math.floor(alert.at.getTime() / 1000));
  return pageUrl(appUrl, `/staff/reports/${measure?.id ?? HEART_RATE}/${member.uid}`, query);
}

export const notificationsUrl = (appUrl: string, ws: string) =>
  pageUrl(appUrl, "/staff/notifications", { workspace: ws });

/** The people the alerts are about who are still accepted members of the entity (from before the alert). */
async function currentMembers(tx: Db, ws: string, alerts: AlertRow[]) {
  const ids = [...new Set(alerts.map((a) => a.userId))];
  const found = await tx
    .select({ uid: users.id, name: users.name, email: users.email, since: memberships.acceptedAt })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    // one array parameter, however many people (a digest names up to thousands)
    .where(
      and(
        acceptedClientOf(ws),
        isNotNull(memberships.acceptedAt),
        sql`${memberships.userId} = any(${sql.param(ids)}::uuid[])`,
      ),
    );
  return new Map(found.map((m) => [m.uid, m]));
}

export interface AlertMailJob {
  workspace: string;
  kind: "alert" | "escalation";
  /** The alerts the mail is about (one type). */
  alerts: AlertRow[];
  recipients: StaffRecipient[];
}

/**
 * Queues one mail per recipient, in their language, about the alerts of current members: it names at most
 * MAIL_ITEMS_MAX of them (red heat-stress first, then the newest; listed newest first) and counts the rest. In the
 * caller's transaction it records which mail named which alert to whom (`notification_mails`: "who was told" and
 * `email_sent_at` come from the outbox rows). Alerts about former members are left out, as everywhere. Returns the
 * number of mails queued.
 */
export async function queueAlertMails(ctx: AppContext, tx: Db, job: AlertMailJob): Promise<number> {
  const { workspace: ws, recipients } = job;
  if (!job.alerts.length || !recipients.length) return 0;
  const members = await currentMembers(tx, ws, job.alerts);
  const newestFirst = (a: AlertRow, b: AlertRow) => b.at.getTime() - a.at.getTime() || b.id - a.id;
  const heatFirst = (a: AlertRow) => (a.measure === HEAT_STRESS_MEASURE ? 0 : 1);
  const about = job.alerts
    .filter((a) => {
      // raised during a snooze (issue 28): marked mailed by the caller, named in no mail
      if (a.snoozeId !== null) return false;
      const since = members.get(a.userId)?.since;
      return since && since <= a.at;
    })
    .sort((a, b) => heatFirst(a) - heatFirst(b) || newestFirst(a, b));
  if (!about.length) return 0;
  const named = about.slice(0, MAIL_ITEMS_MAX).sort(newestFirst);
  const [entity] = await tx
    .select({ name: entities.name, timeZone: entities.timeZone })
    .from(entities)
    .where(eq(entities.workspaceName, ws));
  if (!entity) return 0;
  const settings = await readAlertSettings(tx, ws);
  const { appUrl } = ctx.config;
  const items: AlertMailItem[] = named.map((a) => {
    const m = members.get(a.userId) as { uid: string; name: string; email: string };
    return {
      member: m.name,
      ...(a.type === NOTIFICATION_TYPE.measurement && a.measure !== null
        ? { measure: a.measure, value: a.value }
        : { cleared: a.clearedAt !== null }),
      at: a.at.getTime(),
      url: reportUrl(appUrl, ws, m, a),
    };
  });
  const common = {
    entityName: entity.name,
    timeZone: entity.timeZone,
    items,
    more: about.length - named.length,
    listUrl: notificationsUrl(appUrl, ws),
  };
  const [first] = named;
  const ids =
    job.kind === "escalation"
      ? await ctx.mailer.enqueue(
          tx,
          recipients.map((r) => ({
            to: r.email,
            language: r.language,
            template: "alert-escalation" as const,
            vars: { ...common, name: r.name, minutes: settings.measurement.escalationMinutes ?? 0 },
          })),
        )
      : await ctx.mailer.enqueue(
          tx,
          recipients.map((r) => ({
            to: r.email,
            language: r.language,
            template: "alert-digest" as const,
            vars: {
              ...common,
              name: r.name,
              type: first?.type === NOTIFICATION_TYPE.sync ? ("sync" as const) : ("measurement" as const),
              syncHours: settings.sync.syncHours,
            },
          })),
        );
  const nm = notificationMails;
  // every named alert × every mail: one set-based insert
  const alertIds = numberArray(
    tx,
    "int",
    named.map((a) => a.id),
  );
  await tx.execute(sql`insert into ${nm} (${bareList(nm.notificationId, nm.mailId, nm.recipientId, nm.kind)})
    select a.alert, m.mail, m.recipient, ${job.kind}
    from unnest(${alertIds}) as a(alert)
    cross join unnest(${sql.param(ids)}::uuid[], ${sql.param(recipients.map((r) => r.id))}::uuid[]) as m(mail, recipient)`);
  return ids.length;
}
