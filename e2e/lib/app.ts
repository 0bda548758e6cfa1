import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { startTestApp, type TestApp } from "../../apps/server/src/test/app";
import { expectNoAxeViolations, launchBrowser, screenshot } from "./browser";

export interface E2e {
  t: TestApp;
  browser: Browser;
  close(): Promise<void>;
}

/**
 * The real server on a fresh seeded database, serving the built web app, and a Chromium. `vitalDays` also
 * seeds that many days of band data for every demo client (ending now); `jobs` runs the background jobs (the
 * mail outbox worker delivers queued mail to the test's SMTP peer).
 */
export async function startE2e(opts: { vitalDays?: number; jobs?: boolean } = {}): Promise<E2e> {
  const t = await startTestApp({
    seed: true,
    webDist: path.resolve(process.env.E2E_WEB_DIST ?? "apps/web/dist"),
    vitalDays: opts.vitalDays,
    config: { jobs: opts.jobs ?? false },
  });
  const browser = await launchBrowser();
  return {
    t,
    browser,
    async close() {
      await browser.close();
      await t.close();
    },
  };
}

/** Waits for the page to settle, runs axe-core on it and keeps a screenshot for review. */
export async function checkPage(page: Page, name: string) {
  await page.waitForLoadState("networkidle");
  await page.locator("main h1").first().waitFor();
  await page
    .locator('[role="progressbar"]')
    .first()
    .waitFor({ state: "detached", timeout: 10_000 })
    .catch(() => {});
  // Colours are measured mid-transition otherwise (a fading snackbar has too little contrast).
  // Infinite animations (the focus ripple of a keyboard-focused button) never finish: only finite ones count.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== "running" || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
  await expectNoAxeViolations(page, name);
  await screenshot(page, name);
}

export async function signInAs(
  page: Page,
  base: string,
  role: "client" | "staff" | "admin",
  email: string,
  password = "mimamori-demo",
) {
  await page.goto(`${base}/auth/${role}/sign-in`);
  await page.getByLabel(/^(Email address|メールアドレス)(\s*\*)?$/).fill(email);
  await page.getByLabel(/^(Password|パスワード)(\s*\*)?$/).fill(password);
  await page.getByRole("button", { name: /^(Sign in|サインイン)$/ }).click();
}

/** Waits until the page is at `path` (a pathname, or a pattern tested on pathname + search). */
export async function waitForPath(page: Page, path: string | RegExp) {
  try {
    await page.waitForURL((url) =>
      typeof path === "string" ? url.pathname === path : path.test(url.pathname + url.search),
    );
  } catch (err) {
    const text = await page
      .locator("body")
      .textContent()
      .catch(() => "");
    throw new Error(`expected ${path}, still at ${page.url()}: ${(text ?? "").slice(0, 400)}`, {
      cause: err,
    });
  }
}
