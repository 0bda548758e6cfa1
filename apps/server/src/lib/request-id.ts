import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";

/** The longest caller-given request id kept; longer ones are replaced (they would bloat every log line). */
export const REQUEST_ID_MAX = 128;
const TOKEN = new RegExp(`^[\\x21-\\x7e]{1,${REQUEST_ID_MAX}}$`);

/**
 * The request's id: the caller's `X-Request-Id` when it is 1–128 visible ASCII characters (no spaces or control
 * characters, so it cannot forge or split a log line), else a new UUID.
 */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers["x-request-id"];
  return typeof given === "string" && TOKEN.test(given) ? given : randomUUID();
}
