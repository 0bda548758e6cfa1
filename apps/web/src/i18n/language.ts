import { LANGUAGES, type Language, languageFromTag, localeOf } from "@mimamori/shared";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

export interface LanguageSources {
  /** The language stored for the signed-in user on the server; wins when known. */
  stored?: string | null;
  /** The `userLanguage` cookie. */
  cookie?: string | null;
  /** `navigator.language` (or the first of `navigator.languages`). */
  browser?: string | null;
}

/** Start language: stored user language, else the `userLanguage` cookie, else the browser (ja* → jp, else en). */
export function detectLanguage({ stored, cookie, browser }: LanguageSources): Language {
  if (isLanguage(stored)) return stored;
  if (isLanguage(cookie)) return cookie;
  return languageFromTag(browser);
}

/** The value of `<html lang>` for a product language. */
export function htmlLangOf(language: Language): "ja" | "en" {
  return language === "jp" ? "ja" : "en";
}

/** The `Accept-Language` header the server expects for a product language. */
export function acceptLanguageOf(language: Language): "ja" | "en" {
  return htmlLangOf(language);
}

export function formatDate(
  date: Date,
  language: Language,
  options: Intl.DateTimeFormatOptions = { dateStyle: "long" },
) {
  return new Intl.DateTimeFormat(localeOf(language), options).format(date);
}

export function formatNumber(value: number, language: Language, options?: Intl.NumberFormatOptions) {
  return new Intl.NumberFormat(localeOf(language), options).format(value);
}
