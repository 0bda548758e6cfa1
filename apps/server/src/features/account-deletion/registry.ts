/**
 * Every column of the database that can hold a person (issue 29 §4), and what an account's deletion does to it
 * (purge.ts). `registry.test.ts` reads the live schema and fails on a person column missing here: a new table with
 * a `user_id`, a `…_by`, a foreign key to `users` or an e-mail column must be handled before it ships.
 *
 * - cascade: the row goes with the `users` row (its foreign key says ON DELETE CASCADE);
 * - deleted: purge.ts deletes the rows explicitly (no foreign key: band data, answers, mail, throttle keys);
 * - nulled: another person's row keeps no trace of them (ON DELETE SET NULL, or set explicitly);
 * - pseudonymised: the row stays (an entity's records, the access audit) with the person replaced by one random
 *   id per deleted person;
 * - array: the person's id is removed from the array.
 */
export type Handling = "cascade" | "deleted" | "nulled" | "pseudonymised" | "array";

export const PERSON_COLUMNS: Record<string, { how: Handling; why: string }> = {
  "users.id": { how: "deleted", why: "the account itself" },
  "users.email": { how: "deleted", why: "the account itself" },
  "access_audit.subject_id": {
    how: "pseudonymised",
    why: "whose data was read: kept for the entity's record",
  },
  "access_audit.actor_id": { how: "pseudonymised", why: "who read (a staff member or admin being deleted)" },
  "access_audit.actor_name": { how: "pseudonymised", why: "the reader's name, copied" },
  "access_audit.address": { how: "pseudonymised", why: "the reader's IP address: blanked" },
  "alert_states.user_id": { how: "cascade", why: "the engine's state of the member" },
  "auth_tokens.user_id": { how: "cascade", why: "mailed link tokens" },
  "consent_events.user_id": { how: "cascade", why: "the person's consent history" },
  "consents.user_id": { how: "cascade", why: "terms accepted" },
  "data_images.added_by_user": { how: "nulled", why: "who added a file to someone else's item" },
  "data_items.user_id": {
    how: "cascade",
    why: "data items, with their answers, files, shares and view history",
  },
  "data_views.staff_id": { how: "nulled", why: "a staff member who viewed someone else's item" },
  "data_views.staff_name": { how: "nulled", why: "that staff member's name, copied: blanked" },
  "form_answers.user_id": { how: "deleted", why: "answers (no foreign key)" },
  "form_recipient_list.user_id": { how: "cascade", why: "a send's recipients" },
  "form_recipients.user_id": { how: "cascade", why: "a send's recipients" },
  "form_schedules.created_by": { how: "nulled", why: "who created a schedule" },
  "form_schedules.user_ids": { how: "array", why: "a schedule's chosen members" },
  "form_sends.sent_by": { how: "nulled", why: "who sent a form" },
  "forms.created_by": { how: "nulled", why: "who created a form" },
  "mail_outbox.recipient": { how: "deleted", why: "mail to them, and mail about them (their id in a link)" },
  "member_modules.user_id": { how: "cascade", why: "module use" },
  "member_snoozes.user_id": { how: "cascade", why: "snoozes of the member" },
  "member_snoozes.created_by": { how: "nulled", why: "who snoozed a member" },
  "memberships.user_id": { how: "cascade", why: "memberships" },
  "notification_mails.recipient_id": { how: "nulled", why: "a staff member told of an alert" },
  "notification_seen.user_id": { how: "cascade", why: "alerts a staff member has seen" },
  "notification_settings.updated_by": { how: "nulled", why: "who changed an entity's alert settings" },
  "notifications.user_id": {
    how: "cascade",
    why: "alerts about the member, with their mails and deliveries",
  },
  "notifications.acknowledged_by": { how: "nulled", why: "who acknowledged an alert" },
  "notifications.deleted_by": { how: "nulled", why: "who deleted an alert" },
  "personal_exports.user_id": { how: "cascade", why: "the export lease" },
  "rate_events.key": { how: "deleted", why: "throttle keys naming the e-mail address" },
  "report_tunings.user_id": { how: "cascade", why: "per-member report ranges" },
  "sessions.user_id": { how: "cascade", why: "sessions, with their retired refresh tokens" },
  "sleep_segments.user_id": { how: "cascade", why: "sleep data" },
  "sleep_sessions.user_id": { how: "cascade", why: "sleep data" },
  "staff_notification_prefs.user_id": { how: "cascade", why: "a staff member's alert mail choices" },
  "vital_buckets_day.user_id": { how: "deleted", why: "band data aggregates (no foreign key)" },
  "vital_buckets_hour.user_id": { how: "deleted", why: "band data aggregates (no foreign key)" },
  "vital_buckets_month.user_id": { how: "deleted", why: "band data aggregates (no foreign key)" },
  "vital_samples.user_id": { how: "deleted", why: "band samples (no foreign key)" },
  "vital_sync.user_id": { how: "cascade", why: "the last sync time" },
  "webhook_deliveries.payload": { how: "deleted", why: "deliveries of alerts about the member" },
  "webhook_endpoints.created_by": { how: "nulled", why: "who created a webhook" },
};

/**
 * The columns the registry must cover, found by name in the live schema (besides every foreign key to `users`):
 * uuid (or uuid[]) columns naming a person, and text columns holding an e-mail address or a person's name.
 */
export const PERSON_UUID_COLUMN =
  /(^|_)user_ids?$|_by$|_by_user$|^actor_id$|^subject_id$|^staff_id$|^recipient_id$/;
export const PERSON_TEXT_COLUMN = /email|^recipient$|^(actor|staff|user)_name$/;
