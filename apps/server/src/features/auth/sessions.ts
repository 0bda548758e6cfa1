import { REFRESH_TOKEN_TTL_S, SHORT_REFRESH_TOKEN_TTL_S } from "@mimamori/shared";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sessions } from "../../db/schema";
import { randomToken, tokenHash } from "../../lib/crypto";

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

/** Exchanges a refresh token for a new one (single use): the old hash no longer matches after this. */
export async function rotateSession(db: Db, refreshToken: string) {
  const next = randomToken();
  const [session] = await db
    .update(sessions)
    .set({ refreshTokenHash: tokenHash(next), lastUsedAt: new Date() })
    .where(
      and(
        eq(sessions.refreshTokenHash, tokenHash(refreshToken)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    )
    .returning();
  return session ? { session, refreshToken: next } : null;
}

export async function revokeSession(db: Db, sessionId: string) {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

export async function revokeSessionByRefreshToken(db: Db, refreshToken: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(eq(sessions.refreshTokenHash, tokenHash(refreshToken)));
}

export async function revokeAllSessions(db: Db, userId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
