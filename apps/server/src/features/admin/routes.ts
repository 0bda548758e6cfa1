import { emailSchema } from "@mimamori/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser } from "../../lib/access";

export function adminRoutes(): FastifyPluginAsyncZod {
  return async (app) => {
    /** True only when the caller is a super user and asks about themself (spec §7 POST /admin/login). */
    app.post(
      "/admin/login",
      {
        config: { access: "user" },
        schema: { body: z.object({ email: emailSchema }), response: { 200: z.boolean() } },
      },
      async (req) => {
        const me = requireUser(req);
        return me.isSuperUser && me.email === req.body.email;
      },
    );
  };
}
