import { describe, expect, it } from "vitest";
import { LANGUAGES } from "./constants";
import { ERRORS } from "./errors";
import { MESSAGES } from "./messages";

describe("error table", () => {
  it("gives every listed code a jp and an en text in the catalogue", () => {
    for (const code of Object.keys(ERRORS)) {
      expect(Object.hasOwn(MESSAGES, code), `${code} is not in MESSAGES`).toBe(true);
      const texts = MESSAGES[code as keyof typeof MESSAGES];
      for (const lang of LANGUAGES) expect(texts[lang], `${code}.${lang}`).toMatch(/\S/);
    }
  });
  it("gives every code an HTTP error status", () => {
    for (const [code, status] of Object.entries(ERRORS))
      expect([400, 401, 403, 404, 409, 413, 415, 429, 500, 503], code).toContain(status);
  });
});
