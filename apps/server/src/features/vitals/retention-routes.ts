import {
  myRawRetentionSchema,
  RAW_RETENTION_MAX_DAYS,
  RAW_RETENTION_MIN_DAYS,
  rawRetentionDefaultsSchema,
} from "@mimamori/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser } from "../../lib/access";
import type { AppContext } from "../../lib/context";
import { call } from "../../lib/openapi/operations";
import { defaultRawRetentionDays, rawRetentionOf } from "./retention";

/** The raw-data retention as people see it (issue 32 §2): a person their own; an admin the server's default. */
export function retentionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const defaultDays = defaultRawRetentionDays(ctx.config);
  return async (app) => {
    app.get(
      "/user/vitals/retention",
      {
        config: call(
          "user",
          "getOwnRawRetention",
          "How long one's raw band samples are kept, and what retention removed",
        ),
        schema: { response: { 200: myRawRetentionSchema } },
      },
      async (req) => rawRetentionOf(ctx.db, requireUser(req).id, defaultDays),
    );

    app.get(
      "/admin/vitals/retention",
      {
        config: call(
          "super-user",
          "getRawRetentionDefaults",
          "The server's raw-sample retention default and the bounds of an entity's setting",
        ),
        schema: { response: { 200: rawRetentionDefaultsSchema } },
      },
      async () => ({
        default_days: defaultDays,
        min_days: RAW_RETENTION_MIN_DAYS,
        max_days: RAW_RETENTION_MAX_DAYS,
      }),
    );
  };
}
