/**
 * Largest contentful paint of the sign-in page (issue 13: ≤ 1 s on localhost in Chromium), read from the page's
 * own Performance API (`PerformanceObserver`, type `largest-contentful-paint`). The real server (its own
 * process, embedded database, no demo data) serves the built web app; Chromium loads `/auth/client/sign-in`
 *
 * - cold: `--runs` times in a fresh browser context each (empty HTTP cache, no service worker: a first visit);
 * - warm: `--runs` times in one context after a first visit (HTTP cache filled, the service worker installed and
 *   answering: a return visit).
 *
 *   npx tsx bench/lcp.ts [--runs 15] [--throttle-cpu 1] [--dist apps/web/dist]
 *
 * Builds the web app first when it is missing or older than its sources (`--dist` serves another build as it
 * is, e.g. an older one for a before/after figure). `--throttle-cpu 4` slows the page's CPU
 * four times (Chromium's emulation) for a feel of a slower phone.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { type BrowserContext, chromium } from "playwright-core";
import { ensureWebBuild } from "../scripts/web-build.mjs";
import { pct, progress, ROOT, startServer } from "./lib/server";

const { values: o } = parseArgs({
  options: {
    runs: { type: "string", default: "15" },
    "throttle-cpu": { type: "string", default: "1" },
    dist: { type: "string" },
  },
});
const RUNS = Number(o.runs);
const THROTTLE = Number(o["throttle-cpu"]);
const TARGET_MS = 1000;

interface Paints {
  lcp: number;
  fcp: number;
  /** whether the document came through the service worker */
  fromWorker: boolean;
}

/** Opens the sign-in page in `context` and reads its paints once the form is there and the network is idle. */
async function load(context: BrowserContext, url: string): Promise<Paints> {
  const page = await context.newPage();
  if (THROTTLE > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: THROTTLE });
  }
  const response = await page.goto(url, { waitUntil: "networkidle" });
  await page.getByRole("button", { name: /^(Sign in|サインイン)$/ }).waitFor();
  const paints = await page.evaluate(
    () =>
      new Promise<{ lcp: number; fcp: number }>((resolve) => {
        // buffered: the entries recorded so far arrive in the first call; the last is the page's LCP
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN;
          resolve({ lcp: entries[entries.length - 1]?.startTime ?? Number.NaN, fcp });
        }).observe({ type: "largest-contentful-paint", buffered: true });
      }),
  );
  const fromWorker = response?.fromServiceWorker() ?? false;
  await page.close();
  return { ...paints, fromWorker };
}

function report(label: string, runs: Paints[]) {
  const lcp = runs.map((r) => r.lcp);
  const fcp = runs.map((r) => r.fcp);
  const worker = runs.filter((r) => r.fromWorker).length;
  const verdict = pct(lcp, 95) <= TARGET_MS ? "within" : "OVER";
  console.log(
    `${label.padEnd(6)} LCP median ${pct(lcp, 50).toFixed(0)} ms, p95 ${pct(lcp, 95).toFixed(0)} ms (min ${Math.min(...lcp).toFixed(0)}, max ${Math.max(...lcp).toFixed(0)}); ` +
      `FCP median ${pct(fcp, 50).toFixed(0)} ms; ${worker}/${runs.length} documents from the service worker; ${verdict} the ${TARGET_MS} ms target`,
  );
  return verdict === "within";
}

if (!o.dist) ensureWebBuild();
const dist = path.resolve(ROOT, o.dist ?? "apps/web/dist");
const dataDir = mkdtempSync(path.join(tmpdir(), "mimamori-lcp-"));
const server = await startServer(dataDir, { WEB_DIST: dist });
const url = `${server.base.replace(/\/api$/, "")}/auth/client/sign-in`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
});
let ok = true;
try {
  progress(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}; ${RUNS} runs each, CPU ×${THROTTLE}`,
  );
  // one unmeasured load: Chromium's and the server's first-time costs are not the page's
  const warmUp = await browser.newContext();
  await load(warmUp, url);
  await warmUp.close();

  const cold: Paints[] = [];
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext();
    cold.push(await load(context, url));
    await context.close();
  }

  const context = await browser.newContext();
  const first = await context.newPage();
  await first.goto(url, { waitUntil: "networkidle" });
  // the worker precaches the build on install; a return visit is one after it has taken over
  // (a build without a worker: the warm loads are the HTTP cache's alone)
  await first.evaluate(() =>
    Promise.race([navigator.serviceWorker.ready, new Promise((resolve) => setTimeout(resolve, 5000))]),
  );
  await first.close();
  const warm: Paints[] = [];
  for (let i = 0; i < RUNS; i++) warm.push(await load(context, url));
  await context.close();

  console.log(`Sign-in page LCP (${url}, Chromium, CPU ×${THROTTLE}):`);
  ok = report("cold", cold) && ok;
  ok = report("warm", warm) && ok;
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
if (!ok) process.exitCode = 1;
