import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./test/app";

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), "mimamori-dist-"));
  mkdirSync(path.join(dist, "assets"));
  writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>Mimamori</title>");
  writeFileSync(path.join(dist, "favicon.svg"), "<svg/>");
  t = await startTestApp({ webDist: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe("serving the web app", () => {
  it("answers client-side routes with the single page and keeps API 404s as JSON", async () => {
    for (const route of ["/", "/client/reports", "/auth/staff/entity-select?x=1"]) {
      const res = await fetch(`${t.url}${route}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("<title>Mimamori</title>");
    }
    expect((await fetch(`${t.url}/favicon.svg`)).status).toBe(200);
    const api = await fetch(`${t.url}/api/nope`);
    expect(api.status).toBe(404);
    expect((await api.json()).code).toBe("not-found");
  });

  it("serves bundles written after start-up, compressed and cached, and 404s a missing one", async () => {
    writeFileSync(
      path.join(dist, "assets", "late-abc123.js"),
      `console.log(${JSON.stringify("x".repeat(5000))});`,
    );
    const res = await fetch(`${t.url}/assets/late-abc123.js`, { headers: { "accept-encoding": "gzip" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("cache-control")).toContain("immutable");
    expect(await res.text()).toContain("xxxx");
    expect((await fetch(`${t.url}/assets/missing.js`)).status).toBe(404);
  });
});
