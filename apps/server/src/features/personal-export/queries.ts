import { setImmediate as macrotask } from "node:timers/promises";
import { type Language, MEASURES } from "@mimamori/shared";
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { fixedStatement, rows, runsEmbedded } from "../../db/client";
import {
  accessAudit,
  dataAnswers,
  dataImages,
  dataItems,
  dataItemTypes,
  dataShares,
  dataViews,
  entities,
  type FormSnapshot,
  formAnswers,
  formRecipients,
  formSends,
  forms,
  memberships,
  notifications,
  sleepSegments,
  sleepSessions,
  users,
} from "../../db/schema";
import { PAGE } from "../../lib/csv-stream";
import { shownFileName } from "../data-items";
import { toUserInfo } from "../identity";
import type { VitalFilter } from "../vitals";
import { FIRST_SPAN_MS, latestRaw, nextSpan, RAW_ROW, rawPageOf } from "../vitals";
import type { SleepSessionRow } from "./fhir";
import type { FlatSamples, SleepSegmentRow } from "./zip-writer";

/*
 * What the personal export reads (issue 29 §3): every read names the person's own id, so no one else's row can
 * come in. Lists that grow without bound (answers, alerts, audit rows, samples) are read in keyset pages of PAGE
 * rows, each query after a macrotask break (as the CSV exports do: lib/csv-stream.ts) and only when the previous
 * page was taken, so a year of data never sits in memory and other requests are answered in between.
 */

/**
 * Pages of a keyset read: `read(cursor)` answers at most PAGE rows after `cursor` (null: the first page) and
 * `cursorOf` gives the cursor of a page's last row. Stops when `signal` aborts (the download was cut off).
 */
export async function* paged<T, C>(
  signal: AbortSignal,
  read: (cursor: C | null) => Promise<T[]>,
  cursorOf: (last: T) => C,
  /** Pages may be short before the end (a read bounded by a time window): only an empty page ends. */
  shortPages = false,
): AsyncGenerator<T[]> {
  let cursor: C | null = null;
  for (;;) {
    await macrotask();
    if (signal.aborted) return;
    const page = await read(cursor);
    if (page.length) yield page;
    const last = page.at(-1);
    if (last === undefined || (!shortPages && page.length < PAGE)) return;
    cursor = cursorOf(last);
  }
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The person's own fields of `users`: never the password hash or the token version. */
export async function profileOf(db: Db, userId: string) {
  const [u] = await db.select().from(users).where(eq(users.id, userId));
  if (!u) return null;
  return {
    ...toUserInfo(u),
    is_super_user: u.isSuperUser,
    email_verified_at: iso(u.emailVerifiedAt),
    created_at: iso(u.createdAt),
    updated_at: iso(u.updatedAt),
    closed_at: iso(u.closedAt),
    deletion_due_at: iso(u.deletionDueAt),
  };
}
export type ExportProfile = NonNullable<Awaited<ReturnType<typeof profileOf>>>;

/** The person's memberships (client and staff), with the entity's name. */
export async function membershipsOf(db: Db, userId: string) {
  const found = await db
    .select({ m: memberships, entityName: entities.name })
    .from(memberships)
    .innerJoin(entities, eq(entities.workspaceName, memberships.workspaceName))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt), asc(memberships.workspaceName));
  return found.map(({ m, entityName }) => ({
    workspace_name: m.workspaceName,
    entity_name: entityName,
    role: m.role,
    status: m.status,
    is_active: m.isActive,
    created_at: iso(m.createdAt),
    accepted_at: iso(m.acceptedAt),
  }));
}

interface AnswerRow {
  form_id: number;
  sent_order: number;
  workspace_name: string;
  entity_name: string;
  form_name: string;
  sent_at: string;
  answered_at: string | null;
  questions: FormSnapshot["questions"];
  answers: { question_id: number; value: string | null; answer_options: number[] }[];
}

/** A row as read: the send's snapshot whole, its name and questions taken out of it here. */
type AnswerRead = Omit<AnswerRow, "form_name" | "questions"> & { snapshot: FormSnapshot };

/** The forms sent to the person (each send as it was sent) with their answers, a page of sends at a time. */
export function formAnswersOf(db: Db, userId: string, signal: AbortSignal) {
  const [r, s, f, a] = [formRecipients, formSends, forms, formAnswers];
  return paged<AnswerRow, [number, number]>(
    signal,
    (cursor) =>
      rows<AnswerRead>(
        db,
        sql`select ${r.formId} as form_id, ${r.sentOrder} as sent_order, ${f.workspaceName} as workspace_name,
              ${entities.name} as entity_name, ${s.snapshot} as snapshot,
              to_json(${s.sentAt})#>>'{}' as sent_at, to_json(${r.answeredAt})#>>'{}' as answered_at,
              coalesce((select jsonb_agg(jsonb_build_object('question_id', ${a.questionId}, 'value', ${a.value},
                          'answer_options', to_jsonb(${a.answerOptions})) order by ${a.questionId})
                        from ${a}
                        where ${a.formId} = ${r.formId} and ${a.sentOrder} = ${r.sentOrder} and ${a.userId} = ${r.userId}),
                       '[]'::jsonb) as answers
            from ${r}
            join ${s} on ${s.formId} = ${r.formId} and ${s.sentOrder} = ${r.sentOrder}
            join ${f} on ${f.id} = ${r.formId}
            join ${entities} on ${entities.workspaceName} = ${f.workspaceName}
            where ${r.userId} = ${userId}
              ${cursor ? sql`and (${r.formId}, ${r.sentOrder}) > (${cursor[0]}, ${cursor[1]})` : sql``}
            order by ${r.formId}, ${r.sentOrder}
            limit ${PAGE}`,
      ).then((found) =>
        found.map(({ snapshot, ...x }) => ({
          form_id: x.form_id,
          sent_order: x.sent_order,
          workspace_name: x.workspace_name,
          entity_name: x.entity_name,
          form_name: snapshot.name,
          sent_at: x.sent_at,
          answered_at: x.answered_at,
          questions: snapshot.questions ?? [],
          answers: x.answers,
        })),
      ),
    (last) => [last.form_id, last.sent_order],
  );
}

/** A name safe as a file name in the ZIP on every system: the shown name without path or reserved characters. */
export function zipFileName(name: string): string {
  const cleaned = shownFileName(name)
    .replace(/[\\/:*?"<>|]/g, "_")
    .replace(/^[.\s]+/, "")
    .trim()
    .slice(0, 100);
  return cleaned || "file";
}

/** The person's data items: answers, files (their path in the ZIP), shares and the staff's views of them. */
export async function dataItemsOf(db: Db, userId: string, lang: Language) {
  const items = await db
    .select({
      id: dataItems.id,
      createdAt: dataItems.createdAt,
      updatedAt: dataItems.updatedAt,
      t: dataItemTypes,
    })
    .from(dataItems)
    .innerJoin(dataItemTypes, eq(dataItemTypes.id, dataItems.typeId))
    .where(eq(dataItems.userId, userId))
    .orderBy(asc(dataItems.id));
  const ids = items.map((i) => i.id);
  if (!ids.length) return { items: [], files: [] };
  const [answers, images, shares, views] = await Promise.all([
    db
      .select()
      .from(dataAnswers)
      .where(inArray(dataAnswers.itemId, ids))
      .orderBy(asc(dataAnswers.createdAt), asc(dataAnswers.id)),
    db
      .select({
        id: dataImages.id,
        itemId: dataImages.itemId,
        contentType: dataImages.contentType,
        fileName: dataImages.fileName,
        size: dataImages.size,
        addedBy: dataImages.addedBy,
        addedByWorkspace: dataImages.addedByWorkspace,
        createdAt: dataImages.createdAt,
      })
      .from(dataImages)
      .where(inArray(dataImages.itemId, ids))
      .orderBy(asc(dataImages.id)),
    db.select().from(dataShares).where(inArray(dataShares.itemId, ids)).orderBy(asc(dataShares.sharedAt)),
    db
      .select()
      .from(dataViews)
      .where(inArray(dataViews.itemId, ids))
      .orderBy(asc(dataViews.at), asc(dataViews.id)),
  ]);
  const files = images.map((i) => ({
    id: i.id,
    path: `data-items/files/${i.id}-${zipFileName(i.fileName)}`,
  }));
  const pathOf = new Map(files.map((f) => [f.id, f.path]));
  return {
    files,
    items: items.map((i) => ({
      type_key: i.t.key,
      type_name: lang === "en" ? i.t.nameEn : i.t.nameJp,
      data_type: i.t.dataType,
      created_at: iso(i.createdAt),
      updated_at: iso(i.updatedAt),
      answers: answers
        .filter((a) => a.itemId === i.id)
        .map((a) => ({ value: a.value, answer_options: a.answerOptions, created_at: iso(a.createdAt) })),
      files: images
        .filter((f) => f.itemId === i.id)
        .map((f) => ({
          file: pathOf.get(f.id),
          file_name: shownFileName(f.fileName),
          content_type: f.contentType,
          size: f.size,
          added_by: f.addedBy,
          added_by_workspace: f.addedByWorkspace,
          created_at: iso(f.createdAt),
        })),
      shared_with: shares
        .filter((s) => s.itemId === i.id)
        .map((s) => ({ workspace_name: s.workspaceName, shared_at: iso(s.sharedAt) })),
      views: views
        .filter((v) => v.itemId === i.id)
        .map((v) => ({
          workspace_name: v.workspaceName,
          entity_name: v.entityName,
          staff_name: v.staffName,
          action: v.action,
          at: iso(v.at),
        })),
    })),
  };
}

/** One file's bytes, read when its turn in the ZIP comes (the file must be the person's). */
export async function fileBytes(db: Db, userId: string, imageId: number): Promise<Buffer> {
  const [found] = await db
    .select({ bytes: dataImages.bytes })
    .from(dataImages)
    .innerJoin(dataItems, eq(dataItems.id, dataImages.itemId))
    .where(and(eq(dataImages.id, imageId), eq(dataItems.userId, userId)));
  return found?.bytes ?? Buffer.alloc(0);
}

/** The alerts about the person (every entity's), oldest first. */
export function alertsOf(db: Db, userId: string, signal: AbortSignal) {
  return paged(
    signal,
    (cursor: number | null) =>
      db
        .select({ n: notifications, entityName: entities.name })
        .from(notifications)
        .innerJoin(entities, eq(entities.workspaceName, notifications.workspaceName))
        .where(
          and(eq(notifications.userId, userId), cursor === null ? undefined : gt(notifications.id, cursor)),
        )
        .orderBy(asc(notifications.id))
        .limit(PAGE)
        .then((found) =>
          found.map(({ n, entityName }) => ({
            id: n.id,
            workspace_name: n.workspaceName,
            entity_name: entityName,
            kind: n.notificationType === 1 ? "sync" : "measurement",
            report_id: n.measure === null ? null : String(n.measure).padStart(8, "0"),
            value: n.value,
            at: iso(n.at),
            created_at: iso(n.createdAt),
            cleared_at: iso(n.clearedAt),
            mailed_at: iso(n.mailedAt),
            acknowledged_at: iso(n.acknowledgedAt),
            ack_action: n.ackAction,
            ack_note: n.ackNote,
            deleted_at: iso(n.deletedAt),
          })),
        ),
    (last) => last.id,
  );
}

/** The access audit of the person's data: who read it, when, what. */
export function auditOf(db: Db, userId: string, signal: AbortSignal) {
  return paged(
    signal,
    (cursor: number | null) =>
      db
        .select()
        .from(accessAudit)
        .where(
          and(eq(accessAudit.subjectId, userId), cursor === null ? undefined : gt(accessAudit.id, cursor)),
        )
        .orderBy(asc(accessAudit.id))
        .limit(PAGE)
        .then((found) =>
          found.map((a) => ({
            id: a.id,
            at: iso(a.at),
            actor_name: a.actorName,
            role: a.role,
            workspace_name: a.workspaceName,
            entity_name: a.entityName,
            what: a.what,
            detail: a.detail,
            period_from: iso(a.periodFrom),
            period_to: iso(a.periodTo),
          })),
        ),
    (last) => last.id,
  );
}

/**
 * Samples per query. PGlite spends ~10 ms on a query of a packed day whatever it answers, so it reads 4,000 at once:
 * six measures × a year in 114–122 s (140–164 s with 2,000; one measure-year took 91 s with 100), the memory no
 * different (bench/README.md "Reads as plain arrays"). PostgreSQL reads 1,000: six measures in 90.8 s growing
 * 31.0 MB, where 100 took 295.8 s (bench/README.md "The export's text in a worker").
 */
export const SAMPLE_READ = { embedded: 4000, server: 1000 } as const;

/** The export's time range: every sample (at or after the epoch, before the year 10000). */
const ALL_TIME = { start: 0, end: Date.UTC(9999, 0, 1) };

/** A person's measure, its samples from a time on, as one row of two arrays (sampleReadsOf). */
const samplesFrom = (after: boolean) => {
  const p = sql.placeholder;
  const r = RAW_ROW;
  const filter: VitalFilter = (t) =>
    sql`${t.userId} = ${p("userId")}::uuid and ${t.measure} = ${p("measure")}::smallint`;
  const page = rawPageOf(filter, {
    from: sql`${p("from")}::timestamptz`,
    after,
    end: sql`${p("end")}::timestamptz`,
    spanSecs: sql`${p("spanSecs")}::float8`,
  });
  return fixedStatement<{ t: number[]; value: number[] }>(
    sql`select coalesce(array_agg(p.t order by p.t), '{}') as t,
          coalesce(array_agg(p.value order by p.t), '{}') as value
        from (select (extract(epoch from s.${r.at}) * 1000)::float8 as t, s.${r.value} as value
          from (${page}) s
          order by s.${r.at}
          limit ${p("limit")}::int) p`,
  );
};
const FIRST_SAMPLES = samplesFrom(false);
const LATER_SAMPLES = samplesFrom(true);

/**
 * One measure's samples, hot and packed (vitals/raw.ts `rawPage`), oldest first, read `readSize` at a time
 * (SAMPLE_READ), each read as two flat arrays (what crosses to the export's worker). Each read takes a span from
 * its first sample on, adapted to the data's density (`nextSpan`), so a read costs the same wherever it is, across
 * gaps too. A read is one row of two arrays, not a row a sample, in a statement written once: the driver's objects
 * and strings a sample and drizzle's statement objects a read were most of what the server's heap kept until its
 * next full collection during an export (bench/README.md "The export's text in a worker").
 */
export async function* sampleReadsOf(
  db: Db,
  userId: string,
  measure: number,
  signal: AbortSignal,
  readSize: number = runsEmbedded(db) ? SAMPLE_READ.embedded : SAMPLE_READ.server,
): AsyncGenerator<FlatSamples> {
  let spanMs = FIRST_SPAN_MS;
  // a read of none ends the pages
  const reads = paged<FlatSamples, number>(
    signal,
    async (cursor) => {
      const [found] = await (cursor === null ? FIRST_SAMPLES : LATER_SAMPLES)(db, {
        userId,
        measure,
        from: new Date(cursor ?? ALL_TIME.start).toISOString(),
        end: new Date(ALL_TIME.end).toISOString(),
        spanSecs: spanMs / 1000,
        limit: readSize,
      });
      const n = found?.t.length ?? 0;
      spanMs = nextSpan(spanMs, n, readSize);
      if (!found || !n) return [];
      return [found];
    },
    (last) => Math.round(last.t[last.t.length - 1] as number),
    true,
  );
  for await (const read of reads) yield* read;
}

/** The measures with at least one sample, hot or packed (two index probes each). */
export async function measuresWithSamples(db: Db, userId: string): Promise<number[]> {
  const found = await rows<{ measure: number }>(
    db,
    sql`select l.${RAW_ROW.measure} from (${latestRaw(userId, sql`${`{${MEASURES.map((m) => m.measure).join(",")}}`}::smallint[]`)}) l
        order by l.${RAW_ROW.measure}`,
  );
  return found.map((r) => r.measure);
}

export function sleepSegmentsOf(db: Db, userId: string, signal: AbortSignal) {
  const g = sleepSegments;
  return paged<SleepSegmentRow, string>(
    signal,
    (cursor) =>
      rows<SleepSegmentRow>(
        db,
        sql`select to_json(${g.startAt})#>>'{}' as start, to_json(${g.endAt})#>>'{}' as end, ${g.stage} as stage
            from ${g}
            where ${g.userId} = ${userId} ${cursor === null ? sql`` : sql`and ${g.startAt} > ${cursor}::timestamptz`}
            order by ${g.startAt}
            limit ${PAGE}`,
      ),
    (last) => last.start,
  );
}

export function sleepSessionsOf(db: Db, userId: string, signal: AbortSignal) {
  const ss = sleepSessions;
  return paged<SleepSessionRow, string>(
    signal,
    (cursor) =>
      rows<SleepSessionRow>(
        db,
        sql`select to_json(${ss.startAt})#>>'{}' as start, to_json(${ss.endAt})#>>'{}' as end,
              ${ss.deep} as deep, ${ss.light} as light, ${ss.rem} as rem, ${ss.awake} as awake
            from ${ss}
            where ${ss.userId} = ${userId} ${cursor === null ? sql`` : sql`and ${ss.startAt} > ${cursor}::timestamptz`}
            order by ${ss.startAt}
            limit ${PAGE}`,
      ),
    (last) => last.start,
  );
}
