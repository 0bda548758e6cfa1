import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** One row per person; `id` is the `uid` of the API. Staff and client roles come from memberships. */
export const users = pgTable("users", {
  id: uuid("id").primaryKey().defaultRandom(),
  email: text("email").notNull().unique(),
  name: text("name").notNull(),
  passwordHash: text("password_hash"),
  emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
  language: text("language", { enum: ["jp", "en"] })
    .notNull()
    .default("jp"),
  isSuperUser: boolean("is_super_user").notNull().default(false),
  /** Bumped on password change or reset: id tokens carrying an older value stop working. */
  tokenVersion: integer("token_version").notNull().default(0),
  displayName: text("display_name").notNull().default(""),
  firstName: text("first_name").notNull().default(""),
  lastName: text("last_name").notNull().default(""),
  firstNameKana: text("first_name_kana").notNull().default(""),
  lastNameKana: text("last_name_kana").notNull().default(""),
  phoneNumber1: text("phone_number1").notNull().default(""),
  phoneNumber2: text("phone_number2").notNull().default(""),
  address: text("address").notNull().default(""),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  /**
   * Issue 29 §4: the account is closed (no sign-in except to cancel, staff no longer see the person) since
   * `closed_at`, and its rows are deleted at `deletion_due_at` (14 days later) unless the person cancels.
   */
  closedAt: timestamp("closed_at", { withTimezone: true }),
  deletionDueAt: timestamp("deletion_due_at", { withTimezone: true }),
  /** Who started the deletion: the person, or an admin acting on the person's written request. */
  deletionRequestedBy: text("deletion_requested_by", { enum: ["self", "admin"] }),
});

/**
 * Consent to a version of the terms of use and of the privacy policy, with its time. The session lookup reads each
 * person's latest (the new-terms gate, issue 29 §2) through `consents_user_idx`.
 */
export const consents = pgTable(
  "consents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    termsVersion: text("terms_version").notNull(),
    privacyVersion: text("privacy_version").notNull(),
    agreedAt: timestamp("agreed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("consents_user_idx").on(t.userId, t.agreedAt)],
);

/**
 * Issue 29 §2: the consent history beyond the terms (kept in `consents`): each entity membership accepted or
 * left, each data-item share granted or revoked, each staff invitation accepted. The entity's and the item's
 * names are copied, so the history outlives them; the person's own rows go with the person.
 */
export const consentEvents = pgTable(
  "consent_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", {
      enum: [
        "membership-accepted",
        "membership-left",
        "share-granted",
        "share-revoked",
        "staff-invitation-accepted",
      ],
    }).notNull(),
    workspaceName: text("workspace_name"),
    entityName: text("entity_name"),
    /** The data item type's key for a share (the page names it in the reader's language), else null. */
    detail: text("detail"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("consent_events_user_idx").on(t.userId, t.at)],
);

/**
 * Issue 29 §3: at most one export of a person's data runs at a time, across servers: a row is the running export's
 * lease (taken with INSERT … ON CONFLICT, released at the end, taken over once `expires_at` has passed).
 */
export const personalExports = pgTable("personal_exports", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/** A signed-in session: holds the hash of its current refresh token, rotated on every refresh. */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    refreshTokenHash: text("refresh_token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/**
 * Refresh tokens a session has rotated away from. Presenting one again means the token was copied: the whole
 * session (the family of tokens it issued) is revoked.
 */
export const retiredRefreshTokens = pgTable(
  "retired_refresh_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    retiredAt: timestamp("retired_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("retired_refresh_tokens_session_idx").on(t.sessionId)],
);

/** Single-use tokens sent by e-mail (verification, password reset, invitation); only their hash is kept. */
export const authTokens = pgTable(
  "auth_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["verify-email", "reset-password", "invite"] }).notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("auth_tokens_user_idx").on(t.userId, t.purpose)],
);

/** Throttling events (failed sign-ins, mails requested); kept in the DB so every instance sees them. */
export const rateEvents = pgTable(
  "rate_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    key: text("key").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("rate_events_lookup_idx").on(t.kind, t.key, t.at)],
);

/** Server-generated secrets (e.g. the id-token signing key when AUTH_SECRET is not set). */
export const appSecrets = pgTable("app_secrets", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});

export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    template: text("template").notNull(),
    /**
     * queued: waiting for the outbox worker (retried with backoff until `attempts` runs out); outbox: kept only
     * (no SMTP in development); sent: accepted by the SMTP server; failed: gave up.
     */
    status: text("status", { enum: ["queued", "outbox", "sent", "failed"] }).notNull(),
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
    /** When a queued mail may be tried (again); a worker that claims it moves this past its lease. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("mail_outbox_queued_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`)],
);
