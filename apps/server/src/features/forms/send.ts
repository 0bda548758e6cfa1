import type { Language, SendResult } from "@mimamori/shared";
import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import { type Db, oneRow, rows } from "../../db/client";
import { acceptedClientOf } from "../../db/membership-rules";
import {
  entities,
  type FormSnapshot,
  formQuestions,
  formRecipients,
  formSends,
  forms,
  memberships,
  users,
} from "../../db/schema";
import { bareList } from "../../db/sql-names";
import type { AppContext } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { recipientColumns } from "../../lib/mail/mailer";
import { FORM_MAILS_PER_DAY, lockRecipients, mailDay, splitByMailCap, writeDigests } from "./mail-cap";
import { uuidArray } from "./sql";

export interface SendArgs {
  workspace: string;
  formId: number;
  userIds: string[];
  /** The staff member who sent it; null for a recurring send. */
  sentBy: string | null;
  scheduleId?: number | null;
  /** Unanswered recipients get a reminder this many hours after the send (null: none). */
  reminderAfterHours?: number | null;
  now?: Date;
  /**
   * A one-off send by staff: refused (409 `form-sent-today`, nothing stored) when the form already went to any
   * of the recipients in the last 24 hours (docs/decisions.md, "Sender limits").
   */
  oncePerDay?: boolean;
}

/** A one-off send waits this long after the form last went to a person. */
export const ONE_OFF_GAP_MS = 24 * 3600_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Recipients of a send: accepted, active client members of the entity (the people it watches over). */
const recipientMember = (ws: string) => and(acceptedClientOf(ws), eq(memberships.isActive, true));

/** The ids of every accepted, active client member of the entity: the recipients of an "all members" send. */
export async function acceptedClientIds(tx: Db, workspace: string): Promise<string[]> {
  const found = await tx
    .select({ id: memberships.userId })
    .from(memberships)
    .where(recipientMember(workspace))
    .orderBy(asc(memberships.userId));
  return found.map((r) => r.id);
}

/**
 * The people `ids` (distinct) with what their mail needs; 400 `recipient-not-member` when any of them is not an
 * accepted, active client member of the entity.
 */
export async function requireRecipients(
  tx: Db,
  workspace: string,
  ids: string[],
  field = "users",
): Promise<Recipient[]> {
  if (!ids.every((id) => UUID.test(id))) throw new AppError("recipient-not-member", field);
  const found = await tx
    .select(recipientColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(recipientMember(workspace), sql`${memberships.userId} = any(${uuidArray(ids)})`));
  if (found.length !== ids.length) throw new AppError("recipient-not-member", field);
  return found;
}

/** A stored question in the shape the API shows it and a send stores it. */
export const shownQuestion = (q: typeof formQuestions.$inferSelect): FormSnapshot["questions"][number] => ({
  id: q.id,
  order: q.position,
  text: q.text,
  question_type_id: q.questionType,
  is_required: q.isRequired,
  question_options: q.options,
});

/** The form as it is now, in the shape a send stores and its recipients answer. */
export async function formSnapshot(
  tx: Db,
  form: { id: number; name: string; description: string },
): Promise<FormSnapshot> {
  const qs = await tx
    .select()
    .from(formQuestions)
    .where(eq(formQuestions.formId, form.id))
    .orderBy(asc(formQuestions.position), asc(formQuestions.id));
  return {
    name: form.name,
    description: form.description,
    questions: qs.map(shownQuestion),
  };
}

export interface Recipient {
  id: string;
  name: string;
  email: string;
  language: Language;
}

/**
 * THE one way to send a form (staff sends, a new form's first send, recurring sends), inside the caller's
 * transaction: the form row is locked so parallel sends number their sent orders one after another; every
 * recipient must be an accepted, active client member of the entity (400 `recipient-not-member`, nothing
 * stored); the send stores a snapshot of the form as it is now, one recipient row per person (one set-based
 * insert, whatever the count) and queues one "form-request" mail per recipient in their language in the outbox,
 * except for a person past the day's mail cap, whose request goes into their digest of the day (mail-cap.ts).
 */
export async function sendForm(ctx: AppContext, tx: Db, args: SendArgs): Promise<SendResult> {
  const { workspace, formId, sentBy } = args;
  const now = args.now ?? new Date();
  const [form] = await tx
    .select()
    .from(forms)
    .where(and(eq(forms.id, formId), eq(forms.workspaceName, workspace)))
    .for("update");
  if (!form) throw new AppError("form-not-found");
  const ids = [...new Set(args.userIds)];
  if (!ids.length) throw new AppError("no-recipients", "users");
  const recipients = await requireRecipients(tx, workspace, ids);
  const idArray = uuidArray(ids);
  await lockRecipients(tx, ids);
  if (args.oncePerDay) await refuseIfSentWithinADay(tx, formId, idArray, now);
  const [entity] = await tx
    .select({ name: entities.name, timeZone: entities.timeZone })
    .from(entities)
    .where(eq(entities.workspaceName, workspace));
  if (!entity) throw new AppError("entity-not-found");
  const day = mailDay(now, entity.timeZone);
  const cap = ctx.config.formMailsPerDay ?? FORM_MAILS_PER_DAY;
  const { mailed, folded } = await splitByMailCap(tx, recipients, day, cap);

  const { next } = await oneRow<{ next: number }>(
    tx,
    sql`select (coalesce(max(${formSends.sentOrder}), 0) + 1)::int as next from ${formSends}
      where ${formSends.formId} = ${formId}`,
  );
  const hours = args.reminderAfterHours ?? null;
  await tx.insert(formSends).values({
    formId,
    sentOrder: next,
    sentAt: now,
    sentBy,
    scheduleId: args.scheduleId ?? null,
    snapshot: await formSnapshot(tx, form),
    reminderDueAt: hours === null ? null : new Date(now.getTime() + hours * 3600_000),
  });
  await rows(
    tx,
    sql`insert into ${formRecipients} (${bareList(formRecipients.formId, formRecipients.sentOrder, formRecipients.userId)})
      select ${formId}::int, ${next}::int, r.id from unnest(${idArray}) as r(id)`,
  );
  await queueFormMails(ctx, tx, "form-request", entity.name, form, mailed);
  await writeDigests(ctx, tx, folded, day, cap);
  return { sent_order: next, recipients: recipients.length };
}

/** 409 `form-sent-today` when the form went to any of `ids` less than ONE_OFF_GAP_MS before `now`. */
async function refuseIfSentWithinADay(tx: Db, formId: number, ids: SQL, now: Date): Promise<void> {
  const found = await rows(
    tx,
    sql`select 1 from ${formRecipients} join ${formSends} on ${formSends.formId} = ${formRecipients.formId}
        and ${formSends.sentOrder} = ${formRecipients.sentOrder}
      where ${formRecipients.formId} = ${formId} and ${formRecipients.userId} = any(${ids})
        and ${formSends.sentAt} > ${new Date(now.getTime() - ONE_OFF_GAP_MS).toISOString()}::timestamptz
      limit 1`,
  );
  if (found.length) throw new AppError("form-sent-today", "users");
}

/** The link of a form request: the member's detail page of the form (its New Forms and history). */
export const formUrl = (ctx: AppContext, formId: number) =>
  `${ctx.config.appUrl}/client/forms/${formId}/detail`;

/** Queues a form's request (a send) or reminder (reminder-job.ts) mail to each recipient, in their language. */
export async function queueFormMails(
  ctx: AppContext,
  tx: Db,
  template: "form-request" | "form-reminder",
  entityName: string,
  form: { id: number; name: string },
  recipients: Recipient[],
) {
  const url = formUrl(ctx, form.id);
  await ctx.mailer.enqueue(
    tx,
    recipients.map((r) => ({
      to: r.email,
      language: r.language,
      template,
      vars: { name: r.name, formName: form.name, entityName, url },
    })),
  );
}
