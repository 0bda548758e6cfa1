import type { FastifyRequest } from "fastify";
import pino from "pino";

const REDACTED = "[redacted]";

/**
 * Query parameters whose values are secrets (mailed link tokens, id tokens, passwords) or personal data (a
 * person's name or e-mail address: `name`, `email`, `user_name`, `user_email`, as links of older versions
 * carried them).
 */
const SECRET_PARAM = /token|password|secret|^(user_)?(name|e-?mail)$/i;
/** A path segment holding an e-mail address (the spec's `/self/language/{email}`), raw or encoded. */
const EMAIL_SEGMENT = /^[^/]*(@|%40)[^/]*$/i;

/**
 * The URL with the values of secret or personal query parameters replaced, e.g.
 * `/auth/verify-email?token=[redacted]`, and path segments holding an e-mail address replaced
 * (`/api/self/language/[redacted]`): opened mail links and old bookmarks must not leave their tokens, names or
 * e-mail addresses in logs or in stored copies of sent mail.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf("?");
  const hash = url.indexOf("#", Math.max(q, 0));
  const pathEnd = q >= 0 ? q : hash >= 0 ? hash : url.length;
  // the path's segments, after a scheme and host if the URL has them
  const origin = /^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i.exec(url)?.[0] ?? "";
  const path = url
    .slice(origin.length, pathEnd)
    .split("/")
    .map((segment) => (EMAIL_SEGMENT.test(segment) ? REDACTED : segment))
    .join("/");
  if (q < 0) return `${origin}${path}${url.slice(pathEnd)}`;
  const end = hash < 0 ? url.length : hash;
  const query = url
    .slice(q + 1, end)
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      if (eq < 0) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name.replaceAll("+", " "));
      } catch {
        // a malformed name is checked as written
      }
      return SECRET_PARAM.test(name) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join("&");
  return `${origin}${path}?${query}${url.slice(end)}`;
}

/** Fastify's request serializer, with secrets and personal data taken out of the URL (`redactUrl`). */
export function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** `params: …` as the driver error messages print them (drizzle: "Failed query: …\nparams: a,b"). */
const PARAMS_IN_TEXT = /\nparams: [\s\S]*?(?=\n {4}at |\ncaused by: |$)/g;

/**
 * pino's error serializer, minus the values a failed query carried: drizzle puts them in `params` and in the
 * message (and so the stack); PostgreSQL's `detail` can quote the failing row ("Failing row contains (…)").
 * The SQL text stays: it holds placeholders, not values.
 */
export function serializeError(err: Error) {
  const out = pino.stdSerializers.err(err);
  if (!out || typeof out !== "object") return out;
  for (const key of ["message", "stack"] as const) {
    const text = out[key];
    if (typeof text === "string") out[key] = text.replace(PARAMS_IN_TEXT, `\nparams: ${REDACTED}`);
  }
  for (const key of ["params", "parameters", "detail"]) if (key in out) out[key] = REDACTED;
  return out;
}
