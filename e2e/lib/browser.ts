import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
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

/** A browser context whose navigator language is Japanese (jp) or English (en). */
export async function newContext(
  browser: Browser,
  lang: "jp" | "en",
  viewport = DESKTOP,
): Promise<BrowserContext> {
  // bypassCSP lets axe-core be injected; the app itself runs under its real Content-Security-Policy.
  return browser.newContext({
    locale: lang === "jp" ? "ja-JP" : "en-US",
    viewport,
    acceptDownloads: true,
    bypassCSP: true,
  });
}

/** Runs axe-core on the page and fails the test on any violation, listing them. */
export async function expectNoAxeViolations(page: Page, label: string) {
  await page.addScriptTag({ path: axePath });
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
