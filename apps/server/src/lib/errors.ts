import { ERRORS, type ErrorCode, isErrorCode, isMessageCode, message } from "@mimamori/shared";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { requestLanguage } from "./language";

/**
 * The one error type of the API: the handler turns it into `{detail, code}` in the caller's language, with the
 * code's one status from `ERRORS` (packages/shared/src/errors.ts).
 */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    readonly field?: string,
    /** For a 429: when the caller may try again (the `Retry-After` header), if the refusing limit knows. */
    readonly retryAfterS?: number,
  ) {
    super(code);
    this.statusCode = ERRORS[code];
  }
}

export const unauthenticated = () => new AppError("unauthenticated");
export const forbidden = () => new AppError("forbidden");

/**
 * `Retry-After` of a 429 whose limit did not say (issue 31 §5): the time after which a slot has surely come free —
 * an export or an event stream ends within seconds, the invitation caps count per hour (and per address per day).
 */
const RETRY_AFTER_S: Partial<Record<ErrorCode, number>> = {
  "too-many-requests": 900,
  "too-many-invitations": 3600,
  "too-many-exports": 10,
  "too-many-streams": 30,
};
export const RETRY_AFTER_DEFAULT_S = 60;

export function registerErrorHandler(app: FastifyInstance) {
  // every 429, whoever answered it, says when to come back
  app.addHook("onSend", async (_req, reply) => {
    if (reply.statusCode === 429 && !reply.hasHeader("retry-after"))
      reply.header("retry-after", String(RETRY_AFTER_DEFAULT_S));
  });
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    const lang = requestLanguage(req);
    if (err instanceof AppError) {
      if (err.statusCode === 429)
        reply.header(
          "retry-after",
          String(err.retryAfterS ?? RETRY_AFTER_S[err.code] ?? RETRY_AFTER_DEFAULT_S),
        );
      return reply.status(err.statusCode).send({
        detail: message(err.code, lang),
        code: err.code,
        ...(err.field ? { field: err.field } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issue = err.validation[0];
      const code = issue?.message && isMessageCode(issue.message) ? issue.message : "invalid-input";
      const field = issue?.instancePath.replace(/^\//, "").replaceAll("/", ".") || undefined;
      // a listed code keeps its one status (a malformed member id is "member-not-found", 404); others are 400
      return reply
        .status(isErrorCode(code) ? ERRORS[code] : 400)
        .send({ detail: message(code, lang), code, ...(field ? { field } : {}) });
    }
    const status = err.statusCode ?? 500;
    if (status === 413)
      return reply
        .status(413)
        .send({ detail: message("payload-too-large", lang), code: "payload-too-large" });
    if (status === 415 || (status === 400 && err.code?.startsWith("FST_ERR_CTP"))) {
      return reply.status(status).send({ detail: message("invalid-input", lang), code: "invalid-input" });
    }
    if (status === 429)
      return reply
        .status(429)
        .send({ detail: message("too-many-requests", lang), code: "too-many-requests" });
    if (status >= 500) req.log.error({ err }, "request failed");
    return reply.status(status).send({
      detail: message(status === 404 ? "not-found" : "unknown-error", lang),
      code: status === 404 ? "not-found" : "unknown-error",
    });
  });
  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send({ detail: message("not-found", requestLanguage(req)), code: "not-found" });
  });
}
