import { z } from "zod";

/**
 * `GET /api/health` (public). `demo`: demo accounts with the published password exist. `mailbox`: the development
 * mailbox is on (no SMTP_URL outside production: mail is kept and read at /staff/mailbox, /admin/mailbox).
 */
export const healthResponseSchema = z.object({
  status: z.literal("ok"),
  db: z.enum(["pglite", "postgres"]),
  demo: z.boolean(),
  mailbox: z.boolean(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
