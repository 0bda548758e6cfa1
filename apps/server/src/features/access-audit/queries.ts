import type {
  AuditDownloadQuery,
  AuditEntry,
  AuditSearchQuery,
  AuditWhat,
  Language,
  MyAuditEntry,
} from "@mimamori/shared";
import { and, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accessAudit, users } from "../../db/schema";
import { type Cell, pageSize, type RowBatches, zonedHeader } from "../../lib/csv-stream";

/*
 * Reading the access audit: the admin search and its CSV, and a person's own list ("Who used my data"). Newest
 * first, by (at, id) so that pages never overlap.
 */

type Filters = Pick<AuditSearchQuery, "person" | "staff" | "workspace" | "start_time" | "end_time">;

function whereOf(f: Filters): SQL | undefined {
  return and(
    f.person ? eq(accessAudit.subjectId, f.person) : undefined,
    f.staff ? eq(accessAudit.actorId, f.staff) : undefined,
    f.workspace ? eq(accessAudit.workspaceName, f.workspace) : undefined,
    f.start_time !== undefined ? gte(accessAudit.at, new Date(f.start_time * 1000)) : undefined,
    f.end_time !== undefined ? lt(accessAudit.at, new Date(f.end_time * 1000)) : undefined,
  );
}

const NEWEST = [desc(accessAudit.at), desc(accessAudit.id)];
const iso = (d: Date | null) => (d ? d.toISOString() : null);

const entryColumns = {
  row: accessAudit,
  subjectName: users.name,
};

function toEntry(r: { row: typeof accessAudit.$inferSelect; subjectName: string | null }): AuditEntry {
  const a = r.row;
  return {
    id: a.id,
    at: a.at.toISOString(),
    actor: { uid: a.actorId, name: a.actorName },
    role: a.role,
    entity: a.workspaceName
      ? { workspace_name: a.workspaceName, name: a.entityName ?? a.workspaceName }
      : null,
    subject: { uid: a.subjectId, name: r.subjectName },
    what: a.what as AuditWhat,
    detail: a.detail,
    period_from: iso(a.periodFrom),
    period_to: iso(a.periodTo),
    request_id: a.requestId,
    address: a.address,
  };
}

/** A page of the admin search (one more row read than asked: whether there are more). */
export async function searchAudit(db: Db, q: AuditSearchQuery) {
  const found = await db
    .select(entryColumns)
    .from(accessAudit)
    .leftJoin(users, eq(users.id, accessAudit.subjectId))
    .where(whereOf(q))
    .orderBy(...NEWEST)
    .limit(q.limit + 1)
    .offset(q.offset);
  return { entries: found.slice(0, q.limit).map(toEntry), has_more: found.length > q.limit };
}

/** A page of the reads of the person's data by others. */
export async function myAudit(db: Db, userId: string, page: { offset: number; limit: number }) {
  const found = await db
    .select()
    .from(accessAudit)
    .where(eq(accessAudit.subjectId, userId))
    .orderBy(...NEWEST)
    .limit(page.limit + 1)
    .offset(page.offset);
  const entries: MyAuditEntry[] = found.slice(0, page.limit).map((a) => ({
    id: a.id,
    at: a.at.toISOString(),
    role: a.role,
    entity_name: a.workspaceName ? (a.entityName ?? a.workspaceName) : null,
    actor_name: a.actorName,
    what: a.what as AuditWhat,
    detail: a.detail,
    period_from: iso(a.periodFrom),
    period_to: iso(a.periodTo),
  }));
  return { entries, has_more: found.length > page.limit };
}

const HEADERS: Record<Language, string[]> = {
  jp: [
    "日時",
    "利用者ID",
    "利用者",
    "役割",
    "組織ID",
    "組織",
    "本人ID",
    "本人",
    "内容",
    "詳細",
    "期間の開始",
    "期間の終了",
    "リクエストID",
    "アドレス",
  ],
  en: [
    "At",
    "Staff ID",
    "Staff",
    "Role",
    "Entity ID",
    "Entity",
    "Person ID",
    "Person",
    "What",
    "Detail",
    "Period from",
    "Period to",
    "Request ID",
    "Address",
  ],
};
/** Columns holding times: their headers name the zone (lib/csv-stream.ts `zonedHeader`). */
const TIME_COLUMNS = new Set([0, 10, 11]);

export const auditCsvHeaders = (lang: Language, tz: string) =>
  HEADERS[lang].map((h, i) => (TIME_COLUMNS.has(i) ? zonedHeader(h, tz, lang) : h));

const local = (col: SQL | typeof accessAudit.at, tz: string) =>
  sql<string | null>`to_char(${col} at time zone ${tz}, 'YYYY/MM/DD HH24:MI:SS')`;

/** The CSV's rows, page by page (keyset on (at, id), newest first). */
export async function* auditCsvRows(db: Db, q: AuditDownloadQuery): RowBatches {
  let cursor: { at: string; id: number } | null = null;
  for (;;) {
    const after: SQL | undefined = cursor
      ? sql`(${accessAudit.at}, ${accessAudit.id}) < (${cursor.at}::timestamptz, ${cursor.id})`
      : undefined;
    const found = await db
      .select({
        cursorAt: sql<string>`${accessAudit.at}::text`,
        id: accessAudit.id,
        at: local(accessAudit.at, q.timezone),
        actorId: accessAudit.actorId,
        actorName: accessAudit.actorName,
        role: accessAudit.role,
        ws: accessAudit.workspaceName,
        entityName: accessAudit.entityName,
        subjectId: accessAudit.subjectId,
        subjectName: users.name,
        what: accessAudit.what,
        detail: accessAudit.detail,
        from: local(sql`${accessAudit.periodFrom}`, q.timezone),
        to: local(sql`${accessAudit.periodTo}`, q.timezone),
        requestId: accessAudit.requestId,
        address: accessAudit.address,
      })
      .from(accessAudit)
      .leftJoin(users, eq(users.id, accessAudit.subjectId))
      .where(and(whereOf(q), after))
      .orderBy(...NEWEST)
      .limit(pageSize(cursor));
    yield found.map((r): Cell[] => [
      r.at,
      r.actorId,
      r.actorName,
      r.role,
      r.ws,
      r.entityName,
      r.subjectId,
      r.subjectName,
      r.what,
      r.detail,
      r.from,
      r.to,
      r.requestId,
      r.address,
    ]);
    const last = found.at(-1);
    if (!last || found.length < pageSize(cursor)) return;
    cursor = { at: last.cursorAt, id: last.id };
  }
}
