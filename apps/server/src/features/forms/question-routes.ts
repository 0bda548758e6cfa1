import {
  bankQuestionSchema,
  createQuestionBodySchema,
  formIdParamsSchema,
  QUESTION_TYPE_IDS,
  QUESTION_TYPE_NAMES,
  questionTypeSchema,
  updateQuestionBodySchema,
} from "@mimamori/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../lib/context";
import { requestLanguage } from "../../lib/language";
import { call } from "../../lib/openapi/operations";
import { workspaceQuery } from "./params";
import { createQuestion, deleteQuestion, listQuestions, renameQuestion } from "./questions";

/** The question types (FORM-05, FORM-08) and the entity's question bank (`/staff/questions?workspace=`). */
export function questionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // any signed-in person: the client answer page renders from the same list
    app.get(
      "/staff/question_types",
      {
        config: call("user", "listQuestionTypes", "The question types"),
        schema: { response: { 200: z.array(questionTypeSchema) } },
      },
      async (req) => {
        const lang = requestLanguage(req);
        return QUESTION_TYPE_IDS.map((id) => ({ id, name: QUESTION_TYPE_NAMES[id][lang] }));
      },
    );

    app.get(
      "/staff/questions",
      {
        config: call("staff", "listQuestions", "The entity's question bank"),
        schema: { querystring: workspaceQuery, response: { 200: z.array(bankQuestionSchema) } },
      },
      async (req) => listQuestions(ctx.db, req.query.workspace),
    );

    app.post(
      "/staff/questions",
      {
        config: call("staff", "createQuestion", "Add a question to the bank"),
        schema: {
          querystring: workspaceQuery,
          body: createQuestionBodySchema,
          response: { 201: bankQuestionSchema },
        },
      },
      async (req, reply) =>
        reply.status(201).send(await createQuestion(ctx.db, req.query.workspace, req.body)),
    );

    app.put(
      "/staff/questions/:id",
      {
        config: call("staff", "updateQuestion", "Change a bank question"),
        schema: {
          params: formIdParamsSchema,
          querystring: workspaceQuery,
          body: updateQuestionBodySchema,
          response: { 200: bankQuestionSchema },
        },
      },
      async (req) => renameQuestion(ctx.db, req.query.workspace, req.params.id, req.body.text),
    );

    app.delete(
      "/staff/questions/:id",
      {
        config: call("staff", "deleteQuestion", "Delete a bank question"),
        schema: { params: formIdParamsSchema, querystring: workspaceQuery, response: { 204: z.null() } },
      },
      async (req, reply) => {
        await deleteQuestion(ctx.db, req.query.workspace, req.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
