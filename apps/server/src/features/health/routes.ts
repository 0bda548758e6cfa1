import { healthResponseSchema, livezResponseSchema, readyzResponseSchema } from "@mimamori/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { devMailboxOn } from "../../lib/mail/mailer";
import { hasMetricsToken } from "../../lib/metrics";
import { call } from "../../lib/openapi/operations";
import { checkDatabase } from "./demo";
import { checkReady } from "./readiness";

export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/health",
      {
        config: call(
          "public",
          "getHealth",
          "Server and database health, and whether the development mailbox is on",
        ),
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
      {
        config: call("public", "getLiveness", "Liveness: the process answers"),
        schema: { response: { 200: livezResponseSchema } },
      },
      async () => ({ status: "ok" as const }),
    );
    app.get(
      "/readyz",
      {
        config: call("public", "getReadiness", "Readiness: the database answers and has every migration", {
          errors: [503],
        }),
        schema: { response: { 200: readyzResponseSchema } },
      },
      async (req) => {
        if (!(await checkReady(ctx.db))) {
          req.log.warn("not ready: the database does not answer or misses migrations");
          throw new AppError("not-ready");
        }
        return { status: "ready" as const, db: ctx.database.kind };
      },
    );

    // Prometheus (issue 31 §4; docs/operations.md lists the metrics): only with METRICS_TOKEN set, so a server
    // does not show its figures to anyone by accident (404 as for any unknown path), and only to that bearer token
    app.get("/metrics", { config: { access: "public" }, schema: { hide: true } }, async (req, reply) => {
      const { metrics } = ctx;
      const token = ctx.config.metricsToken;
      if (!metrics || !token) throw new AppError("not-found");
      if (!hasMetricsToken(req.headers.authorization, token)) throw new AppError("unauthenticated");
      return reply.type(metrics.contentType).send(await metrics.scrape());
    });
  };
}
