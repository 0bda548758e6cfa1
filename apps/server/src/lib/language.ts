import { type Language, languageFromTag } from "@mimamori/shared";
import type { FastifyRequest } from "fastify";

/** The caller's language: the web sends `Accept-Language: ja` or `en` for its current UI language. */
export function requestLanguage(req: FastifyRequest): Language {
  return languageFromTag(req.headers["accept-language"]);
}
