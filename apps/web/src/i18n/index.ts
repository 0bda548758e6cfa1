import type { Language } from "@mimamori/shared";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { LANGUAGE_COOKIE_MAX_AGE_S, readCookie, writeCookie } from "../app/session/cookies";
import en from "./en.json";
import jp from "./jp.json";
import { detectLanguage, htmlLangOf, isLanguage } from "./language";

/**
 * Feature strings live beside their feature (`features/<area>/<screens>/i18n/jp.json` and `en.json`, or
 * `features/<name>/i18n/…`, or a screen group's sub-folder `features/<area>/<screens>/<part>/i18n/…`) and are
 * merged into the one namespace under the folder path with `/` read as `-`:
 * `features/admin/entities` → `t("admin-entities.<key>")`, `features/staff/forms/answers` → `staff-forms-answers`.
 */
const featureFiles = import.meta.glob<Record<string, unknown>>(
  ["../features/*/i18n/*.json", "../features/*/*/i18n/*.json", "../features/*/*/*/i18n/*.json"],
  {
    eager: true,
    import: "default",
  },
);

function withFeatures(base: Record<string, unknown>, language: Language) {
  const merged: Record<string, unknown> = { ...base };
  for (const [file, strings] of Object.entries(featureFiles)) {
    const m = /features\/((?:[^/]+\/){0,2}[^/]+)\/i18n\/(jp|en)\.json$/.exec(file);
    if (m?.[2] === language && m[1]) merged[m[1].replaceAll("/", "-")] = strings;
  }
  return merged;
}

export const resources = {
  jp: { translation: withFeatures(jp, "jp") },
  en: { translation: withFeatures(en, "en") },
} as const;

function browserLanguage(): string | undefined {
  if (typeof navigator === "undefined") return undefined;
  return navigator.languages?.[0] ?? navigator.language;
}

/** Before sign-in: the `userLanguage` cookie, else the browser. The server's stored language is applied later. */
const initial = detectLanguage({ cookie: readCookie("userLanguage"), browser: browserLanguage() });

export const i18n = i18next.createInstance();
i18n.use(initReactI18next).init({
  resources,
  lng: initial,
  fallbackLng: "en",
  supportedLngs: ["jp", "en"],
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

function syncDocument(language: Language) {
  if (typeof document === "undefined") return;
  document.documentElement.lang = htmlLangOf(language);
}
syncDocument(initial);
i18n.on("languageChanged", (lng) => {
  if (isLanguage(lng)) syncDocument(lng);
});

/** The current UI language (`jp` or `en`). */
export function currentLanguage(): Language {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(lng) ? lng : "en";
}

/** Changes the UI immediately, remembers the choice in the `userLanguage` cookie and sets `<html lang>`. */
export function applyLanguage(language: Language): void {
  writeCookie("userLanguage", language, LANGUAGE_COOKIE_MAX_AGE_S);
  if (currentLanguage() !== language) void i18n.changeLanguage(language);
  syncDocument(language);
}
