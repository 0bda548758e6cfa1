import type { Column } from "drizzle-orm";
import { getTableConfig, type PgTable } from "drizzle-orm/pg-core";
import {
  accessAudit,
  alertStates,
  authTokens,
  consentEvents,
  consents,
  dataImages,
  dataItems,
  dataViews,
  formAnswers,
  formRecipientList,
  formRecipients,
  formSchedules,
  formSends,
  forms,
  mailOutbox,
  memberModules,
  memberSnoozes,
  memberships,
  notificationMails,
  notificationSeen,
  notificationSettings,
  notifications,
  personalExports,
  rateEvents,
  reportTunings,
  sessions,
  sleepSegments,
  sleepSessions,
  staffNotificationPrefs,
  users,
  vitalBucketsDay,
  vitalBucketsHour,
  vitalBucketsMonth,
  vitalDays,
  vitalHourDays,
  vitalRetention,
  vitalSamples,
  vitalSync,
  webhookDeliveries,
  webhookEndpoints,
} from "../../db/schema";

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

/**
 * The registry by handling, each column named through the Drizzle schema (a rename fails to compile), with the
 * reason it holds a person; columns of one reason share an entry.
 */
const BY_HANDLING: Record<Handling, [why: string, columns: Column[]][]> = {
  deleted: [
    ["the account itself", [users.id, users.email]],
    ["answers (no foreign key)", [formAnswers.userId]],
    ["mail to them, and mail about them (their id in a link)", [mailOutbox.recipient]],
    ["throttle keys naming the e-mail address", [rateEvents.key]],
    [
      "band samples, hot and packed, and their aggregates (no foreign key)",
      [
        vitalSamples.userId,
        vitalDays.userId,
        vitalBucketsHour.userId,
        vitalHourDays.userId,
        vitalBucketsDay.userId,
        vitalBucketsMonth.userId,
      ],
    ],
    ["deliveries of alerts about the member", [webhookDeliveries.payload]],
  ],
  cascade: [
    ["the engine's state of the member", [alertStates.userId]],
    ["mailed link tokens", [authTokens.userId]],
    ["the person's consent history and the terms accepted", [consentEvents.userId, consents.userId]],
    ["data items, with their answers, files, shares and view history", [dataItems.userId]],
    ["a send's recipients", [formRecipientList.userId, formRecipients.userId]],
    [
      "module use, snoozes, memberships and report ranges of the member",
      [memberModules.userId, memberSnoozes.userId, memberships.userId, reportTunings.userId],
    ],
    [
      "alerts about the member (with their mails and deliveries) and those a staff member has seen",
      [notifications.userId, notificationSeen.userId],
    ],
    [
      "the export lease, sessions (with their retired refresh tokens), the last sync time and what retention removed",
      [personalExports.userId, sessions.userId, vitalSync.userId, vitalRetention.userId],
    ],
    ["sleep data", [sleepSegments.userId, sleepSessions.userId]],
    ["a staff member's alert mail choices", [staffNotificationPrefs.userId]],
  ],
  nulled: [
    ["who added a file to someone else's item", [dataImages.addedByUser]],
    [
      "a staff member who viewed someone else's item, and their name, copied: blanked",
      [dataViews.staffId, dataViews.staffName],
    ],
    [
      "who created or sent a form or a schedule, or created a webhook",
      [formSchedules.createdBy, formSends.sentBy, forms.createdBy, webhookEndpoints.createdBy],
    ],
    [
      "who snoozed a member, or acknowledged or deleted an alert",
      [memberSnoozes.createdBy, notifications.acknowledgedBy, notifications.deletedBy],
    ],
    ["a staff member told of an alert", [notificationMails.recipientId]],
    ["who changed an entity's alert settings", [notificationSettings.updatedBy]],
  ],
  pseudonymised: [
    ["whose data was read: kept for the entity's record", [accessAudit.subjectId]],
    [
      "who read (a staff member or admin being deleted), their name, copied, and their IP address: blanked",
      [accessAudit.actorId, accessAudit.actorName, accessAudit.address],
    ],
  ],
  array: [["a schedule's chosen members", [formSchedules.userIds]]],
};

/** `table.column` → what the deletion does to it and why. */
export const PERSON_COLUMNS: Record<string, { how: Handling; why: string }> = Object.fromEntries(
  (Object.entries(BY_HANDLING) as [Handling, [string, Column[]][]][]).flatMap(([how, entries]) =>
    entries.flatMap(([why, columns]) =>
      columns.map((c) => [`${getTableConfig(c.table as PgTable).name}.${c.name}`, { how, why }]),
    ),
  ),
);

/**
 * The columns the registry must cover, found by name in the live schema (besides every foreign key to `users`):
 * uuid (or uuid[]) columns naming a person, and text columns holding an e-mail address or a person's name.
 */
export const PERSON_UUID_COLUMN =
  /(^|_)user_ids?$|_by$|_by_user$|^actor_id$|^subject_id$|^staff_id$|^recipient_id$/;
export const PERSON_TEXT_COLUMN = /email|^recipient$|^(actor|staff|user)_name$/;
