/** Business constants of spec §9, shared by server and web. */
export const UI_VERSION = "1.14.0";

export const LANGUAGES = ["jp", "en"] as const;
export type Language = (typeof LANGUAGES)[number];

export const USER_TYPES = ["client", "staff", "admin"] as const;
export type UserType = (typeof USER_TYPES)[number];

export const NAME_MAX_LENGTH = 150;
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;
export const ENTITY_ID_MIN_LENGTH = 3;
export const ENTITY_ID_MAX_LENGTH = 20;

export const TOAST_DURATION_MS = 6000;
export const TABLE_PAGE_SIZES = [5, 10, 25] as const;
export const TABLE_DEFAULT_PAGE_SIZE = 10;
export const PENDING_PAGE_SIZES = [3, 6, 9] as const;

/** Versions of the legal texts; consent records reference them. */
export const TERMS_VERSION = "2021-02-01";
export const PRIVACY_VERSION = "2023-02-06";

/** Token lifetimes (seconds). */
export const ID_TOKEN_TTL_S = 15 * 60;
export const REFRESH_TOKEN_TTL_S = 30 * 24 * 3600;
export const SHORT_REFRESH_TOKEN_TTL_S = 24 * 3600;
export const VERIFY_TOKEN_TTL_S = 24 * 3600;
export const RESET_TOKEN_TTL_S = 3600;

/** Throttling (docs/decisions.md, "Throttling in the database"). Sign-in: failed attempts within the window. */
export const SIGN_IN_MAX_FAILURES = 5; // per account
export const SIGN_IN_IP_MAX_FAILURES = 100; // per client IP (IPv6: per /64), over all accounts
export const SIGN_IN_WINDOW_S = 15 * 60;
/** Verification and reset mails per address, and such mail requests per client IP. */
export const AUTH_MAIL_MAX = 5;
export const AUTH_MAIL_WINDOW_S = 15 * 60;
export const AUTH_MAIL_IP_MAX = 20;
export const AUTH_MAIL_IP_WINDOW_S = 3600;
/** Self sign-ups (POST /user/register) per client IP and per address. */
export const SIGN_UP_IP_MAX = 20;
export const SIGN_UP_ADDRESS_MAX = 5;
export const SIGN_UP_WINDOW_S = 3600;
