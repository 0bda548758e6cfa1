import type { Language } from "./constants";

/** Maps a browser or Accept-Language tag to the product's language code: ja* → jp, anything else → en. */
export function languageFromTag(tag: string | null | undefined): Language {
  if (!tag) return "en";
  const first = tag.split(",")[0]?.trim().toLowerCase() ?? "";
  return first.startsWith("ja") || first === "jp" ? "jp" : "en";
}

/** The BCP 47 locale used to format dates and numbers for a product language. */
export function localeOf(language: Language): string {
  return language === "jp" ? "ja-JP" : "en-US";
}
