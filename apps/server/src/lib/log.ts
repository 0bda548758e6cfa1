import type { FastifyRequest } from "fastify";
import pino from "pino";

const REDACTED = "[redacted]";

/** Query parameters whose values are secrets (mailed link tokens, id tokens, passwords). */
const SECRET_PARAM = /token|password|secret/i;

/**
 * The URL with the values of secret query parameters replaced, e.g. `/auth/verify-email?token=[redacted]`:
 * opened mail links must not leave their tokens in logs or in stored copies of sent mail.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf("?");
  if (q < 0) return url;
  const hash = url.indexOf("#", q);
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
  return `${url.slice(0, q + 1)}${query}${url.slice(end)}`;
}

/** Fastify's request serializer, with secret query parameters taken out of the URL. */
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
