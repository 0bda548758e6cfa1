import { type Language, message } from "@mimamori/shared";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { isLanguage } from "./language";

/** The current UI language; re-renders on a switch. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(lng) ? lng : "en";
}

/** Catalogue messages (MESSAGES of @mimamori/shared) in the current language: `msg("wrong-password")`. */
export function useMessage(): (code: string) => string {
  const language = useLanguage();
  return useCallback((code: string) => message(code, language), [language]);
}
