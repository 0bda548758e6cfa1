import { healthResponseSchema } from "@mimamori/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../lib/context";
import { hasDemoAccounts } from "./demo";

export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/health",
      {
        config: { access: "public" },
        schema: { response: { 200: healthResponseSchema } },
      },
      // one indexed lookup: answers whether the database is reachable and whether demo accounts exist
      async () => ({ status: "ok" as const, db: ctx.database.kind, demo: await hasDemoAccounts(ctx.db) }),
    );
  };
}
