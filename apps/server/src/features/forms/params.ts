import { formIdParamsSchema, sentOrderParamsSchema } from "@mimamori/shared";
import { z } from "zod";
import { workspaceParams } from "../../lib/params";

/**
 * Staff routes without `{workspace}` in the path name the entity with `?workspace=` (docs/architecture.md, "Who
 * may call a route"); access control has already checked the caller is its staff.
 */
export const workspaceQuery = workspaceParams;

/** `/staff/:workspace/forms/:id`. */
export const staffFormParams = workspaceParams.extend(formIdParamsSchema.shape);

/** `/staff/forms/:id/:sent_order/answers/:user_id` (`?workspace=`): a malformed member id is no answer. */
export const staffAnswerParams = sentOrderParamsSchema.extend({ user_id: z.uuid("answer-not-found") });

export { formIdParamsSchema, sentOrderParamsSchema };
