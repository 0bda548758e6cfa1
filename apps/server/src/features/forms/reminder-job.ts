import { and, asc, eq, isNull, lte, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client";
import { entities, formRecipients, formSends, forms, users } from "../../db/schema";
import type { Job } from "../../jobs/runner";
import type { AppContext } from "../../lib/context";
import { acceptedClientIds, formUrl } from "./send";

export const REMINDER_JOB = "form-reminders";
/** Sends whose reminders one transaction takes; the job repeats until none is due. */
const SENDS_PER_BATCH = 50;

interface DueSend {
  formId: number;
  sentOrder: number;
  workspace: string;
  entityName: string;
  formName: string;
}

/**
 * Takes up to a batch of sends whose reminder is due and marks them reminded (`reminder_sent_at`), in the
 * caller's transaction. The rows stay locked until it commits and other instances skip them (`SKIP LOCKED`), so
 * each send is reminded once; a crash before commit leaves them due.
 */
async function takeDueSends(tx: Db, now: Date): Promise<DueSend[]> {
  const due = await tx
    .select({
      formId: formSends.formId,
      sentOrder: formSends.sentOrder,
      workspace: forms.workspaceName,
      entityName: entities.name,
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
  for (const d of due)
    await tx
      .update(formSends)
      .set({ reminderSentAt: now })
      .where(and(eq(formSends.formId, d.formId), eq(formSends.sentOrder, d.sentOrder)));
  return due;
}

/** Queues a "form-reminder" mail to each recipient of the send who has not answered and is still a member. */
async function remind(ctx: AppContext, tx: Db, send: DueSend, members: Set<string>): Promise<number> {
  const unanswered = await tx
    .select({ id: users.id, name: users.name, email: users.email, language: users.language })
    .from(formRecipients)
    .innerJoin(users, eq(users.id, formRecipients.userId))
    .where(
      and(
        eq(formRecipients.formId, send.formId),
        eq(formRecipients.sentOrder, send.sentOrder),
        isNull(formRecipients.answeredAt),
      ),
    );
  const to = unanswered.filter((u) => members.has(u.id));
  const url = formUrl(ctx, send.formId);
  await ctx.mailer.enqueue(
    tx,
    to.map((u) => ({
      to: u.email,
      language: u.language,
      template: "form-reminder" as const,
      vars: { name: u.name, formName: send.formName, entityName: send.entityName, url },
    })),
  );
  return to.length;
}

/**
 * Reminders of sends made with `reminder_after_hours`: once due, each unanswered recipient who is still an
 * accepted, active member gets one reminder mail, queued in the transaction that marks the send reminded.
 */
export function formReminderJob(ctx: AppContext, log: FastifyBaseLogger): Job {
  return {
    name: REMINDER_JOB,
    async run(now) {
      for (;;) {
        const taken = await ctx.db.transaction(async (tx) => {
          const due = await takeDueSends(tx, now);
          const membersOf = new Map<string, Set<string>>();
          for (const send of due) {
            let members = membersOf.get(send.workspace);
            if (!members) {
              members = new Set(await acceptedClientIds(tx, send.workspace));
              membersOf.set(send.workspace, members);
            }
            const mails = await remind(ctx, tx, send, members);
            log.info({ form: send.formId, sentOrder: send.sentOrder, mails }, "form reminders queued");
          }
          return due.length;
        });
        if (taken < SENDS_PER_BATCH) return;
      }
    },
  };
}
