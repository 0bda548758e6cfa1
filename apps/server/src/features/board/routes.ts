import {
  type Board,
  boardQuerySchema,
  boardSchema,
  snoozeBodySchema,
  snoozeIdParamSchema,
  snoozeSchema,
} from "@mimamori/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { changesOf } from "../../db/changes";
import { requireUser } from "../../lib/access";
import { answerCache } from "../../lib/answer-cache";
import type { AppContext } from "../../lib/context";
import { requestLanguage } from "../../lib/language";
import { call } from "../../lib/openapi/operations";
import { workspaceParams } from "../../lib/params";
import { auditShared, sendShared, sharedBody } from "../../lib/shared-body";
import { ensureZone } from "../../lib/time-sql";
import { openWindowEnd } from "../reports";
import { buildBoard } from "./board";
import { createSnooze, endSnooze } from "./snoozes";
import { weekWearKeeper } from "./week-wear";

/** The members whose values the board shows (the access audit's rows: one per member shown). */
const membersShown = (b: Board) =>
  [...b.zones, ...b.not_syncing, ...b.open_alerts, ...b.snoozes].map((r) => r.user.uid);
const snoozeParams = workspaceParams.extend(snoozeIdParamSchema.shape);

/** The watch board (issue 28 §1) and its snoozes. */
export function boardRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // served like the staff reports: kept per entity, zone, measure, language and minute while nothing changed
  // (answer-cache.ts); identical reads under way share one run
  const changes = changesOf(ctx.db);
  const boards = answerCache(changes, { asOfEvents: true });
  const weeks = weekWearKeeper();
  return async (app) => {
    app.get(
      "/staff/:workspace/board",
      {
        config: call(
          "staff",
          "getBoard",
          "The watch board: members out of green, sync gaps, open alerts and wear",
        ),
        schema: { params: workspaceParams, querystring: boardQuerySchema, response: { 200: boardSchema } },
      },
      async (req, reply) => {
        const { workspace } = req.params;
        const { timezone, report_id, as_of } = req.query;
        await ensureZone(ctx.db, timezone);
        const lang = requestLanguage(req);
        // one answer a minute: the sync gaps and the day move with the clock
        const now = openWindowEnd(Date.now());
        const key = JSON.stringify(["board", workspace, timezone, report_id ?? null, lang, now]);
        // a read prompted by this process's last event of the entity may be given a board computed since that event
        const atLeast = changes.announcedStamp(as_of, workspace);
        const body = await boards(
          key,
          workspace,
          async () => {
            const board = await buildBoard(ctx.db, workspace, { timezone, report_id, now }, lang, weeks);
            return sharedBody(boardSchema, board, { subjects: membersShown(board) });
          },
          atLeast,
        );
        auditShared(req, body, { what: "board" });
        return sendShared(req, reply, body);
      },
    );

    app.post(
      "/staff/:workspace/snoozes",
      {
        config: call("staff", "createSnooze", "Snooze a member's measure"),
        schema: { params: workspaceParams, body: snoozeBodySchema, response: { 201: snoozeSchema } },
      },
      async (req, reply) => {
        const snooze = await createSnooze(ctx.db, req.params.workspace, requireUser(req).id, req.body);
        return reply.status(201).send(snooze);
      },
    );

    app.delete(
      "/staff/:workspace/snoozes/:id",
      {
        config: call("staff", "endSnooze", "End a snooze"),
        schema: { params: snoozeParams, response: { 204: z.null() } },
      },
      async (req, reply) => {
        await endSnooze(ctx.db, req.params.workspace, req.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
