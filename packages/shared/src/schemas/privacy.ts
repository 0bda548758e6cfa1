import { z } from "zod";

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
