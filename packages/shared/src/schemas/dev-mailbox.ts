import { z } from "zod";

/**
 * The development mailbox (issue 28 §3; docs/decisions.md "The development mailbox"): without SMTP_URL outside
 * production every mail the server writes is kept in `mail_outbox`, and the people it is addressed to read it here
 * (a super user reads every mail). The routes answer 404 `mailbox-off` anywhere else.
 */
export const DEV_MAILBOX_LIMITS = {
  /** Mails a list answers by default and at most (the newest first). */
  listDefault: 200,
  listMax: 500,
} as const;

/** Where a kept mail stands: `outbox` is delivered to the mailbox; the others are the outbox worker's. */
export const DEV_MAIL_STATUSES = ["queued", "outbox", "sent", "failed"] as const;
export type DevMailStatus = (typeof DEV_MAIL_STATUSES)[number];

export const devMailboxQuerySchema = z.object({
  limit: z.coerce
    .number("invalid-input")
    .int("invalid-input")
    .min(1, "invalid-input")
    .max(DEV_MAILBOX_LIMITS.listMax, "invalid-input")
    .default(DEV_MAILBOX_LIMITS.listDefault),
});
export type DevMailboxQuery = z.infer<typeof devMailboxQuerySchema>;

export const devMailIdParamSchema = z.object({ id: z.uuid("mail-not-found") });

export const devMailSummarySchema = z.object({
  id: z.string(),
  recipient: z.string(),
  subject: z.string(),
  /** The mail template (`alert-realtime`, `verify-email` …). */
  template: z.string(),
  status: z.enum(DEV_MAIL_STATUSES),
  /** ISO-8601: when it was put in the mailbox (or sent), else when it was written. */
  at: z.string(),
});
export type DevMailSummary = z.infer<typeof devMailSummarySchema>;

export const devMailboxSchema = z.object({
  mails: z.array(devMailSummarySchema),
  /** True when the caller has more (older) mails than `limit`. */
  truncated: z.boolean(),
  limit: z.number(),
});
export type DevMailbox = z.infer<typeof devMailboxSchema>;

export const devMailSchema = devMailSummarySchema.extend({ text: z.string(), html: z.string() });
export type DevMail = z.infer<typeof devMailSchema>;
