import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./identity";

/** An organisation (workspace); `workspace_name` is its ID. A small reference table. */
export const entities = pgTable("entities", {
  workspaceName: text("workspace_name").primaryKey(),
  name: text("name").notNull(),
  description: text("description").notNull(),
  isPublic: boolean("is_public").notNull().default(true),
  language: text("language", { enum: ["jp", "en"] })
    .notNull()
    .default("jp"),
  notificationSettingStatus: text("notification_setting_status", { enum: ["unlocked", "locked"] })
    .notNull()
    .default("unlocked"),
  /** IANA zone of the entity's local times (recurring sends, alert schedules). */
  timeZone: text("time_zone").notNull().default("Asia/Tokyo"),
  /**
   * Days raw band samples of its members are kept (issue 32 §2); null = the server's default. A person's raw
   * samples are kept as long as the longest setting among the entities they belong to (docs/decisions.md).
   */
  rawRetentionDays: integer("raw_retention_days"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A person's membership of an entity, as staff or as a watched-over client.
 * Clients apply (pending) and are accepted by staff; staff invite existing accounts (invited), and only the
 * person's own acceptance makes the membership accepted. `accepted_at` is when consent took effect: the
 * entity sees a member's band data from then on, never before (docs/decisions.md).
 */
export const memberships = pgTable(
  "memberships",
  {
    workspaceName: text("workspace_name")
      .notNull()
      .references(() => entities.workspaceName, { onDelete: "cascade", onUpdate: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["staff", "client"] }).notNull(),
    /**
     * `closed`: an accepted membership of a person whose account is closed and waiting for deletion (issue 29 §4);
     * no rule treats it as a membership (db/membership-rules.ts), and cancelling the deletion makes it accepted again.
     */
    status: text("status", { enum: ["pending", "invited", "accepted", "closed"] }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceName, t.userId, t.role] }),
    index("memberships_user_idx").on(t.userId),
  ],
);
