import {
  ACK_ACTION_NAMES,
  type AckAction,
  type EmailStatus,
  HEAT_STRESS,
  type HeatRecord,
  type HeatRecordQuery,
  type HeatRecordRow,
  type Language,
  measureOf,
  NOTIFICATION_LIMITS,
  NOTIFICATION_TYPE,
  type NotificationEntity,
} from "@mimamori/shared";
import { type SQL, sql } from "drizzle-orm";
import { type Db, rows } from "../../db/client";
import { mailOutbox, memberSnoozes, notificationMails, notifications, users } from "../../db/schema";
import { bare } from "../../db/sql-names";
import { type Cell, localText, pageSize, type RowBatches, zonedHeader } from "../../lib/csv-stream";
import { at, iso, ms } from "../../lib/time-sql";
import { aboutCurrentMember, acknowledgementOf, mailboxTime } from "./list";

/*
 * The heat-illness record (issue 11 §3): every red heat-stress alert of a period with who was told, who
 * acknowledged, when and what was done — the employer's evidence under Japan's 2025 rule on heat-illness
 * response. It keeps alerts removed from the list (marked) and alerts about former members (without their
 * values: leaving ends the entity's access to the person's data, not the employer's record of its own response).
 */

const n = notifications;
const HEAT_MEASURE = measureOf(HEAT_STRESS);

/** How an alert's e-mail fared, in words (the CSVs). */
export const EMAIL_STATUS_LABELS: Record<Language, Record<EmailStatus, string>> = {
  jp: {
    none: "なし",
    pending: "送信待ち",
    sent: "送信済み",
    failed: "送信失敗",
    dev_mailbox: "開発用メールボックスに配信",
  },
  en: {
    none: "None",
    pending: "Pending",
    sent: "Sent",
    failed: "Failed",
    dev_mailbox: "Delivered to the development mailbox",
  },
};

const KIND_LABELS: Record<Language, Record<"alert" | "escalation", string>> = {
  jp: { alert: "通知", escalation: "エスカレーション" },
  en: { alert: "alert", escalation: "escalation" },
};

const LABELS = {
  jp: {
    time: "測定日時",
    name: "名前",
    email: "メールアドレス",
    value: `${HEAT_MEASURE.name.jp}（${HEAT_MEASURE.unit.jp}）`,
    created: "通知日時",
    told: "通知先",
    escalated: "エスカレーション日時",
    ackBy: "対応者",
    ackAt: "対応日時",
    action: "対応内容",
    note: "メモ",
    cleared: "解除日時",
    deleted: "一覧から削除した日時",
    snooze: "通知の一時停止（理由、期限、設定者）",
  },
  en: {
    time: "Measured at",
    name: "Name",
    email: "Email",
    value: `${HEAT_MEASURE.name.en} (${HEAT_MEASURE.unit.en})`,
    created: "Alerted at",
    told: "Told",
    escalated: "Escalated at",
    ackBy: "Acknowledged by",
    ackAt: "Acknowledged at",
    action: "Action",
    note: "Note",
    cleared: "Cleared at",
    deleted: "Removed from the list at",
    snooze: "Snoozed (reason, until, by)",
  },
} as const;

/** The CSV's headers; each time column names the entity's zone `tz` its times are in. */
export function recordHeaders(lang: Language, tz: string): string[] {
  const L = LABELS[lang];
  const zoned = (label: string) => zonedHeader(label, tz, lang);
  return [
    zoned(L.time),
    L.name,
    L.email,
    L.value,
    zoned(L.created),
    L.told,
    zoned(L.escalated),
    L.ackBy,
    zoned(L.ackAt),
    L.action,
    L.note,
    zoned(L.cleared),
    zoned(L.deleted),
    L.snooze,
  ];
}

/** Mail outbox statuses as the record shows them: kept without SMTP is in the development mailbox. */
const EMAIL_STATUS_OF: Partial<Record<string, EmailStatus>> = {
  sent: "sent",
  failed: "failed",
  outbox: "dev_mailbox",
};
/** A mail outbox status as the record shows it; queued (or retrying) is pending. */
export const mailStatus = (status: string): EmailStatus => EMAIL_STATUS_OF[status] ?? "pending";

/** When a mail was delivered: accepted by SMTP, or put in the development mailbox. */
const deliveredAt = sql`case when ${mailOutbox.status} = 'outbox' then ${mailboxTime} else ${mailOutbox.sentAt} end`;

/** A timestamptz column as the record needs it: epoch ms (JSON) or local `YYYY/MM/DD HH:mm` text (CSV). */
type TimeOut = (col: SQL | unknown) => SQL;

interface ToldItem {
  name: string;
  email: string;
  kind: "alert" | "escalation";
  status: string;
  sent_at: number | string | null;
}

interface RecordRow<T> {
  id: number;
  t: T;
  created: T;
  uid: string;
  name: string;
  email: string;
  value: number | null;
  told: ToldItem[] | string;
  escalated: T | null;
  acked: T | null;
  ack_uid: string | null;
  ack_name: string | null;
  ack_action: AckAction | null;
  ack_note: string | null;
  cleared: T | null;
  deleted: T | null;
  snooze_reason: string | null;
  snooze_until: T | null;
  snooze_uid: string | null;
  snooze_by: string | null;
}

/**
 * The record's alerts of `ws` measured in [start, end), in time order, after the alert `cursor`. Each mail
 * naming the alert is "who was told": the address it went to and the staff member's name when the account is
 * still there. The subqueries on `users` hide the outer (member's) `users` inside them.
 */
function recordRows<T>(
  db: Db,
  ws: string,
  q: HeatRecordQuery,
  time: TimeOut,
  cursor: number | null,
  limit: number,
): Promise<RecordRow<T>[]> {
  // the cursor row's own time, read exactly (epoch milliseconds would drop its microseconds)
  const after =
    cursor === null
      ? sql`true`
      : sql`(${n.at}, ${n.id}) > (select c.${bare(n.at)}, c.${bare(n.id)} from ${n} c where c.${bare(n.id)} = ${cursor}::int)`;
  return rows<RecordRow<T>>(
    db,
    sql`select ${n.id}, ${time(n.at)} as t, ${time(n.createdAt)} as created,
        ${users.id}::text as uid, ${users.name} as name, ${users.email} as email,
        case when ${aboutCurrentMember(ws)} then ${n.value}::float8 end as value,
        (select coalesce(json_agg(json_build_object('name', coalesce(${users.name}, ''),
            'email', ${mailOutbox.recipient}, 'kind', ${notificationMails.kind}, 'status', ${mailOutbox.status},
            'sent_at', ${time(deliveredAt)}) order by ${mailOutbox.createdAt}, ${mailOutbox.id}), '[]'::json)
          from ${notificationMails} join ${mailOutbox} on ${mailOutbox.id} = ${notificationMails.mailId}
            left join ${users} on ${users.id} = ${notificationMails.recipientId}
          where ${notificationMails.notificationId} = ${n.id}) as told,
        ${time(n.escalatedAt)} as escalated, ${time(n.acknowledgedAt)} as acked,
        ${n.acknowledgedBy}::text as ack_uid,
        (select ${users.name} from ${users} where ${users.id} = ${n.acknowledgedBy}) as ack_name,
        ${n.ackAction} as ack_action, ${n.ackNote} as ack_note, ${time(n.clearedAt)} as cleared,
        ${time(n.deletedAt)} as deleted,
        ${memberSnoozes.reason} as snooze_reason, ${time(sql`least(${memberSnoozes.until}, ${memberSnoozes.endedAt})`)} as snooze_until,
        ${memberSnoozes.createdBy}::text as snooze_uid,
        (select ${users.name} from ${users} where ${users.id} = ${memberSnoozes.createdBy}) as snooze_by
      from ${n} join ${users} on ${users.id} = ${n.userId}
        left join ${memberSnoozes} on ${memberSnoozes.id} = ${n.snoozeId}
      where ${n.workspaceName} = ${ws} and ${n.notificationType} = ${NOTIFICATION_TYPE.measurement}
        and ${n.measure} = ${HEAT_MEASURE.measure}
        and ${n.at} >= ${at(q.start_time * 1000)} and ${n.at} < ${at(q.end_time * 1000)} and ${after}
      order by ${n.at}, ${n.id}
      limit ${limit}`,
  );
}

/** Subquery `(id)`: the members the record of `ws` for the window names (the access audit's rows). */
export const heatRecordPeople = (ws: string, q: HeatRecordQuery) =>
  sql`select distinct ${n.userId} as id from ${n}
    where ${n.workspaceName} = ${ws} and ${n.notificationType} = ${NOTIFICATION_TYPE.measurement}
      and ${n.measure} = ${HEAT_MEASURE.measure}
      and ${n.at} >= ${at(q.start_time * 1000)} and ${n.at} < ${at(q.end_time * 1000)}`;

const toldOf = (r: RecordRow<unknown>): ToldItem[] =>
  typeof r.told === "string" ? JSON.parse(r.told) : r.told;

/**
 * GET /staff/{ws}/heat_illness_record (JSON): the printable record, at most `recordMax` alerts in time order
 * (`truncated` when the period has more; the CSV has them all).
 */
export async function heatRecord(
  db: Db,
  entity: NotificationEntity,
  q: HeatRecordQuery,
): Promise<HeatRecord> {
  const limit = NOTIFICATION_LIMITS.recordMax;
  const found = await recordRows<number>(db, entity.workspace_name, q, ms, null, limit + 1);
  const toRow = (r: RecordRow<number>): HeatRecordRow => ({
    id: r.id,
    time: iso(r.t),
    created_at: iso(r.created),
    user: { uid: r.uid, name: r.name, email: r.email },
    value: r.value,
    told: toldOf(r).map((m) => ({
      name: m.name,
      email: m.email,
      kind: m.kind,
      status: mailStatus(m.status),
      sent_at: iso(m.sent_at as number | null),
    })),
    acknowledged: acknowledgementOf(r),
    escalated_at: iso(r.escalated),
    cleared_at: iso(r.cleared),
    deleted_at: iso(r.deleted),
    snooze:
      r.snooze_reason === null
        ? null
        : {
            reason: r.snooze_reason,
            until: iso(r.snooze_until) as string,
            by: { uid: r.snooze_uid ?? "", name: r.snooze_by ?? "" },
          },
  });
  return {
    entity,
    start_time: q.start_time,
    end_time: q.end_time,
    rows: found.slice(0, limit).map(toRow),
    truncated: found.length > limit,
  };
}

/**
 * The record as CSV rows, page by page (keyset on time and id), every alert of the period; times local to the
 * entity's zone. "Told" is one cell: each mail as `name <email> (kind: status time)`, joined by "; ".
 */
export async function* heatRecordCsv(
  db: Db,
  ws: string,
  tz: string,
  q: HeatRecordQuery,
  lang: Language,
): RowBatches {
  const local: TimeOut = (col) => localText(sql`${col}`, tz);
  let cursor: number | null = null;
  for (;;) {
    const size = pageSize(cursor);
    const page: RecordRow<string>[] = await recordRows<string>(db, ws, q, local, cursor, size);
    yield page.map((r): Cell[] => [
      r.t,
      r.name,
      r.email,
      r.value,
      r.created,
      toldOf(r)
        .map((m) => {
          const status = EMAIL_STATUS_LABELS[lang][mailStatus(m.status)];
          const when = m.sent_at ? ` ${m.sent_at}` : "";
          return `${m.name ? `${m.name} ` : ""}<${m.email}> (${KIND_LABELS[lang][m.kind]}: ${status}${when})`;
        })
        .join("; "),
      r.escalated,
      r.acked === null ? null : r.ack_name,
      r.acked,
      r.ack_action === null ? null : ACK_ACTION_NAMES[r.ack_action][lang],
      r.ack_note || null,
      r.cleared,
      r.deleted,
      r.snooze_reason === null
        ? null
        : `${r.snooze_reason} (${r.snooze_until}${r.snooze_by ? `, ${r.snooze_by}` : ""})`,
    ]);
    const last = page.at(-1);
    if (!last || page.length < size) return;
    cursor = last.id;
  }
}
