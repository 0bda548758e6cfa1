import { z } from "zod";
import { PASSWORD_MAX_LENGTH } from "../constants";

/**
 * Privacy rights (issue 29 §2–§4; docs/decisions.md "Privacy rights"): the person's consent history, the export of
 * everything held about them, and the deletion of their account.
 */

/** What a consent event records. `terms-accepted` comes from the `consents` table, the others from `consent_events`. */
export const CONSENT_KINDS = [
  "terms-accepted",
  "membership-accepted",
  "membership-left",
  "share-granted",
  "share-revoked",
  "staff-invitation-accepted",
] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

/** One line of `GET /user/consents` (newest first) and of the export's `consents.json`. */
export const consentEventSchema = z.object({
  kind: z.enum(CONSENT_KINDS),
  at: z.string(),
  /** terms-accepted: the terms and privacy-policy versions accepted. */
  terms_version: z.string().nullable(),
  privacy_version: z.string().nullable(),
  /** Membership and share events: the entity (its name as it was). */
  workspace_name: z.string().nullable(),
  entity_name: z.string().nullable(),
  /** share events: the data item type's key and its name in the reader's language (null when the type is gone). */
  item_key: z.string().nullable(),
  item_name: z.string().nullable(),
});
export type ConsentEvent = z.infer<typeof consentEventSchema>;

export const consentHistorySchema = z.object({ items: z.array(consentEventSchema) });
export type ConsentHistory = z.infer<typeof consentHistorySchema>;

/** Days between closing an account and deleting its rows; signing in within them cancels the deletion. */
export const ACCOUNT_DELETION_GRACE_DAYS = 14;

/**
 * `GET /user/consents/status`: whether the person must accept the current terms and privacy policy before anything
 * else (a newer version than their latest acceptance), and the current versions to accept.
 */
export const termsStatusSchema = z.object({
  required: z.boolean(),
  terms_version: z.string(),
  privacy_version: z.string(),
});
export type TermsStatus = z.infer<typeof termsStatusSchema>;

/** `POST /user/consents/accept`: the versions the person read; both must be the current ones. */
export const acceptTermsBodySchema = z.object({
  terms_version: z.string().max(40),
  privacy_version: z.string().max(40),
});
export type AcceptTermsBody = z.infer<typeof acceptTermsBodySchema>;

/**
 * `POST /user/account/deletion`: the person closes their account. The password re-authenticates; `confirm` must be
 * `true` (the dialog's confirmation).
 */
export const accountDeletionBodySchema = z.object({
  password: z.string("required").min(1, "required").max(PASSWORD_MAX_LENGTH, "password-too-long"),
  confirm: z.literal(true, "deletion-not-confirmed"),
});
export type AccountDeletionBody = z.infer<typeof accountDeletionBodySchema>;

/** `POST /admin/users/{uid}/deletion`: an admin starts the deletion a person asked for in writing. */
export const adminAccountDeletionBodySchema = z.object({
  confirm: z.literal(true, "deletion-not-confirmed"),
});
export type AdminAccountDeletionBody = z.infer<typeof adminAccountDeletionBodySchema>;

/** The answer of both: when the account was closed and when its rows will be deleted. */
export const accountDeletionSchema = z.object({ closed_at: z.string(), deletion_due_at: z.string() });
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;
