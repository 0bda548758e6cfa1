import {
  ID_TOKEN_TTL_S,
  type Language,
  PRIVACY_VERSION,
  RESET_TOKEN_TTL_S,
  type SessionResponse,
  SIGN_IN_MAX_FAILURES,
  SIGN_IN_WINDOW_S,
  TERMS_VERSION,
  VERIFY_TOKEN_TTL_S,
} from "@mimamori/shared";
import { eq, sql } from "drizzle-orm";
import { consents, users } from "../../db/schema";
import type { AppContext } from "../../lib/context";
import { hashPassword, verifyPassword } from "../../lib/crypto";
import { AppError } from "../../lib/errors";
import { consumeEmailToken, issueEmailToken } from "./email-tokens";
import { createSession, revokeAllSessions } from "./sessions";
import { Throttle } from "./throttle";

type UserRow = typeof users.$inferSelect;

export function authThrottles(ctx: AppContext) {
  return {
    signIn: new Throttle(ctx.db, "sign-in-failure", SIGN_IN_MAX_FAILURES, SIGN_IN_WINDOW_S),
    mail: new Throttle(ctx.db, "auth-mail", SIGN_IN_MAX_FAILURES, SIGN_IN_WINDOW_S),
  };
}

export async function findUserByEmail(ctx: AppContext, email: string): Promise<UserRow | undefined> {
  const [row] = await ctx.db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  return row;
}

export async function sessionResponse(
  ctx: AppContext,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
) {
  const idToken = await ctx.idTokens.sign({
    uid: user.id,
    sid: sessionId,
    tv: user.tokenVersion,
    email: user.email,
  });
  return {
    idToken,
    refreshToken,
    expiresIn: ID_TOKEN_TTL_S,
    user: { uid: user.id, email: user.email, emailVerified: user.emailVerifiedAt !== null },
  } satisfies SessionResponse;
}

export async function startSession(ctx: AppContext, user: UserRow, remember: boolean) {
  const { session, refreshToken } = await createSession(ctx.db, user.id, remember);
  return sessionResponse(ctx, user, session.id, refreshToken);
}

/** Sends the verification mail unless this address asked for too many mails lately. */
export async function sendVerificationMail(ctx: AppContext, user: UserRow): Promise<boolean> {
  const throttle = authThrottles(ctx).mail;
  const key = `verify:${user.email}`;
  if (await throttle.isLimited([key])) return false;
  await throttle.record([key]);
  const token = await issueEmailToken(ctx.db, user.id, "verify-email", VERIFY_TOKEN_TTL_S);
  await ctx.mailer.send({
    to: user.email,
    language: user.language,
    template: "verify-email",
    vars: { name: user.name, url: `${ctx.config.appUrl}/auth/verify-email?token=${token}` },
  });
  return true;
}

export async function signIn(
  ctx: AppContext,
  input: { email: string; password: string; remember?: boolean; ip: string },
) {
  const { signIn: throttle } = authThrottles(ctx);
  const keys = [`email:${input.email}`, `ip:${input.ip}`];
  if (await throttle.isLimited(keys)) throw new AppError(429, "too-many-requests");
  const user = await findUserByEmail(ctx, input.email);
  if (!user) {
    await throttle.record(keys);
    throw new AppError(404, "user-not-found");
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await throttle.record(keys);
    throw new AppError(401, "wrong-password");
  }
  if (!user.emailVerifiedAt) {
    await sendVerificationMail(ctx, user);
    throw new AppError(403, "email-not-verified");
  }
  await throttle.clear(keys[0] as string);
  void throttle.prune().catch(() => {});
  return startSession(ctx, user, input.remember ?? false);
}

export async function register(
  ctx: AppContext,
  input: { name: string; email: string; password: string; lng: Language },
) {
  const passwordHash = await hashPassword(input.password);
  const user = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        email: input.email,
        name: input.name,
        displayName: input.name,
        passwordHash,
        language: input.lng,
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!created) throw new AppError(409, "email-already-in-use");
    await tx
      .insert(consents)
      .values({ userId: created.id, termsVersion: TERMS_VERSION, privacyVersion: PRIVACY_VERSION });
    return created;
  });
  await sendVerificationMail(ctx, user);
  return user;
}

export async function verifyEmail(ctx: AppContext, token: string) {
  const userId = await consumeEmailToken(ctx.db, token, "verify-email");
  if (!userId) throw new AppError(400, "invalid-token");
  await ctx.db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function requestPasswordReset(ctx: AppContext, email: string) {
  const user = await findUserByEmail(ctx, email);
  if (!user) throw new AppError(404, "user-not-found");
  const throttle = authThrottles(ctx).mail;
  const key = `reset:${user.email}`;
  if (await throttle.isLimited([key])) throw new AppError(429, "too-many-requests");
  await throttle.record([key]);
  const token = await issueEmailToken(ctx.db, user.id, "reset-password", RESET_TOKEN_TTL_S);
  await ctx.mailer.send({
    to: user.email,
    language: user.language,
    template: "reset-password",
    vars: { name: user.name, url: `${ctx.config.appUrl}/auth/reset-password?token=${token}` },
  });
}

/** Sets a new password; every existing session and id token of the person stops working. */
async function setPassword(ctx: AppContext, userId: string, password: string, extra: Partial<UserRow> = {}) {
  const passwordHash = await hashPassword(password);
  const [user] = await ctx.db
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date(), ...extra })
    .where(eq(users.id, userId))
    .returning();
  if (!user) throw new AppError(404, "user-missing");
  return user;
}

/** Sets the password from a mailed reset or invitation link; either proves the address. */
export async function confirmPasswordReset(
  ctx: AppContext,
  token: string,
  newPassword: string,
  purpose: "reset-password" | "invite" = "reset-password",
) {
  const userId = await consumeEmailToken(ctx.db, token, purpose);
  if (!userId) throw new AppError(400, "invalid-token");
  const [current] = await ctx.db.select().from(users).where(eq(users.id, userId));
  // Following a mailed link proves the address, so an unverified account becomes verified.
  await setPassword(
    ctx,
    userId,
    newPassword,
    current?.emailVerifiedAt ? {} : { emailVerifiedAt: new Date() },
  );
  await revokeAllSessions(ctx.db, userId);
}

export async function changePassword(
  ctx: AppContext,
  input: { userId: string; oldPassword: string; newPassword: string; ip: string },
) {
  const { signIn: throttle } = authThrottles(ctx);
  const [current] = await ctx.db.select().from(users).where(eq(users.id, input.userId));
  if (!current) throw new AppError(404, "user-missing");
  const keys = [`email:${current.email}`, `ip:${input.ip}`];
  if (await throttle.isLimited(keys)) throw new AppError(429, "too-many-requests");
  if (!(await verifyPassword(current.passwordHash, input.oldPassword))) {
    await throttle.record(keys);
    throw new AppError(400, "wrong-password");
  }
  if (input.oldPassword === input.newPassword) throw new AppError(400, "same-password", "newPassword");
  const user = await setPassword(ctx, input.userId, input.newPassword);
  await revokeAllSessions(ctx.db, user.id);
  return user;
}
