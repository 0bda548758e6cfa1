import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cycles, describeEdges, type ImportEdge, importGraph, repoRoot } from "./test/import-graph";

/**
 * The layers point one way (docs/architecture.md, Floors): packages/shared imports nothing of the apps; the
 * server's lib/ and db/ never import features/; a feature never imports another feature's routes.ts (shared
 * helpers live in lib/ or in the feature's queries/service modules); feature folders form no import cycles except
 * the ones listed below; a feature domain (a folder of features/) is entered only through its front door,
 * `features/<domain>/index.ts`. tools/ holds command-line entry points: it may import anything, and no production
 * file imports it; test-only code (test apps, worlds, fixtures) lives in test/ and no production file imports it
 * or vitest. A failure names each file, line and import.
 */
const SERVER = "apps/server/src/";
const server = importGraph(SERVER);
const shared = importGraph("packages/shared/src");
const bench = importGraph("bench");

const featureOf = (file: string | null) =>
  file?.match(/^apps\/server\/src\/features\/([^/]+)\//)?.[1] ?? null;
const broken = (edges: ImportEdge[], rule: string) => describeEdges(edges, rule);

/**
 * Feature folders allowed to import each other both ways; each entry is a known debt, not a pattern. Empty:
 * the domains import one way (e.g. entities → identity, alerts, board, forms, reports, vitals, consents; board →
 * alerts, reports; reports → vitals; the entity lookup is db/entities.ts). Keep it so by moving shared code lower
 * instead of adding an entry.
 */
const ALLOWED_FEATURE_CYCLES: string[][] = [];

describe("import layers", () => {
  it("reads the import graph", () => {
    expect(server.length).toBeGreaterThan(100);
    expect(server.some((e) => e.from === `${SERVER}app.ts` && e.to?.startsWith(`${SERVER}features/`))).toBe(
      true,
    );
  });

  it("packages/shared imports nothing from the apps", () => {
    const bad = shared.filter(
      (e) => /(^|\/)apps\//.test(e.to ?? "") || /^@mimamori\/(server|web)/.test(e.specifier),
    );
    expect(bad, broken(bad, "packages/shared must not import from apps/")).toEqual([]);
  });

  it("server lib/, db/ and jobs/ never import features/", () => {
    const lower = [`${SERVER}lib/`, `${SERVER}db/`, `${SERVER}jobs/`];
    const bad = server.filter(
      (e) => lower.some((dir) => e.from.startsWith(dir)) && e.to?.startsWith(`${SERVER}features/`),
    );
    expect(
      bad,
      broken(
        bad,
        "lib/, db/ and jobs/ must not import features/ (features register with them; move shared code lower)",
      ),
    ).toEqual([]);
  });

  it("no production file imports tools/ (command-line entry points) or test code", () => {
    const production = server.filter(
      (e) => !/\.test\.ts$/.test(e.from) && !e.from.startsWith(`${SERVER}test/`),
    );
    const toTools = production.filter(
      (e) => !e.from.startsWith(`${SERVER}tools/`) && e.to?.startsWith(`${SERVER}tools/`),
    );
    expect(
      toTools,
      broken(toTools, "production code must not import tools/ (move what it needs into a feature)"),
    ).toEqual([]);
    const toTests = production.filter(
      (e) => e.to?.startsWith(`${SERVER}test/`) || /^vitest(\/|$)/.test(e.specifier),
    );
    expect(
      toTests,
      broken(toTests, "test-only code lives in test/; production code must not import it"),
    ).toEqual([]);
  });

  it("a feature never imports another feature's routes", () => {
    const bad = server.filter((e) => {
      const from = featureOf(e.from);
      const to = featureOf(e.to);
      return from !== null && to !== null && from !== to && /\/routes\.ts$|-routes\.ts$/.test(e.to ?? "");
    });
    expect(
      bad,
      broken(bad, "a feature must not import another feature's routes (move the helper to lib/)"),
    ).toEqual([]);
  });

  it("feature folders form no import cycles beyond the listed ones (tests may reach across)", () => {
    const production = server.filter((e) => !/\.test\.ts$/.test(e.from));
    const graph = new Map<string, Set<string>>();
    for (const e of production) {
      const from = featureOf(e.from);
      const to = featureOf(e.to);
      if (!from || !to || from === to) continue;
      if (!graph.has(from)) graph.set(from, new Set());
      graph.get(from)?.add(to);
    }
    const allowed = new Set(ALLOWED_FEATURE_CYCLES.map((c) => [...c].sort().join(" <-> ")));
    const found = cycles(graph).map((c) => c.join(" <-> "));
    const bad = found.filter((c) => !allowed.has(c));
    const edgesOf = (c: string) => {
      const members = new Set(c.split(" <-> "));
      return describeEdges(
        server
          .filter((e) => members.has(featureOf(e.from) ?? "") && members.has(featureOf(e.to) ?? ""))
          .filter((e) => featureOf(e.from) !== featureOf(e.to)),
        `import cycle between features ${c}`,
      );
    };
    expect(bad, bad.map(edgesOf).join("\n")).toEqual([]);
    // a listed cycle that is gone should leave the list
    const stale = [...allowed].filter((c) => !found.includes(c));
    expect(stale, `ALLOWED_FEATURE_CYCLES lists cycles that no longer exist: ${stale.join(", ")}`).toEqual(
      [],
    );
  });

  /**
   * Test code (`*.test.ts`, test/, security/; e2e/ is not read) may reach a domain's internals to test them; every
   * other file of apps/server/src (features, app.ts, startup.ts, tools/, jobs/) and bench/ uses front doors.
   */
  const isTestCode = (file: string) =>
    /\.test\.ts$/.test(file) || file.startsWith(`${SERVER}test/`) || file.startsWith(`${SERVER}security/`);
  const frontDoor = (domain: string) => `${SERVER}features/${domain}/index.ts`;
  const domains = readdirSync(path.join(repoRoot, SERVER, "features"), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

  it("a feature is entered only through its front door", () => {
    const bad = [...server, ...bench].filter((e) => {
      const to = featureOf(e.to);
      return to !== null && featureOf(e.from) !== to && !isTestCode(e.from) && e.to !== frontDoor(to);
    });
    expect(
      bad,
      broken(
        bad,
        "import another domain through its front door, features/<domain>/index.ts (export what you need there)",
      ),
    ).toEqual([]);
    // inside a domain files import each other directly: a file importing its own front door risks a cycle
    const inward = server.filter((e) => {
      const domain = featureOf(e.from);
      return domain !== null && e.to === frontDoor(domain) && e.from !== e.to;
    });
    expect(
      inward,
      broken(inward, "inside a domain import the file itself, not the domain's own front door"),
    ).toEqual([]);
  });

  it("every domain has a front door holding re-exports of its own files only", () => {
    const REEXPORT = /^export\s+(?:type\s+)?\{[^}]*\}\s+from\s+"\.\/[^"]+";$/;
    for (const domain of domains) {
      const text = readFileSync(path.join(repoRoot, frontDoor(domain)), "utf8");
      const statements = text
        .replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, "")
        .split(";")
        .map((s) => s.replace(/\s+/g, " ").trim())
        .filter(Boolean)
        .map((s) => `${s};`);
      expect(statements.length, `${frontDoor(domain)} exports nothing`).toBeGreaterThan(0);
      expect(
        statements.filter((s) => !REEXPORT.test(s)),
        `${frontDoor(domain)} must hold only \`export { … } from "./…"\``,
      ).toEqual([]);
    }
  });

  it("the server loads the demo seed only when it writes demo data", () => {
    // what main.ts evaluates at every start: its static imports, followed (type-only and dynamic imports aside)
    const loaded = new Set([`${SERVER}main.ts`]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const e of server)
        if (loaded.has(e.from) && e.to && !e.dynamic && !e.typeOnly && !loaded.has(e.to)) {
          loaded.add(e.to);
          grew = true;
        }
    }
    expect(loaded.has(`${SERVER}app.ts`)).toBe(true);
    expect(loaded.has(`${SERVER}features/demo/accounts.ts`)).toBe(true);
    const demoCode = [...loaded].filter((f) => /features\/demo\/(seed|simulator)/.test(f));
    expect(demoCode, "load the demo seed through features/demo's loadDemoSeed()").toEqual([]);
    // and it is there, behind the loader
    expect(server.some((e) => e.dynamic && e.to === `${SERVER}features/demo/seed.ts`)).toBe(true);
  });
});
