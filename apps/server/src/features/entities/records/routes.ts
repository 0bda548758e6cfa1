import {
  adminEntitySchema,
  createEntityBodySchema,
  type entityFieldsSchema,
  entitySchema,
  intIdParamSchema,
  modeBodySchema,
  moduleSchema,
  okSchema,
  staffEmailBodySchema,
  staffMemberSchema,
  updateEntityBodySchema,
} from "@mimamori/shared";
import { and, asc, eq, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireEntity } from "../../../db/entities";
import { acceptedClient, acceptedStaff } from "../../../db/membership-rules";
import { entities, entityModules, memberModules, memberships } from "../../../db/schema";
import type { AppContext } from "../../../lib/context";
import { AppError } from "../../../lib/errors";
import { requestLanguage } from "../../../lib/language";
import { entityModuleList, entityModuleOf, requireModeOption, requireModule } from "../modules/queries";
import { addStaff, listStaff } from "../staff/queries";
import { toEntity } from "./queries";

const wsParams = z.object({ workspace: z.string().min(1).max(64) });
const moduleParams = wsParams.extend({ moduleId: intIdParamSchema });
const admin = { access: "super-user" as const };
/** The options of the routes on an entity's module that answer with the entity's modules. */
const answersModules = {
  config: admin,
  schema: { params: moduleParams, response: { 200: z.array(moduleSchema) } },
};

/** The columns of the fields an admin gives both on creating an entity and on changing it. */
const entityColumns = (b: z.infer<typeof entityFieldsSchema>) => ({
  name: b.name,
  description: b.description,
  isPublic: b.is_public,
  language: b.language,
});

/** Entity management for super users (spec §2 /admin/entities, §7 /entities…). */
export function entityRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/entities",
      { config: admin, schema: { response: { 200: z.array(adminEntitySchema) } } },
      async () => {
        const rows = await ctx.db
          .select({
            entity: entities,
            staff: sql<number>`count(*) filter (where ${acceptedStaff})::int`,
            members: sql<number>`count(*) filter (where ${acceptedClient})::int`,
          })
          .from(entities)
          .leftJoin(memberships, eq(memberships.workspaceName, entities.workspaceName))
          .groupBy(entities.workspaceName)
          .orderBy(asc(entities.createdAt));
        return rows.map((r) => ({ ...toEntity(r.entity), staff_count: r.staff, member_count: r.members }));
      },
    );

    app.post(
      "/entities",
      { config: admin, schema: { body: createEntityBodySchema, response: { 201: entitySchema } } },
      async (req, reply) => {
        const b = req.body;
        const [row] = await ctx.db
          .insert(entities)
          .values({ workspaceName: b.workspace_name, ...entityColumns(b) })
          .onConflictDoNothing()
          .returning();
        if (!row) throw new AppError("entity-exists", "workspace_name");
        return reply.status(201).send(toEntity(row));
      },
    );

    app.get(
      "/entities/:workspace",
      { config: admin, schema: { params: wsParams, response: { 200: entitySchema } } },
      async (req) => toEntity(await requireEntity(ctx.db, req.params.workspace)),
    );

    app.put(
      "/entities/:workspace",
      {
        config: admin,
        schema: { params: wsParams, body: updateEntityBodySchema, response: { 200: entitySchema } },
      },
      async (req) => {
        const b = req.body;
        const [row] = await ctx.db
          .update(entities)
          .set({
            ...entityColumns(b),
            notificationSettingStatus: b.notification_setting_status,
            rawRetentionDays: b.raw_retention_days,
          })
          .where(eq(entities.workspaceName, req.params.workspace))
          .returning();
        if (!row) throw new AppError("entity-not-found");
        return toEntity(row);
      },
    );

    /** Removes the entity with its memberships, module subscriptions and everything it holds about people. */
    app.delete(
      "/entities/:workspace",
      { config: admin, schema: { params: wsParams, response: { 200: okSchema } } },
      async (req) => {
        const [row] = await ctx.db
          .delete(entities)
          .where(eq(entities.workspaceName, req.params.workspace))
          .returning({ ws: entities.workspaceName });
        if (!row) throw new AppError("entity-not-found");
        return { ok: true as const };
      },
    );

    app.get(
      "/entities/:workspace/modules",
      { config: admin, schema: { params: wsParams, response: { 200: z.array(moduleSchema) } } },
      async (req) => {
        await requireEntity(ctx.db, req.params.workspace);
        return entityModuleList(ctx.db, req.params.workspace, requestLanguage(req));
      },
    );

    app.post("/entities/:workspace/modules/:moduleId", answersModules, async (req) => {
      const { workspace, moduleId } = req.params;
      await requireEntity(ctx.db, workspace);
      await requireModule(ctx.db, moduleId);
      await ctx.db.insert(entityModules).values({ workspaceName: workspace, moduleId }).onConflictDoNothing();
      return entityModuleList(ctx.db, workspace, requestLanguage(req));
    });

    /** Unsubscribing the entity also ends its members' subscriptions to the module. */
    app.delete("/entities/:workspace/modules/:moduleId", answersModules, async (req) => {
      const { workspace, moduleId } = req.params;
      await requireEntity(ctx.db, workspace);
      await requireModule(ctx.db, moduleId);
      await ctx.db.transaction(async (tx) => {
        await tx.delete(entityModules).where(entityModuleOf(workspace, moduleId));
        await tx
          .delete(memberModules)
          .where(and(eq(memberModules.workspaceName, workspace), eq(memberModules.moduleId, moduleId)));
      });
      return entityModuleList(ctx.db, workspace, requestLanguage(req));
    });

    app.post(
      "/entities/:workspace/modules/:moduleId/mode",
      {
        config: admin,
        schema: { params: moduleParams, body: modeBodySchema, response: { 200: z.array(moduleSchema) } },
      },
      async (req) => {
        const { workspace, moduleId } = req.params;
        await requireEntity(ctx.db, workspace);
        await requireModeOption(ctx.db, moduleId, req.body.mode_option);
        const [row] = await ctx.db
          .update(entityModules)
          .set({ modeOptionId: req.body.mode_option })
          .where(entityModuleOf(workspace, moduleId))
          .returning();
        if (!row) throw new AppError("not-subscribed");
        return entityModuleList(ctx.db, workspace, requestLanguage(req));
      },
    );

    app.get(
      "/entities/:workspace/staffs",
      { config: admin, schema: { params: wsParams, response: { 200: z.array(staffMemberSchema) } } },
      async (req) => {
        await requireEntity(ctx.db, req.params.workspace);
        return listStaff(ctx.db, req.params.workspace);
      },
    );

    /**
     * Adds staff by e-mail: an invitation the person accepts (as staff adding staff), except the first staff
     * member of an entity without staff or members, made staff at once (staff/queries.ts `addStaff`).
     */
    app.post(
      "/entities/:workspace/staffs",
      {
        config: admin,
        schema: {
          params: wsParams,
          body: staffEmailBodySchema,
          response: { 201: z.array(staffMemberSchema) },
        },
      },
      async (req, reply) => {
        await addStaff(ctx, await requireEntity(ctx.db, req.params.workspace), req.body.email);
        return reply.status(201).send(await listStaff(ctx.db, req.params.workspace));
      },
    );
  };
}
