import { describe, expect, it } from "vitest";
import { LANGUAGES } from "./constants";
import { languageFromTag } from "./language";
import { MESSAGES, message } from "./messages";

describe("message catalogue", () => {
  it("has a non-empty text in every language for every code", () => {
    for (const [code, texts] of Object.entries(MESSAGES)) {
      for (const lang of LANGUAGES) expect(texts[lang], `${code}.${lang}`).toMatch(/\S/);
    }
  });
  it("falls back to the unknown-error message for an unknown code", () => {
    expect(message("nope", "en")).toBe(MESSAGES["unknown-error"].en);
    expect(message("wrong-password", "jp")).toBe(MESSAGES["wrong-password"].jp);
  });
});

describe("languageFromTag", () => {
  it.each([
    ["ja", "jp"],
    ["ja-JP,en;q=0.8", "jp"],
    ["en-US", "en"],
    ["fr", "en"],
    ["", "en"],
    [undefined, "en"],
  ])("%s → %s", (tag, expected) => {
    expect(languageFromTag(tag)).toBe(expected);
  });
});
