import {
  type CreateFormBody,
  FORM_LIMITS,
  type Form,
  type FormListQuery,
  type FormSummary,
  type SentHistoryRow,
} from "@mimamori/shared";
import { and, asc, count, eq, ne, type SQL, sql } from "drizzle-orm";
import { type Db, rows } from "../../db/client";
import {
  entities,
  formQuestions,
  formRecipientList,
  formRecipients,
  formSends,
  forms,
  users,
} from "../../db/schema";
import type { AppContext } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { iso, ms } from "../../lib/time-sql";
import { checkQuestions, type DraftQuestion, draftOf, renumbered } from "./form-rules";
import { addToRecipientList } from "./recipient-list";
import { listSchedules } from "./schedules";
import { sendForm, shownQuestion } from "./send";
import { recipientIsMember } from "./sql";

type FormRow = typeof forms.$inferSelect;

interface SummaryRow {
  id: number;
  name: string;
  description: string;
  created: number;
  updated: number;
  last_requested: number | null;
  is_default: boolean;
  is_editable: boolean;
  is_public: boolean;
  workspace_name: string;
  entity_name: string;
  question_count: number;
  sent_count: number;
  answered_count: number;
}

/** The forms of the entity (`where` narrows them, `page` pages them) with their counts, newest first. */
async function summaries(
  db: Db,
  ws: string,
  where: SQL = sql`true`,
  page: FormListQuery = { offset: 0, limit: FORM_LIMITS.listPageMax },
): Promise<FormSummary[]> {
  const found = await rows<SummaryRow>(
    db,
    sql`select ${forms.id}, ${forms.name}, ${forms.description}, ${ms(forms.createdAt)} as created,
        ${ms(forms.updatedAt)} as updated, ${forms.isDefault} as is_default, ${forms.isEditable} as is_editable,
        ${forms.isPublic} as is_public, ${forms.workspaceName} as workspace_name, ${entities.name} as entity_name,
        (select count(*)::int from ${formQuestions} where ${formQuestions.formId} = ${forms.id}) as question_count,
        (select ${ms(sql`max(${formSends.sentAt})`)} from ${formSends} where ${formSends.formId} = ${forms.id})
          as last_requested,
        (select count(*)::int from ${formRecipients}
          where ${formRecipients.formId} = ${forms.id} and ${recipientIsMember(ws)}) as sent_count,
        (select count(${formRecipients.answeredAt})::int from ${formRecipients}
          where ${formRecipients.formId} = ${forms.id} and ${recipientIsMember(ws)}) as answered_count
      from ${forms} join ${entities} on ${entities.workspaceName} = ${forms.workspaceName}
      where ${forms.workspaceName} = ${ws} and ${where}
      order by ${forms.createdAt} desc, ${forms.id} desc
      limit ${page.limit} offset ${page.offset}`,
  );
  return found.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    created_at: iso(r.created),
    updated_at: iso(r.updated),
    last_requested_at: iso(r.last_requested),
    is_default: r.is_default,
    is_editable: r.is_editable,
    is_public: r.is_public,
    workspace_name: r.workspace_name,
    entity_name: r.entity_name,
    question_count: r.question_count,
    sent_count: r.sent_count,
    answered_count: r.answered_count,
  }));
}

/** A page of the entity's forms and how many it has in all. */
export async function listForms(
  db: Db,
  ws: string,
  page: FormListQuery,
): Promise<{ items: FormSummary[]; total: number }> {
  const [counted] = await db.select({ n: count() }).from(forms).where(eq(forms.workspaceName, ws));
  return { items: await summaries(db, ws, sql`true`, page), total: counted?.n ?? 0 };
}

export async function formSummary(db: Db, ws: string, id: number): Promise<FormSummary> {
  const [found] = await summaries(db, ws, sql`${forms.id} = ${id}`);
  if (!found) throw new AppError("form-not-found");
  return found;
}

/** The entity's form (locked for the transaction with `lock`), or 404 form-not-found. */
export async function requireForm(db: Db, ws: string, id: number, lock = false): Promise<FormRow> {
  const q = db
    .select()
    .from(forms)
    .where(and(eq(forms.id, id), eq(forms.workspaceName, ws)));
  const [row] = lock ? await q.for("update") : await q;
  if (!row) throw new AppError("form-not-found");
  return row;
}

/** The form's current questions, in order. */
export async function currentQuestions(db: Db, formId: number) {
  return db
    .select()
    .from(formQuestions)
    .where(eq(formQuestions.formId, formId))
    .orderBy(asc(formQuestions.position), asc(formQuestions.id));
}

interface HistoryRow {
  user_id: string;
  name: string;
  email: string;
  sent_order: number;
  sent: number;
  answered: number | null;
}

/** Per member, their sent orders of the form, newest first (the Answers tab); members by name. */
async function history(db: Db, ws: string, formId: number): Promise<SentHistoryRow[]> {
  const found = await rows<HistoryRow>(
    db,
    sql`select ${formRecipients.userId} as user_id, ${users.name}, ${users.email},
        ${formRecipients.sentOrder} as sent_order, ${ms(formSends.sentAt)} as sent,
        ${ms(formRecipients.answeredAt)} as answered
      from ${formRecipients}
        join ${formSends} on ${formSends.formId} = ${formRecipients.formId}
          and ${formSends.sentOrder} = ${formRecipients.sentOrder}
        join ${users} on ${users.id} = ${formRecipients.userId}
      where ${formRecipients.formId} = ${formId} and ${recipientIsMember(ws)}
      order by ${users.name}, ${users.id}, ${formRecipients.sentOrder} desc`,
  );
  const byUser = new Map<string, SentHistoryRow>();
  for (const r of found) {
    let row = byUser.get(r.user_id);
    if (!row) {
      // rows come newest first: the first one is the last request
      row = {
        user_id: r.user_id,
        user_name: r.name,
        user_email: r.email,
        last_requested_at: iso(r.sent),
        answered: 0,
        total: 0,
        history: [],
      };
      byUser.set(r.user_id, row);
    }
    row.total++;
    if (r.answered !== null) row.answered++;
    row.history.push({
      sent_order: r.sent_order,
      sent_at: iso(r.sent),
      is_answered: r.answered !== null,
      answered_date: iso(r.answered),
    });
  }
  return [...byUser.values()];
}

/** The whole form for its editor: questions, the members' sent history, saved recipients and schedules. */
export async function getForm(db: Db, ws: string, id: number): Promise<Form> {
  const summary = await formSummary(db, ws, id);
  const [qs, hist, list, sched] = await Promise.all([
    currentQuestions(db, id),
    history(db, ws, id),
    db
      .select({ id: formRecipientList.userId })
      .from(formRecipientList)
      .where(eq(formRecipientList.formId, id))
      .orderBy(asc(formRecipientList.userId)),
    listSchedules(db, id, new Date()),
  ]);
  return {
    ...summary,
    questions: qs.map(shownQuestion),
    history: hist,
    sent_users: list.map((r) => r.id),
    schedules: sched,
  };
}

/** Inserts new questions of a form (ids are the database's). */
export async function insertQuestions(tx: Db, formId: number, qs: DraftQuestion[]): Promise<void> {
  if (!qs.length) return;
  await tx.insert(formQuestions).values(
    qs.map((q) => ({
      formId,
      position: q.position,
      text: q.text,
      questionType: q.questionType,
      isRequired: q.isRequired,
      options: q.options,
      sourceQuestionId: q.sourceQuestionId ?? null,
    })),
  );
}

/** `is_default` marks one form of the entity: setting it on `formId` clears it on the others. */
export async function clearOtherDefaults(tx: Db, ws: string, formId: number): Promise<void> {
  await tx
    .update(forms)
    .set({ isDefault: false })
    .where(and(eq(forms.workspaceName, ws), ne(forms.id, formId), eq(forms.isDefault, true)));
}

/**
 * A new form with its questions; with `users` it is sent to them at once (and they become its saved recipient
 * list, preselected for the next send). One transaction: a refused recipient stores nothing.
 */
export async function createForm(
  ctx: AppContext,
  ws: string,
  body: CreateFormBody,
  staffId: string,
): Promise<number> {
  const drafts = body.questions.map(draftOf);
  checkQuestions(drafts);
  return ctx.db.transaction(async (tx) => {
    const [form] = await tx
      .insert(forms)
      .values({
        workspaceName: ws,
        name: body.name,
        description: body.description,
        isEditable: body.is_editable,
        isDefault: body.is_default,
        createdBy: staffId,
      })
      .returning();
    if (!form) throw new Error("insert returned no row");
    if (body.is_default) await clearOtherDefaults(tx, ws, form.id);
    await insertQuestions(tx, form.id, renumbered(drafts));
    if (body.users.length) {
      await addToRecipientList(tx, ws, form.id, body.users);
      await sendForm(ctx, tx, { workspace: ws, formId: form.id, userIds: body.users, sentBy: staffId });
    }
    return form.id;
  });
}

/** A copy of form `id` under `name` (FORM-12): its questions and options; not its sends, answers or lists. */
export async function duplicateForm(db: Db, ws: string, id: number, name: string, staffId: string) {
  return db.transaction(async (tx) => {
    const source = await requireForm(tx, ws, id);
    const [copy] = await tx
      .insert(forms)
      .values({
        workspaceName: ws,
        name,
        description: source.description,
        isEditable: source.isEditable,
        isPublic: source.isPublic,
        isDefault: false,
        createdBy: staffId,
      })
      .returning();
    if (!copy) throw new Error("insert returned no row");
    await insertQuestions(tx, copy.id, await currentQuestions(tx, id));
    return copy.id;
  });
}

/** Deletes the form with its sends, answers, recipient list and schedules (foreign keys cascade). */
export async function deleteForm(db: Db, ws: string, id: number): Promise<void> {
  const [row] = await db
    .delete(forms)
    .where(and(eq(forms.id, id), eq(forms.workspaceName, ws)))
    .returning({ id: forms.id });
  if (!row) throw new AppError("form-not-found");
}
