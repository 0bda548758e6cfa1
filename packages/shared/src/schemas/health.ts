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

/** `GET /api/livez` (public): the process answers. For an orchestrator's liveness probe; asks nothing else. */
export const livezResponseSchema = z.object({ status: z.literal("ok") });

/**
 * `GET /api/readyz` (public): the database answers and every migration this server knows is applied; 503
 * `not-ready` otherwise, and (as for every call) while the server is shutting down.
 */
export const readyzResponseSchema = z.object({
  status: z.literal("ready"),
  db: z.enum(["pglite", "postgres"]),
});
export type ReadyzResponse = z.infer<typeof readyzResponseSchema>;
