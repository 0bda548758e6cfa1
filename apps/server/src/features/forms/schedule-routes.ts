import { formScheduleSchema, INT4_MAX, type ScheduleBody, scheduleBodySchema } from "@mimamori/shared";
import { and, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client";
import { requireEntity } from "../../db/entities";
import { formSchedules, jobSlots } from "../../db/schema";
import { claimSlot } from "../../jobs/slots";
import { requireUser } from "../../lib/access";
import type { AppContext } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { CONFLICT, call } from "../../lib/openapi/operations";
import { requireForm } from "./forms";
import { staffFormParams } from "./params";
import { scheduleSlotJob } from "./schedule-job";
import { checkScheduleLimits } from "./schedule-limits";
import { listSchedules, presentSchedule, type ScheduleRow } from "./schedules";
import { requireRecipients } from "./send";

/** `/staff/:workspace/forms/:id/schedules/:scheduleId`; a malformed schedule id is no schedule of the form. */
const scheduleParams = staffFormParams.extend({
  scheduleId: z.coerce
    .number("schedule-not-found")
    .pipe(
      z.number().int("schedule-not-found").min(1, "schedule-not-found").max(INT4_MAX, "schedule-not-found"),
    ),
});

/**
 * The stored columns of a schedule body. The time zone is the entity's (`entities.time_zone`): the staff pick a
 * local time of their entity. Named users must be accepted, active client members (400 `recipient-not-member`);
 * a daily schedule keeps no weekdays.
 */
async function scheduleColumns(tx: Db, ws: string, body: ScheduleBody) {
  const entity = await requireEntity(tx, ws);
  const users = [...new Set(body.users)];
  if (users.length) await requireRecipients(tx, ws, users);
  return {
    kind: body.kind,
    weekdays: body.kind === "weekly" ? [...new Set(body.weekdays)].sort((a, b) => a - b) : [],
    localTime: body.time,
    timeZone: entity.timeZone,
    allMembers: body.all_members,
    userIds: users,
    reminderAfterHours: body.reminder_after_hours,
    active: body.active,
  };
}

/** The form's schedules, for the limits (schedule-limits.ts). */
const schedulesOf = (tx: Db, formId: number) =>
  tx.select().from(formSchedules).where(eq(formSchedules.formId, formId));

async function requireSchedule(db: Db, formId: number, scheduleId: number): Promise<ScheduleRow> {
  const [row] = await db
    .select()
    .from(formSchedules)
    .where(and(eq(formSchedules.id, scheduleId), eq(formSchedules.formId, formId)));
  if (!row) throw new AppError("schedule-not-found");
  return row;
}

/**
 * Recurring sends of a form (issue 10): daily, or on chosen weekdays, at a local time of the entity; to all
 * members or to a chosen list. schedule-job.ts sends them. Creating or replacing one keeps the limits of
 * schedule-limits.ts (issue 29 §5), checked with the form row locked; a refusal changes nothing.
 */
export function scheduleRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/staff/:workspace/forms/:id/schedules",
      {
        config: call("staff", "listFormSchedules", "A form's recurring sends"),
        schema: { params: staffFormParams, response: { 200: z.array(formScheduleSchema) } },
      },
      async (req) => {
        const form = await requireForm(ctx.db, req.params.workspace, req.params.id);
        return listSchedules(ctx.db, form.id, new Date());
      },
    );

    app.post(
      "/staff/:workspace/forms/:id/schedules",
      {
        config: call("staff", "createFormSchedule", "Add a recurring send", CONFLICT),
        schema: { params: staffFormParams, body: scheduleBodySchema, response: { 201: formScheduleSchema } },
      },
      async (req, reply) => {
        const { workspace, id } = req.params;
        const created = await ctx.db.transaction(async (tx) => {
          // locked: two parallel creations count and compare one after the other
          const form = await requireForm(tx, workspace, id, true);
          const columns = await scheduleColumns(tx, workspace, req.body);
          checkScheduleLimits(columns, await schedulesOf(tx, form.id));
          const [row] = await tx
            .insert(formSchedules)
            .values({ formId: form.id, ...columns, createdBy: requireUser(req).id })
            .returning();
          if (!row) throw new Error("insert returned no row");
          return row;
        });
        return reply.status(201).send(presentSchedule(created, new Date()));
      },
    );

    /** Replaces the schedule's settings; runs start from the new rule (see markRuleChange). */
    app.put(
      "/staff/:workspace/forms/:id/schedules/:scheduleId",
      {
        config: call("staff", "updateFormSchedule", "Change a recurring send", CONFLICT),
        schema: { params: scheduleParams, body: scheduleBodySchema, response: { 200: formScheduleSchema } },
      },
      async (req) => {
        const { workspace, id, scheduleId } = req.params;
        const now = new Date();
        const updated = await ctx.db.transaction(async (tx) => {
          const form = await requireForm(tx, workspace, id, true);
          await requireSchedule(tx, form.id, scheduleId);
          const columns = await scheduleColumns(tx, workspace, req.body);
          checkScheduleLimits(
            columns,
            (await schedulesOf(tx, form.id)).filter((s) => s.id !== scheduleId),
          );
          const [row] = await tx
            .update(formSchedules)
            .set(columns)
            .where(eq(formSchedules.id, scheduleId))
            .returning();
          if (!row) throw new AppError("schedule-not-found");
          await markRuleChange(tx, scheduleId, now);
          return row;
        });
        return presentSchedule(updated, now);
      },
    );

    app.delete(
      "/staff/:workspace/forms/:id/schedules/:scheduleId",
      {
        config: call("staff", "deleteFormSchedule", "Delete a recurring send"),
        schema: { params: scheduleParams },
      },
      async (req, reply) => {
        const { workspace, id, scheduleId } = req.params;
        await ctx.db.transaction(async (tx) => {
          const form = await requireForm(tx, workspace, id);
          await requireSchedule(tx, form.id, scheduleId);
          await tx.delete(formSchedules).where(eq(formSchedules.id, scheduleId));
          await tx.delete(jobSlots).where(eq(jobSlots.job, scheduleSlotJob(scheduleId)));
        });
        return reply.status(204).send();
      },
    );
  };
}

/**
 * A changed schedule runs from its new rule on: the change is recorded as a done slot at `now`, so runs of the
 * new rule that fall before the change (a time moved earlier today, the days a schedule was paused) are not
 * caught up by schedule-job.ts, which starts after the latest done slot.
 */
async function markRuleChange(tx: Db, scheduleId: number, now: Date): Promise<void> {
  await claimSlot(tx, scheduleSlotJob(scheduleId), now);
}
