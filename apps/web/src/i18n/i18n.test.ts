import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { LANGUAGES, MESSAGES } from "@mimamori/shared";
import { describe, expect, it } from "vitest";
import en from "./en.json";
import jp from "./jp.json";

/** Every leaf key of a nested translation object, as dotted paths. */
function leafKeys(value: unknown, prefix = ""): string[] {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
    leafKeys(v, prefix ? `${prefix}.${k}` : k),
  );
}

function leafValues(value: unknown): unknown[] {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return [value];
  return Object.values(value as Record<string, unknown>).flatMap(leafValues);
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? "").sort();
}

function valueAt(obj: unknown, path: string): unknown {
  return path.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], obj);
}

describe("translation files", () => {
  const jpKeys = leafKeys(jp).sort();
  const enKeys = leafKeys(en).sort();

  it("have the same keys in jp.json and en.json", () => {
    expect(
      jpKeys.filter((k) => !enKeys.includes(k)),
      "keys missing in en.json",
    ).toEqual([]);
    expect(
      enKeys.filter((k) => !jpKeys.includes(k)),
      "keys missing in jp.json",
    ).toEqual([]);
  });

  it("have a non-empty string for every key", () => {
    for (const v of [...leafValues(jp), ...leafValues(en)]) {
      expect(typeof v).toBe("string");
      expect((v as string).trim()).not.toBe("");
    }
  });

  it("use the same interpolation placeholders in both languages", () => {
    for (const key of enKeys) {
      expect(placeholders(valueAt(jp, key) as string), key).toEqual(placeholders(valueAt(en, key) as string));
    }
  });
});

describe("MESSAGES catalogue", () => {
  it("has a text in both languages for every code", () => {
    for (const [code, texts] of Object.entries(MESSAGES)) {
      for (const lang of LANGUAGES) {
        const text = (texts as Record<string, string | undefined>)[lang];
        expect(typeof text === "string" && text.trim().length > 0, `${code} (${lang})`).toBe(true);
      }
    }
  });

  it("has every code the web shows", () => {
    const used = [
      "user-not-found",
      "wrong-password",
      "too-many-requests",
      "email-not-verified",
      "unknown-error",
      "not-super-user",
      "account-created",
      "reset-sent",
      "reset-failed",
      "password-changed",
      "request-successful",
      "password-does-not-match",
      "password-not-matched",
      "email-verified",
      "verification-sent",
      "password-reset-done",
      "invalid-token",
      "entity-required",
      "name-at-limit",
      "required",
      "invalid-email",
      "password-too-short",
      "digits-only",
    ];
    for (const code of used) expect(Object.hasOwn(MESSAGES, code), code).toBe(true);
  });
});

describe("feature translation files (features/<domain>/<role>/i18n, …/<role>/<part>/i18n, features/<domain>/i18n)", () => {
  const featuresDir = fileURLToPath(new URL("../features", import.meta.url));
  const subfolders = (dir: string) =>
    readdirSync(join(featuresDir, dir), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => (dir ? `${dir}/${e.name}` : e.name));
  // features/<domain>, its role folders and a role's part (features/forms/staff/answers)
  const folders = subfolders("").flatMap((top) =>
    [top, ...subfolders(top)].flatMap((f) => (f === top ? [f] : [f, ...subfolders(f)])),
  );
  const areas = folders.filter((area) => existsSync(join(featuresDir, area, "i18n")));
  const load = (area: string, lang: string) => {
    const file = join(featuresDir, area, "i18n", `${lang}.json`);
    expect(existsSync(file), `${area}/i18n/${lang}.json exists`).toBe(true);
    return JSON.parse(readFileSync(file, "utf8")) as unknown;
  };

  it.each(areas.length ? areas : ["(none yet)"])("%s has the same non-empty keys in jp and en", (area) => {
    if (area === "(none yet)") return;
    const [j, e] = [load(area, "jp"), load(area, "en")];
    expect(leafKeys(j).sort()).toEqual(leafKeys(e).sort());
    for (const v of [...leafValues(j), ...leafValues(e)]) expect(String(v).trim()).not.toBe("");
    for (const key of leafKeys(e)) {
      expect(placeholders(valueAt(j, key) as string), `${area}.${key}`).toEqual(
        placeholders(valueAt(e, key) as string),
      );
    }
  });
});
