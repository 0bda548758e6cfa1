import { describe, expect, it } from "vitest";
import {
  acceptLanguageOf,
  detectLanguage,
  formatDate,
  formatNumber,
  htmlLangOf,
  isLanguage,
} from "./language";

describe("detectLanguage", () => {
  it("uses the browser when nothing is stored: ja* → jp, anything else → en", () => {
    expect(detectLanguage({ browser: "ja" })).toBe("jp");
    expect(detectLanguage({ browser: "ja-JP" })).toBe("jp");
    expect(detectLanguage({ browser: "en-GB" })).toBe("en");
    expect(detectLanguage({ browser: "fr-FR" })).toBe("en");
    expect(detectLanguage({ browser: undefined })).toBe("en");
  });
  it("prefers the userLanguage cookie over the browser", () => {
    expect(detectLanguage({ cookie: "en", browser: "ja-JP" })).toBe("en");
    expect(detectLanguage({ cookie: "jp", browser: "en-US" })).toBe("jp");
  });
  it("lets the stored user language override the cookie and the browser", () => {
    expect(detectLanguage({ stored: "jp", cookie: "en", browser: "en-US" })).toBe("jp");
    expect(detectLanguage({ stored: "en", cookie: "jp", browser: "ja" })).toBe("en");
  });
  it("ignores values that are not product languages", () => {
    expect(detectLanguage({ stored: "fr", cookie: "ja", browser: "ja" })).toBe("jp");
    expect(detectLanguage({ stored: "", cookie: "", browser: "en" })).toBe("en");
  });
});

describe("language helpers", () => {
  it("recognises only jp and en", () => {
    expect(isLanguage("jp")).toBe(true);
    expect(isLanguage("en")).toBe(true);
    expect(isLanguage("ja")).toBe(false);
    expect(isLanguage(undefined)).toBe(false);
  });
  it("maps to the html lang attribute and Accept-Language", () => {
    expect(htmlLangOf("jp")).toBe("ja");
    expect(htmlLangOf("en")).toBe("en");
    expect(acceptLanguageOf("jp")).toBe("ja");
  });
  it("formats dates and numbers per language", () => {
    const d = new Date(Date.UTC(2024, 2, 5, 12));
    expect(formatDate(d, "jp", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" })).toBe(
      "2024年3月5日",
    );
    expect(formatDate(d, "en", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" })).toBe(
      "March 5, 2024",
    );
    expect(formatNumber(1234567.5, "en")).toBe("1,234,567.5");
    expect(formatNumber(1234567.5, "jp")).toBe("1,234,567.5");
  });
});
