import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../lib/context";

export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/health",
      {
        config: { access: "public" },
        schema: {
          response: { 200: z.object({ status: z.literal("ok"), db: z.enum(["pglite", "postgres"]) }) },
        },
      },
      async () => {
        await ctx.db.execute(sql`select 1`);
        return { status: "ok" as const, db: ctx.database.kind };
      },
    );
  };
}
