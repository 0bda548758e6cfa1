import { REFRESH_TOKEN_TTL_S } from "@mimamori/shared";

/**
 * The spec's readable cookies (§3). They hold no secrets: the refresh token lives in the server's
 * httpOnly `mm_refresh` cookie and the id token only in memory.
 */
export const SPEC_COOKIES = ["userEmail", "userType", "workspace", "workspace_name", "userLanguage"] as const;
export type SpecCookieName = (typeof SPEC_COOKIES)[number];
export type SpecCookies = Partial<Record<SpecCookieName, string>>;

/** Lifetime of the spec's cookies: as long as the longest session the server grants. */
export const COOKIE_MAX_AGE_S = REFRESH_TOKEN_TTL_S;
/** The language choice outlives sessions. */
export const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

export interface CookieOptions {
  /** Seconds; 0 deletes the cookie. Undefined makes a session cookie. */
  maxAge?: number;
  secure?: boolean;
}

/** `name=value; Path=/; SameSite=Strict[; Max-Age=n][; Secure]` with the value URI-encoded. */
export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, "Path=/", "SameSite=Strict"];
  if (options.maxAge !== undefined) parts.push(`Max-Age=${Math.max(0, Math.floor(options.maxAge))}`);
  if (options.secure) parts.push("Secure");
  return parts.join("; ");
}

/** Parses a `document.cookie` string; malformed encodings are kept as they are. */
export function parseCookies(header: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || name in out) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      out[name] = decodeURIComponent(raw);
    } catch {
      out[name] = raw;
    }
  }
  return out;
}

/** Only the spec's cookies, ignoring empty values. */
export function pickSpecCookies(all: Record<string, string>): SpecCookies {
  const out: SpecCookies = {};
  for (const name of SPEC_COOKIES) {
    const v = all[name];
    if (v) out[name] = v;
  }
  return out;
}

const isSecure = () => typeof location !== "undefined" && location.protocol === "https:";

export function readSpecCookies(): SpecCookies {
  return typeof document === "undefined" ? {} : pickSpecCookies(parseCookies(document.cookie));
}

export function readCookie(name: SpecCookieName): string | undefined {
  return readSpecCookies()[name];
}

export function writeCookie(name: SpecCookieName, value: string, maxAge = COOKIE_MAX_AGE_S): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in some supported browsers; serializeCookie encodes
  document.cookie = serializeCookie(name, value, { maxAge, secure: isSecure() });
}

export function deleteCookie(name: SpecCookieName): void {
  // biome-ignore lint/suspicious/noDocumentCookie: see writeCookie
  document.cookie = serializeCookie(name, "", { maxAge: 0, secure: isSecure() });
}

/** The spec's local flag `isAuthenticated` ("true" / "false"); null when unset or unreadable. */
export function readAuthenticatedFlag(): boolean | null {
  try {
    const v = localStorage.getItem("isAuthenticated");
    return v === "true" ? true : v === "false" ? false : null;
  } catch {
    return null;
  }
}

/** The spec's local flag `isAuthenticated` ("true" / "false"). */
export function setAuthenticatedFlag(value: boolean): void {
  try {
    localStorage.setItem("isAuthenticated", value ? "true" : "false");
  } catch {
    // Storage can be unavailable (private mode); the flag is informational only.
  }
}
