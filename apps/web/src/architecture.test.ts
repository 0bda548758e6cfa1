import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The web's import boundaries (docs/architecture.md, "Layers"), checked on every relative import and lazy
 * `import()` of apps/web/src:
 * - `components/` never imports `features/` or `app/`;
 * - `api/` never imports `features/`, `components/` or `app/`;
 * - `features/` never imports `app/layout/` (what pages need lives in `app/session/`, `api/` or `components/`);
 * - a feature folder (`features/<area>/<screens>` or `features/<name>`) never imports another one, except the
 *   pairs in FEATURE_IMPORTS_ALLOWED.
 */
const SRC = dirname(fileURLToPath(import.meta.url));

/** Feature folders any feature may import: code shared by several screens of several areas. */
const SHARED_FEATURES = [
  "features/reports-common",
  "features/forms-common",
  "features/data-common",
  "features/audit-common",
  "features/webhooks-common", // an entity's webhooks: its staff's page and the admin's entity page
];
/** Other feature-to-feature imports that are allowed, as "importer -> imported". */
const FEATURE_IMPORTS_ALLOWED = [
  "features/auth -> features/legal", // the sign-up agreement step shows the terms and privacy texts
  // a new terms or privacy version is accepted with the sign-up's agreement step (issue 29 §2)
  "features/privacy -> features/auth",
  // … also in the band app's chart view, which has no session to reach the web's gate with
  "features/mobile/reports -> features/auth",
  // the watch board acknowledges with the alerts' dialog and opens charts with their link builder
  "features/staff/board -> features/staff/notifications",
  // the profile page (every role) and the admin's user list start an account's deletion (issue 29 §4)
  "features/profile -> features/privacy",
  "features/admin/users -> features/privacy",
];

interface Violation {
  file: string;
  spec: string;
  rule: string;
}

const posix = (p: string) => p.split(sep).join("/");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.(ts|tsx)$/.test(e.name) && !/\.d\.ts$/.test(e.name) ? [p] : [];
  });
}

/** Every relative module specifier of a source text (static imports, re-exports and dynamic imports). */
function relativeImports(text: string): string[] {
  const specs: string[] = [];
  for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)["'](\.{1,2}\/[^"']+)["']/gm)) {
    if (m[1]) specs.push(m[1]);
  }
  return specs;
}

/** The feature folder of a path relative to src: `features/admin/entities`, `features/auth`, or null. */
function featureOf(path: string): string | null {
  const parts = path.split("/");
  if (parts[0] !== "features" || parts.length < 3) return null;
  const second = parts[2] ?? "";
  // area folders (admin, client, staff, mobile) hold screen groups; other folders are a feature themselves
  const isArea = ["admin", "client", "staff", "mobile"].includes(parts[1] ?? "");
  return isArea && parts.length >= 4 ? `features/${parts[1]}/${second}` : `features/${parts[1]}`;
}

/** The rule an import from `from` to `to` (both relative to src) breaks, or null. */
function brokenRule(from: string, to: string): string | null {
  const top = (p: string) => p.split("/")[0];
  if (top(from) === "components" && (top(to) === "features" || top(to) === "app")) {
    return "components/ must not import features/ or app/";
  }
  if (top(from) === "api" && ["features", "components", "app"].includes(top(to) ?? "")) {
    return "api/ must not import features/, components/ or app/";
  }
  if (top(from) === "features" && to.startsWith("app/layout/")) {
    return "features/ must not import app/layout/ (move what it needs to app/session/, api/ or components/)";
  }
  const a = featureOf(from);
  const b = featureOf(to);
  if (
    a &&
    b &&
    a !== b &&
    !SHARED_FEATURES.includes(b) &&
    !FEATURE_IMPORTS_ALLOWED.includes(`${a} -> ${b}`)
  ) {
    return `${a} must not import another feature folder (${b}); share it through components/ or features/reports-common/, or add the pair to FEATURE_IMPORTS_ALLOWED`;
  }
  return null;
}

function violations(files: { path: string; text: string }[]): Violation[] {
  return files.flatMap(({ path, text }) =>
    relativeImports(text).flatMap((spec) => {
      const target = posix(relative(SRC, resolve(SRC, dirname(path), spec)));
      const rule = brokenRule(path, target);
      return rule ? [{ file: path, spec, rule }] : [];
    }),
  );
}

describe("web import boundaries", () => {
  it("holds for every source file", () => {
    const files = sourceFiles(SRC).map((f) => ({
      path: posix(relative(SRC, f)),
      text: readFileSync(f, "utf8"),
    }));
    expect(files.length).toBeGreaterThan(50);
    const found = violations(files).map((v) => `${v.file}: import "${v.spec}" — ${v.rule}`);
    expect(found, `boundary violations:\n${found.join("\n")}`).toEqual([]);
  });

  it("catches each kind of violation", () => {
    const bad = [
      { path: "components/X.tsx", text: 'import { a } from "../features/reports-common/window";' },
      { path: "components/Y.tsx", text: 'import { b } from "../app/useHomePath";' },
      { path: "api/z.ts", text: 'import type { C } from "../components/DataTable";' },
      { path: "features/home/P.tsx", text: 'import { w } from "../../app/layout/nav";' },
      { path: "features/admin/users/P.tsx", text: 'const L = lazy(() => import("../entities/hooks"));' },
    ];
    expect(violations(bad).map((v) => v.file)).toEqual(bad.map((b) => b.path));
    const fine = [
      { path: "features/admin/users/D.tsx", text: 'import { w } from "../../reports-common/window";' },
      { path: "features/auth/A.tsx", text: 'import { terms } from "../legal/content/terms";' },
      {
        path: "features/staff/users/U.tsx",
        text: 'import { useWorkspace } from "../../../app/session/workspace";',
      },
      { path: "app/router.tsx", text: 'import("../features/home/HomePage")' },
    ];
    expect(violations(fine)).toEqual([]);
  });
});
