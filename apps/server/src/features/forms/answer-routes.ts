import {
  answerDetailSchema,
  clientFormCardSchema,
  clientFormHistorySchema,
  formIdParamsSchema,
  sentOrderParamsSchema,
  staffAnswerDetailSchema,
  submitAnswersBodySchema,
} from "@mimamori/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser } from "../../lib/access";
import { auditRead } from "../../lib/access-audit";
import type { AppContext } from "../../lib/context";
import { CONFLICT, call } from "../../lib/openapi/operations";
import {
  clientAnswer,
  clientFormHistory,
  clientForms,
  deleteOwnAnswer,
  deleteStaffAnswer,
  staffAnswer,
  submitAnswers,
} from "./answers";
import { staffAnswerParams, workspaceQuery } from "./params";

/**
 * Answers: a member's own forms and answers (§7 /user/forms…), and staff reading or deleting one member's answer
 * (`/staff/forms/{id}/{sent_order}/answers/{user_id}?workspace=`).
 */
export function answerRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/user/forms",
      {
        config: call("user", "listOwnForms", "The forms sent to the signed-in person"),
        schema: { response: { 200: z.array(clientFormCardSchema) } },
      },
      async (req) => clientForms(ctx.db, requireUser(req).id),
    );

    app.get(
      "/user/forms/:id/history",
      {
        config: call("user", "getOwnFormHistory", "One's sends and answers of a form"),
        schema: { params: formIdParamsSchema, response: { 200: clientFormHistorySchema } },
      },
      async (req) => clientFormHistory(ctx.db, requireUser(req).id, req.params.id),
    );

    app.get(
      "/user/forms/:id/:sent_order/answer",
      {
        config: call("user", "getOwnAnswer", "One's answer to a send"),
        schema: { params: sentOrderParamsSchema, response: { 200: answerDetailSchema } },
      },
      async (req) => clientAnswer(ctx.db, requireUser(req).id, req.params.id, req.params.sent_order),
    );

    app.post(
      "/user/forms/:id/:sent_order/answer",
      {
        config: call("user", "answerForm", "Answer a send", CONFLICT),
        schema: {
          params: sentOrderParamsSchema,
          body: submitAnswersBodySchema,
          response: { 201: z.object({ answered_at: z.string() }) },
        },
      },
      async (req, reply) => {
        const { id, sent_order } = req.params;
        const answered = await submitAnswers(ctx.db, requireUser(req).id, id, sent_order, req.body.answers);
        return reply.status(201).send(answered);
      },
    );

    app.delete(
      "/user/forms/:id/:sent_order/answer",
      {
        config: call("user", "deleteOwnAnswer", "Withdraw one's answer"),
        schema: { params: sentOrderParamsSchema, response: { 204: z.null() } },
      },
      async (req, reply) => {
        await deleteOwnAnswer(ctx.db, requireUser(req).id, req.params.id, req.params.sent_order);
        return reply.status(204).send(null);
      },
    );

    app.get(
      "/staff/forms/:id/:sent_order/answers/:user_id",
      {
        config: call("staff", "getMemberAnswer", "A member's answer to a send"),
        schema: {
          params: staffAnswerParams,
          querystring: workspaceQuery,
          response: { 200: staffAnswerDetailSchema },
        },
      },
      async (req) => {
        const { id, sent_order, user_id } = req.params;
        auditRead(req, { what: "form-answers", subjects: [user_id], detail: `${id}/${sent_order}` });
        return staffAnswer(ctx.db, req.query.workspace, id, sent_order, user_id);
      },
    );

    app.delete(
      "/staff/forms/:id/:sent_order/answers/:user_id",
      {
        config: call("staff", "deleteMemberAnswer", "Delete a member's answer"),
        schema: { params: staffAnswerParams, querystring: workspaceQuery, response: { 204: z.null() } },
      },
      async (req, reply) => {
        const { id, sent_order, user_id } = req.params;
        await deleteStaffAnswer(ctx.db, req.query.workspace, id, sent_order, user_id);
        return reply.status(204).send(null);
      },
    );
  };
}
