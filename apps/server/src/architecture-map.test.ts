import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./test/import-graph";

/**
 * docs/architecture.md is the map a newcomer reads first (issue 30 §6), so it must name only what exists: every
 * path in a code span (`apps/server/src/features/vitals/`, `lib/access.ts`, `store.ts`) is checked here, and every
 * feature folder of both apps must be on it. A path is read from the repository's root or from one of BASES (the
 * page says `lib/` for the server's and `api/` for the web's folders); a trailing `/` means a folder; a bare file
 * name (`openapi.test.ts`) must be some file's name. Code spans with spaces, braces, `<…>`, `*` or `:` (URLs,
 * calls, patterns such as `features/<area>/<group>`) are not paths.
 */
const MAP = "docs/architecture.md";
const BASES = [
  "",
  "apps/server/src/",
  "apps/web/src/",
  "packages/shared/src/",
  "apps/server/src/features/",
  "apps/web/src/features/",
];
const SKIPPED_DIRS = new Set(["node_modules", ".git", "dist", ".e2e-artifacts", "coverage"]);
const FILE_NAME = /\.(ts|tsx|mts|mjs|js|json|md|yaml|yml|sql|html|css)$/;

/** The code spans of a markdown text that name a path. */
function namedPaths(markdown: string): string[] {
  const spans = [...markdown.matchAll(/`([^`\n]+)`/g)].map((m) => m[1] ?? "");
  return [
    ...new Set(
      spans.filter(
        (s) =>
          /^[\w.-]+(\/[\w.-]+)*\/?$/.test(s) && !/^\.+$/.test(s) && (s.includes("/") || FILE_NAME.test(s)),
      ),
    ),
  ];
}

function fileNames(dir: string, into = new Set<string>()): Set<string> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED_DIRS.has(e.name)) continue;
    if (e.isDirectory()) fileNames(path.join(dir, e.name), into);
    else into.add(e.name);
  }
  return into;
}

/** The named paths that exist nowhere in the repository. */
function missingPaths(paths: string[], root = repoRoot): string[] {
  let names: Set<string> | undefined;
  return paths.filter((p) => {
    if (!p.includes("/")) {
      names ??= fileNames(root);
      return !names.has(p);
    }
    const folder = p.endsWith("/");
    return !BASES.some((base) => {
      const full = path.join(root, base, p);
      return existsSync(full) && (!folder || statSync(full).isDirectory());
    });
  });
}

const folders = (dir: string) =>
  readdirSync(path.join(repoRoot, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

/** The folders of `dir` that `text` does not name (as `name/` or `…/name/`). */
const unnamed = (text: string, dir: string) =>
  folders(dir).filter((f) => !namedPaths(text).some((p) => p === `${f}/` || p.endsWith(`/${f}/`)));

/** The paragraph of the map that starts with `lead` (e.g. "**Server domains**"). */
function paragraph(markdown: string, lead: string): string {
  return markdown.split(/\n\s*\n/).find((p) => p.trimStart().startsWith(lead)) ?? "";
}

describe("docs/architecture.md", () => {
  const map = readFileSync(path.join(repoRoot, MAP), "utf8");

  it("names only folders and files that exist", () => {
    const named = namedPaths(map);
    expect(named.length).toBeGreaterThan(40);
    expect(missingPaths(named), `${MAP} names paths that do not exist`).toEqual([]);
  });

  it("lists every server domain and every web feature folder", () => {
    const server = paragraph(map, "**Server domains**");
    const web = paragraph(map, "**Web screens**");
    expect(server, 'a paragraph starting "**Server domains**"').not.toBe("");
    expect(web, 'a paragraph starting "**Web screens**"').not.toBe("");
    expect(
      unnamed(server, "apps/server/src/features"),
      "server feature folders missing from the map",
    ).toEqual([]);
    expect(unnamed(web, "apps/web/src/features"), "web feature folders missing from the map").toEqual([]);
  });

  it("reads paths from code spans and reports the missing ones", () => {
    const text =
      "See `apps/server/src/features/vitals/`, `lib/access.ts`, `store.ts` and `features/<area>/<group>`; " +
      "call `POST /api/user/vitals` or `/api/docs`, set `SEED_DEMO`, read `config.access` and `features/nope/`.";
    const named = namedPaths(text);
    expect(named).toEqual([
      "apps/server/src/features/vitals/",
      "lib/access.ts",
      "store.ts",
      "features/nope/",
    ]);
    expect(missingPaths(named)).toEqual(["features/nope/"]);
    // a file named as a folder, and a file name no file has
    expect(missingPaths(["apps/server/src/app.ts/", "no-such-file.ts"])).toEqual([
      "apps/server/src/app.ts/",
      "no-such-file.ts",
    ]);
    // a feature folder left off the list
    const listed = "`auth/`, `apps/server/src/features/vitals/` and `reports` (not a folder name: no slash)";
    const left = unnamed(listed, "apps/server/src/features");
    expect(left).toContain("reports");
    expect(left).not.toContain("auth");
    expect(left).not.toContain("vitals");
  });
});

/**
 * One vocabulary (issue 30 §3; docs/decisions.md "One vocabulary, one organisation domain, front doors"): the web
 * groups its screens by the server's domains, and its API client is one module per domain, under the same names.
 * What only the web has (its home page and legal texts) and the client's own floor are listed here.
 */
describe("one vocabulary on both sides", () => {
  const dirs = (dir: string) =>
    readdirSync(path.join(repoRoot, dir), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
  const serverDomains = new Set(dirs("apps/server/src/features"));
  const WEB_ONLY = ["home", "legal"];
  const CLIENT_FLOOR = [
    "cacheReset",
    "client",
    "errors",
    "eventStatus",
    "hooks",
    "pages",
    "queryClient",
    "schema",
    "session",
  ];

  it("names each web feature folder after a server domain", () => {
    const strays = dirs("apps/web/src/features").filter(
      (d) => !serverDomains.has(d) && !WEB_ONLY.includes(d),
    );
    expect(strays, "web feature folders that are no server domain").toEqual([]);
  });

  it("names each module of the web's API client after a server domain", () => {
    const modules = readdirSync(path.join(repoRoot, "apps/web/src/api"))
      .filter((f) => /\.ts$/.test(f) && !/\.test\.ts$/.test(f))
      .map((f) => f.replace(/\.ts$/, ""));
    const strays = modules.filter((m) => !serverDomains.has(m) && !CLIENT_FLOOR.includes(m));
    expect(strays, "api/ modules that are no server domain").toEqual([]);
  });

  it("uses the chosen words for folders: entity, not organisation; alert, not notification", () => {
    const all = (dir: string): string[] =>
      readdirSync(path.join(repoRoot, dir), { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? [`${dir}/${e.name}`, ...all(`${dir}/${e.name}`)] : [`${dir}/${e.name}`],
      );
    const named = [
      ...all("apps/server/src/features"),
      ...all("apps/web/src/features"),
      ...all("apps/web/src/api"),
    ];
    expect(
      named.filter((p) => /organi[sz]ation|notification/i.test(p.split("/").slice(-1)[0] ?? "")),
    ).toEqual([]);
  });
});
