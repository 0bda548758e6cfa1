import multipart from "@fastify/multipart";
import { memberUserSchema, userRowSchema, userRowsBodySchema } from "@mimamori/shared";
import type { FastifyContextConfig } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireEntity, requireMember } from "../../../db/entities";
import type { AppContext } from "../../../lib/context";
import { AppError } from "../../../lib/errors";
import { CONFLICT, call } from "../../../lib/openapi/operations";
import { workspaceParams } from "../../../lib/params";
import { recordConsentEvents } from "../../consents";
import { sendInvitations } from "../invitations/service";
import { parseUserCsv } from "./csv";
import { acceptedMember, listMembers, memberEmails, removeMember, setMembership } from "./queries";
import { registerRows } from "./register";
import { normaliseEmail, validateRows } from "./rows";

const memberParams = workspaceParams.extend({ id: z.uuid("not-found") });
const members = { 200: z.array(memberUserSchema) };
/** The options of the routes on one member that answer with the entity's members. */
const answersMembers = (config: FastifyContextConfig) => ({
  config,
  schema: { params: memberParams, response: members },
});
const rowsResponse = { 200: z.array(userRowSchema) };
export const CSV_MAX_BYTES = 2 * 1024 * 1024;

/** The entity's watched-over users, as staff manage them (spec §2 /staff/users). */
export function memberRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, { limits: { fileSize: CSV_MAX_BYTES, files: 1, fields: 5 } });

    app.get(
      "/staff/:workspace/users",
      {
        config: call("staff", "listMembers", "The entity's members"),
        schema: { params: workspaceParams, response: members },
      },
      async (req) => listMembers(ctx.db, req.params.workspace),
    );

    /** One accepted member by id: the member pages read the name and e-mail here, not from their URL. */
    app.get(
      "/staff/:workspace/users/:id",
      {
        config: call("staff", "getMember", "One accepted member"),
        schema: { params: memberParams, response: { 200: memberUserSchema } },
      },
      async (req) => acceptedMember(ctx.db, req.params.workspace, req.params.id),
    );

    app.post(
      "/staff/:workspace/users/validate",
      {
        config: call("staff", "validateMembers", "Check member rows before registering them"),
        schema: { params: workspaceParams, body: userRowsBodySchema, response: rowsResponse },
      },
      async (req) => {
        const entity = await requireEntity(ctx.db, req.params.workspace);
        const existing = await memberEmails(
          ctx.db,
          entity.workspaceName,
          req.body.map((r) => normaliseEmail(r.email)),
        );
        return validateRows(req.body, existing, entity.language);
      },
    );

    /** Reads an uploaded CSV (multipart field `file`) and answers its rows validated like /users/validate. */
    app.post(
      "/staff/:workspace/users/csv",
      {
        config: call("staff", "readMembersCsv", "Read an uploaded member CSV into checked rows", {
          upload: { field: "file", types: ["text/csv"], maxBytes: CSV_MAX_BYTES },
        }),
        schema: { params: workspaceParams, response: rowsResponse },
      },
      async (req) => {
        const entity = await requireEntity(ctx.db, req.params.workspace);
        if (!req.isMultipart()) throw new AppError("invalid_csv");
        const file = await req.file();
        if (!file) throw new AppError("invalid_csv");
        if (!/\.csv$/i.test(file.filename)) throw new AppError("csv-only");
        const bytes = new Uint8Array(await file.toBuffer());
        const rows = parseUserCsv(bytes, entity.language);
        if (rows.length > 5000) throw new AppError("too-many-rows");
        const existing = await memberEmails(
          ctx.db,
          entity.workspaceName,
          rows.map((r) => normaliseEmail(r.email)),
        );
        return validateRows(rows, existing, entity.language);
      },
    );

    app.post(
      "/staff/:workspace/users/register",
      {
        config: call("staff", "registerMembers", "Invite or register members", { errors: [409, 429] }),
        schema: { params: workspaceParams, body: userRowsBodySchema, response: rowsResponse },
      },
      async (req) => {
        const entity = await requireEntity(ctx.db, req.params.workspace);
        const { rows, mails } = await registerRows(
          ctx,
          entity,
          req.body.map((r) => ({ ...r, status: "ok" as const })),
        );
        if (!rows.some((r) => r.status === "sent" || r.status === "create_user_error")) {
          throw new AppError("no_user_alert");
        }
        sendInvitations(ctx, entity, mails);
        return rows;
      },
    );

    /** Removes a member, or withdraws an invitation that has not been answered. */
    app.delete(
      "/staff/:workspace/users/:id",
      answersMembers(
        call("staff", "removeMember", "End a membership and forget what the entity holds about the person"),
      ),
      async (req) => {
        const { workspace, id } = req.params;
        await requireMember(ctx.db, workspace, id);
        await removeMember(ctx.db, workspace, id);
        return listMembers(ctx.db, workspace);
      },
    );

    for (const [action, isActive, config] of [
      ["disable", false, call("staff", "disableMember", "Pause a member's membership")],
      ["enable", true, call("staff", "enableMember", "Resume a member's membership")],
    ] as const) {
      app.post(`/staff/:workspace/users/:id/${action}`, answersMembers(config), async (req) => {
        const { workspace, id } = req.params;
        await requireMember(ctx.db, workspace, id);
        if (!(await setMembership(ctx.db, workspace, id, "accepted", { isActive })))
          throw new AppError("member-not-found");
        return listMembers(ctx.db, workspace);
      });
    }

    /** Approve (POST) or reject (PUT) a pending application; an invitation is the invitee's to answer. */
    app.post(
      "/staff/:workspace/users/:id/approval",
      answersMembers(call("staff", "approveMember", "Approve a person's request to join", CONFLICT)),
      async (req) => {
        const { workspace, id } = req.params;
        await requireMember(ctx.db, workspace, id);
        // the person applied themself: consent takes effect with the approval
        await ctx.db.transaction(async (tx) => {
          const approved = await setMembership(tx, workspace, id, "pending", {
            status: "accepted",
            acceptedAt: new Date(),
          });
          if (!approved) throw new AppError("not-pending-user");
          await recordConsentEvents(tx, [{ userId: id, kind: "membership-accepted", workspace }]);
        });
        return listMembers(ctx.db, workspace);
      },
    );

    app.put(
      "/staff/:workspace/users/:id/approval",
      answersMembers(call("staff", "declineMember", "Decline a person's request to join", CONFLICT)),
      async (req) => {
        const { workspace, id } = req.params;
        const m = await requireMember(ctx.db, workspace, id);
        if (m.status !== "pending") throw new AppError("not-pending-user");
        await removeMember(ctx.db, workspace, id);
        return listMembers(ctx.db, workspace);
      },
    );
  };
}
