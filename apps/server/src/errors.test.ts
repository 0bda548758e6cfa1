import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { ERRORS } from "@mimamori/shared";
import { describe, expect, it } from "vitest";

/** Every code the server throws is in the one error table (packages/shared/src/errors.ts), which sets its status. */
const SRC = import.meta.dirname;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return files(full);
    return name.endsWith(".ts") && !name.endsWith(".test.ts") ? [full] : [];
  });
}

describe("error vocabulary", () => {
  const uses = files(SRC).flatMap((file) => {
    const text = readFileSync(file, "utf8");
    // the code argument of each `new AppError(code, field?)`: its string literals, comparisons left out (a
    // conditional code such as `a === "x" ? "code-1" : "code-2"` names both codes)
    return [...text.matchAll(/new AppError\(([^)]*)\)/g)].flatMap((m) => {
      const codeArg = (m[1] ?? "").split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/)[0] ?? "";
      return [...codeArg.matchAll(/(?<!===?\s*)"([a-z_][a-z0-9_-]*)"/g)].map((c) => ({
        file: path.relative(SRC, file),
        code: c[1] as string,
      }));
    });
  });

  it("finds the server's AppError codes", () => {
    expect(uses.length).toBeGreaterThan(40);
  });

  it("lists every AppError code with its status", () => {
    const missing = uses.filter((u) => !Object.hasOwn(ERRORS, u.code)).map((u) => `${u.file}: ${u.code}`);
    expect(missing, "codes thrown but not in ERRORS (packages/shared/src/errors.ts)").toEqual([]);
  });

  it("passes a code, never a status, to AppError", () => {
    const withStatus =
      uses.length === 0 ? [] : files(SRC).filter((f) => /new AppError\(\s*\d/.test(readFileSync(f, "utf8")));
    expect(withStatus).toEqual([]);
  });
});
