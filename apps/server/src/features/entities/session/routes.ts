import { languageResponseSchema, staffEntitiesSchema } from "@mimamori/shared";
import { and, asc, eq, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { acceptedStaff } from "../../../db/membership-rules";
import { entities, memberships } from "../../../db/schema";
import { requireUser } from "../../../lib/access";
import type { AppContext } from "../../../lib/context";
import { call } from "../../../lib/openapi/operations";
import { workspaceParams } from "../../../lib/params";
import { defaultRawRetentionDays } from "../../vitals";

export function staffSessionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/staff/entities",
      {
        config: call("user", "listStaffWorkspaces", "The entities the signed-in person is accepted staff of"),
        schema: { response: { 200: staffEntitiesSchema } },
      },
      async (req) => {
        const me = requireUser(req);
        return ctx.db
          .select({
            name: entities.name,
            workspace_name: entities.workspaceName,
            time_zone: entities.timeZone,
            raw_retention_days: sql<number>`coalesce(${entities.rawRetentionDays}, ${defaultRawRetentionDays(ctx.config)}::int)`,
          })
          .from(memberships)
          .innerJoin(entities, eq(entities.workspaceName, memberships.workspaceName))
          .where(and(eq(memberships.userId, me.id), acceptedStaff))
          .orderBy(asc(entities.name));
      },
    );

    /** Staff access to the workspace is checked by the access hook; the answer is the person's language. */
    app.post(
      "/staff/:workspace/login",
      {
        config: call("staff", "staffLogin", "Enter an entity's workspace as its staff"),
        schema: { params: workspaceParams, response: { 200: languageResponseSchema } },
      },
      async (req) => ({ language: requireUser(req).language }),
    );
  };
}
