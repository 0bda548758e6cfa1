import { REFRESH_TOKEN_TTL_S, SHORT_REFRESH_TOKEN_TTL_S } from "@mimamori/shared";
import { and, eq, gt, inArray, isNotNull, isNull, lt, or } from "drizzle-orm";
import { changesOf } from "../../../db/changes";
import type { Db } from "../../../db/client";
import { retiredRefreshTokens, sessions } from "../../../db/schema";
import { randomToken, tokenHash } from "../../../lib/crypto";

export async function createSession(db: Db, userId: string, remember: boolean) {
  const refreshToken = randomToken();
  const ttl = remember ? REFRESH_TOKEN_TTL_S : SHORT_REFRESH_TOKEN_TTL_S;
  const [session] = await db
    .insert(sessions)
    .values({
      userId,
      refreshTokenHash: tokenHash(refreshToken),
      expiresAt: new Date(Date.now() + ttl * 1000),
    })
    .returning();
  if (!session) throw new Error("session not created");
  return { session, refreshToken };
}

/**
 * Exchanges a refresh token for a new one (single use): the old hash no longer matches after this and is kept
 * in `retired_refresh_tokens`. Presenting a retired token again means two parties hold the session's tokens
 * (one of them copied it), so the whole session ends: its newest refresh token and its id tokens stop working.
 */
export async function rotateSession(db: Db, refreshToken: string) {
  const next = randomToken();
  const hash = tokenHash(refreshToken);
  const session = await db.transaction(async (tx) => {
    const [rotated] = await tx
      .update(sessions)
      .set({ refreshTokenHash: tokenHash(next), lastUsedAt: new Date() })
      .where(
        and(
          eq(sessions.refreshTokenHash, hash),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date()),
        ),
      )
      .returning();
    if (rotated)
      await tx
        .insert(retiredRefreshTokens)
        .values({ tokenHash: hash, sessionId: rotated.id })
        .onConflictDoNothing();
    return rotated;
  });
  if (session) return { session, refreshToken: next };
  await revokeRetired(db, hash);
  return null;
}

/** Ends the session a retired refresh token belonged to (reuse detected). */
async function revokeRetired(db: Db, hash: string) {
  const [retired] = await db
    .select({ sessionId: retiredRefreshTokens.sessionId })
    .from(retiredRefreshTokens)
    .where(eq(retiredRefreshTokens.tokenHash, hash));
  if (!retired) return;
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, retired.sessionId), isNull(sessions.revokedAt)));
  // answered 401, which marks nothing (lib/change-tracking.ts)
  sessionsEnded(db);
}

/**
 * Drops the kept session lookups (lib/access.ts): a revoked session is refused from the next request on, also
 * when the request that revoked it is refused itself (a reused refresh token).
 */
function sessionsEnded(db: Db) {
  changesOf(db).everything();
}

/** Forgets the retired tokens of sessions that ended (revoked or expired): reusing them can change nothing. */
export async function pruneRetiredTokens(db: Db) {
  const ended = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(or(isNotNull(sessions.revokedAt), lt(sessions.expiresAt, new Date())));
  await db.delete(retiredRefreshTokens).where(inArray(retiredRefreshTokens.sessionId, ended));
}

export async function revokeSession(db: Db, sessionId: string) {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
  sessionsEnded(db);
}

/** Sign-out with a refresh token: its session ends, also when the token was already rotated away. */
export async function revokeSessionByRefreshToken(db: Db, refreshToken: string) {
  const hash = tokenHash(refreshToken);
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.refreshTokenHash, hash));
  sessionsEnded(db);
  await revokeRetired(db, hash);
}

export async function revokeAllSessions(db: Db, userId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  sessionsEnded(db);
}
