import { and, type Column, eq, type SQL, sql } from "drizzle-orm";
import { type Db, rows } from "../../db/client";
import { entities, formRecipients, formSends, forms, mailOutbox, users } from "../../db/schema";
import { bare } from "../../db/sql-names";
import type { AppContext } from "../../lib/context";
import { mailTemplates } from "../../lib/mail/templates";
import { localMidnightMs } from "../../lib/time-sql";
import { nextRunAt } from "./schedule-time";
import { uuidArray } from "./sql";

/** FORM_MAILS_PER_DAY's default: form-request mails one member gets a day at most. */
export const FORM_MAILS_PER_DAY = 5;
/** When the digest of a day's further requests goes out: this time of the next morning, on the same clock. */
export const FORM_DIGEST_TIME = "08:00";

/** The link of a digest: the member's forms (New Forms first). */
export const digestUrl = (ctx: AppContext) => `${ctx.config.appUrl}/client/forms`;

/** The day of a send on the sending entity's clock: [start, end), and when its digest goes. */
export interface MailDay {
  start: Date;
  end: Date;
  digestAt: Date;
}

export function mailDay(now: Date, timeZone: string): MailDay {
  const start = localMidnightMs(now.getTime(), timeZone);
  const end = localMidnightMs(now.getTime(), timeZone, -1);
  const digestAt =
    nextRunAt({ kind: "daily", weekdays: [], localTime: FORM_DIGEST_TIME, timeZone }, new Date(end - 1)) ??
    new Date(end);
  return { start: new Date(start), end: new Date(end), digestAt };
}

export interface CappedRecipient {
  id: string;
  name: string;
  email: string;
  language: "jp" | "en";
}

/**
 * Every request mail of the day (or the request it stands for, when it went into a digest) to one of `ids`, as
 * rows (user_id, sent_at, form_id, sent_order, reminder): each send's request at its `sent_at`, and each send's
 * reminder at its `reminder_sent_at` to a recipient who had not answered by then (the reminder job mails those
 * still unanswered, mail-cap's rule counts them as request mails: docs/decisions.md "Sender limits").
 */
function requestsOfDay(ids: string[], day: MailDay): SQL {
  const inDay = (at: Column) =>
    sql`${at} >= ${day.start.toISOString()}::timestamptz and ${at} < ${day.end.toISOString()}::timestamptz`;
  const recipientsOfSends = sql`${formRecipients} join ${formSends}
    on ${formSends.formId} = ${formRecipients.formId} and ${formSends.sentOrder} = ${formRecipients.sentOrder}`;
  const people = sql`${formRecipients.userId} = any(${uuidArray(ids)})`;
  return sql`select ${formRecipients.userId} as ${bare(formRecipients.userId)},
      ${formSends.sentAt} as ${bare(formSends.sentAt)}, ${formSends.formId} as ${bare(formSends.formId)},
      ${formSends.sentOrder} as ${bare(formSends.sentOrder)}, false as reminder
    from ${recipientsOfSends} where ${people} and ${inDay(formSends.sentAt)}
    union all
    select ${formRecipients.userId}, ${formSends.reminderSentAt}, ${formSends.formId}, ${formSends.sentOrder}, true
    from ${recipientsOfSends} where ${people} and ${inDay(formSends.reminderSentAt)}
      and (${formRecipients.answeredAt} is null or ${formRecipients.answeredAt} > ${formSends.reminderSentAt})`;
}

/** Each member's requests of the day (any entity, any form, reminders too), before this send's are written. */
export async function requestsToday(tx: Db, ids: string[], day: MailDay): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const found = await rows<{ user_id: string; n: number }>(
    tx,
    sql`select e.${bare(formRecipients.userId)} as user_id, count(*)::int as n
      from (${requestsOfDay(ids, day)}) e group by 1`,
  );
  return new Map(found.map((r) => [r.user_id, r.n]));
}

/**
 * Locks the recipients' user rows (in id order, so parallel sends to overlapping people cannot deadlock) before
 * their requests of the day are counted: two sends to one person count one after the other. `for no key update`
 * leaves the uploads' `for key share` of the same rows free.
 */
export async function lockRecipients(tx: Db, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await rows(
    tx,
    sql`select ${users.id} from ${users} where ${users.id} = any(${uuidArray(ids)})
      order by ${users.id} for no key update`,
  );
}

/**
 * Which recipients of a send still get a mail of their own today: those with fewer than `cap` requests in the
 * day so far (docs/decisions.md, "Sender limits"). Call it with the recipients locked (lockRecipients) and
 * before the send's recipient rows are written.
 */
export async function splitByMailCap<R extends { id: string }>(
  tx: Db,
  recipients: R[],
  day: MailDay,
  cap: number,
): Promise<{ mailed: R[]; folded: R[] }> {
  const counts = await requestsToday(
    tx,
    recipients.map((r) => r.id),
    day,
  );
  const mailed: R[] = [];
  const folded: R[] = [];
  for (const r of recipients) ((counts.get(r.id) ?? 0) < cap ? mailed : folded).push(r);
  return { mailed, folded };
}

/**
 * Writes each folded recipient's digest of the day: the requests of the day past the first `cap` (in the order
 * they were sent), in one queued mail due at `day.digestAt`. A digest already waiting for that time is rewritten
 * (locked first; the outbox worker claims it only once due, when no send of its day can come any more); else one
 * is queued. Call it after the send's recipient rows are written, so the digest names this send too.
 */
export async function writeDigests(
  ctx: AppContext,
  tx: Db,
  folded: CappedRecipient[],
  day: MailDay,
  cap: number,
): Promise<void> {
  if (!folded.length) return;
  const found = await rows<{ user_id: string; form_name: string; entity_name: string; reminder: boolean }>(
    tx,
    sql`select e.${bare(formRecipients.userId)} as user_id, ${formSends.snapshot}->>'name' as form_name,
        ${entities.name} as entity_name, e.reminder
      from (${requestsOfDay(
        folded.map((r) => r.id),
        day,
      )}) e join ${formSends} on ${formSends.formId} = e.${bare(formSends.formId)}
        and ${formSends.sentOrder} = e.${bare(formSends.sentOrder)}
        join ${forms} on ${forms.id} = ${formSends.formId}
        join ${entities} on ${entities.workspaceName} = ${forms.workspaceName}
      order by 1, e.${bare(formSends.sentAt)}, e.${bare(formSends.formId)}, e.${bare(formSends.sentOrder)},
        e.reminder`,
  );
  const url = digestUrl(ctx);
  for (const r of folded) {
    const items = found
      .filter((f) => f.user_id === r.id)
      .slice(cap)
      .map((f) => ({ formName: f.form_name, entityName: f.entity_name, reminder: f.reminder }));
    if (!items.length) continue;
    const vars = { name: r.name, items, url };
    const [waiting] = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.recipient, r.email),
          eq(mailOutbox.template, "form-digest"),
          eq(mailOutbox.status, "queued"),
          eq(mailOutbox.nextAttemptAt, day.digestAt),
        ),
      )
      .for("update");
    if (waiting) {
      const content = mailTemplates["form-digest"](r.language, vars);
      await tx
        .update(mailOutbox)
        .set({ subject: content.subject, textBody: content.text, htmlBody: content.html })
        .where(eq(mailOutbox.id, waiting.id));
    } else {
      await ctx.mailer.enqueue(tx, [
        { to: r.email, language: r.language, template: "form-digest", vars, notBefore: day.digestAt },
      ]);
    }
  }
}
