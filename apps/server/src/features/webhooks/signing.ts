import { createHmac, randomBytes } from "node:crypto";

const PREFIX = "whsec_";

/** A new signing secret: `whsec_` + base64 of 32 random bytes (the Standard Webhooks form). */
export function newSecret(): string {
  return `${PREFIX}${randomBytes(32).toString("base64")}`;
}

/**
 * The Standard Webhooks signature of one delivery: `v1,` + base64 of HMAC-SHA256, keyed with the secret's bytes,
 * over `${id}.${timestamp}.${body}` (timestamp in whole seconds).
 */
export function signature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, "base64");
  return `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

/** The three headers a delivery carries. */
export function signedHeaders(secret: string, id: string, timestamp: number, body: string) {
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signature(secret, id, timestamp, body),
  };
}
