import { ACK_ACTIONS } from "@mimamori/shared";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { at, entityRef, parentRef, userRef } from "./columns";
import { mailOutbox, users } from "./identity";

/*
 * Alerts (issue 11; docs/decisions.md "Alerts"). Notification types: 1 synchronization, 2 measurement.
 */

/** An entity's choice per notification type; without a row the defaults apply (NOTIFICATION_DEFAULTS). */
export const notificationSettings = pgTable(
  "notification_settings",
  {
    workspaceName: entityRef(),
    notificationType: smallint("notification_type").notNull(),
    /** FREQUENCIES id. */
    frequencyId: smallint("frequency_id").notNull(),
    /** Synchronization only: SYNC_LENGTH_OPTIONS id. */
    syncLengthOptionId: smallint("sync_length_option_id"),
    /** Measurement only: minutes until an unacknowledged red heat-stress alert goes to all staff; null never. */
    escalationMinutes: smallint("escalation_minutes"),
    updatedAt: at("updated_at").notNull().defaultNow(),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [primaryKey({ columns: [t.workspaceName, t.notificationType] })],
);

/** A staff member's own choice to receive a type's alert e-mails; without a row they do. */
export const staffNotificationPrefs = pgTable(
  "staff_notification_prefs",
  {
    workspaceName: entityRef(),
    userId: userRef(),
    notificationType: smallint("notification_type").notNull(),
    receiveEmail: boolean("receive_email").notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceName, t.userId, t.notificationType] })],
);

/**
 * Where each member's measure stands for an entity: in the red or not, as of the latest sample judged. An alert
 * fires on the step into red and not again until a sample has left red (one alert per excursion).
 */
export const alertStates = pgTable(
  "alert_states",
  {
    userId: userRef(),
    workspaceName: entityRef(),
    measure: smallint("measure").notNull(),
    inRed: boolean("in_red").notNull(),
    /** Time of the latest sample judged: older samples arriving later do not move the state. */
    lastAt: at("last_at").notNull(),
    /** Value of that sample (the watch board grades it; null in states written before issue 28). */
    lastValue: doublePrecision("last_value"),
    /**
     * The zone of that value under the ranges that applied when it was judged (kept by the alert engine and
     * re-graded when an entity's or a member's ranges change), so the watch board reads only members out of green.
     * Null: not graded yet (states written before migration 0011); the board grades those itself.
     */
    zone: text("zone", { enum: ["red", "yellow", "green"] }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.workspaceName, t.measure] }),
    index("alert_states_attention_idx").on(t.workspaceName).where(sql`${t.zone} is distinct from 'green'`),
  ],
);

/** An alert about a member, for an entity's staff. */
export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    workspaceName: entityRef(),
    userId: userRef(),
    notificationType: smallint("notification_type").notNull(),
    /** Measurement: the report code number (5098 …). */
    measure: smallint("measure"),
    value: doublePrecision("value"),
    /** Measurement: the sample's time; synchronization: the member's last sync. */
    at: at("at").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
    /** Measurement: a sample left red; synchronization: data arrived again. */
    clearedAt: at("cleared_at"),
    /** When its alert mail (digest or real time) was queued; null: still to be mailed. */
    mailedAt: at("mailed_at"),
    escalatedAt: at("escalated_at"),
    acknowledgedAt: at("acknowledged_at"),
    acknowledgedBy: uuid("acknowledged_by").references(() => users.id, { onDelete: "set null" }),
    ackAction: text("ack_action", { enum: ACK_ACTIONS }),
    ackNote: text("ack_note"),
    /** Removed from the staff list; the heat-illness record keeps it. */
    deletedAt: at("deleted_at"),
    deletedBy: uuid("deleted_by").references(() => users.id, { onDelete: "set null" }),
    /** Raised while the member's measure was snoozed for the entity: recorded, never mailed (issue 28). */
    snoozeId: integer("snooze_id").references((): AnyPgColumn => memberSnoozes.id, { onDelete: "set null" }),
  },
  (t) => [
    index("notifications_list_idx").on(t.workspaceName, t.notificationType, t.createdAt),
    index("notifications_user_idx").on(t.userId),
    index("notifications_unmailed_idx").on(t.workspaceName).where(sql`${t.mailedAt} is null`),
    // one open out-of-sync alert per member and entity (one per gap)
    uniqueIndex("notifications_open_sync_idx")
      .on(t.workspaceName, t.userId)
      .where(sql`${t.notificationType} = 1 and ${t.clearedAt} is null`),
    // the watch board's open alerts: unacknowledged, not removed
    index("notifications_open_idx")
      .on(t.workspaceName, t.createdAt)
      .where(sql`${t.acknowledgedAt} is null and ${t.deletedAt} is null`),
  ],
);

/**
 * A staff member's pause of one member's alert mails of one measure for the entity (issue 28, docs/decisions.md
 * "The watch board"): alerts raised from `starts_at` until `until` (or `ended_at`, when ended early) are recorded
 * with `snooze_id` and never mailed.
 */
export const memberSnoozes = pgTable(
  "member_snoozes",
  {
    id: serial("id").primaryKey(),
    workspaceName: entityRef(),
    userId: userRef(),
    measure: smallint("measure").notNull(),
    startsAt: at("starts_at").notNull(),
    until: at("until").notNull(),
    reason: text("reason").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    /** Ended early by staff; null: runs until `until`. */
    endedAt: at("ended_at"),
  },
  (t) => [
    index("member_snoozes_member_idx").on(t.userId, t.workspaceName, t.measure),
    index("member_snoozes_open_idx").on(t.workspaceName, t.until).where(sql`${t.endedAt} is null`),
  ],
);

/** The mails that told staff about an alert: `email_sent_at` and "who was told" come from the outbox row. */
export const notificationMails = pgTable(
  "notification_mails",
  {
    notificationId: parentRef("notification_id", () => notifications.id),
    mailId: uuid("mail_id")
      .notNull()
      .references(() => mailOutbox.id, { onDelete: "cascade" }),
    recipientId: uuid("recipient_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind", { enum: ["alert", "escalation"] }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.notificationId, t.mailId] }),
    index("notification_mails_mail_idx").on(t.mailId),
  ],
);

/** Which staff member has seen which alert (the top bar's dot counts the others). */
export const notificationSeen = pgTable(
  "notification_seen",
  {
    notificationId: parentRef("notification_id", () => notifications.id),
    userId: userRef(),
    seenAt: at("seen_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.notificationId] })],
);
