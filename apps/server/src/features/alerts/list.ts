import {
  type AckAction,
  ackActionsOf,
  alertKindOf,
  type EmailStatus,
  type Language,
  measureByNumber,
  NOTIFICATION_LIMITS,
  NOTIFICATION_TYPE,
  type Notification,
  type NotificationList,
  type NotificationType,
  type NotificationWindowQuery,
} from "@mimamori/shared";
import { and, isNull, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type Db, numberArray, oneRow, rows } from "../../db/client";
import { acceptedClientOf, acceptedStaffOf } from "../../db/membership-rules";
import {
  mailOutbox,
  memberships,
  notificationMails,
  notificationSeen,
  notifications,
  users,
} from "../../db/schema";
import { bareList } from "../../db/sql-names";
import { AppError } from "../../lib/errors";
import { at, iso, ms } from "../../lib/time-sql";

/*
 * The staff list of alerts, the dot's unseen count, seen marks, acknowledgement and removal
 * (docs/decisions.md, "Alerts (issue 11)").
 */

const n = notifications;

/** The membership row that lets staff of `ws` see the alert (the condition of `aboutCurrentMember`). */
const currentMembership = (ws: string): SQL =>
  sql`${acceptedClientOf(ws)} and ${memberships.userId} = ${n.userId}
    and ${memberships.acceptedAt} <= ${n.createdAt} and ${memberships.acceptedAt} <= ${n.at}`;

/**
 * Staff see an alert only while its person is an accepted client member of the entity, and only an alert that
 * arose after their consent took effect (`accepted_at`): leaving ends the entity's access, as for band data. The
 * engine raises no alert before consent; this guards the reads anyway.
 */
export const aboutCurrentMember = (ws: string): SQL =>
  sql`exists (select 1 from ${memberships} where ${currentMembership(ws)})`;

/**
 * `aboutCurrentMember` as a check of each row rather than a join, for a page of the newest alerts: PostgreSQL then
 * walks `notifications_list_idx` newest first and stops once the page is full, instead of joining every alert of the
 * window to the members and sorting (10,000 alerts in 30 days: 2.5 → 0.5 ms for the measurement page; the join
 * was chosen because it misjudges how many alerts pass the consent times).
 */
const isAboutCurrentMember = (ws: string): SQL =>
  sql`coalesce((select true from ${memberships} where ${currentMembership(ws)} limit 1), false)`;

/**
 * When a mail kept in the development mailbox (status `outbox`) got there: its `sent_at`, or for one kept before
 * that was recorded, when it was written.
 */
export const mailboxTime = sql`coalesce(${mailOutbox.sentAt}, ${mailOutbox.createdAt})`;

/**
 * The `mails` of a query whose `page` (a CTE with the alerts' ids as `nid`) it follows: per alert of the page, when
 * an SMTP server first accepted a mail naming it, or else when the first was put in the development mailbox (epoch
 * ms, `sent_ms`), and what `mailStatus` reads. One grouped aggregate over the page's ids, not a subquery per alert
 * (on PGlite each rescan is a file-size system call).
 */
export const mailsOfPage = sql`select ${notificationMails.notificationId} as nid,
    ${ms(sql`coalesce(min(${mailOutbox.sentAt}) filter (where ${mailOutbox.status} = 'sent'),
      min(${mailboxTime}) filter (where ${mailOutbox.status} = 'outbox'))`)} as sent_ms,
    bool_or(${mailOutbox.status} = 'sent') as any_sent, bool_or(${mailOutbox.status} = 'outbox') as any_kept,
    bool_and(${mailOutbox.status} = 'failed') as all_failed
  from ${notificationMails} join ${mailOutbox} on ${mailOutbox.id} = ${notificationMails.mailId}
  where ${notificationMails.notificationId} in (select nid from page)
  group by ${notificationMails.notificationId}`;

/**
 * none: no mail queued; sent: one was accepted; dev_mailbox: one was delivered to the development mailbox (no SMTP
 * outside production); failed: every one failed for good; pending otherwise.
 */
export const mailStatus = sql`case when mails.nid is null then 'none' when mails.any_sent then 'sent'
  when mails.any_kept then 'dev_mailbox' when mails.all_failed then 'failed' else 'pending' end`;

interface Row {
  id: number;
  type: number;
  measure: number | null;
  value: number | null;
  t: number;
  created: number;
  cleared: number | null;
  escalated: number | null;
  acked: number | null;
  ack_action: AckAction | null;
  ack_note: string | null;
  ack_uid: string | null;
  ack_name: string | null;
  uid: string;
  name: string;
  email: string;
  email_sent: number | null;
  email_status: EmailStatus;
  is_seen: boolean;
}

/** The acknowledger, joined beside the member (both are `users`). */
export const ackBy = alias(users, "acknowledger");
const seen = notificationSeen;

/** The newest `limit` alerts of `ws` matching `where` that the caller may see: their own columns, newest first. */
const pageOf = (ws: string, where: SQL, limit: number) =>
  // plain columns: anything computed here would be computed for every candidate row, not just the page's
  sql`(select ${n.id} as nid, ${n.createdAt} as created_ts, ${n.userId} as member_id,
      ${n.notificationType} as type, ${n.measure} as measure_no, ${n.value} as value_num, ${n.at} as at_ts,
      ${n.clearedAt} as cleared_ts, ${n.escalatedAt} as escalated_ts, ${n.acknowledgedAt} as acked_ts,
      ${n.ackAction} as action_taken, ${n.ackNote} as action_note, ${n.acknowledgedBy} as ack_by
    from ${n}
    where ${n.workspaceName} = ${ws} and ${n.deletedAt} is null and ${where} and ${isAboutCurrentMember(ws)}
    order by ${n.createdAt} desc, ${n.id} desc limit ${limit})`;

/**
 * The alerts of `pages` (a union of `pageOf`), newest first, as the caller sees them (their own seen marks).
 * The page is chosen first and the rest is joined to its rows as sets: per-row subqueries rescanned the mail
 * and seen tables once per candidate row (on PGlite each rescan is a file-size system call).
 */
async function alertRows(db: Db, pages: SQL, callerId: string): Promise<Row[]> {
  return rows<Row>(
    db,
    sql`with page as (${pages}),
      mails as (${mailsOfPage})
      select page.nid as id, page.type, page.measure_no as measure, page.value_num::float8 as value, ${ms(sql`page.at_ts`)} as t,
        ${ms(sql`page.created_ts`)} as created, ${ms(sql`page.cleared_ts`)} as cleared,
        ${ms(sql`page.escalated_ts`)} as escalated, ${ms(sql`page.acked_ts`)} as acked,
        page.action_taken as ack_action, page.action_note as ack_note, page.ack_by::text as ack_uid,
        ${ackBy.name} as ack_name, ${users.id}::text as uid, ${users.name} as name, ${users.email} as email,
        mails.sent_ms as email_sent, ${mailStatus} as email_status,
        ${seen.notificationId} is not null as is_seen
      from page join ${users} on ${users.id} = page.member_id
        left join ${users} as ${ackBy} on ${ackBy.id} = page.ack_by
        left join mails on mails.nid = page.nid
        left join ${seen} on ${seen.notificationId} = page.nid and ${seen.userId} = ${callerId}::uuid
      order by page.created_ts desc, page.nid desc`,
  );
}

/** The report an alert is about, named in both languages with the unit in the caller's. */
export function reportOf(measure: number | null, lang: Language): Notification["report"] {
  const m = measure === null ? undefined : measureByNumber(measure);
  return m ? { id: m.id, name_jp: m.name.jp, name_en: m.name.en, unit: m.unit[lang] } : null;
}

/** The columns of an alert's acknowledgement, as the list and the record read them. */
export interface AckColumns {
  acked: number | null;
  ack_uid: string | null;
  ack_name: string | null;
  ack_action: AckAction | null;
  ack_note: string | null;
}

/** Who acknowledged the alert, when, what was done; null while nobody has. */
export function acknowledgementOf(r: AckColumns): Notification["acknowledged"] {
  if (r.acked === null) return null;
  return {
    at: iso(r.acked) as string,
    // the acknowledger's account may be gone since (acknowledged_by set null): the time and action stay
    by: { uid: r.ack_uid ?? "", name: r.ack_name ?? "" },
    action: r.ack_action ?? "other",
    note: r.ack_note ?? "",
  };
}

function toNotification(r: Row, lang: Language): Notification {
  const measurement = r.type === NOTIFICATION_TYPE.measurement;
  return {
    id: r.id,
    notification_type: r.type,
    email_sent_at: iso(r.email_sent),
    email_status: r.email_status,
    is_seen: r.is_seen,
    time: iso(r.t),
    created_at: iso(r.created),
    user: { uid: r.uid, name: r.name, email: r.email },
    report: measurement ? reportOf(r.measure, lang) : null,
    value: measurement ? r.value : null,
    scope: measurement ? "red" : null,
    cleared_at: iso(r.cleared),
    acknowledged: acknowledgementOf(r),
    escalated_at: iso(r.escalated),
  };
}

/** `created_at` within [start, end) (epoch seconds). */
const createdWithin = (q: NotificationWindowQuery) =>
  sql`${n.createdAt} >= ${at(q.start_time * 1000)} and ${n.createdAt} < ${at(q.end_time * 1000)}`;

/**
 * GET /staff/{ws}/notifications: per type the newest `listMax` alerts created in the window, not removed, about
 * current members; `truncated` when a type had more.
 */
export async function listNotifications(
  db: Db,
  ws: string,
  callerId: string,
  lang: Language,
  q: NotificationWindowQuery,
): Promise<NotificationList> {
  const limit = NOTIFICATION_LIMITS.listMax;
  // both types in one statement, each its newest `limit + 1` (the extra row tells that the type was cut)
  const ofType = (type: NotificationType) =>
    pageOf(ws, sql`${n.notificationType} = ${type} and ${createdWithin(q)}`, limit + 1);
  const found = await alertRows(
    db,
    sql`${ofType(NOTIFICATION_TYPE.sync)} union all ${ofType(NOTIFICATION_TYPE.measurement)}`,
    callerId,
  );
  const listOf = (type: NotificationType) => {
    const all = found.filter((r) => r.type === type);
    return { list: all.slice(0, limit).map((r) => toNotification(r, lang)), more: all.length > limit };
  };
  const sync = listOf(NOTIFICATION_TYPE.sync);
  const measurement = listOf(NOTIFICATION_TYPE.measurement);
  return {
    sync_list: sync.list,
    measurement_list: measurement.list,
    truncated: sync.more || measurement.more,
    limit,
  };
}

/** One alert of `ws` as the caller sees it, or 404 notification-not-found. */
export async function getNotification(
  db: Db,
  ws: string,
  callerId: string,
  lang: Language,
  id: number,
): Promise<Notification> {
  const [row] = await alertRows(db, pageOf(ws, sql`${n.id} = ${id}`, 1), callerId);
  if (!row) throw new AppError("notification-not-found");
  return toNotification(row, lang);
}

/** Days back the dot looks for unseen alerts. */
export const UNSEEN_DAYS = 30;

/**
 * The caller's unseen alerts of `ws` for the dot: not removed, about current members, from the last 30 days and
 * created since the caller became staff of the entity (older alerts were never theirs to see as new).
 */
export async function unseenCount(db: Db, ws: string, callerId: string): Promise<number> {
  const r = await oneRow<{ count: number }>(
    db,
    sql`select count(*)::int as count from ${n}
      where ${n.workspaceName} = ${ws} and ${n.deletedAt} is null and ${aboutCurrentMember(ws)}
        and ${n.createdAt} >= now() - make_interval(days => ${UNSEEN_DAYS}::int)
        and ${n.createdAt} >= (select ${memberships.acceptedAt} from ${memberships}
          where ${acceptedStaffOf(ws)} and ${memberships.userId} = ${callerId}::uuid)
        and not exists (select 1 from ${notificationSeen} where ${notificationSeen.notificationId} = ${n.id}
          and ${notificationSeen.userId} = ${callerId}::uuid)`,
  );
  return r.count;
}

/** Marks the caller's seen alerts among `ids` (ids of other entities are ignored); answers the unseen count. */
export async function markSeen(db: Db, ws: string, callerId: string, ids: number[]): Promise<number> {
  if (ids.length)
    await db.execute(
      sql`insert into ${notificationSeen} (${bareList(notificationSeen.notificationId, notificationSeen.userId)})
        select ${n.id}, ${callerId}::uuid from ${n}
        where ${n.workspaceName} = ${ws} and ${n.id} = any(${numberArray(db, "int", ids)})
        on conflict do nothing`,
    );
  return unseenCount(db, ws, callerId);
}

/** An alert the caller can act on: of `ws`, not removed, about a current member. */
const actionable = (ws: string, id: number) =>
  sql`${n.id} = ${id} and ${n.workspaceName} = ${ws} and ${n.deletedAt} is null and ${aboutCurrentMember(ws)}`;

/**
 * Records what the caller did about an alert (one acknowledgement per alert). 404 for an alert the caller
 * cannot see (another entity's, removed, a former member's), 400 ack-action-not-fitting for an action of another
 * kind of alert (a heat-stress action for a heart-rate alert …), 409 already-acknowledged.
 */
export async function acknowledge(
  db: Db,
  ws: string,
  callerId: string,
  id: number,
  body: { action: AckAction; note: string },
): Promise<void> {
  // an alert's kind never changes, so reading it before the update leaves no race
  const [found] = await rows<{ type: number; measure: number | null }>(
    db,
    sql`select ${n.notificationType} as type, ${n.measure} as measure from ${n} where ${actionable(ws, id)}`,
  );
  if (!found) throw new AppError("notification-not-found");
  if (!ackActionsOf(alertKindOf(found.type, found.measure)).includes(body.action))
    throw new AppError("ack-action-not-fitting", "action");
  // one statement: two staff acknowledging at once cannot both win
  const done = await db
    .update(n)
    // a JS time (whole milliseconds), so the answer and the stored value read the same on PostgreSQL (microseconds)
    .set({ acknowledgedAt: new Date(), acknowledgedBy: callerId, ackAction: body.action, ackNote: body.note })
    .where(and(actionable(ws, id), isNull(n.acknowledgedAt)))
    .returning({ id: n.id });
  if (done.length) return;
  const exists = await rows<{ id: number }>(db, sql`select ${n.id} from ${n} where ${actionable(ws, id)}`);
  throw new AppError(exists.length ? "already-acknowledged" : "notification-not-found");
}

/** Removes an alert from the list for everyone (the heat-illness record keeps it); 404 as for acknowledging. */
export async function removeNotification(db: Db, ws: string, callerId: string, id: number): Promise<void> {
  const done = await db
    .update(n)
    .set({ deletedAt: new Date(), deletedBy: callerId })
    .where(actionable(ws, id))
    .returning({ id: n.id });
  if (!done.length) throw new AppError("notification-not-found");
}
