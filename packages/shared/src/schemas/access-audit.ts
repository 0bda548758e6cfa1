import { z } from "zod";
import { timeError, type WindowLimitDays, windowError } from "../report-windows";
import { pageQuerySchema } from "./common";
import { timezoneSchema } from "./vitals";

/**
 * The access audit (issue 29 §1; docs/decisions.md "Access audit"): who read or exported whose health data. Admins
 * search it (`GET /admin/access-audit`) and download it (`…/download`, CSV); a person reads their own
 * (`GET /user/access-audit`, "Who used my data").
 */

/** What was read: each audited route names one. */
export const AUDIT_WHATS = [
  "board",
  "report",
  "kpis",
  "chart",
  "csv",
  "admin-export",
  "form-answers",
  "form-summary",
  "form-csv",
  "data-items",
  "data-item",
  "images",
  "image",
  "alerts",
  "heat-record",
  "alerts-csv",
  "mailbox",
  // an alert delivered to an entity's webhook endpoint (features/webhooks/deliver.ts)
  "webhook",
] as const;
export type AuditWhat = (typeof AUDIT_WHATS)[number];
export const AUDIT_ROLES = ["staff", "super-user"] as const;
export type AuditRole = (typeof AUDIT_ROLES)[number];

/** Rows a page holds at most, and by default. */
export const AUDIT_PAGE_MAX = 200;
export const AUDIT_PAGE_DEFAULT = 50;
/** The longest period one CSV download covers (days). */
export const AUDIT_CSV_MAX_DAYS: WindowLimitDays = 366;
/** The longest period one search covers (days). */
export const AUDIT_SEARCH_MAX_DAYS: WindowLimitDays = 1827;

const unixTime = z.coerce.number("invalid-time").superRefine((n, ctx) => {
  const code = timeError(n);
  if (code) ctx.addIssue({ code: "custom", message: code });
});

const pageQuery = pageQuerySchema(AUDIT_PAGE_MAX, AUDIT_PAGE_DEFAULT).shape;

const filters = {
  /** Whose data. */
  person: z.uuid("invalid-input").optional(),
  /** Who read it. */
  staff: z.uuid("invalid-input").optional(),
  /** Through which entity. */
  workspace: z.string("invalid-input").min(1, "invalid-input").max(20, "invalid-input").optional(),
  /** When (unix seconds, [start, end)). */
  start_time: unixTime.optional(),
  end_time: unixTime.optional(),
};

function checkPeriod(
  ctx: z.RefinementCtx,
  q: { start_time?: number; end_time?: number },
  maxDays: WindowLimitDays,
  required: boolean,
) {
  if (q.start_time === undefined && q.end_time === undefined && !required) return;
  if (q.start_time === undefined || q.end_time === undefined) {
    ctx.addIssue({ code: "custom", message: "period-incomplete", path: ["end_time"] });
    return;
  }
  const code = windowError(q.start_time, q.end_time, maxDays);
  if (code) ctx.addIssue({ code: "custom", message: code, path: ["end_time"] });
}

/** GET /admin/access-audit: any of the filters, a period of at most AUDIT_SEARCH_MAX_DAYS, newest first, paged. */
export const auditSearchQuerySchema = z
  .object({ ...filters, ...pageQuery })
  .superRefine((q, ctx) => checkPeriod(ctx, q, AUDIT_SEARCH_MAX_DAYS, false));
export type AuditSearchQuery = z.infer<typeof auditSearchQuerySchema>;

/** GET /admin/access-audit/download: the filters with a required period of at most AUDIT_CSV_MAX_DAYS. */
export const auditDownloadQuerySchema = z
  .object({ ...filters, timezone: timezoneSchema })
  .superRefine((q, ctx) => checkPeriod(ctx, q, AUDIT_CSV_MAX_DAYS, true));
export type AuditDownloadQuery = z.infer<typeof auditDownloadQuerySchema>;

/** GET /user/access-audit: the person's own, newest first, paged. */
export const myAuditQuerySchema = z.object(pageQuery);
export type MyAuditQuery = z.infer<typeof myAuditQuerySchema>;

const period = {
  /** The period of data read (ISO); null where the read has none (a list of answers, an image). */
  period_from: z.string().nullable(),
  period_to: z.string().nullable(),
};

export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  actor: z.object({ uid: z.string(), name: z.string() }),
  role: z.enum(AUDIT_ROLES),
  /** null: an admin read outside any entity. */
  entity: z.object({ workspace_name: z.string(), name: z.string() }).nullable(),
  /** The person whose data was read; `name` null once their account is gone. */
  subject: z.object({ uid: z.string(), name: z.string().nullable() }),
  what: z.enum(AUDIT_WHATS),
  detail: z.string().nullable(),
  ...period,
  request_id: z.string(),
  address: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema), has_more: z.boolean() });
export type AuditPage = z.infer<typeof auditPageSchema>;

/** What the person sees of a read of their data: which entity, which staff member, what, when. */
export const myAuditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  role: z.enum(AUDIT_ROLES),
  /** The entity's name; null: a system administrator (super user) outside any entity. */
  entity_name: z.string().nullable(),
  actor_name: z.string(),
  what: z.enum(AUDIT_WHATS),
  detail: z.string().nullable(),
  ...period,
});
export type MyAuditEntry = z.infer<typeof myAuditEntrySchema>;
export const myAuditPageSchema = z.object({ entries: z.array(myAuditEntrySchema), has_more: z.boolean() });
export type MyAuditPage = z.infer<typeof myAuditPageSchema>;
