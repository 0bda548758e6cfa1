import {
  AUTH_MAIL_IP_MAX,
  AUTH_MAIL_IP_WINDOW_S,
  AUTH_MAIL_MAX,
  AUTH_MAIL_WINDOW_S,
  ID_TOKEN_TTL_S,
  type Language,
  PRIVACY_VERSION,
  RESET_TOKEN_TTL_S,
  type SessionResponse,
  SIGN_IN_IP_MAX_FAILURES,
  SIGN_IN_MAX_FAILURES,
  SIGN_IN_WINDOW_S,
  SIGN_UP_ADDRESS_MAX,
  SIGN_UP_IP_MAX,
  SIGN_UP_WINDOW_S,
  TERMS_VERSION,
  VERIFY_TOKEN_TTL_S,
} from "@mimamori/shared";
import { and, eq, gt, isNotNull, sql } from "drizzle-orm";
import { consents, memberships, users } from "../../../db/schema";
import { systemClock } from "../../../jobs/clock";
import type { AppContext } from "../../../lib/context";
import { hashPassword, verifyPassword } from "../../../lib/crypto";
import { AppError } from "../../../lib/errors";
import { consumeEmailToken, issueEmailToken } from "./email-tokens";
import { createSession, pruneRetiredTokens, revokeAllSessions } from "./sessions";
import { clearKey, ipKey, type Limit, pruneRateEvents, releaseSlots, takeSlots } from "./throttle";

type UserRow = typeof users.$inferSelect;

const SIGN_IN_FAILURE = "sign-in-failure";
const AUTH_MAIL = "auth-mail";

/**
 * The limits of each identity action (docs/decisions.md, "Throttling in the database"). Per account and per IP
 * separately: an account's limit protects its password, the IP's much higher one a guesser trying many
 * accounts, so one person cannot lock everybody behind the same address out.
 */
export const authLimits = {
  signIn: (email: string, ip: string): Limit[] => [
    { kind: SIGN_IN_FAILURE, key: `email:${email}`, max: SIGN_IN_MAX_FAILURES, windowS: SIGN_IN_WINDOW_S },
    {
      kind: SIGN_IN_FAILURE,
      key: `ip:${ipKey(ip)}`,
      max: SIGN_IN_IP_MAX_FAILURES,
      windowS: SIGN_IN_WINDOW_S,
    },
  ],
  mail: (purpose: "verify" | "reset", email: string): Limit => ({
    kind: AUTH_MAIL,
    key: `${purpose}:${email}`,
    max: AUTH_MAIL_MAX,
    windowS: AUTH_MAIL_WINDOW_S,
  }),
  mailRequestIp: (ip: string): Limit => ({
    kind: "auth-mail-ip",
    key: `ip:${ipKey(ip)}`,
    max: AUTH_MAIL_IP_MAX,
    windowS: AUTH_MAIL_IP_WINDOW_S,
  }),
  signUp: (email: string, ip: string): Limit[] => [
    { kind: "sign-up", key: `ip:${ipKey(ip)}`, max: SIGN_UP_IP_MAX, windowS: SIGN_UP_WINDOW_S },
    { kind: "sign-up", key: `email:${email}`, max: SIGN_UP_ADDRESS_MAX, windowS: SIGN_UP_WINDOW_S },
  ],
};

/** Refused by `limits`: the caller may come back once the longest of their windows has passed. */
const tooManyRequests = (limits: Limit[]) =>
  new AppError("too-many-requests", undefined, Math.max(...limits.map((l) => l.windowS)));

/** Counts argon2 verifications of sign-in and password change; tests read it to prove the throttle holds. */
export const passwordChecks = { count: 0 };

async function checkPassword(passwordHash: string | null, password: string) {
  passwordChecks.count++;
  return verifyPassword(passwordHash, password);
}

let lastPrune = 0;

/** Drops old throttle events and the retired refresh tokens of ended sessions, at most hourly per process. */
function pruneOccasionally(ctx: AppContext) {
  if (Date.now() - lastPrune < 3600 * 1000) return;
  lastPrune = Date.now();
  void pruneRateEvents(ctx.db)
    .then(() => pruneRetiredTokens(ctx.db))
    .catch(() => {});
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
  if (!(await takeSlots(ctx.db, [authLimits.mail("verify", user.email)]))) return false;
  await deliverVerificationMail(ctx, user);
  return true;
}

/**
 * The account a mail is asked for by its address. Limited per address and per client IP before the address is
 * looked up, so it cannot probe addresses fast.
 */
async function mailRequester(ctx: AppContext, email: string, ip: string, purpose: "verify" | "reset") {
  const address = email.trim().toLowerCase();
  const limits = [authLimits.mailRequestIp(ip), authLimits.mail(purpose, address)];
  if (!(await takeSlots(ctx.db, limits))) throw tooManyRequests(limits);
  const user = await findUserByEmail(ctx, address);
  if (!user) throw new AppError("user-not-found");
  return user;
}

/** POST /auth/send-verification. */
export async function requestVerificationMail(ctx: AppContext, email: string, ip: string) {
  const user = await mailRequester(ctx, email, ip, "verify");
  if (!user.emailVerifiedAt) await deliverVerificationMail(ctx, user);
}

async function deliverVerificationMail(ctx: AppContext, user: UserRow) {
  await mailTokenLink(ctx, user, "verify-email", VERIFY_TOKEN_TTL_S);
}

/** Mails the person the link to the page of `purpose` (its mail template is named alike) with a new token. */
async function mailTokenLink(
  ctx: AppContext,
  user: UserRow,
  purpose: "verify-email" | "reset-password",
  ttlS: number,
) {
  const token = await issueEmailToken(ctx.db, user.id, purpose, ttlS);
  await ctx.mailer.send({
    to: user.email,
    language: user.language,
    template: purpose,
    vars: { name: user.name, url: `${ctx.config.appUrl}/auth/${purpose}?token=${token}` },
  });
}

export async function signIn(
  ctx: AppContext,
  input: { email: string; password: string; remember?: boolean; ip: string },
) {
  const email = input.email.trim().toLowerCase();
  // The attempt counts as a failure before the password is checked, so parallel guesses cannot outrun the
  // count; a right password gives the slot back.
  const limits = authLimits.signIn(email, input.ip);
  const slots = await takeSlots(ctx.db, limits);
  if (!slots) throw tooManyRequests(limits);
  const user = await findUserByEmail(ctx, email);
  if (!user) throw new AppError("user-not-found");
  if (!(await checkPassword(user.passwordHash, input.password))) throw new AppError("wrong-password");
  await releaseSlots(ctx.db, slots);
  await clearKey(ctx.db, SIGN_IN_FAILURE, `email:${user.email}`);
  pruneOccasionally(ctx);
  // a closed account (issue 29 §4): the right password within the grace period cancels the deletion
  const cancelled = user.closedAt !== null;
  if (cancelled && !(await reopenAccount(ctx, user.id))) throw new AppError("user-not-found");
  if (!user.emailVerifiedAt) {
    await sendVerificationMail(ctx, user);
    throw new AppError("email-not-verified");
  }
  const session = await startSession(ctx, user, input.remember ?? false);
  return cancelled ? { ...session, deletionCancelled: true } : session;
}

/**
 * Reopens a closed account whose deletion is not due yet (the deletion job may be deleting it at this moment: the
 * update then waits for it and finds nothing): its accepted memberships come back. False: past the grace period,
 * the account counts as deleted.
 */
async function reopenAccount(ctx: AppContext, userId: string): Promise<boolean> {
  const now = (ctx.clock ?? systemClock).now();
  return ctx.db.transaction(async (tx) => {
    const [reopened] = await tx
      .update(users)
      .set({ closedAt: null, deletionDueAt: null, deletionRequestedBy: null, updatedAt: now })
      .where(and(eq(users.id, userId), isNotNull(users.closedAt), gt(users.deletionDueAt, now)))
      .returning({ id: users.id });
    if (!reopened) return false;
    await tx
      .update(memberships)
      .set({ status: "accepted" })
      .where(and(eq(memberships.userId, userId), eq(memberships.status, "closed")));
    return true;
  });
}

export async function register(
  ctx: AppContext,
  input: { name: string; email: string; password: string; lng: Language; ip: string },
) {
  const limits = authLimits.signUp(input.email, input.ip);
  if (!(await takeSlots(ctx.db, limits))) throw tooManyRequests(limits);
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
    if (!created) throw new AppError("email-already-in-use");
    await tx
      .insert(consents)
      .values({ userId: created.id, termsVersion: TERMS_VERSION, privacyVersion: PRIVACY_VERSION });
    return created;
  });
  await deliverVerificationMail(ctx, user);
  return user;
}

export async function verifyEmail(ctx: AppContext, token: string) {
  const userId = await consumeEmailToken(ctx.db, token, "verify-email");
  if (!userId) throw new AppError("invalid-token");
  await ctx.db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function requestPasswordReset(ctx: AppContext, email: string, ip: string) {
  const user = await mailRequester(ctx, email, ip, "reset");
  await mailTokenLink(ctx, user, "reset-password", RESET_TOKEN_TTL_S);
}

/** Sets a new password; every existing session and id token of the person stops working. */
async function setPassword(ctx: AppContext, userId: string, password: string, extra: Partial<UserRow> = {}) {
  const passwordHash = await hashPassword(password);
  const [user] = await ctx.db
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date(), ...extra })
    .where(eq(users.id, userId))
    .returning();
  if (!user) throw new AppError("user-missing");
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
  if (!userId) throw new AppError("invalid-token");
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

/**
 * A signed-in person proves it is them by entering the password again (password change, account deletion). It
 * shares the sign-in limits: a stolen session must not become a fast password oracle.
 */
export async function reauthenticate(ctx: AppContext, userId: string, password: string, ip: string) {
  const [current] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!current) throw new AppError("user-missing");
  const limits = authLimits.signIn(current.email, ip);
  const slots = await takeSlots(ctx.db, limits);
  if (!slots) throw tooManyRequests(limits);
  if (!(await checkPassword(current.passwordHash, password))) throw new AppError("wrong-password");
  await releaseSlots(ctx.db, slots);
  return current;
}

export async function changePassword(
  ctx: AppContext,
  input: { userId: string; oldPassword: string; newPassword: string; ip: string },
) {
  await reauthenticate(ctx, input.userId, input.oldPassword, input.ip);
  if (input.oldPassword === input.newPassword) throw new AppError("same-password", "newPassword");
  const user = await setPassword(ctx, input.userId, input.newPassword);
  await revokeAllSessions(ctx.db, user.id);
  return user;
}
