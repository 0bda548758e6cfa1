import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { authTokens } from "../../../db/schema";
import { randomToken, tokenHash } from "../../../lib/crypto";

type Purpose = (typeof authTokens.$inferInsert)["purpose"];

/**
 * Issues a single-use token for a mailed link. A new reset link cancels earlier ones; verification links
 * all stay valid until they expire, since a re-sent mail must not break the one the person is about to open.
 */
export async function issueEmailToken(
  db: Db,
  userId: string,
  purpose: Purpose,
  ttlS: number,
): Promise<string> {
  const token = randomToken();
  await db.transaction(async (tx) => {
    if (purpose !== "verify-email")
      await tx
        .update(authTokens)
        .set({ usedAt: new Date() })
        .where(
          and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)),
        );
    await tx.insert(authTokens).values({
      userId,
      purpose,
      tokenHash: tokenHash(token),
      expiresAt: new Date(Date.now() + ttlS * 1000),
    });
  });
  return token;
}

/** Marks the token used and returns its user, or null when it is unknown, used or expired. */
export async function consumeEmailToken(db: Db, token: string, purpose: Purpose): Promise<string | null> {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash(token)),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: authTokens.userId });
  return row?.userId ?? null;
}
