import type { Language } from "@mimamori/shared";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { LANGUAGE_COOKIE_MAX_AGE_S, readCookie, writeCookie } from "../app/session/cookies";
import en from "./en.json";
import jp from "./jp.json";
import { detectLanguage, htmlLangOf, isLanguage } from "./language";

/** The shell and auth strings; each area's feature strings are added when it is first visited (areaStrings.ts). */
export const resources = {
  jp: { translation: jp },
  en: { translation: en },
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
