import { isMessageCode, type Language, type MessageCode, message } from "@mimamori/shared";
import { ApiError } from "./client";

/** The code of an error, reduced to a catalogue code ("unknown-error" for anything unexpected). */
export function errorCode(err: unknown): MessageCode {
  return err instanceof ApiError && isMessageCode(err.code) ? err.code : "unknown-error";
}

/**
 * The text to show for a failed call: the catalogue text of its code in the current language (the same text
 * the server put in `detail`, but following a later language switch), else the server's detail.
 */
export function errorMessage(err: unknown, language: Language): string {
  if (err instanceof ApiError) {
    if (isMessageCode(err.code)) return message(err.code, language);
    if (err.detail) return err.detail;
  }
  return message("unknown-error", language);
}

const SIGN_IN_CODES = [
  "user-not-found",
  "wrong-password",
  "too-many-requests",
  "email-not-verified",
] as const;

/** Spec §8: the identity codes are shown as they are; any other failure shows "unknown-error". */
export function signInErrorCode(err: unknown): MessageCode {
  const code = errorCode(err);
  return (SIGN_IN_CODES as readonly string[]).includes(code) ? code : "unknown-error";
}

/** Password reset request: a missing account (or bad input) is "reset-failed"; throttling and outages keep their code. */
export function resetErrorCode(err: unknown): MessageCode {
  const code = errorCode(err);
  if (code === "too-many-requests") return code;
  if (err instanceof ApiError && err.status >= 400 && err.status < 500) return "reset-failed";
  return "unknown-error";
}
