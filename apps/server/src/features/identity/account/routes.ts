import {
  languageBodySchema,
  languageResponseSchema,
  okSchema,
  registerBodySchema,
  userInfoBodySchema,
  userInfoSchema,
} from "@mimamori/shared";
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { users } from "../../../db/schema";
import { requireUser } from "../../../lib/access";
import type { AppContext } from "../../../lib/context";
import { AppError, forbidden } from "../../../lib/errors";
import { CONFLICT, call } from "../../../lib/openapi/operations";
import { register } from "../auth/service";
import { toUserInfo } from "./user-info";

export function userRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/user/register",
      {
        config: call("public", "registerUser", "Create an account (a verification mail is sent)", CONFLICT),
        schema: { body: registerBodySchema, response: { 201: z.object({ uid: z.string() }) } },
      },
      async (req, reply) => {
        const user = await register(ctx, { ...req.body, ip: req.ip });
        return reply.status(201).send({ uid: user.id });
      },
    );

    /**
     * The caller's stored language. The web asks here: the session names the person, so no e-mail address
     * travels in the path (request logs, proxies); the spec's `/self/language/{email}` below stays for
     * compatibility.
     */
    app.get(
      "/self/language",
      {
        config: {
          ...call("user", "getOwnLanguage", "The signed-in person's language"),
          allowWithoutCurrentTerms: true,
        },
        schema: { response: { 200: languageResponseSchema } },
      },
      async (req) => ({ language: requireUser(req).language }),
    );

    /** The spec's client asks with its own email; another person's language is not disclosed. */
    app.get(
      "/self/language/:email",
      {
        config: call("user", "getLanguageByEmail", "The language of the account with an e-mail address"),
        schema: {
          params: z.object({ email: z.string().max(254) }),
          response: { 200: languageResponseSchema },
        },
      },
      async (req) => {
        const me = requireUser(req);
        if (req.params.email.trim().toLowerCase() !== me.email) throw forbidden();
        return { language: me.language };
      },
    );

    app.put(
      "/user/language",
      {
        config: {
          ...call("user", "setOwnLanguage", "Change the signed-in person's language"),
          allowWithoutCurrentTerms: true,
        },
        schema: { body: languageBodySchema, response: { 200: okSchema } },
      },
      async (req) => {
        const me = requireUser(req);
        await ctx.db
          .update(users)
          .set({ language: req.body.language, updatedAt: new Date() })
          .where(eq(users.id, me.id));
        return { ok: true as const };
      },
    );

    app.get(
      "/user/info",
      {
        config: {
          ...call("user", "getOwnInfo", "The signed-in person's profile"),
          allowWithoutCurrentTerms: true,
        },
        schema: { response: { 200: userInfoSchema } },
      },
      async (req) => {
        // read with the session by the access check, in the same statement that proved the caller signed in
        const me = requireUser(req);
        return toUserInfo({
          ...me.profile,
          id: me.id,
          email: me.email,
          name: me.name,
          language: me.language,
        });
      },
    );

    app.put(
      "/user/info",
      {
        config: call("user", "updateOwnInfo", "Change the signed-in person's profile"),
        schema: { body: userInfoBodySchema, response: { 200: userInfoSchema } },
      },
      async (req) => {
        const me = requireUser(req);
        const b = req.body;
        const [row] = await ctx.db
          .update(users)
          .set({
            displayName: b.display_name,
            firstName: b.first_name,
            lastName: b.last_name,
            firstNameKana: b.first_name_kana,
            lastNameKana: b.last_name_kana,
            phoneNumber1: b.phone_number1,
            phoneNumber2: b.phone_number2,
            address: b.address,
            updatedAt: new Date(),
          })
          .where(eq(users.id, me.id))
          .returning();
        if (!row) throw new AppError("user-missing");
        return toUserInfo(row);
      },
    );
  };
}
