import {
  type ClientEntity,
  clientEntitySchema,
  intIdParamSchema,
  membershipRoleSchema,
  modeBodySchema,
  moduleSchema,
} from "@mimamori/shared";
import { and, asc, eq, or, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { FastifyContextConfig } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type EntityRow, requireEntity } from "../../../db/entities";
import { clientMembershipOf } from "../../../db/membership-rules";
import { entities, entityModules, memberModules, memberships } from "../../../db/schema";
import { type AuthUser, requireUser } from "../../../lib/access";
import type { AppContext } from "../../../lib/context";
import { AppError } from "../../../lib/errors";
import { requestLanguage } from "../../../lib/language";
import { CONFLICT, call } from "../../../lib/openapi/operations";
import { acceptInvitation, declineInvitation } from "../invitations/service";
import { removeMember } from "../members/queries";
import { entityModuleOf, memberModuleList, requireModeOption, requireModule } from "../modules/queries";
import { toEntity } from "../records/queries";

const wsParams = z.object({ workspace: z.string().min(1).max(64) });
const moduleParams = wsParams.extend({ moduleId: intIdParamSchema });

const invitationParams = wsParams.extend({ role: membershipRoleSchema });

/** The options of the routes on one entity that answer with it, and on its modules that answer with them. */
const answersEntity = (config: FastifyContextConfig) => ({
  config,
  schema: { params: wsParams, response: { 200: clientEntitySchema } },
});
const answersModules = (config: FastifyContextConfig) => ({
  config,
  schema: { params: moduleParams, response: { 200: z.array(moduleSchema) } },
});

type Membership = typeof memberships.$inferSelect;
const invitations = alias(memberships, "invitations");

function toClientEntity(e: EntityRow, m: Membership | null, inv: Membership | null): ClientEntity {
  const { notification_setting_status: _, ...entity } = toEntity(e);
  return {
    ...entity,
    status: m?.status === "accepted" ? "added" : "",
    is_pending: m?.status === "pending",
    invitation: inv ? { role: inv.role, invited_at: inv.createdAt.toISOString() } : null,
  };
}

/** The caller's row of `m` (memberships, or its alias `invitations`) about the entity, where `which` holds. */
const callersRow = (m: typeof memberships | typeof invitations, userId: string, which: SQL) =>
  and(eq(m.workspaceName, entities.workspaceName), eq(m.userId, userId), which);

/**
 * The caller's view of the entities: public ones, their own and those that invited them (private ones too);
 * with `ws`, that one entity only. Open invitations first, then joined, then pending ones (spec §4: entries
 * with a status first).
 */
async function clientEntities(ctx: AppContext, me: AuthUser, ws?: string): Promise<ClientEntity[]> {
  const rows = await ctx.db
    .select({ entity: entities, membership: memberships, invitation: invitations })
    .from(entities)
    .leftJoin(memberships, callersRow(memberships, me.id, eq(memberships.role, "client")))
    .leftJoin(invitations, callersRow(invitations, me.id, eq(invitations.status, "invited")))
    .where(
      ws
        ? eq(entities.workspaceName, ws)
        : or(eq(entities.isPublic, true), eq(memberships.userId, me.id), eq(invitations.userId, me.id)),
    )
    // "client" sorts before "staff": an entity that invited the person in both roles shows the member one first
    .orderBy(asc(invitations.role));
  const byWs = new Map<string, ClientEntity>();
  for (const r of rows)
    if (!byWs.has(r.entity.workspaceName))
      byWs.set(r.entity.workspaceName, toClientEntity(r.entity, r.membership, r.invitation));
  const rank = (e: ClientEntity) => (e.invitation ? 0 : e.status === "added" ? 1 : e.is_pending ? 2 : 3);
  return [...byWs.values()].sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}

async function clientEntity(ctx: AppContext, me: AuthUser, ws: string): Promise<ClientEntity> {
  const [e] = await clientEntities(ctx, me, ws);
  if (!e) throw new AppError("entity-not-found");
  return e;
}

async function ownMembership(ctx: AppContext, ws: string, userId: string) {
  const [m] = await ctx.db
    .select()
    .from(memberships)
    .where(and(clientMembershipOf(ws), eq(memberships.userId, userId)));
  return m ?? null;
}

/** Accepts or declines an open invitation; the answer is the entity as the caller now sees it. */
async function answerInvitation(
  ctx: AppContext,
  me: AuthUser,
  { workspace, role }: z.infer<typeof invitationParams>,
  answer: typeof acceptInvitation,
): Promise<ClientEntity> {
  await answer(ctx.db, workspace, me.id, role);
  return clientEntity(ctx, me, workspace);
}

/** The detail, modules and module subscriptions need an accepted membership (spec §4: detail only when added). */
async function requireAccepted(ctx: AppContext, ws: string, me: AuthUser) {
  const entity = await requireEntity(ctx.db, ws);
  const m = await ownMembership(ctx, ws, me.id);
  if (m?.status !== "accepted") throw new AppError("not-member");
  return { entity, membership: m };
}

/** The member's own subscription to a module. */
const subscription = (ws: string, userId: string, moduleId: number) =>
  and(
    eq(memberModules.workspaceName, ws),
    eq(memberModules.userId, userId),
    eq(memberModules.moduleId, moduleId),
  );

/** A client's entity memberships (spec §2 /client/entities, §4 client entity membership). */
export function membershipRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    /** Public entities, the caller's own and those that invited the caller. */
    app.get(
      "/user/entities",
      {
        config: call("user", "listOwnMemberships", "The signed-in person's memberships"),
        schema: { response: { 200: z.array(clientEntitySchema) } },
      },
      async (req) => clientEntities(ctx, requireUser(req)),
    );

    /** Accepts an invitation (as a member or as staff): from now on the entity sees the caller's data. */
    app.post(
      "/user/invitations/:workspace/:role",
      {
        config: call("user", "acceptInvitation", "Accept an entity's invitation", CONFLICT),
        schema: { params: invitationParams, response: { 200: clientEntitySchema } },
      },
      async (req) => answerInvitation(ctx, requireUser(req), req.params, acceptInvitation),
    );

    /** Declines an invitation: it is removed and nothing is shared. */
    app.delete(
      "/user/invitations/:workspace/:role",
      {
        config: call("user", "declineInvitation", "Decline an entity's invitation", CONFLICT),
        schema: { params: invitationParams, response: { 200: clientEntitySchema } },
      },
      async (req) => answerInvitation(ctx, requireUser(req), req.params, declineInvitation),
    );

    /** Apply to an entity, or add one by its ID (private ones too): the application waits for staff approval. */
    app.post(
      "/user/entities/:workspace",
      {
        config: call("user", "requestMembership", "Ask to join an entity", CONFLICT),
        schema: { params: wsParams, response: { 201: clientEntitySchema } },
      },
      async (req, reply) => {
        const me = requireUser(req);
        const entity = await requireEntity(ctx.db, req.params.workspace);
        const [m] = await ctx.db
          .insert(memberships)
          .values({ workspaceName: entity.workspaceName, userId: me.id, role: "client", status: "pending" })
          .onConflictDoNothing()
          .returning();
        if (!m) throw new AppError("already-member");
        return reply.status(201).send(await clientEntity(ctx, me, entity.workspaceName));
      },
    );

    app.put(
      "/user/entities/:workspace",
      answersEntity(
        call("user", "withdrawMembershipRequest", "Withdraw one's pending request to join", CONFLICT),
      ),
      async (req) => {
        const me = requireUser(req);
        const entity = await requireEntity(ctx.db, req.params.workspace);
        const m = await ownMembership(ctx, entity.workspaceName, me.id);
        if (m?.status !== "pending") throw new AppError("not-pending");
        await ctx.db
          .delete(memberships)
          .where(and(clientMembershipOf(entity.workspaceName), eq(memberships.userId, me.id)));
        return clientEntity(ctx, me, entity.workspaceName);
      },
    );

    /** Quit: the membership and the entity's data about the person go; the person's own data stays. */
    app.delete(
      "/user/entities/:workspace",
      answersEntity(call("user", "leaveEntity", "Leave an entity")),
      async (req) => {
        const me = requireUser(req);
        const { entity } = await requireAccepted(ctx, req.params.workspace, me);
        await removeMember(ctx.db, entity.workspaceName, me.id);
        return clientEntity(ctx, me, entity.workspaceName);
      },
    );

    app.get(
      "/user/entities/:workspace",
      answersEntity(call("user", "getOwnMembership", "One of the signed-in person's memberships")),
      async (req) => {
        const me = requireUser(req);
        const { entity } = await requireAccepted(ctx, req.params.workspace, me);
        return clientEntity(ctx, me, entity.workspaceName);
      },
    );

    app.get(
      "/user/entities/:workspace/modules",
      {
        config: call("user", "listOwnModules", "The modules one uses at an entity"),
        schema: { params: wsParams, response: { 200: z.array(moduleSchema) } },
      },
      async (req) => {
        const me = requireUser(req);
        await requireAccepted(ctx, req.params.workspace, me);
        return memberModuleList(ctx.db, req.params.workspace, me.id, requestLanguage(req));
      },
    );

    app.post(
      "/user/entities/:workspace/modules/:moduleId",
      answersModules(call("user", "startOwnModule", "Start using a module of an entity", CONFLICT)),
      async (req) => {
        const me = requireUser(req);
        const { workspace, moduleId } = req.params;
        await requireAccepted(ctx, workspace, me);
        await requireModule(ctx.db, moduleId);
        const [offered] = await ctx.db
          .select()
          .from(entityModules)
          .where(entityModuleOf(workspace, moduleId));
        if (!offered) throw new AppError("module-not-offered");
        await ctx.db
          .insert(memberModules)
          .values({ workspaceName: workspace, userId: me.id, moduleId })
          .onConflictDoNothing();
        return memberModuleList(ctx.db, workspace, me.id, requestLanguage(req));
      },
    );

    app.delete(
      "/user/entities/:workspace/modules/:moduleId",
      answersModules(call("user", "stopOwnModule", "Stop using a module of an entity", CONFLICT)),
      async (req) => {
        const me = requireUser(req);
        const { workspace, moduleId } = req.params;
        await requireAccepted(ctx, workspace, me);
        await requireModule(ctx.db, moduleId);
        await ctx.db.delete(memberModules).where(subscription(workspace, me.id, moduleId));
        return memberModuleList(ctx.db, workspace, me.id, requestLanguage(req));
      },
    );

    app.post(
      "/user/entities/:workspace/modules/:moduleId/mode",
      {
        config: call("user", "setOwnModuleMode", "Set the mode of a module one uses", CONFLICT),
        schema: { params: moduleParams, body: modeBodySchema, response: { 200: z.array(moduleSchema) } },
      },
      async (req) => {
        const me = requireUser(req);
        const { workspace, moduleId } = req.params;
        await requireAccepted(ctx, workspace, me);
        await requireModeOption(ctx.db, moduleId, req.body.mode_option);
        const [row] = await ctx.db
          .update(memberModules)
          .set({ modeOptionId: req.body.mode_option })
          .where(subscription(workspace, me.id, moduleId))
          .returning();
        if (!row) throw new AppError("not-subscribed");
        return memberModuleList(ctx.db, workspace, me.id, requestLanguage(req));
      },
    );
  };
}
