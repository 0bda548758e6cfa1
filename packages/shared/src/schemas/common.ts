import { z } from "zod";
import {
  EMAIL_MAX_LENGTH,
  LANGUAGES,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from "../constants";

/** Messages of these schemas are codes of `MESSAGES`, so server and web show the same text per language. */
export const languageSchema = z.enum(LANGUAGES, "invalid-language");

export const emailSchema = z
  .string("required")
  .trim()
  .toLowerCase()
  .min(1, "required")
  .max(EMAIL_MAX_LENGTH, "too-long")
  .pipe(z.email("invalid-email"));

export const newPasswordSchema = z
  .string("required")
  .min(1, "required")
  .min(PASSWORD_MIN_LENGTH, "password-too-short")
  .max(PASSWORD_MAX_LENGTH, "password-too-long");

export const nameSchema = z
  .string("required")
  .trim()
  .min(1, "required")
  .max(NAME_MAX_LENGTH, "name-too-long");

/** Largest value of a PostgreSQL integer column: ids and options above it are refused before any query. */
export const INT4_MAX = 2_147_483_647;
/** A positive integer id in a path (`/modules/{moduleId}`), as the database can hold it. */
export const intIdParamSchema = z.coerce
  .number("invalid-input")
  .int("invalid-input")
  .min(1, "invalid-input")
  .max(INT4_MAX, "invalid-input");

/**
 * `?offset&limit` of a paged list: `offset` from 0 (default 0), `limit` from 1 to `max` (default `byDefault`);
 * anything else is 400 `invalid-input`.
 */
export const pageQuerySchema = (max: number, byDefault = max) =>
  z.object({
    offset: z.coerce
      .number("invalid-input")
      .int("invalid-input")
      .min(0, "invalid-input")
      .max(INT4_MAX, "invalid-input")
      .default(0),
    limit: z.coerce
      .number("invalid-input")
      .int("invalid-input")
      .min(1, "invalid-input")
      .max(max, "invalid-input")
      .default(byDefault),
  });

export const errorBodySchema = z.object({ detail: z.string(), code: z.string() });
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const okSchema = z.object({ ok: z.literal(true) });
export type Ok = z.infer<typeof okSchema>;
