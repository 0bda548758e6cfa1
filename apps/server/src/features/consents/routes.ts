import {
  acceptTermsBodySchema,
  consentHistorySchema,
  okSchema,
  PRIVACY_VERSION,
  TERMS_VERSION,
  termsStatusSchema,
} from "@mimamori/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { consents } from "../../db/schema";
import { requireUser } from "../../lib/access";
import type { AppContext } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { requestLanguage } from "../../lib/language";
import { call } from "../../lib/openapi/operations";
import { consentHistory } from "./queries";

/**
 * The person's consents (issue 29 §2): their history, and accepting a new version of the terms and privacy policy
 * (until then `lib/access.ts` answers every other route 403 `terms-acceptance-required`).
 */
export function consentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/user/consents",
      {
        config: call("user", "listOwnConsents", "The signed-in person's consent history"),
        schema: { response: { 200: consentHistorySchema } },
      },
      async (req) => ({ items: await consentHistory(ctx.db, requireUser(req).id, requestLanguage(req)) }),
    );

    app.get(
      "/user/consents/status",
      {
        config: {
          ...call("user", "getConsentStatus", "Whether the current terms need accepting"),
          allowWithoutCurrentTerms: true,
        },
        schema: { response: { 200: termsStatusSchema } },
      },
      async (req) => ({
        required: requireUser(req).termsOutdated,
        terms_version: TERMS_VERSION,
        privacy_version: PRIVACY_VERSION,
      }),
    );

    app.post(
      "/user/consents/accept",
      {
        config: {
          ...call("user", "acceptTerms", "Accept the current terms and privacy policy"),
          allowWithoutCurrentTerms: true,
        },
        schema: { body: acceptTermsBodySchema, response: { 200: okSchema } },
      },
      async (req) => {
        const me = requireUser(req);
        const { terms_version, privacy_version } = req.body;
        if (terms_version !== TERMS_VERSION || privacy_version !== PRIVACY_VERSION)
          throw new AppError("terms-version-mismatch");
        await ctx.db
          .insert(consents)
          .values({ userId: me.id, termsVersion: terms_version, privacyVersion: privacy_version });
        return { ok: true as const };
      },
    );
  };
}
