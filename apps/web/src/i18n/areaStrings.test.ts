import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { featureKeyOf, type StringArea } from "./areaStrings";
import admin from "./areas/admin";
import client from "./areas/client";
import mobile from "./areas/mobile";
import staff from "./areas/staff";
import shell from "./en.json";

const src = fileURLToPath(new URL("..", import.meta.url));
const keysOf = (files: Record<string, unknown>) =>
  new Set(Object.keys(files).flatMap((f) => featureKeyOf(f)?.[0] ?? []));
const loaded: Record<StringArea, Set<string>> = {
  client: keysOf(client),
  staff: keysOf(staff),
  admin: keysOf(admin),
  mobile: keysOf(mobile),
};

/** Every feature string folder (features/…/i18n), by its key. */
function allFeatureKeys(dir = join(src, "features")): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (!statSync(p).isDirectory()) return [];
    if (name === "i18n") return [featureKeyOf(`${relative(src, p)}/en.json`)?.[0] ?? ""];
    return allFeatureKeys(p);
  });
}
const featureKeyList = allFeatureKeys();
const featureKeys = new Set(featureKeyList);

/** The screen folders of a role: `features/<domain>/<role>` in every domain that has one. */
const roleFolders = (role: StringArea) =>
  readdirSync(join(src, "features"))
    .map((domain) => `features/${domain}/${role}`)
    .filter((p) => existsSync(join(src, p)));

const filesUnder = (dir: string): string[] =>
  readdirSync(join(src, dir)).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(join(src, p)).isDirectory()) return name === "i18n" ? [] : filesUnder(p);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [p] : [];
  });

/** Modules drawn only in some areas although others import them (the bell is staff-only in the top bar). */
const onlyIn: Record<string, StringArea[]> = { "app/layout/AlertBell.tsx": ["staff"] };

/** The feature keys a module and everything it imports statically use (lazy imports are pages of their own). */
function keysUsed(entry: string, area: StringArea | "public"): Map<string, string> {
  const used = new Map<string, string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const only = onlyIn[file];
    if (only && (area === "public" || !only.includes(area))) return;
    const text = readFileSync(join(src, file), "utf8");
    for (const m of text.matchAll(/["'`]([a-z]+(?:-[a-z]+)*)\./g))
      if (m[1] && featureKeys.has(m[1])) used.set(m[1], file);
    for (const m of text.matchAll(/(?:from|import) "(\.[^"]+)"/g)) {
      const base = resolve(dirname(join(src, file)), m[1] ?? "");
      const hit = [`${base}.ts`, `${base}.tsx`, join(base, "index.ts")].find((f) => existsSync(f));
      if (hit) visit(relative(src, hit));
    }
  };
  visit(entry);
  return used;
}

const roots: Record<StringArea | "public", string[]> = {
  client: [...roleFolders("client"), "features/home", "features/identity/profile", "app/layout"].flatMap(
    filesUnder,
  ),
  staff: [...roleFolders("staff"), "features/home", "features/identity/profile", "app/layout"].flatMap(
    filesUnder,
  ),
  admin: [
    ...roleFolders("admin"),
    "features/admin", // the admin's own domain has no role folder
    "features/home",
    "features/identity/profile",
    "app/layout",
  ].flatMap(filesUnder),
  mobile: roleFolders("mobile").flatMap(filesUnder),
  public: [
    "features/identity/auth",
    "features/legal",
    "app/Root.tsx",
    "app/RouteError.tsx",
    "app/NotFoundPage.tsx",
  ].flatMap((p) => (p.endsWith(".tsx") ? [p] : filesUnder(p))),
};

describe("feature strings by area", () => {
  it("finds the feature folders", () => {
    expect(featureKeys.has("forms-staff-answers")).toBe(true);
    expect(featureKeys.size).toBeGreaterThanOrEqual(18);
  });

  it("gives every folder its own key, apart from the shell's", () => {
    expect(featureKeyList.filter((k, i) => featureKeyList.indexOf(k) !== i)).toEqual([]);
    expect(featureKeyList.filter((k) => Object.hasOwn(shell, k))).toEqual([]);
  });

  it("loads every feature string folder in some area", () => {
    const anywhere = new Set(Object.values(loaded).flatMap((keys) => [...keys]));
    expect(featureKeyList.filter((k) => !anywhere.has(k))).toEqual([]);
  });

  it.each(["client", "staff", "admin", "mobile"] as const)(
    "%s: every key its pages use comes with the area",
    (area) => {
      const missing = roots[area].flatMap((file) =>
        [...keysUsed(file, area)]
          .filter(([key]) => !loaded[area].has(key))
          .map(([key, at]) => `${key} (${at})`),
      );
      expect(missing).toEqual([]);
    },
  );

  it("the sign-in, sign-up and legal pages use the shell strings only", () => {
    const used = roots.public.flatMap((file) =>
      [...keysUsed(file, "public")].map(([key, at]) => `${key} (${at})`),
    );
    expect(used).toEqual([]);
  });

  it("no area loads another area's screens", () => {
    const files: Record<StringArea, string[]> = { client: [], staff: [], admin: [], mobile: [] };
    for (const [area, glob] of Object.entries({ client, staff, admin, mobile }))
      files[area as StringArea] = Object.keys(glob);
    const others = (area: StringArea) =>
      files[area].filter((f) => {
        const [domain, role] = /features\/([^/]+)\/([^/]+)\//.exec(f)?.slice(1) ?? [];
        const roleOf = domain === "admin" ? "admin" : role;
        return ["client", "staff", "admin", "mobile"].includes(roleOf ?? "") && roleOf !== area;
      });
    expect(others("client")).toEqual([]);
    expect(others("staff")).toEqual([]);
    expect(others("admin")).toEqual([]);
    // the band app's chart view: its report, and the acceptance of new terms in place (issue 29 §2)
    expect([...loaded.mobile].sort()).toEqual(["consents", "reports-common"]);
  });
});
