import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../lib/context";
import { answerRoutes } from "./answer-routes";
import { formRoutes } from "./form-routes";
import { questionRoutes } from "./question-routes";

/**
 * Questionnaires (issue 10): the question bank, an entity's forms, and the answers of staff and members.
 * Recurring sends (schedule-routes.ts) are registered on their own.
 */
export function formsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(questionRoutes(ctx));
    await app.register(formRoutes(ctx));
    await app.register(answerRoutes(ctx));
  };
}
