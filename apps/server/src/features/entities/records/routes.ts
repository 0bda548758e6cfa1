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
import type { FastifyContextConfig, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireEntity } from "../../../db/entities";
import { acceptedClient, acceptedStaff } from "../../../db/membership-rules";
import { entities, entityModules, memberModules, memberships } from "../../../db/schema";
import type { AppContext } from "../../../lib/context";
import { AppError } from "../../../lib/errors";
import { requestLanguage } from "../../../lib/language";
import { CONFLICT, call } from "../../../lib/openapi/operations";
import { entityModuleList, entityModuleOf, requireModeOption, requireModule } from "../modules/queries";
import { addStaff, listStaff } from "../staff/queries";
import { toEntity } from "./queries";

const wsParams = z.object({ workspace: z.string().min(1).max(64) });
const moduleParams = wsParams.extend({ moduleId: intIdParamSchema });
/** The options of the routes on an entity's module that answer with the entity's modules. */
const answersModules = (config: FastifyContextConfig) => ({
  config,
  schema: { params: moduleParams, response: { 200: z.array(moduleSchema) } },
});

/** The columns of the fields an admin gives both on creating an entity and on changing it. */
const entityColumns = (b: z.infer<typeof entityFieldsSchema>) => ({
  name: b.name,
  description: b.description,
  isPublic: b.is_public,
  language: b.language,
});

/** Entity management for super users (spec §2 /admin/entities, §7 /entities…). */
export function entityRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  /** Subscribing an entity to a module or ending it: both must exist; answers the entity's modules after. */
  const changeSubscription = async (
    req: FastifyRequest<{ Params: z.infer<typeof moduleParams> }>,
    change: (workspace: string, moduleId: number) => Promise<unknown>,
  ) => {
    const { workspace, moduleId } = req.params;
    await requireEntity(ctx.db, workspace);
    await requireModule(ctx.db, moduleId);
    await change(workspace, moduleId);
    return entityModuleList(ctx.db, workspace, requestLanguage(req));
  };

  return async (app) => {
    app.get(
      "/entities",
      {
        config: call("super-user", "listEntities", "Every entity"),
        schema: { response: { 200: z.array(adminEntitySchema) } },
      },
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
      {
        config: call("super-user", "createEntity", "Create an entity", CONFLICT),
        schema: { body: createEntityBodySchema, response: { 201: entitySchema } },
      },
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
      {
        config: call("super-user", "getEntity", "One entity"),
        schema: { params: wsParams, response: { 200: entitySchema } },
      },
      async (req) => toEntity(await requireEntity(ctx.db, req.params.workspace)),
    );

    app.put(
      "/entities/:workspace",
      {
        config: call("super-user", "updateEntity", "Change an entity's details"),
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
      {
        config: call("super-user", "deleteEntity", "Delete an entity"),
        schema: { params: wsParams, response: { 200: okSchema } },
      },
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
      {
        config: call("super-user", "listEntityModules", "The modules an entity subscribes to"),
        schema: { params: wsParams, response: { 200: z.array(moduleSchema) } },
      },
      async (req) => {
        await requireEntity(ctx.db, req.params.workspace);
        return entityModuleList(ctx.db, req.params.workspace, requestLanguage(req));
      },
    );

    app.post(
      "/entities/:workspace/modules/:moduleId",
      answersModules(call("super-user", "subscribeEntityModule", "Subscribe an entity to a module")),
      (req) =>
        changeSubscription(req, (workspace, moduleId) =>
          ctx.db.insert(entityModules).values({ workspaceName: workspace, moduleId }).onConflictDoNothing(),
        ),
    );

    /** Unsubscribing the entity also ends its members' subscriptions to the module. */
    app.delete(
      "/entities/:workspace/modules/:moduleId",
      answersModules(call("super-user", "unsubscribeEntityModule", "End an entity's module subscription")),
      (req) =>
        changeSubscription(req, (workspace, moduleId) =>
          ctx.db.transaction(async (tx) => {
            await tx.delete(entityModules).where(entityModuleOf(workspace, moduleId));
            await tx
              .delete(memberModules)
              .where(and(eq(memberModules.workspaceName, workspace), eq(memberModules.moduleId, moduleId)));
          }),
        ),
    );

    app.post(
      "/entities/:workspace/modules/:moduleId/mode",
      {
        config: call("super-user", "setEntityModuleMode", "Set the mode of an entity's module", CONFLICT),
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
      {
        config: call("super-user", "adminListEntityStaff", "An entity's staff"),
        schema: { params: wsParams, response: { 200: z.array(staffMemberSchema) } },
      },
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
        config: call("super-user", "adminAddEntityStaff", "Invite or add a staff member to an entity", {
          errors: [409, 429],
        }),
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
