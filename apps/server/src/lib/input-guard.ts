import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "./errors";

const MAX_DEPTH = 64;

/**
 * The path of the first string (value or object key) holding a character no request may carry, or null.
 * NUL (U+0000) is the one: PostgreSQL cannot store it in text or jsonb, so it would fail a query (500).
 * Input nested deeper than any API shape (64 levels) is refused as a whole rather than walked.
 */
export function findForbiddenCharacter(value: unknown, depth = 0): string[] | null {
  if (typeof value === "string") return value.includes("\u0000") ? [] : null;
  if (value === null || typeof value !== "object" || ArrayBuffer.isView(value)) return null;
  if (depth > MAX_DEPTH) throw new AppError("invalid-input");
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findForbiddenCharacter(value[i], depth + 1);
      if (found) return [String(i), ...found];
    }
    return null;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (key.includes("\u0000")) return [key.replaceAll("\u0000", "")];
    const found = findForbiddenCharacter((value as Record<string, unknown>)[key], depth + 1);
    if (found) return [key, ...found];
  }
  return null;
}

/** JSON writes a NUL in a string (value or key) only as this escape: a raw control character is not JSON. */
const JSON_NUL = "\\u0000";

/**
 * Refuses, before any route's validation, a request whose body, query or path parameters carry a NUL
 * character anywhere: 400 `invalid-characters` with the field, and nothing is stored. A JSON body whose text
 * has no NUL escape is not walked: an upload of 10,000 samples would otherwise be walked value by value.
 */
export function registerInputGuard(app: FastifyInstance) {
  const nulFree = new WeakSet<FastifyRequest>();
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (req, raw, done) => {
    const text = raw.toString(); // a string already (`parseAs`)
    if (!text.includes(JSON_NUL)) nulFree.add(req);
    parseJson(req, text, done);
  });
  app.addHook("preValidation", async (req) => {
    const parts = nulFree.has(req) ? [req.params, req.query] : [req.params, req.query, req.body];
    for (const part of parts) {
      const found = findForbiddenCharacter(part);
      if (found) throw new AppError("invalid-characters", found.join(".") || undefined);
    }
  });
}
