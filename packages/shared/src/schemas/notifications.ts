import { z } from "zod";
import type { Language } from "../constants";
import { MEASURES, type Measure, measureOf, type ReportId } from "../measures";
import { timeError, type WindowLimitDays, windowError } from "../report-windows";
import { INT4_MAX } from "./common";
import { notificationSettingStatusSchema } from "./entities";

/**
 * Alerts (spec §2, §3, §4, §7, §9; docs/decisions.md "Alerts (issue 11)"). One numbering of notification types
 * everywhere (NOTIF-17): 1 synchronization, 2 measurement — the staff numbering. The admin download's
 * `notif_type` keeps the spec's reversed numbering (1 measurement, 2 synchronization) and is translated at
 * that route only (`ADMIN_NOTIF_TYPE`).
 */
export const NOTIFICATION_TYPE = { sync: 1, measurement: 2 } as const;
export type NotificationType = (typeof NOTIFICATION_TYPE)[keyof typeof NOTIFICATION_TYPE];
export const NOTIFICATION_TYPES: readonly NotificationType[] = [1, 2];
/** The admin call's numbering (spec §7): notif_type 1 measurement, 2 synchronization. */
export const ADMIN_NOTIF_TYPE: Record<1 | 2, NotificationType> = { 1: 2, 2: 1 };

/**
 * E-mail frequencies (spec §9): the times of day, on the entity's clock, at which a digest of new alerts is
 * mailed; "real time" mails within a minute of the sync that raised the alert (measurement only).
 */
export interface Frequency {
  id: number;
  order: number;
  /** HH:mm on the entity's clock; empty for real time. */
  times: readonly string[];
  realtime: boolean;
}
export const FREQUENCIES: readonly Frequency[] = [
  { id: 1, order: 1, times: ["12:00"], realtime: false },
  { id: 2, order: 2, times: ["12:00", "16:00"], realtime: false },
  { id: 3, order: 3, times: ["09:00", "12:00", "16:00"], realtime: false },
  { id: 4, order: 4, times: [], realtime: true },
];
export const FREQUENCY_NAMES: Record<number, Record<Language, string>> = {
  1: { en: "1 time", jp: "1回" },
  2: { en: "2 times", jp: "2回" },
  3: { en: "3 times", jp: "3回" },
  4: { en: "real time", jp: "リアルタイム" },
};
export const REALTIME_FREQUENCY_ID = 4;
/** The frequencies a notification type offers: real time is for measurement only (spec §9). */
export function frequenciesOf(type: NotificationType): Frequency[] {
  return FREQUENCIES.filter((f) => !f.realtime || type === NOTIFICATION_TYPE.measurement).sort(
    (a, b) => a.order - b.order,
  );
}
export function frequencyById(id: number): Frequency | undefined {
  return FREQUENCIES.find((f) => f.id === id);
}

/** Out-of-sync lengths (spec §3, §9), shown as "{duration_by_hour} hours out of sync". */
export const SYNC_LENGTH_OPTIONS = [
  { id: 1, duration_by_hour: 1 },
  { id: 2, duration_by_hour: 3 },
  { id: 3, duration_by_hour: 6 },
  { id: 4, duration_by_hour: 12 },
  { id: 5, duration_by_hour: 24 },
  { id: 6, duration_by_hour: 48 },
] as const;

/** Minutes after which an unacknowledged red heat-stress alert goes to every staff member of the entity. */
export const ESCALATION_MINUTES = [15, 30, 60, 120] as const;

/** Settings of an entity that never chose (docs/decisions.md). */
export const NOTIFICATION_DEFAULTS = {
  /** Measurement alerts are mailed at once: a red heat-stress score cannot wait for noon. */
  measurementFrequencyId: REALTIME_FREQUENCY_ID,
  syncFrequencyId: 1,
  /** 24 hours out of sync. */
  syncLengthOptionId: 5,
  escalationMinutes: null as number | null,
} as const;

/**
 * What an alert is about, for what staff can have done about it (docs/decisions.md "Acknowledgement actions"):
 * `heat` the heat-stress score; `vital` a body measure (heart rate, skin temperature, blood oxygen, respiratory
 * rate, blood pressure, heart-rate variability); `wellbeing` the strain and melancholy questionnaire scores;
 * `sync` a band that stopped sending.
 */
export const ALERT_KINDS = ["heat", "vital", "wellbeing", "sync"] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** The scores of how a member feels (JPSS strain, BDI melancholy): talked about, not treated on the spot. */
const WELLBEING_MEASURES: ReadonlySet<number> = new Set([5102, 5103]);

/** The kind of an alert of `notificationType` (1 sync, 2 measurement) about `measure` (5091 …; null for sync). */
export function alertKindOf(notificationType: number, measure: number | null): AlertKind {
  if (notificationType === NOTIFICATION_TYPE.sync) return "sync";
  if (measure === measureOf(HEAT_STRESS).measure) return "heat";
  return measure !== null && WELLBEING_MEASURES.has(measure) ? "wellbeing" : "vital";
}

/**
 * What staff did about an alert, per kind, in the order the acknowledgement dialog offers them (its first is the
 * dialog's default). An id means one thing in every list it is in; `other` ends each list.
 */
export const ACK_ACTIONS_BY_KIND = {
  heat: ["rested", "hydrated", "cooled", "sent_home", "called_family", "medical", "other"],
  vital: ["checked_on", "rested", "refitted", "known_condition", "called_family", "medical", "other"],
  wellbeing: ["talked", "workload_adjusted", "referred", "called_family", "other"],
  sync: ["band_checked", "member_contacted", "band_charging", "member_away", "other"],
} as const satisfies Record<AlertKind, readonly string[]>;

/** Every action of any kind (the stored column's values). */
export const ACK_ACTIONS = [
  "rested",
  "hydrated",
  "cooled",
  "sent_home",
  "called_family",
  "medical",
  "checked_on",
  "refitted",
  "known_condition",
  "talked",
  "workload_adjusted",
  "referred",
  "band_checked",
  "member_contacted",
  "band_charging",
  "member_away",
  "other",
] as const;
export type AckAction = (typeof ACK_ACTIONS)[number];

/** The actions that fit an alert of `kind`. */
export function ackActionsOf(kind: AlertKind): readonly AckAction[] {
  return ACK_ACTIONS_BY_KIND[kind];
}

/** Each action in words (the dialog, the lists, the heat-illness record and the CSVs). */
export const ACK_ACTION_NAMES: Record<AckAction, Record<Language, string>> = {
  rested: { jp: "休憩させた", en: "Rested" },
  hydrated: { jp: "水分・塩分を補給させた", en: "Hydrated" },
  cooled: { jp: "体を冷やした", en: "Cooled down" },
  sent_home: { jp: "帰宅させた", en: "Sent home" },
  called_family: { jp: "家族に連絡した", en: "Contacted family" },
  medical: { jp: "医療機関を受診させた", en: "Medical care" },
  checked_on: { jp: "本人の様子を確認した", en: "Checked on the member" },
  refitted: { jp: "バンドを着け直して測り直した", en: "Band refitted, measured again" },
  known_condition: { jp: "持病・服薬・治療中で把握済み", en: "Known condition (medication or treatment)" },
  talked: { jp: "本人と話をした", en: "Talked with the member" },
  workload_adjusted: { jp: "業務・負担を調整した", en: "Workload adjusted" },
  referred: { jp: "産業医・相談窓口につないだ", en: "Referred to a doctor or counsellor" },
  band_checked: { jp: "バンドを確認した", en: "Band checked" },
  member_contacted: { jp: "本人に連絡した", en: "Member contacted" },
  band_charging: { jp: "充電中・交換中", en: "Band charging or being replaced" },
  member_away: { jp: "休暇・不在", en: "Member away (leave, day off)" },
  other: { jp: "その他", en: "Other" },
};

export const NOTIFICATION_LIMITS = {
  /** Rows one list call returns per type at most, newest first (the rest: narrow the window). */
  listMax: 500,
  noteMax: 500,
  /** A list, record or admin download window: at most a year. */
  windowDays: 366 as WindowLimitDays,
  /** Ids one "seen" call may carry. */
  seenMax: 1000,
  /** Rows of the printable heat-illness record (the CSV has no such limit: it streams). */
  recordMax: 2000,
} as const;

/** The heat-stress score: its red alerts are escalated and form the heat-illness record. */
export const HEAT_STRESS: ReportId = "00005098";

/**
 * Measures that raise alerts: the level measures, judged sample by sample. Steps and sleep are totals of a
 * day or a night, not a state of the moment, so a single sample says nothing about them (NOTIF-19).
 */
export function raisesAlerts(m: Measure): boolean {
  return m.type === "time_series" && m.aggregation === "mean";
}
export const ALERT_MEASURES: readonly Measure[] = MEASURES.filter(raisesAlerts);

// ---- schemas ----

const int4Id = (code: string) => z.coerce.number(code).int(code).min(1, code).max(INT4_MAX, code);

export const notificationTypeParamSchema = z.object({
  type: z.coerce
    .number("invalid-notification-type")
    .refine((n): n is NotificationType => n === 1 || n === 2, "invalid-notification-type"),
});

const unixSeconds = z.coerce.number("invalid-time").superRefine((n, ctx) => {
  const code = timeError(n);
  if (code) ctx.addIssue({ code: "custom", message: code });
});
/** start_time/end_time in epoch seconds (spec §7), end after start, at most a year apart. */
const windowShape = { start_time: unixSeconds, end_time: unixSeconds };
const checkYear = (q: { start_time: number; end_time: number }, ctx: z.RefinementCtx) => {
  const code = windowError(q.start_time, q.end_time, NOTIFICATION_LIMITS.windowDays);
  if (code) ctx.addIssue({ code: "custom", message: code, path: ["end_time"] });
};
export const notificationWindowQuerySchema = z.object(windowShape).superRefine(checkYear);
export type NotificationWindowQuery = z.infer<typeof notificationWindowQuerySchema>;

export const heatRecordQuerySchema = z
  .object({ ...windowShape, format: z.enum(["json", "csv"], "invalid-input").default("json") })
  .superRefine(checkYear);
export type HeatRecordQuery = z.infer<typeof heatRecordQuerySchema>;

export const adminNotificationsQuerySchema = z
  .object({
    ...windowShape,
    /** The spec's admin numbering: 1 measurement, 2 synchronization. */
    notif_type: z.coerce
      .number("invalid-admin-notification-type")
      .refine((n): n is 1 | 2 => n === 1 || n === 2, "invalid-admin-notification-type"),
  })
  .superRefine(checkYear);

export const notificationEntitySchema = z.object({
  workspace_name: z.string(),
  name: z.string(),
  notification_setting_status: notificationSettingStatusSchema,
  time_zone: z.string(),
});
export type NotificationEntity = z.infer<typeof notificationEntitySchema>;

export const settingTypeSchema = z.object({ id: z.number(), name: z.string(), order: z.number() });
export type SettingType = z.infer<typeof settingTypeSchema>;

/** GET and POST /staff/{ws}/notification_settings/{1 or 2} (spec §7, plus the caller's own e-mail choice). */
export const notificationSettingResponseSchema = z.object({
  entity: notificationEntitySchema,
  notification_type: z.number(),
  notification_setting_type_list: z.array(settingTypeSchema),
  notification_setting_type: settingTypeSchema,
  /** The caller's own choice: receive this type's alert e-mails. */
  receive_email: z.boolean(),
  /** Measurement only: minutes until an unacknowledged red heat-stress alert goes to all staff (null: never). */
  escalation_minutes: z.number().nullable(),
  escalation_minutes_options: z.array(z.number()),
});
export type NotificationSettingResponse = z.infer<typeof notificationSettingResponseSchema>;

export const notificationSettingBodySchema = z.object({
  notification_setting_type_id: int4Id("invalid-frequency"),
  /** Measurement only; omitted keeps the current value. */
  escalation_minutes: z
    .number("invalid-escalation")
    .refine((n) => (ESCALATION_MINUTES as readonly number[]).includes(n), "invalid-escalation")
    .nullable()
    .optional(),
});
export type NotificationSettingBody = z.infer<typeof notificationSettingBodySchema>;

export const syncLengthOptionSchema = z.object({ id: z.number(), duration_by_hour: z.number() });
export const syncSettingsResponseSchema = z.object({
  entity: notificationEntitySchema,
  notification_sync_length_option_list: z.array(syncLengthOptionSchema),
  notification_sync_length_option: syncLengthOptionSchema,
});
export type SyncSettingsResponse = z.infer<typeof syncSettingsResponseSchema>;
export const syncSettingsBodySchema = z.object({
  notification_sync_length_option_id: int4Id("invalid-sync-length"),
});
export type SyncSettingsBody = z.infer<typeof syncSettingsBodySchema>;

/** PUT /staff/{ws}/notification_email: the caller's own choice, allowed while locked (it is not the entity's). */
export const receiveEmailBodySchema = z.object({
  notification_type: z
    .number("invalid-notification-type")
    .refine((n): n is NotificationType => n === 1 || n === 2, "invalid-notification-type"),
  receive_email: z.boolean("invalid-input"),
});
export type ReceiveEmailBody = z.infer<typeof receiveEmailBodySchema>;

export const notificationIdParamSchema = z.object({ id: int4Id("notification-not-found") });

const personSchema = z.object({ uid: z.string(), name: z.string(), email: z.string() });

/**
 * How the alert's e-mails fared: none queued yet, queued (or retrying), accepted by SMTP, or failed for good;
 * `dev_mailbox`: delivered to the development mailbox (no SMTP_URL outside production: the server keeps the mail
 * and staff read it at /staff/mailbox; docs/decisions.md "The development mailbox").
 */
export const EMAIL_STATUSES = ["none", "pending", "sent", "failed", "dev_mailbox"] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

export const acknowledgementSchema = z.object({
  at: z.string(),
  by: personSchema.omit({ email: true }),
  action: z.enum(ACK_ACTIONS),
  note: z.string(),
});

/** A notification (spec §3), with acknowledgement, delivery and escalation. Times are ISO-8601 (UTC). */
export const notificationSchema = z.object({
  id: z.number(),
  notification_type: z.number(),
  /** When an SMTP server first accepted a mail naming it (`dev_mailbox`: put in the mailbox); null until then. */
  email_sent_at: z.string().nullable(),
  email_status: z.enum(EMAIL_STATUSES),
  /** Seen by the caller. */
  is_seen: z.boolean(),
  /** Measurement: the sample's time; synchronization: the member's last sync. */
  time: z.string(),
  created_at: z.string(),
  user: personSchema,
  report: z.object({ id: z.string(), name_jp: z.string(), name_en: z.string(), unit: z.string() }).nullable(),
  value: z.number().nullable(),
  scope: z.enum(["red"]).nullable(),
  /** Measurement: the value left red; synchronization: data arrived again. */
  cleared_at: z.string().nullable(),
  acknowledged: acknowledgementSchema.nullable(),
  escalated_at: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  sync_list: z.array(notificationSchema),
  measurement_list: z.array(notificationSchema),
  /** True when a list holds `limit` rows and the window has more (older) ones. */
  truncated: z.boolean(),
  limit: z.number(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const acknowledgeBodySchema = z.object({
  action: z.enum(ACK_ACTIONS, "invalid-ack-action"),
  note: z.string("invalid-input").trim().max(NOTIFICATION_LIMITS.noteMax, "too-long").default(""),
});
export type AcknowledgeBody = z.infer<typeof acknowledgeBodySchema>;

export const seenBodySchema = z.object({
  ids: z
    .array(
      z.number("invalid-input").int("invalid-input").min(1, "invalid-input").max(INT4_MAX, "invalid-input"),
    )
    .max(NOTIFICATION_LIMITS.seenMax, "too-many-ids"),
});
export type SeenBody = z.infer<typeof seenBodySchema>;

export const unseenCountSchema = z.object({ count: z.number() });

/** One heat-stress alert in the heat-illness record: who was told, who acknowledged, when, what was done. */
export const heatRecordRowSchema = z.object({
  id: z.number(),
  time: z.string(),
  created_at: z.string(),
  user: personSchema,
  value: z.number().nullable(),
  told: z.array(
    z.object({
      name: z.string(),
      email: z.string(),
      kind: z.enum(["alert", "escalation"]),
      status: z.enum(EMAIL_STATUSES),
      sent_at: z.string().nullable(),
    }),
  ),
  acknowledged: acknowledgementSchema.nullable(),
  escalated_at: z.string().nullable(),
  cleared_at: z.string().nullable(),
  /** Removed from the staff list (the record keeps it). */
  deleted_at: z.string().nullable(),
  /** Raised while staff had snoozed the member's heat-stress alerts (issue 28): recorded, nobody mailed. */
  snooze: z
    .object({ reason: z.string(), until: z.string(), by: z.object({ uid: z.string(), name: z.string() }) })
    .nullable(),
});
export type HeatRecordRow = z.infer<typeof heatRecordRowSchema>;
export const heatRecordSchema = z.object({
  entity: notificationEntitySchema,
  start_time: z.number(),
  end_time: z.number(),
  rows: z.array(heatRecordRowSchema),
  truncated: z.boolean(),
});
export type HeatRecord = z.infer<typeof heatRecordSchema>;
