import {
  accountDeletionBodySchema,
  accountDeletionSchema,
  adminAccountDeletionBodySchema,
} from "@mimamori/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser } from "../../lib/access";
import type { AppContext } from "../../lib/context";
import { CONFLICT, call } from "../../lib/openapi/operations";
import { reauthenticate } from "../identity";
import { closeAccount } from "./service";

/** Issue 29 §4: a person closes their own account; an admin closes one for a person who asked in writing. */
export function accountDeletionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    /**
     * The password re-authenticates (with the sign-in limits) and `confirm: true` says the dialog was confirmed.
     * Also for a person who has not accepted the current terms yet: they may always delete their account (§2).
     */
    app.post(
      "/user/account/deletion",
      {
        config: {
          ...call(
            "user",
            "closeOwnAccount",
            "Close one's own account (deleted after the grace period)",
            CONFLICT,
          ),
          allowWithoutCurrentTerms: true,
        },
        schema: { body: accountDeletionBodySchema, response: { 200: accountDeletionSchema } },
      },
      async (req) => {
        const me = requireUser(req);
        await reauthenticate(ctx, me.id, req.body.password, req.ip);
        return closeAccount(ctx, me.id, "self");
      },
    );

    app.post(
      "/admin/users/:uid/deletion",
      {
        config: call("super-user", "adminCloseAccount", "Close a person's account", CONFLICT),
        schema: {
          params: z.object({ uid: z.uuid("user-missing") }),
          body: adminAccountDeletionBodySchema,
          response: { 200: accountDeletionSchema },
        },
      },
      async (req) => closeAccount(ctx, req.params.uid, "admin"),
    );
  };
}
