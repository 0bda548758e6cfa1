import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script without types
import { ARTEFACT } from "../../../scripts/artefact.mjs";
import { SERVER_ENV } from "./config";

// Issue 31 §7: the deployment files stay true to what the server reads and what CI runs. Images are not built on
// these machines, so this reads the Dockerfile and holds it to the artefact's lane (scripts/check-prod.mjs).

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const read = (p: string) => readFileSync(path.join(ROOT, p), "utf8");

/** The production sources of the server (no tests, test helpers or tools). */
function serverSources(dir = path.join(ROOT, "apps/server/src")): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory())
      return ["test", "tools", "security"].includes(name) ? [] : serverSources(p);
    return name.endsWith(".ts") && !name.endsWith(".test.ts") ? [p] : [];
  });
}

describe(".env.example", () => {
  it("lists every environment variable the server reads", () => {
    const listed = new Set([...read(".env.example").matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));
    const read_ = new Set(SERVER_ENV);
    for (const file of serverSources())
      for (const m of readFileSync(file, "utf8").matchAll(/process\.env\.([A-Z][A-Z0-9_]+)/g))
        read_.add(m[1] as string);
    for (const m of read("scripts/server-process.mjs").matchAll(/env\.([A-Z][A-Z0-9_]+)/g))
      read_.add(m[1] as string);
    expect(read_.size).toBeGreaterThan(25);
    for (const name of read_) expect(listed, name).toContain(name);
    // and nothing it does not read
    for (const name of listed) expect(read_, name).toContain(name);
  });
});

describe("Dockerfile", () => {
  const docker = read("Dockerfile");
  const stages = docker.split(/^FROM /m).slice(1);

  it("builds with CI's commands and runs the artefact as start:prod does, as a non-root PID 1", () => {
    expect(stages).toHaveLength(2);
    const [build = "", runtime = ""] = stages;
    expect(build).toMatch(/^node:22-slim AS build\n/);
    expect(build).toContain("\nRUN npm ci && npm run build\n");
    expect(runtime).toMatch(/^node:22-slim\n/);
    expect(runtime).toMatch(/\nRUN npm ci --omit=dev /);
    // exactly the artefact scripts/check-prod.mjs installs and starts
    const copied = [...runtime.matchAll(/^COPY --from=build (.+) (\S+)$/gm)].flatMap((m) =>
      (m[1] as string).split(" ").map((p) => p.replace(/^\/app\//, "")),
    );
    expect(copied.sort()).toEqual([...(ARTEFACT as string[])].sort());
    expect(runtime).toMatch(/\nUSER node\n/);
    // CMD: the start:prod command, node itself (not npm) as PID 1
    const startProd = JSON.parse(read("package.json")).scripts["start:prod"] as string;
    const cmd = /^CMD (\[.*\])$/m.exec(runtime)?.[1];
    expect(JSON.parse(cmd ?? "[]")).toEqual(startProd.split(" "));
    expect(runtime).toMatch(/\nHEALTHCHECK [^\n]*\\\n\s+CMD \[[^\n]*\/api\/readyz/);
  });

  it("is built from the same commands as CI's artefact lane", () => {
    const ci = read(".ci/run");
    expect(ci).toContain("npm ci --no-audit --no-fund");
    expect(ci).toContain("npm run build && node scripts/check-prod.mjs");
    const check = read("scripts/check-prod.mjs");
    expect(check).toContain('"ci", "--omit=dev"');
    expect(check).toContain('["run", "start:prod"]');
  });
});

describe("compose.yaml", () => {
  it("runs the app on PostgreSQL with an SMTP catcher, waiting for the database", () => {
    const compose = read("compose.yaml");
    expect(compose).toMatch(/\n {2}db:\n {4}image: postgres:/);
    expect(compose).toMatch(/\n {2}mail:\n {4}image: axllent\/mailpit/);
    expect(compose).toMatch(/\n {2}app:\n {4}build: \.\n/);
    expect(compose).toContain("DATABASE_URL: postgres://mimamori:mimamori@db:5432/mimamori");
    expect(compose).toContain("SMTP_URL: smtp://mail:1025");
    expect(compose).toContain("condition: service_healthy");
  });
});
