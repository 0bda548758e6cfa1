import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The web's import boundaries (docs/architecture.md, "Floors"), checked on every relative import and lazy
 * `import()` of apps/web/src:
 * - `components/` never imports `features/` or `app/`;
 * - `api/` never imports `features/`, `components/` or `app/`;
 * - `features/` never imports `app/layout/` (what pages need lives in `app/session/`, `api/` or `components/`);
 * - the unit is the domain (`features/<domain>`, its role folders and `common/` inside): imports within a domain
 *   are free; a domain imports another one's folder only as listed in CROSS_DOMAIN_ALLOWED.
 */
const SRC = dirname(fileURLToPath(import.meta.url));

/**
 * Allowed imports across domains: "importer domain -> imported folder" (below features/; `*` for any importer),
 * each with its reason. An entry no import uses fails the test.
 */
const CROSS_DOMAIN_ALLOWED: Record<string, string> = {
  "* -> reports/common":
    "the report's time windows, period inputs and zone badge: every dated list and download",
  "data-items -> forms/common": "a data item is a form answer: its values and question fields",
  "dev-mailbox -> forms/common": "the mails' times, written by the answers' instant format",
  "entities -> forms/common": "a member's page writes times by the answers' instant format",
  "entities -> data-items/common": "a member's page shows their data items",
  "entities -> webhooks/common": "the admin's entity page lists the entity's webhooks",
  "board -> alerts/staff": "the watch board acknowledges with the alerts' dialog and opens their charts",
  "admin -> account-deletion": "the admin's user list starts an account's deletion (issue 29 §4)",
  "identity -> account-deletion": "the profile page (every role) starts the account's deletion",
  "identity -> personal-export": "the profile page (every role) exports the person's data",
  "identity -> legal": "the sign-up agreement step shows the terms and privacy texts",
  "consents -> identity/auth":
    "a new terms version is accepted with the sign-up's agreement step (issue 29 §2)",
  "reports -> identity/auth":
    "… also in the band app's chart view, which has no session to reach the gate with",
};

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

/** The domain of a path relative to src (`features/entities` for `features/entities/staff/users/X.tsx`), or null. */
function domainOf(path: string): string | null {
  const parts = path.split("/");
  return parts[0] === "features" && parts.length >= 3 ? `features/${parts[1]}` : null;
}

/** The allow-list entry that lets `from` import `to` (both relative to src), or null. */
function allowedBy(from: string, to: string): string | null {
  const importer = domainOf(from)?.slice("features/".length);
  const target = to.slice("features/".length);
  return (
    Object.keys(CROSS_DOMAIN_ALLOWED).find((entry) => {
      const [who, what] = entry.split(" -> ");
      return (who === "*" || who === importer) && (target === what || target.startsWith(`${what}/`));
    }) ?? null
  );
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
  const a = domainOf(from);
  const b = domainOf(to);
  if (a && b && a !== b && !allowedBy(from, to)) {
    return `${a} must not import another domain (${to}); share it through components/, or add the pair to CROSS_DOMAIN_ALLOWED with its reason`;
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

    const used = new Set(
      files.flatMap(({ path, text }) =>
        relativeImports(text).flatMap((spec) => {
          const target = posix(relative(SRC, resolve(SRC, dirname(path), spec)));
          const [a, b] = [domainOf(path), domainOf(target)];
          const entry = a && b && a !== b ? allowedBy(path, target) : null;
          return entry ? [entry] : [];
        }),
      ),
    );
    expect(
      Object.keys(CROSS_DOMAIN_ALLOWED).filter((e) => !used.has(e)),
      "allow-list entries no import uses",
    ).toEqual([]);
  });

  it("catches each kind of violation", () => {
    const bad = [
      { path: "components/X.tsx", text: 'import { a } from "../features/reports/common/window";' },
      { path: "components/Y.tsx", text: 'import { b } from "../app/useHomePath";' },
      { path: "api/z.ts", text: 'import type { C } from "../components/DataTable";' },
      { path: "features/home/P.tsx", text: 'import { w } from "../../app/layout/nav";' },
      {
        path: "features/admin/users/P.tsx",
        text: 'const L = lazy(() => import("../../entities/admin/hooks"));',
      },
      { path: "features/forms/staff/Q.tsx", text: 'import { s } from "../../alerts/staff/alerts";' },
    ];
    expect(violations(bad).map((v) => v.file)).toEqual(bad.map((b) => b.path));
    const fine = [
      { path: "features/admin/users/D.tsx", text: 'import { w } from "../../reports/common/window";' },
      { path: "features/identity/auth/A.tsx", text: 'import { terms } from "../../legal/content/terms";' },
      { path: "features/forms/staff/answers/S.tsx", text: 'import { f } from "../../common/answerValues";' },
      {
        path: "features/entities/staff/users/U.tsx",
        text: 'import { useWorkspace } from "../../../../app/session/workspace";',
      },
      { path: "app/router.tsx", text: 'import("../features/home/HomePage")' },
    ];
    expect(violations(fine)).toEqual([]);
  });
});
