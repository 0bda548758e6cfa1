import { z } from "zod";

/** `GET /api/health` (public). `demo`: demo accounts with the published password exist. */
export const healthResponseSchema = z.object({
  status: z.literal("ok"),
  db: z.enum(["pglite", "postgres"]),
  demo: z.boolean(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
