import type { MessageCode } from "./messages";

/**
 * Every error code the API answers with, and its one HTTP status. A code means one condition and answers one
 * status everywhere: the server's `AppError` takes its status from here, and zod validation messages that are
 * listed here answer their listed status (any other validation message answers 400). Every code is a key of
 * MESSAGES (jp and en text).
 *
 * Kept apart on purpose: `csv-only` (the file is not named .csv) and the spec's `invalid_csv` (the file's content
 * is not a readable member CSV); `user-not-found` (sign-in / lookup by e-mail: no account has it) and
 * `user-missing` (the signed-in or named account no longer exists).
 */
export const ERRORS = {
  // 400: the request cannot be carried out as sent
  "invalid-input": 400,
  required: 400,
  "invalid-characters": 400,
  "invalid-token": 400,
  "invalid-timezone": 400,
  "invalid-mode-option": 400,
  "wrong-password": 400,
  "same-password": 400,
  "cannot-delete-self": 400,
  "cannot-remove-self": 400,
  "last-staff": 400,
  "csv-only": 400,
  invalid_csv: 400,
  no_user_alert: 400,
  "too-many-rows": 400,
  "invalid-question-type": 400,
  "invalid-clock-time": 400,
  "form-no-questions": 400,
  "options-required": 400,
  "duplicate-option": 400,
  "duplicate-question": 400,
  "too-many-questions": 400,
  "too-many-options": 400,
  "too-many-recipients": 400,
  "invalid-snooze-length": 400,
  "snooze-too-long": 400,
  "snooze-heat-stress-too-long": 400,
  "no-recipients": 400,
  "weekdays-required": 400,
  "recipient-not-member": 400,
  "required-not-answered": 400,
  "answer-unknown-question": 400,
  "answer-option-out-of-range": 400,
  "answer-not-number": 400,
  "answer-invalid-date": 400,
  "answer-invalid-time": 400,
  "answer-invalid-datetime": 400,
  "answer-single-choice": 400,
  "invalid-notification-type": 400,
  "invalid-frequency": 400,
  "invalid-sync-length": 400,
  "invalid-escalation": 400,
  "invalid-ack-action": 400,
  "ack-action-not-fitting": 400,
  "too-many-ids": 400,
  "invalid-data-type": 400,
  "invalid-data-type-key": 400,
  "data-type-question-mismatch": 400,
  "data-not-image": 400,
  "image-required": 400,
  "image-unreadable": 400,
  // 401, 403: who is asking
  unauthenticated: 401,
  forbidden: 403,
  "email-not-verified": 403,
  "not-member": 403,
  // 404: no such thing (or not visible to the caller)
  "not-found": 404,
  "user-not-found": 404,
  "user-missing": 404,
  "entity-not-found": 404,
  "member-not-found": 404,
  "staff-not-found": 404,
  "module-not-found": 404,
  "invitation-not-found": 404,
  "question-not-found": 404,
  "form-not-found": 404,
  "sent-order-not-found": 404,
  "answer-not-found": 404,
  "schedule-not-found": 404,
  "notification-not-found": 404,
  "snooze-not-found": 404,
  "data-not-found": 404,
  "data-type-not-found": 404,
  "share-not-found": 404,
  "image-not-found": 404,
  "mailbox-off": 404,
  "mail-not-found": 404,
  // 409: the thing is not in a state that allows this
  "email-already-in-use": 409,
  "entity-exists": 409,
  "already-member": 409,
  "already-staff": 409,
  "already-invited": 409,
  "not-pending": 409,
  "not-pending-user": 409,
  "module-not-offered": 409,
  "not-subscribed": 409,
  "already-answered": 409,
  "form-not-editable": 409,
  "notification-settings-locked": 409,
  "already-acknowledged": 409,
  "data-type-key-exists": 409,
  "data-type-in-use": 409,
  "too-many-answers": 409,
  "too-many-images": 409,
  // 413, 415, 429, 500, 503
  "payload-too-large": 413,
  "batch-too-large": 413,
  "image-too-large": 413,
  "image-too-many-pixels": 413,
  "image-type-not-allowed": 415,
  "too-many-requests": 429,
  "too-many-invitations": 429,
  "too-many-exports": 429,
  "too-many-streams": 429,
  "unknown-error": 500,
  "streams-unavailable": 503,
} as const satisfies Partial<Record<MessageCode, number>>;

export type ErrorCode = keyof typeof ERRORS;

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERRORS, code);
}
