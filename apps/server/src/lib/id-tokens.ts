import { ID_TOKEN_TTL_S } from "@mimamori/shared";
import { eq } from "drizzle-orm";
import { jwtVerify, SignJWT } from "jose";
import { isProduction } from "../config";
import type { Db } from "../db/client";
import { appSecrets } from "../db/schema";
import { randomToken } from "./crypto";

export interface IdTokenClaims {
  uid: string;
  sid: string;
  tv: number;
}

/** A verified token's claims and when it expires (epoch ms): a live event stream ends then. */
export interface VerifiedIdToken extends IdTokenClaims {
  expiresAt: number;
}

const ISSUER = "mimamori";

/** Signs and verifies the short-lived id tokens (HS256 JWT) that every API call carries. */
export class IdTokens {
  private constructor(private readonly key: CryptoKey) {}

  /** The HMAC key imported once: given the raw bytes, jose imports them again at every verification. */
  private static async fromSecret(secret: string): Promise<IdTokens> {
    const bytes = new TextEncoder().encode(secret);
    const key = await crypto.subtle.importKey("raw", bytes, { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
      "verify",
    ]);
    return new IdTokens(key);
  }

  /**
   * The key comes from AUTH_SECRET, else (embedded quick start only) from one generated once and kept in the DB.
   * In production (config.ts `isProduction`) a stored key is refused: every backup of the database would carry it.
   */
  static async create(db: Db, configured?: string): Promise<IdTokens> {
    if (configured) return IdTokens.fromSecret(configured);
    if (isProduction()) throw new Error("AUTH_SECRET is required in production (see checkServerConfig)");
    await db.insert(appSecrets).values({ key: "id-token", value: randomToken() }).onConflictDoNothing();
    const [row] = await db.select().from(appSecrets).where(eq(appSecrets.key, "id-token"));
    if (!row) throw new Error("id-token secret missing");
    return IdTokens.fromSecret(row.value);
  }

  sign(claims: IdTokenClaims & { email: string }): Promise<string> {
    return new SignJWT({ sid: claims.sid, tv: claims.tv, email: claims.email })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(claims.uid)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(`${ID_TOKEN_TTL_S}s`)
      .sign(this.key);
  }

  /** Null for a forged, malformed or expired token. */
  async verify(token: string): Promise<VerifiedIdToken | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, algorithms: ["HS256"] });
      if (
        typeof payload.sub !== "string" ||
        typeof payload.sid !== "string" ||
        typeof payload.tv !== "number" ||
        typeof payload.exp !== "number"
      )
        return null;
      return { uid: payload.sub, sid: payload.sid, tv: payload.tv, expiresAt: payload.exp * 1000 };
    } catch {
      return null;
    }
  }
}
