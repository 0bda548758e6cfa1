import { intIdParamSchema } from "@mimamori/shared";
import { z } from "zod";
import { workspaceParams } from "../../lib/params";

/** `/user/data/:id…`: a malformed item id is no item of the caller's. */
export const itemParams = z.object({ id: intIdParamSchema });
export const itemAnswerParams = itemParams.extend({ answerId: intIdParamSchema });
export const itemImageParams = itemParams.extend({ imageId: intIdParamSchema });
export const itemShareParams = itemParams.extend({ workspace_name: z.string().min(1).max(20) });
export const questionParams = z.object({ questionId: intIdParamSchema });
export const typeParams = z.object({ id: intIdParamSchema });

/** `/staff/:workspace/user/:id/data`: the member is named by their uuid; a malformed one is no member. */
export const staffMemberParams = workspaceParams.extend({ id: z.uuid("member-not-found") });
/** `/staff/:workspace/data/:dataId/user/:userId…`. */
export const staffItemParams = workspaceParams.extend({
  dataId: intIdParamSchema,
  userId: z.uuid("data-not-found"),
});
export const staffImageParams = staffItemParams.extend({ imageId: intIdParamSchema });
