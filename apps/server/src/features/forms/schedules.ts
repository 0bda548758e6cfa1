import type { FormSchedule } from "@mimamori/shared";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { formSchedules } from "../../db/schema";
import { nextRunAt } from "./schedule-time";

export type ScheduleRow = typeof formSchedules.$inferSelect;

export function presentSchedule(s: ScheduleRow, now: Date): FormSchedule {
  const next = s.active ? nextRunAt(s, now) : null;
  return {
    id: s.id,
    kind: s.kind,
    weekdays: s.weekdays,
    time: s.localTime,
    time_zone: s.timeZone,
    all_members: s.allMembers,
    users: s.userIds,
    reminder_after_hours: s.reminderAfterHours,
    active: s.active,
    next_run_at: next?.toISOString() ?? null,
  };
}

export async function listSchedules(db: Db, formId: number, now: Date): Promise<FormSchedule[]> {
  const found = await db
    .select()
    .from(formSchedules)
    .where(eq(formSchedules.formId, formId))
    .orderBy(asc(formSchedules.id));
  return found.map((s) => presentSchedule(s, now));
}
