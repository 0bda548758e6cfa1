import {
  ACK_ACTION_NAMES,
  type AckAction,
  ADMIN_NOTIF_TYPE,
  adminNotificationsQuerySchema,
  type EmailStatus,
  type Language,
  measureByNumber,
  NOTIFICATION_TYPE,
  type NotificationType,
  type NotificationWindowQuery,
} from "@mimamori/shared";
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Db, rows } from "../../db/client";
import { requireEntity } from "../../db/entities";
import { notifications, users } from "../../db/schema";
import { bare } from "../../db/sql-names";
import { auditRead, secondsPeriod } from "../../lib/access-audit";
import type { AppContext } from "../../lib/context";
import { type Cell, localText, pageSize, type RowBatches, sendRows } from "../../lib/csv-stream";
import { requestLanguage } from "../../lib/language";
import { call } from "../../lib/openapi/operations";
import { at, ensureZone } from "../../lib/time-sql";
import { aboutCurrentMember, ackBy, mailStatus, mailsOfPage } from "./list";
import { EMAIL_STATUS_LABELS } from "./record";

const n = notifications;

const TYPE_NAMES: Record<Language, Record<NotificationType, string>> = {
  jp: { 1: "同期", 2: "測定値" },
  en: { 1: "Synchronization", 2: "Measurement" },
};

const LABELS = {
  jp: {
    type: "種類",
    name: "名前",
    email: "メールアドレス",
    measure: "測定項目",
    value: "値",
    unit: "単位",
    time: "測定日時・最終同期日時",
    created: "通知日時",
    emailSent: "メール送信日時",
    emailStatus: "メール送信状況",
    ackBy: "対応者",
    ackAt: "対応日時",
    action: "対応内容",
    note: "メモ",
  },
  en: {
    type: "Type",
    name: "Name",
    email: "Email",
    measure: "Measure",
    value: "Value",
    unit: "Unit",
    time: "Measured at / last sync",
    created: "Alerted at",
    emailSent: "Email sent at",
    emailStatus: "Email status",
    ackBy: "Acknowledged by",
    ackAt: "Acknowledged at",
    action: "Action",
    note: "Note",
  },
} as const;

const headers = (lang: Language) => Object.values(LABELS[lang]);

interface Row {
  id: number;
  measure: number | null;
  value: number | null;
  t: string;
  created: string;
  name: string;
  email: string;
  email_sent: string | null;
  email_status: EmailStatus;
  acked: string | null;
  ack_name: string | null;
  ack_action: AckAction | null;
  ack_note: string | null;
}

/**
 * The alerts of one type created in the window, oldest first, page by page (keyset on created_at and id, read
 * from the cursor row so no microsecond is lost); as the staff list: about current members, not removed. Times
 * local to the entity's zone.
 */
async function* adminRows(
  db: Db,
  ws: string,
  tz: string,
  type: NotificationType,
  q: NotificationWindowQuery,
  lang: Language,
): RowBatches {
  const local = (col: unknown) => localText(sql`${col}`, tz);
  let cursor: number | null = null;
  for (;;) {
    const after =
      cursor === null
        ? sql`true`
        : sql`(${n.createdAt}, ${n.id}) > (select c.${bare(n.createdAt)}, c.${bare(n.id)} from ${n} c
            where c.${bare(n.id)} = ${cursor}::int)`;
    const size = pageSize(cursor);
    // the page's ids first, then the rest joined to them as sets (as the staff list does, list.ts)
    const page: Row[] = await rows<Row>(
      db,
      sql`with page as (
          select ${n.id} as nid from ${n}
          where ${n.workspaceName} = ${ws} and ${n.notificationType} = ${type} and ${n.deletedAt} is null
            and ${aboutCurrentMember(ws)}
            and ${n.createdAt} >= ${at(q.start_time * 1000)} and ${n.createdAt} < ${at(q.end_time * 1000)}
            and ${after}
          order by ${n.createdAt}, ${n.id}
          limit ${size}),
        mails as (${mailsOfPage})
        select ${n.id}, ${n.measure} as measure, ${n.value}::float8 as value, ${local(n.at)} as t,
          ${local(n.createdAt)} as created, ${users.name} as name, ${users.email} as email,
          ${local(sql`to_timestamp(mails.sent_ms / 1000)`)} as email_sent, ${mailStatus} as email_status,
          ${local(n.acknowledgedAt)} as acked, ${ackBy.name} as ack_name,
          ${n.ackAction} as ack_action, ${n.ackNote} as ack_note
        from page join ${n} on ${n.id} = page.nid
          join ${users} on ${users.id} = ${n.userId}
          left join ${users} as ${ackBy} on ${ackBy.id} = ${n.acknowledgedBy}
          left join mails on mails.nid = page.nid
        order by ${n.createdAt}, ${n.id}`,
    );
    yield page.map((r): Cell[] => {
      const m =
        type === NOTIFICATION_TYPE.measurement && r.measure !== null ? measureByNumber(r.measure) : undefined;
      return [
        TYPE_NAMES[lang][type],
        r.name,
        r.email,
        m ? m.name[lang] : null,
        m ? r.value : null,
        m ? m.unit[lang] : null,
        r.t,
        r.created,
        r.email_sent,
        EMAIL_STATUS_LABELS[lang][r.email_status],
        r.acked === null ? null : r.ack_name,
        r.acked,
        r.ack_action === null ? null : ACK_ACTION_NAMES[r.ack_action][lang],
        r.ack_note || null,
      ];
    });
    const last = page.at(-1);
    if (!last || page.length < size) return;
    cursor = last.id;
  }
}

/**
 * GET /admin/{ws}/notifications (§7, ADMIN-06): an entity's alerts of one type as a streamed CSV. `notif_type`
 * keeps the spec's admin numbering (1 measurement, 2 synchronization), translated here (NOTIF-17).
 */
export function adminNotificationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/admin/:workspace/notifications",
      {
        config: call("super-user", "adminDownloadAlerts", "Download an entity's alerts as CSV", {
          produces: ["text/csv"],
        }),
        schema: {
          params: z.object({ workspace: z.string().min(1).max(64) }),
          querystring: adminNotificationsQuerySchema,
        },
      },
      async (req, reply) => {
        const q = req.query;
        const entity = await requireEntity(ctx.db, req.params.workspace);
        await ensureZone(ctx.db, entity.timeZone);
        const type = ADMIN_NOTIF_TYPE[q.notif_type];
        const lang = requestLanguage(req);
        const kind = type === NOTIFICATION_TYPE.measurement ? "measurement" : "sync";
        const people = sql`select distinct ${n.userId} as id from ${n} where ${n.workspaceName} = ${entity.workspaceName}
          and ${n.notificationType} = ${type} and ${n.createdAt} >= ${at(q.start_time * 1000)}
          and ${n.createdAt} < ${at(q.end_time * 1000)}`;
        auditRead(req, {
          what: "alerts-csv",
          subjects: { query: people },
          detail: kind,
          ...secondsPeriod(q),
        });
        return sendRows(
          reply,
          `notifications-${entity.workspaceName}-${kind}`,
          headers(lang),
          adminRows(ctx.db, entity.workspaceName, entity.timeZone, type, q, lang),
        );
      },
    );
  };
}
