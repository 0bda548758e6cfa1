import { healthResponseSchema, livezResponseSchema, readyzResponseSchema } from "@mimamori/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { devMailboxOn } from "../../lib/mail/mailer";
import { checkDatabase } from "./demo";
import { checkReady } from "./readiness";

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

    // for orchestrators (issue 31 §3): liveness asks nothing of the database, so a slow database does not get the
    // process restarted; readiness takes the server out of the load balancer while the database cannot serve it
    app.get(
      "/livez",
      { config: { access: "public" }, schema: { response: { 200: livezResponseSchema } } },
      async () => ({ status: "ok" as const }),
    );
    app.get(
      "/readyz",
      { config: { access: "public" }, schema: { response: { 200: readyzResponseSchema } } },
      async (req) => {
        if (!(await checkReady(ctx.db))) {
          req.log.warn("not ready: the database does not answer or misses migrations");
          throw new AppError("not-ready");
        }
        return { status: "ready" as const, db: ctx.database.kind };
      },
    );
  };
}
