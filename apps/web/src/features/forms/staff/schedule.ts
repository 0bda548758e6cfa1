import {
  type FormSchedule,
  type Language,
  localeOf,
  type ScheduleBody,
  scheduleBodySchema,
} from "@mimamori/shared";

/** The schedule dialog's fields as typed (the reminder as the text of its input: empty means none). */
export interface ScheduleFields {
  kind: ScheduleBody["kind"];
  weekdays: number[];
  time: string;
  all_members: boolean;
  users: string[];
  reminder: string;
  active: boolean;
}

export type ScheduleIssues = Partial<Record<"kind" | "weekdays" | "time" | "users" | "reminder", string>>;

export function fieldsOf(s: FormSchedule | null): ScheduleFields {
  if (!s) {
    return {
      kind: "weekly",
      weekdays: [1],
      time: "09:00",
      all_members: true,
      users: [],
      reminder: "",
      active: true,
    };
  }
  return {
    kind: s.kind,
    weekdays: [...s.weekdays].sort((a, b) => a - b),
    time: s.time,
    all_members: s.all_members,
    users: [...s.users],
    reminder: s.reminder_after_hours === null ? "" : String(s.reminder_after_hours),
    active: s.active,
  };
}

/**
 * The request body of the fields, checked with the contract's `scheduleBodySchema` (the server's rules): a
 * weekly send needs a weekday, the time is HH:mm (24 h), a chosen-members send needs a member, the reminder is
 * 1–168 whole hours or empty. A daily send sends no weekdays; an all-members send no list.
 */
export function scheduleBody(f: ScheduleFields): { body: ScheduleBody | null; issues: ScheduleIssues } {
  const reminderText = f.reminder.trim();
  const reminder = reminderText === "" ? null : Number(reminderText);
  const result = scheduleBodySchema.safeParse({
    kind: f.kind,
    weekdays: f.kind === "weekly" ? [...new Set(f.weekdays)].sort((a, b) => a - b) : [],
    time: f.time,
    all_members: f.all_members,
    users: f.all_members ? [] : f.users,
    reminder_after_hours: reminder !== null && Number.isNaN(reminder) ? -1 : reminder,
    active: f.active,
  });
  if (result.success) return { body: result.data, issues: {} };
  const issues: ScheduleIssues = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    const key = field === "reminder_after_hours" ? "reminder" : field;
    if (key === "kind" || key === "weekdays" || key === "time" || key === "users" || key === "reminder") {
      issues[key] ??= issue.message;
    }
  }
  return { body: null, issues };
}

/** The weekday names of a language, Sunday first (0 … 6, as the schedules store them). */
export function weekdayNames(language: Language, width: "short" | "long"): string[] {
  const format = new Intl.DateTimeFormat(localeOf(language), { weekday: width, timeZone: "UTC" });
  // 2023-01-01 was a Sunday
  return Array.from({ length: 7 }, (_, i) => format.format(new Date(Date.UTC(2023, 0, 1 + i))));
}
