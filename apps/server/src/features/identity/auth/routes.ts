import {
  changePasswordBodySchema,
  emailBodySchema,
  okSchema,
  REFRESH_TOKEN_TTL_S,
  refreshBodySchema,
  resetConfirmBodySchema,
  SHORT_REFRESH_TOKEN_TTL_S,
  sessionResponseSchema,
  signInBodySchema,
  tokenBodySchema,
} from "@mimamori/shared";
import { eq } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { users } from "../../../db/schema";
import { requireUser } from "../../../lib/access";
import type { AppContext } from "../../../lib/context";
import { unauthenticated } from "../../../lib/errors";
import { call } from "../../../lib/openapi/operations";
import {
  changePassword,
  confirmPasswordReset,
  requestPasswordReset,
  requestVerificationMail,
  sessionResponse,
  signIn,
  startSession,
  verifyEmail,
} from "./service";
import { revokeSession, revokeSessionByRefreshToken, rotateSession } from "./sessions";

/** The web keeps its refresh token in this httpOnly cookie, out of reach of scripts. */
export const REFRESH_COOKIE = "mm_refresh";
const COOKIE_PATH = "/api/auth";

/**
 * A remembered session keeps its cookie until the session expires; otherwise it ends with the browser. The
 * cookie is `Secure` whenever the request came over HTTPS (behind a proxy: its X-Forwarded-Proto, trusted with
 * TRUST_PROXY) or the public URL is HTTPS.
 */
function setRefreshCookie(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  token: string,
  remembered: boolean,
) {
  reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: "strict",
    secure: req.protocol === "https" || ctx.config.appUrl.startsWith("https:"),
    path: COOKIE_PATH,
    ...(remembered ? { maxAge: REFRESH_TOKEN_TTL_S } : {}),
  });
}

const isRemembered = (s: { createdAt: Date; expiresAt: Date }) =>
  s.expiresAt.getTime() - s.createdAt.getTime() > SHORT_REFRESH_TOKEN_TTL_S * 1000;

function refreshTokenOf(req: FastifyRequest, body?: { refreshToken?: string } | null) {
  return body?.refreshToken ?? req.cookies[REFRESH_COOKIE] ?? null;
}

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const ok = { ok: true as const };

    app.post(
      "/auth/sign-in",
      {
        config: call(
          "public",
          "signIn",
          "Sign in with e-mail and password; answers the id and refresh tokens",
        ),
        schema: { body: signInBodySchema, response: { 200: sessionResponseSchema } },
      },
      async (req, reply) => {
        const session = await signIn(ctx, { ...req.body, ip: req.ip });
        setRefreshCookie(ctx, req, reply, session.refreshToken, req.body.remember ?? false);
        return session;
      },
    );

    app.post(
      "/auth/refresh",
      {
        config: call("public", "refreshToken", "Exchange a refresh token for a new id token"),
        schema: { body: refreshBodySchema, response: { 200: sessionResponseSchema } },
      },
      async (req, reply) => {
        const token = refreshTokenOf(req, req.body);
        const rotated = token ? await rotateSession(ctx.db, token) : null;
        if (!rotated) {
          reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
          throw unauthenticated();
        }
        const [user] = await ctx.db.select().from(users).where(eq(users.id, rotated.session.userId));
        if (!user) throw unauthenticated();
        setRefreshCookie(ctx, req, reply, rotated.refreshToken, isRemembered(rotated.session));
        return sessionResponse(ctx, user, rotated.session.id, rotated.refreshToken);
      },
    );

    app.post(
      "/auth/sign-out",
      {
        config: call("public", "signOut", "Sign out: revoke the session of a refresh token"),
        schema: { body: refreshBodySchema, response: { 200: okSchema } },
      },
      async (req, reply) => {
        const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "")?.[1];
        const claims = bearer ? await ctx.idTokens.verify(bearer) : null;
        if (claims) await revokeSession(ctx.db, claims.sid);
        const token = refreshTokenOf(req, req.body);
        if (token) await revokeSessionByRefreshToken(ctx.db, token);
        reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
        return ok;
      },
    );

    app.post(
      "/auth/verify-email",
      {
        config: call("public", "verifyEmail", "Verify an e-mail address with the mailed token"),
        schema: { body: tokenBodySchema, response: { 200: okSchema } },
      },
      async (req) => {
        await verifyEmail(ctx, req.body.token);
        return ok;
      },
    );

    app.post(
      "/auth/send-verification",
      {
        config: call("public", "sendVerification", "Send the e-mail verification mail again"),
        schema: { body: emailBodySchema, response: { 200: okSchema } },
      },
      async (req) => {
        await requestVerificationMail(ctx, req.body.email, req.ip);
        return ok;
      },
    );

    app.post(
      "/auth/password-reset",
      {
        config: call("public", "requestPasswordReset", "Mail a password reset link"),
        schema: { body: emailBodySchema, response: { 200: okSchema } },
      },
      async (req) => {
        await requestPasswordReset(ctx, req.body.email, req.ip);
        return ok;
      },
    );

    app.post(
      "/auth/password-reset/confirm",
      {
        config: call("public", "confirmPasswordReset", "Set a new password with the mailed token"),
        schema: { body: resetConfirmBodySchema, response: { 200: okSchema } },
      },
      async (req) => {
        await confirmPasswordReset(ctx, req.body.token, req.body.newPassword);
        return ok;
      },
    );

    /** An invited person sets the first password from the invitation link. */
    app.post(
      "/auth/accept-invite",
      {
        config: call(
          "public",
          "acceptInvite",
          "Create the account of an invited person from the mailed token",
        ),
        schema: { body: resetConfirmBodySchema, response: { 200: okSchema } },
      },
      async (req) => {
        await confirmPasswordReset(ctx, req.body.token, req.body.newPassword, "invite");
        return ok;
      },
    );

    app.post(
      "/auth/change-password",
      {
        config: call("user", "changePassword", "Change the signed-in person's password"),
        schema: { body: changePasswordBodySchema, response: { 200: sessionResponseSchema } },
      },
      async (req, reply) => {
        const me = requireUser(req);
        const user = await changePassword(ctx, { ...req.body, userId: me.id, ip: req.ip });
        // Every earlier session ended with the change; the caller continues in a fresh one.
        const session = await startSession(ctx, user, true);
        setRefreshCookie(ctx, req, reply, session.refreshToken, true);
        return session;
      },
    );
  };
}
