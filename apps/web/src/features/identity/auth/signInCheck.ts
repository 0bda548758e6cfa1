import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, type SignInBody } from "@mimamori/shared";

/**
 * The sign-in form's own check, the rules of `signInBodySchema` without zod: the sign-in page is the first page
 * most people load, and zod would be most of its JavaScript. The server still parses the body with the schema;
 * signInCheck.test.ts holds the two to the same answers.
 */

/** zod's `z.email()` pattern (`regexes.email` of zod 4). */
const EMAIL =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export type SignInErrors = Partial<Record<"email" | "password", string>>;

/** The message code of each invalid field (codes of MESSAGES), or the body as the server reads it. */
export function checkSignIn(values: SignInBody): { body: SignInBody } | { errors: SignInErrors } {
  const errors: SignInErrors = {};
  const email = values.email.trim().toLowerCase();
  if (email.length < 1) errors.email = "required";
  else if (email.length > EMAIL_MAX_LENGTH) errors.email = "too-long";
  else if (!EMAIL.test(email)) errors.email = "invalid-email";
  if (values.password.length < 1) errors.password = "required";
  else if (values.password.length > PASSWORD_MAX_LENGTH) errors.password = "password-too-long";
  if (errors.email || errors.password) return { errors };
  return { body: { email, password: values.password, remember: values.remember } };
}
