import {
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
import { mailOutbox, notificationMails, notifications, users } from "../../db/schema";
import { bare } from "../../db/sql-names";
import { at } from "../../lib/time-sql";
import { iso, ms } from "../forms/sql";
import { type Cell, localText, pageSize, type RowBatches } from "../reports/csv";
import { aboutCurrentMember, acknowledgementOf } from "./list";

/*
 * The heat-illness record (issue 11 §3): every red heat-stress alert of a period with who was told, who
 * acknowledged, when and what was done — the employer's evidence under Japan's 2025 rule on heat-illness
 * response. It keeps alerts removed from the list (marked) and alerts about former members (without their
 * values: leaving ends the entity's access to the person's data, not the employer's record of its own response).
 */

const n = notifications;
const HEAT_MEASURE = measureOf(HEAT_STRESS);

/** What staff did, in words (the CSVs). */
export const ACK_ACTION_LABELS: Record<Language, Record<AckAction, string>> = {
  jp: {
    rested: "休憩させた",
    hydrated: "水分・塩分を補給させた",
    cooled: "体を冷やした",
    sent_home: "帰宅させた",
    called_family: "家族に連絡した",
    medical: "医療機関を受診させた",
    other: "その他",
  },
  en: {
    rested: "Rested",
    hydrated: "Hydrated",
    cooled: "Cooled down",
    sent_home: "Sent home",
    called_family: "Called family",
    medical: "Medical care",
    other: "Other",
  },
};

/** How an alert's e-mail fared, in words (the CSVs). */
export const EMAIL_STATUS_LABELS: Record<Language, Record<EmailStatus, string>> = {
  jp: { none: "なし", pending: "送信待ち", sent: "送信済み", failed: "送信失敗" },
  en: { none: "None", pending: "Pending", sent: "Sent", failed: "Failed" },
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
  },
} as const;

export function recordHeaders(lang: Language): string[] {
  const L = LABELS[lang];
  return [
    L.time,
    L.name,
    L.email,
    L.value,
    L.created,
    L.told,
    L.escalated,
    L.ackBy,
    L.ackAt,
    L.action,
    L.note,
    L.cleared,
    L.deleted,
  ];
}

/** A mail outbox status as the record shows it: queued or kept (no SMTP) is still pending. */
const mailStatus = (status: string): EmailStatus =>
  status === "sent" ? "sent" : status === "failed" ? "failed" : "pending";

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
            'sent_at', ${time(mailOutbox.sentAt)}) order by ${mailOutbox.createdAt}, ${mailOutbox.id}), '[]'::json)
          from ${notificationMails} join ${mailOutbox} on ${mailOutbox.id} = ${notificationMails.mailId}
            left join ${users} on ${users.id} = ${notificationMails.recipientId}
          where ${notificationMails.notificationId} = ${n.id}) as told,
        ${time(n.escalatedAt)} as escalated, ${time(n.acknowledgedAt)} as acked,
        ${n.acknowledgedBy}::text as ack_uid,
        (select ${users.name} from ${users} where ${users.id} = ${n.acknowledgedBy}) as ack_name,
        ${n.ackAction} as ack_action, ${n.ackNote} as ack_note, ${time(n.clearedAt)} as cleared,
        ${time(n.deletedAt)} as deleted
      from ${n} join ${users} on ${users.id} = ${n.userId}
      where ${n.workspaceName} = ${ws} and ${n.notificationType} = ${NOTIFICATION_TYPE.measurement}
        and ${n.measure} = ${HEAT_MEASURE.measure}
        and ${n.at} >= ${at(q.start_time * 1000)} and ${n.at} < ${at(q.end_time * 1000)} and ${after}
      order by ${n.at}, ${n.id}
      limit ${limit}`,
  );
}

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
      r.ack_action === null ? null : ACK_ACTION_LABELS[lang][r.ack_action],
      r.ack_note || null,
      r.cleared,
      r.deleted,
    ]);
    const last = page.at(-1);
    if (!last || page.length < size) return;
    cursor = last.id;
  }
}
