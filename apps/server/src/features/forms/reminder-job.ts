import { and, asc, eq, isNull, lte, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client";
import { entities, formRecipients, formSends, forms, users } from "../../db/schema";
import type { Job } from "../../jobs/runner";
import type { AppContext } from "../../lib/context";
import { recipientColumns } from "../../lib/mail/mailer";
import {
  type CappedRecipient,
  FORM_MAILS_PER_DAY,
  lockRecipients,
  type MailDay,
  mailDay,
  requestsToday,
  writeDigests,
} from "./mail-cap";
import { acceptedClientIds, queueFormMails } from "./send";

export const REMINDER_JOB = "form-reminders";
/** Sends whose reminders one transaction takes; the job repeats until none is due. */
const SENDS_PER_BATCH = 50;

interface DueSend {
  formId: number;
  sentOrder: number;
  workspace: string;
  entityName: string;
  timeZone: string;
  formName: string;
}

/**
 * Takes up to a batch of sends whose reminder is due, locked in the caller's transaction (in the order their
 * requests are counted: mail-cap.ts sorts a day's requests of one instant by form and sent order). The rows stay
 * locked until it commits and other instances skip them (`SKIP LOCKED`), so each send is reminded once; a crash
 * before commit leaves them due.
 */
async function takeDueSends(tx: Db, now: Date): Promise<DueSend[]> {
  const due = await tx
    .select({
      formId: formSends.formId,
      sentOrder: formSends.sentOrder,
      workspace: forms.workspaceName,
      entityName: entities.name,
      timeZone: entities.timeZone,
      // the name the members were sent (the snapshot), not a later rename
      formName: sql<string>`${formSends.snapshot}->>'name'`,
    })
    .from(formSends)
    .innerJoin(forms, eq(forms.id, formSends.formId))
    .innerJoin(entities, eq(entities.workspaceName, forms.workspaceName))
    .where(and(lte(formSends.reminderDueAt, now), isNull(formSends.reminderSentAt)))
    .orderBy(asc(formSends.reminderDueAt))
    .limit(SENDS_PER_BATCH)
    .for("update", { of: formSends, skipLocked: true });
  return due.sort((a, b) => a.formId - b.formId || a.sentOrder - b.sentOrder);
}

/** The recipients of the send who have not answered and are still members: who would get its reminder. */
async function unansweredMembers(tx: Db, send: DueSend, members: Set<string>): Promise<CappedRecipient[]> {
  const unanswered = await tx
    .select(recipientColumns)
    .from(formRecipients)
    .innerJoin(users, eq(users.id, formRecipients.userId))
    .where(
      and(
        eq(formRecipients.formId, send.formId),
        eq(formRecipients.sentOrder, send.sentOrder),
        isNull(formRecipients.answeredAt),
      ),
    );
  return unanswered.filter((u) => members.has(u.id));
}

/**
 * Reminds one batch of due sends in one transaction. A reminder is a request mail (issue 29 §5, mail-cap.ts):
 * every person to remind is locked as sendForm locks its recipients (all at once, in id order), their requests of
 * the day are counted on each sending entity's clock, and a reminder past the day's cap is not mailed but named in
 * the person's digest of the day. The sends are marked reminded (`reminder_sent_at`) after the counting, so the
 * batch's own reminders count once, in the order the digest lists them.
 */
async function remindBatch(ctx: AppContext, tx: Db, now: Date, log: FastifyBaseLogger): Promise<number> {
  const due = await takeDueSends(tx, now);
  if (!due.length) return 0;
  const membersOf = new Map<string, Set<string>>();
  const toRemind = new Map<DueSend, CappedRecipient[]>();
  for (const send of due) {
    let members = membersOf.get(send.workspace);
    if (!members) {
      members = new Set(await acceptedClientIds(tx, send.workspace));
      membersOf.set(send.workspace, members);
    }
    toRemind.set(send, await unansweredMembers(tx, send, members));
  }
  await lockRecipients(tx, [...new Set([...toRemind.values()].flat().map((p) => p.id))]);

  const cap = ctx.config.formMailsPerDay ?? FORM_MAILS_PER_DAY;
  // the requests of the day so far, per sending entity's day
  const days = new Map<
    string,
    { day: MailDay; counts: Map<string, number>; folded: Map<string, CappedRecipient> }
  >();
  for (const send of due) {
    if (days.has(send.timeZone)) continue;
    const day = mailDay(now, send.timeZone);
    const ids = due
      .filter((d) => d.timeZone === send.timeZone)
      .flatMap((d) => (toRemind.get(d) ?? []).map((p) => p.id));
    days.set(send.timeZone, {
      day,
      counts: await requestsToday(tx, [...new Set(ids)], day),
      folded: new Map(),
    });
  }
  for (const send of due)
    await tx
      .update(formSends)
      .set({ reminderSentAt: now })
      .where(and(eq(formSends.formId, send.formId), eq(formSends.sentOrder, send.sentOrder)));

  for (const send of due) {
    const ofDay = days.get(send.timeZone);
    if (!ofDay) continue;
    const mailed: CappedRecipient[] = [];
    for (const p of toRemind.get(send) ?? []) {
      const n = ofDay.counts.get(p.id) ?? 0;
      ofDay.counts.set(p.id, n + 1);
      if (n < cap) mailed.push(p);
      else ofDay.folded.set(p.id, p);
    }
    const form = { id: send.formId, name: send.formName };
    await queueFormMails(ctx, tx, "form-reminder", send.entityName, form, mailed);
    const folded = (toRemind.get(send)?.length ?? 0) - mailed.length;
    log.info(
      { form: send.formId, sentOrder: send.sentOrder, mails: mailed.length, folded },
      "form reminders queued",
    );
  }
  for (const { day, folded } of days.values()) await writeDigests(ctx, tx, [...folded.values()], day, cap);
  return due.length;
}

/**
 * Reminders of sends made with `reminder_after_hours`: once due, each unanswered recipient who is still an
 * accepted, active member gets one reminder mail, queued in the transaction that marks the send reminded, or,
 * past the day's cap of request mails, a line in their digest of the day.
 */
export function formReminderJob(ctx: AppContext, log: FastifyBaseLogger): Job {
  return {
    name: REMINDER_JOB,
    async run(now) {
      for (;;) {
        const taken = await ctx.db.transaction((tx) => remindBatch(ctx, tx, now, log));
        if (taken < SENDS_PER_BATCH) return;
      }
    },
  };
}
