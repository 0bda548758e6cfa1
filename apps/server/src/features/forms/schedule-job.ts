import { eq, inArray, max } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client";
import { formSchedules, forms, jobSlots } from "../../db/schema";
import { HOUR } from "../../jobs/clock";
import type { Job } from "../../jobs/runner";
import { claimSlot } from "../../jobs/slots";
import type { AppContext } from "../../lib/context";
import { nextRunAt, type ScheduleTiming } from "./schedule-time";
import { acceptedClientIds, sendForm } from "./send";

export const SCHEDULE_JOB = "form-schedules";
/** The job_slots name of one schedule's runs. */
export const scheduleSlotJob = (scheduleId: number) => `form-schedule:${scheduleId}`;
/**
 * Catch-up after downtime (docs/decisions.md, "Jobs and mail"): only the latest missed run, and only while it is
 * less than 24 hours old. A server that was down for a week sends one request when it is back, not seven.
 */
export const CATCH_UP_MS = 24 * HOUR;

/**
 * The run to do at `now`: the latest run of the schedule after `since` (its latest done slot, or its creation)
 * and at or before `now`, if less than CATCH_UP_MS old; null when there is none.
 */
export function dueSlot(timing: ScheduleTiming, since: Date, now: Date): Date | null {
  const from = new Date(Math.max(since.getTime(), now.getTime() - CATCH_UP_MS));
  let due: Date | null = null;
  for (let at = nextRunAt(timing, from); at && at <= now; at = nextRunAt(timing, at)) due = at;
  return due;
}

type Schedule = typeof formSchedules.$inferSelect & { workspace: string };

async function activeSchedules(db: Db): Promise<Schedule[]> {
  const found = await db
    .select({ s: formSchedules, workspace: forms.workspaceName })
    .from(formSchedules)
    .innerJoin(forms, eq(forms.id, formSchedules.formId))
    .where(eq(formSchedules.active, true));
  return found.map((r) => ({ ...r.s, workspace: r.workspace }));
}

/** The latest done slot of each schedule, by schedule id. */
async function lastSlots(db: Db, ids: number[]): Promise<Map<number, Date>> {
  if (!ids.length) return new Map();
  const found = await db
    .select({ job: jobSlots.job, at: max(jobSlots.slotAt) })
    .from(jobSlots)
    .where(inArray(jobSlots.job, ids.map(scheduleSlotJob)))
    .groupBy(jobSlots.job);
  const byId = new Map<number, Date>();
  for (const r of found) if (r.at) byId.set(Number(r.job.slice(r.job.indexOf(":") + 1)), r.at);
  return byId;
}

/**
 * Claims the slot and sends the form in one transaction: both commit or neither. All members: every accepted,
 * active client member now; a chosen list: those of its people who still are (the others are skipped). Nobody
 * left: the slot is claimed and nothing is sent.
 */
async function runSlot(
  ctx: AppContext,
  s: Schedule,
  slot: Date,
  now: Date,
): Promise<"sent" | "empty" | "taken"> {
  return ctx.db.transaction(async (tx) => {
    if (!(await claimSlot(tx, scheduleSlotJob(s.id), slot))) return "taken";
    const members = await acceptedClientIds(tx, s.workspace);
    let userIds = members;
    if (!s.allMembers) {
      const chosen = new Set(s.userIds);
      userIds = members.filter((id) => chosen.has(id));
    }
    if (!userIds.length) return "empty";
    await sendForm(ctx, tx, {
      workspace: s.workspace,
      formId: s.formId,
      userIds,
      sentBy: null,
      scheduleId: s.id,
      reminderAfterHours: s.reminderAfterHours,
      now,
    });
    return "sent";
  });
}

/**
 * Recurring form sends: at each tick, every active schedule whose run is due (see dueSlot) is sent once, whatever
 * the number of server instances, because the slot is claimed in the send's transaction (jobs/slots.ts).
 */
export function formScheduleJob(ctx: AppContext, log: FastifyBaseLogger): Job {
  return {
    name: SCHEDULE_JOB,
    async run(now) {
      const schedules = await activeSchedules(ctx.db);
      const done = await lastSlots(
        ctx.db,
        schedules.map((s) => s.id),
      );
      for (const s of schedules) {
        const last = done.get(s.id);
        const slot = dueSlot(s, last && last > s.createdAt ? last : s.createdAt, now);
        if (!slot) continue;
        try {
          const outcome = await runSlot(ctx, s, slot, now);
          if (outcome !== "taken")
            log.info({ schedule: s.id, form: s.formId, slot: slot.toISOString(), outcome }, "recurring send");
        } catch (err) {
          // one broken schedule does not hold up the others; its slot stays open and is tried at the next tick
          log.error({ schedule: s.id, form: s.formId, err }, "recurring send failed");
        }
      }
    },
  };
}
