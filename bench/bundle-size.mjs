// Prints the JavaScript the sign-in page loads, raw and gzipped, by loading the page in Chromium against a
// freshly started server: what had arrived when the sign-in form was first painted (its largest contentful
// paint, the issue 13 budget: 200 KB gzip) and everything loaded until the network is idle.
// Usage: npm run bench:bundle   (needs Chromium: /usr/bin/chromium or CHROMIUM_PATH)
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { ensureWebBuild, root } from "../scripts/web-build.mjs";

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

ensureWebBuild();
const port = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), "mimamori-bench-"));
const server = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
  cwd: root,
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn", HOST: "127.0.0.1" },
  stdio: "ignore",
});
const base = `http://127.0.0.1:${port}`;
const BUDGET_KB = 200;
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    if (i > 120) throw new Error("server did not start");
    await new Promise((r) => setTimeout(r, 500));
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
    ],
  });
  // a first visit: nothing cached, no service worker yet
  const context = await browser.newContext({ serviceWorkers: "block" });
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__lcp = e.startTime;
    }).observe({ type: "largest-contentful-paint", buffered: true });
  });
  const scripts = [];
  page.on("response", async (res) => {
    if (res.request().resourceType() === "script")
      scripts.push({ url: new URL(res.url()).pathname, body: await res.body() });
  });
  await page.goto(`${base}/auth/client/sign-in`, { waitUntil: "networkidle" });
  await page.getByRole("button").first().waitFor();
  const { lcp, ends } = await page.evaluate(() => ({
    lcp: window.__lcp,
    ends: Object.fromEntries(
      performance.getEntriesByType("resource").map((e) => [new URL(e.name).pathname, e.responseEnd]),
    ),
  }));
  await browser.close();
  const kb = (bytes, width) => (bytes / 1024).toFixed(1).padStart(width);
  const sum = { raw: 0, gz: 0, files: 0 };
  const beforePaint = { gz: 0, files: 0 };
  console.log(
    `Sign-in page JavaScript, until network idle (* = arrived after the form's first paint, ${lcp.toFixed(0)} ms):`,
  );
  for (const s of scripts.sort((a, b) => b.body.length - a.body.length)) {
    const gz = gzipSync(s.body).length;
    const early = (ends[s.url] ?? Number.POSITIVE_INFINITY) <= lcp;
    sum.raw += s.body.length;
    sum.gz += gz;
    sum.files++;
    if (early) {
      beforePaint.gz += gz;
      beforePaint.files++;
    }
    console.log(
      `  ${early ? " " : "*"} ${s.url.padEnd(48)} ${kb(s.body.length, 8)} KB  ${kb(gz, 7)} KB gzip`,
    );
  }
  console.log(
    `    ${"total".padEnd(48)} ${kb(sum.raw, 8)} KB  ${kb(sum.gz, 7)} KB gzip (${sum.files} files)`,
  );
  const within = beforePaint.gz / 1024 <= BUDGET_KB;
  console.log(
    `  before the form's first paint: ${kb(beforePaint.gz, 0)} KB gzip in ${beforePaint.files} files (${within ? "within" : "OVER"} the ${BUDGET_KB} KB budget)`,
  );
  if (!within) process.exitCode = 1;
} finally {
  server.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
}
