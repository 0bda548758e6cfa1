import {
  changeLanguageBodySchema,
  moduleSchema,
  staffEmailBodySchema,
  staffMemberSchema,
} from "@mimamori/shared";
import { and, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireEntity } from "../../../db/entities";
import { staffMembershipOf } from "../../../db/membership-rules";
import { memberships, users } from "../../../db/schema";
import { requireUser } from "../../../lib/access";
import type { AppContext } from "../../../lib/context";
import { AppError } from "../../../lib/errors";
import { requestLanguage } from "../../../lib/language";
import { call } from "../../../lib/openapi/operations";
import { workspaceParams } from "../../../lib/params";
import { offeredModuleList } from "../modules/queries";
import { inviteStaff, listStaff, staffCount, staffMembership } from "./queries";

const staffList = { 200: z.array(staffMemberSchema) };

/** An accepted staff member's id, or (with `invited`) also an open staff invitation's. */
async function requireStaffMember(ctx: AppContext, ws: string, email: string, invited = false) {
  const row = await staffMembership(ctx.db, ws, email);
  if (!row || (row.status !== "accepted" && !(invited && row.status === "invited")))
    throw new AppError("staff-not-found", "email");
  return row;
}

/** Staff management of one entity (spec §2 /staff/staffs) and its read-only module list (/staff/modules). */
export function entityStaffRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/staff/:workspace/staffs",
      {
        config: call("staff", "listEntityStaff", "The entity's staff"),
        schema: { params: workspaceParams, response: staffList },
      },
      async (req) => listStaff(ctx.db, req.params.workspace),
    );

    /** Invites an existing account as staff; the list then shows the invitation until it is answered. */
    app.post(
      "/staff/:workspace/register",
      {
        config: call("staff", "inviteEntityStaff", "Invite a staff member", { errors: [409, 429] }),
        schema: { params: workspaceParams, body: staffEmailBodySchema, response: { 201: staffList[200] } },
      },
      async (req, reply) => {
        await inviteStaff(ctx, await requireEntity(ctx.db, req.params.workspace), req.body.email);
        return reply.status(201).send(await listStaff(ctx.db, req.params.workspace));
      },
    );

    /** Removes a staff member, or withdraws a staff invitation. */
    app.delete(
      "/staff/:workspace/remove",
      {
        config: call("staff", "removeEntityStaff", "Remove a staff member"),
        schema: { params: workspaceParams, body: staffEmailBodySchema, response: staffList },
      },
      async (req) => {
        const ws = req.params.workspace;
        const { userId, status } = await requireStaffMember(ctx, ws, req.body.email, true);
        // withdrawing an invitation leaves the entity's staff as it is
        if (status === "accepted") {
          if (userId === requireUser(req).id) throw new AppError("cannot-remove-self", "email");
          if ((await staffCount(ctx.db, ws)) <= 1) throw new AppError("last-staff", "email");
        }
        await ctx.db.delete(memberships).where(and(staffMembershipOf(ws), eq(memberships.userId, userId)));
        return listStaff(ctx.db, ws);
      },
    );

    app.post(
      "/staff/:workspace/change_language",
      {
        config: call("staff", "setEntityLanguage", "Change the entity's language"),
        schema: { params: workspaceParams, body: changeLanguageBodySchema, response: staffList },
      },
      async (req) => {
        // an invitee's account is theirs until they accept
        const { userId } = await requireStaffMember(ctx, req.params.workspace, req.body.email);
        await ctx.db
          .update(users)
          .set({ language: req.body.language, updatedAt: new Date() })
          .where(eq(users.id, userId));
        return listStaff(ctx.db, req.params.workspace);
      },
    );

    app.get(
      "/staff/:workspace/modules",
      {
        config: call("staff", "listStaffEntityModules", "The entity's modules"),
        schema: { params: workspaceParams, response: { 200: z.array(moduleSchema) } },
      },
      async (req) => offeredModuleList(ctx.db, req.params.workspace, requestLanguage(req)),
    );
  };
}
