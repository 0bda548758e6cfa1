import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Page, type Request } from "playwright-core";
import { expect } from "vitest";

const require = createRequire(import.meta.url);
const axePath = require.resolve("axe-core/axe.min.js");
export const ARTIFACTS = path.resolve(".e2e-artifacts");

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
      "--disable-quic",
      "--disable-sync",
    ],
  });
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/**
 * A browser context whose navigator language is Japanese (jp) or English (en); `timezoneId` sets the device's
 * zone (default: the machine's).
 */
export async function newContext(
  browser: Browser,
  lang: "jp" | "en",
  viewport = DESKTOP,
  timezoneId?: string,
): Promise<BrowserContext> {
  // bypassCSP lets axe-core be injected; the app itself runs under its real Content-Security-Policy.
  const ctx = await browser.newContext({
    locale: lang === "jp" ? "ja-JP" : "en-US",
    viewport,
    timezoneId,
    acceptDownloads: true,
    bypassCSP: true,
  });
  trackRequests(ctx);
  return ctx;
}

/**
 * A staff page's live event stream (GET /api/staff/{ws}/events) stays open as long as the page: Playwright's
 * "networkidle" never comes while it is. `settle` (e2e/lib/app.ts) waits for the other requests instead.
 */
export const isEventStream = (url: string) => /^\/api\/staff\/[^/]+\/events$/.test(new URL(url).pathname);

/** Requests in flight per page, event streams left out, and when the last one started or ended (`networkQuiet`). */
const inflight = new WeakMap<Page, Set<Request>>();
const lastActivity = new WeakMap<Page, number>();
const tracked = new WeakSet<BrowserContext>();

function trackRequests(ctx: BrowserContext) {
  tracked.add(ctx);
  const of = (r: Request) => {
    // a service worker's own requests (its precache) belong to no page
    if (r.serviceWorker()) return undefined;
    let page: Page;
    try {
      page = r.frame().page();
    } catch {
      // a popup's first navigation (a mail link opening a new tab) is issued before its frame exists
      return undefined;
    }
    let set = inflight.get(page);
    if (!set) {
      set = new Set();
      inflight.set(page, set);
    }
    lastActivity.set(page, Date.now());
    return set;
  };
  ctx.on("request", (r) => {
    if (!isEventStream(r.url())) of(r)?.add(r);
  });
  ctx.on("requestfinished", (r) => of(r)?.delete(r));
  ctx.on("requestfailed", (r) => of(r)?.delete(r));
}

/**
 * Waits until none of the page's requests but its event stream has been in flight for `quietMs` (what
 * "networkidle" means, for pages that keep a stream open); a page of a context not made by `newContext` waits
 * for "networkidle".
 */
export async function networkQuiet(page: Page, quietMs = 500, timeout = 30_000) {
  if (!tracked.has(page.context())) return page.waitForLoadState("networkidle", { timeout });
  await page.waitForLoadState("load", { timeout });
  const deadline = Date.now() + timeout;
  for (;;) {
    const busy = inflight.get(page)?.size ?? 0;
    if (busy === 0 && Date.now() - (lastActivity.get(page) ?? 0) >= quietMs) return;
    if (Date.now() > deadline) throw new Error(`the page's network did not settle in ${timeout} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Runs axe-core on the page and fails the test on any violation, listing them. */
export async function expectNoAxeViolations(page: Page, label: string) {
  // a page the app navigated without a reload keeps the axe-core it was given (parsing it again costs ~0.1 s)
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected into the page at run time
    const axe = (window as any).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map(
      (v: { id: string; help: string; nodes: { target: string[] }[] }) =>
        `${v.id}: ${v.help} @ ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    );
  });
  expect(violations, `axe violations on ${label}`).toEqual([]);
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}
