import { z } from "zod";
import { REPORT_IDS, type ReportId } from "../measures";
import { AS_OF_MAX } from "./events";
import { EMAIL_STATUSES, HEAT_STRESS } from "./notifications";
import { isValidTimezone } from "./vitals";

/**
 * The watch board (issue 28): who needs attention now, for one entity, on the staff member's first screen
 * (`/staff`, `/staff/devices`). `GET /api/staff/{workspace}/board?timezone=…[&report_id=…]`.
 * Times are ISO-8601 (UTC); the web shows them in the entity's zone (`entity.time_zone`).
 */

/** Snoozes: a staff member pauses a member's alert mails for one measure, with a reason. */
export const SNOOZE_LIMITS = {
  /** Any measure: at most 7 days. */
  maxMinutes: 7 * 24 * 60,
  /** Heat-stress: at most one hour (a worker in the heat must not go unwatched for a shift). */
  heatStressMaxMinutes: 60,
  reasonMax: 200,
} as const;
/** The lengths the web offers (minutes); any whole number of minutes within the limits is accepted. */
export const SNOOZE_CHOICES_MINUTES = [30, 60, 120, 240, 480, 1440, 4320, 10080] as const;

/** Rows of each board list at most (the totals say how many there are). */
export const BOARD_LIST_MAX = 200;

export const boardMemberSchema = z.object({ uid: z.string(), name: z.string(), email: z.string() });
export type BoardMember = z.infer<typeof boardMemberSchema>;

export const snoozeSchema = z.object({
  id: z.number(),
  user: boardMemberSchema,
  report_id: z.enum(REPORT_IDS),
  starts_at: z.string(),
  until: z.string(),
  reason: z.string(),
  /** The staff member who snoozed. */
  by: z.object({ uid: z.string(), name: z.string() }),
});
export type Snooze = z.infer<typeof snoozeSchema>;

/** A member whose latest value of a measure is red or yellow under the ranges that apply to them. */
export const boardZoneRowSchema = z.object({
  user: boardMemberSchema,
  report_id: z.enum(REPORT_IDS),
  zone: z.enum(["red", "yellow"]),
  /** In the viewer's unit (°F in American zones, as reports do). */
  value: z.number(),
  unit: z.string(),
  /** The latest sample's time. */
  at: z.string(),
  /** Since when the member has been in this zone without a break (null: not known). */
  since: z.string().nullable(),
  /** The ranges used: tuned for the member, the entity's, or the defaults. */
  ranges: z.enum(["tuned", "entity", "default"]),
  /** An active snooze of this member's measure, if any. */
  snoozed_until: z.string().nullable(),
});
export type BoardZoneRow = z.infer<typeof boardZoneRowSchema>;

export const boardSilentRowSchema = z.object({
  user: boardMemberSchema,
  /** null: the member's band never synced. */
  last_sync_at: z.string().nullable(),
});
export type BoardSilentRow = z.infer<typeof boardSilentRowSchema>;

export const boardAlertRowSchema = z.object({
  id: z.number(),
  notification_type: z.number(),
  user: boardMemberSchema,
  /** Measurement alerts: the measure; synchronization alerts: null. */
  report_id: z.enum(REPORT_IDS).nullable(),
  value: z.number().nullable(),
  unit: z.string().nullable(),
  /** Measurement: the sample's time; synchronization: the member's last sync. */
  time: z.string(),
  created_at: z.string(),
  /** Who was mailed, and how that mail fared. */
  mailed: z.array(
    z.object({
      name: z.string(),
      status: z.enum(EMAIL_STATUSES),
      /** The first mail about the alert, or the escalation to every staff member. */
      kind: z.enum(["alert", "escalation"]),
    }),
  ),
  /** Raised while the member's measure was snoozed: recorded, not mailed. */
  snoozed: z.boolean(),
  /** When it goes to all staff if still unacknowledged (heat-stress with an escalation set); null never. */
  escalates_at: z.string().nullable(),
  escalated_at: z.string().nullable(),
});
export type BoardAlertRow = z.infer<typeof boardAlertRowSchema>;

export const boardFormRowSchema = z.object({
  form_id: z.number(),
  name: z.string(),
  sent_order: z.number(),
  sent_at: z.string(),
  answered: z.number(),
  total: z.number(),
  /** Recipients still to answer after the send's reminder time passed (0 without a reminder). */
  overdue: z.number(),
});
export type BoardFormRow = z.infer<typeof boardFormRowSchema>;

export const boardWearSchema = z.object({
  /** Accepted members of the entity. */
  members: z.number(),
  /** Members with any band data today (the entity's day). */
  today: z.number(),
  /** The seven days ending today, oldest first: members with any data that day. */
  week: z.array(z.object({ date: z.string(), members: z.number() })),
});
export type BoardWear = z.infer<typeof boardWearSchema>;

export const boardSchema = z.object({
  entity: z.object({ workspace_name: z.string(), name: z.string(), time_zone: z.string() }),
  generated_at: z.string(),
  /** The entity's out-of-sync setting (hours). */
  sync_length_hours: z.number(),
  /** Red rows first, then yellow; heat-stress first within a zone, then the newest. */
  zones: z.array(boardZoneRowSchema),
  zones_total: z.object({ red: z.number(), yellow: z.number() }),
  /** Silent longest first; members who never synced last. */
  not_syncing: z.array(boardSilentRowSchema),
  not_syncing_total: z.number(),
  /** Unacknowledged, not deleted, newest first. */
  open_alerts: z.array(boardAlertRowSchema),
  open_alerts_total: z.number(),
  /** Sends with answers outstanding, newest first. */
  forms_waiting: z.array(boardFormRowSchema),
  forms_waiting_total: z.number(),
  wear: boardWearSchema,
  /** Active snoozes, ending soonest first. */
  snoozes: z.array(snoozeSchema),
  snoozes_total: z.number(),
});
export type Board = z.infer<typeof boardSchema>;

export const boardQuerySchema = z.object({
  timezone: z
    .string("invalid-timezone")
    .min(1, "invalid-timezone")
    .max(64, "invalid-timezone")
    .refine(isValidTimezone, "invalid-timezone"),
  /** Only this measure's zone rows and alerts. */
  report_id: z.enum(REPORT_IDS, "unknown-report").optional(),
  /**
   * The `as_of` of the live event that prompted the read (schemas/events.ts): a board computed since that event may
   * be given. One the server does not know (another server's, an older event's) asks for a board as fresh as without.
   */
  as_of: z.string("invalid-input").max(AS_OF_MAX, "invalid-input").optional(),
});
export type BoardQuery = z.infer<typeof boardQuerySchema>;

/** POST /api/staff/{workspace}/snoozes */
export const snoozeBodySchema = z
  .object({
    /** An accepted member of the entity, else 404 member-not-found (the same for a malformed id). */
    user_id: z.uuid("member-not-found"),
    report_id: z.enum(REPORT_IDS, "unknown-report"),
    /** Length from now, in minutes. */
    minutes: z
      .number("invalid-snooze-length")
      .int("invalid-snooze-length")
      .min(1, "invalid-snooze-length")
      .max(SNOOZE_LIMITS.maxMinutes, "snooze-too-long"),
    reason: z.string("required").trim().min(1, "required").max(SNOOZE_LIMITS.reasonMax, "too-long"),
  })
  .superRefine((b, ctx) => {
    if (b.report_id === HEAT_STRESS && b.minutes > SNOOZE_LIMITS.heatStressMaxMinutes)
      ctx.addIssue({ code: "custom", message: "snooze-heat-stress-too-long", path: ["minutes"] });
  });
export type SnoozeBody = z.infer<typeof snoozeBodySchema>;

export const snoozeIdParamSchema = z.object({
  id: z.coerce
    .number("snooze-not-found")
    .int("snooze-not-found")
    .min(1, "snooze-not-found")
    .max(2_147_483_647, "snooze-not-found"),
});

/** Longest snooze the web offers for a measure. */
export function snoozeMaxMinutes(reportId: ReportId): number {
  return reportId === HEAT_STRESS ? SNOOZE_LIMITS.heatStressMaxMinutes : SNOOZE_LIMITS.maxMinutes;
}
