import { HEAT_STRESS, measureOf, NOTIFICATION_TYPE } from "@mimamori/shared";
import { and, asc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../../db/client";
import { notificationSettings, notifications } from "../../../db/schema";
import { HOUR } from "../../../jobs/clock";
import type { Job } from "../../../jobs/runner";
import type { AppContext } from "../../../lib/context";
import { at } from "../../../lib/time-sql";
import { type AlertRow, alertColumns, queueAlertMails, staffRecipients } from "./mails";

export const ESCALATION_JOB = "alert-escalation";
/** Alerts one transaction escalates at most; the job repeats until none is due. */
const ESCALATION_BATCH = 200;
/**
 * An escalation whose moment passed more than this long ago is not sent (after downtime, or when an entity turns
 * escalation on): like the catch-up of digests, a day-old "act now" mail would only mislead.
 */
export const ESCALATION_CATCH_UP_MS = 24 * HOUR;

/**
 * Takes the red heat-stress alerts due for escalation at `now` and marks them escalated, in one statement:
 * unacknowledged, not removed, not yet escalated, raised at least the entity's escalation minutes ago (and that
 * moment less than a day ago). Locked (`SKIP LOCKED`), so two instances escalate disjoint alerts.
 */
async function takeDue(tx: Db, now: Date): Promise<AlertRow[]> {
  const n = notifications;
  const s = notificationSettings;
  const dueAt = sql`${n.createdAt} + make_interval(mins => ${s.escalationMinutes}::int)`;
  const due = tx
    .select({ id: n.id })
    .from(n)
    .innerJoin(
      s,
      and(eq(s.workspaceName, n.workspaceName), eq(s.notificationType, NOTIFICATION_TYPE.measurement)),
    )
    .where(
      and(
        eq(n.notificationType, NOTIFICATION_TYPE.measurement),
        eq(n.measure, measureOf(HEAT_STRESS).measure),
        isNull(n.escalatedAt),
        isNull(n.acknowledgedAt),
        isNull(n.deletedAt),
        // raised during a snooze: recorded, never mailed (issue 28)
        isNull(n.snoozeId),
        isNotNull(s.escalationMinutes),
        sql`${dueAt} <= ${at(now.getTime())}`,
        sql`${dueAt} > ${at(now.getTime() - ESCALATION_CATCH_UP_MS)}`,
      ),
    )
    .orderBy(asc(n.id))
    .limit(ESCALATION_BATCH)
    .for("update", { of: n, skipLocked: true });
  // by primary key from the locked ids (see digest.ts takeUnmailed)
  const taken = await tx
    .update(n)
    .set({ escalatedAt: now })
    .where(sql`${n.id} = any(array(${due}))`)
    .returning(alertColumns);
  return taken.sort((a, b) => a.id - b.id);
}

/**
 * Escalation (docs/decisions.md, "Alerts (issue 11)"): a red heat-stress alert nobody acknowledged within the
 * entity's escalation time is mailed once to every accepted staff member of the entity, whatever their own e-mail
 * choice; `escalated_at` is set in the transaction that queues the mails.
 */
export function alertEscalationJob(ctx: AppContext, log: FastifyBaseLogger): Job {
  return {
    name: ESCALATION_JOB,
    async run(now) {
      for (;;) {
        const taken = await ctx.db.transaction(async (tx) => {
          const due = await takeDue(tx, now);
          const byEntity = new Map<string, AlertRow[]>();
          for (const a of due) byEntity.set(a.workspace, [...(byEntity.get(a.workspace) ?? []), a]);
          for (const [ws, alerts] of byEntity) {
            const recipients = await staffRecipients(tx, ws);
            const mails = await queueAlertMails(ctx, tx, {
              workspace: ws,
              kind: "escalation",
              alerts,
              recipients,
            });
            log.info({ workspace: ws, alerts: alerts.length, mails }, "heat-stress alerts escalated");
          }
          return due.length;
        });
        if (taken < ESCALATION_BATCH) return;
      }
    },
  };
}
