import { healthResponseSchema } from "@mimamori/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../lib/context";
import { devMailboxOn } from "../../lib/mail/mailer";
import { checkDatabase } from "./demo";

export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/health",
      {
        config: { access: "public" },
        schema: { response: { 200: healthResponseSchema } },
      },
      // whether the database answers and demo accounts exist, asked of it at most once a second; whether the
      // development mailbox is on (the web shows its menu entry then)
      async () => ({
        status: "ok" as const,
        db: ctx.database.kind,
        demo: await checkDatabase(ctx.db),
        mailbox: devMailboxOn(ctx.config),
      }),
    );
  };
}
