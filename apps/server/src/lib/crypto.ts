import { createHash, randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";

/** A random, URL-safe token for links and refresh tokens (256 bits). */
export const randomToken = () => randomBytes(32).toString("base64url");

/** Tokens are stored hashed; SHA-256 suffices because they carry 256 bits of entropy. */
export const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
