import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { expect } from "vitest";
import { startTestApp, type TestApp } from "../../apps/server/src/test/app";
import { expectNoAxeViolations, launchBrowser, networkQuiet, screenshot } from "./browser";

export interface E2e {
  t: TestApp;
  browser: Browser;
  close(): Promise<void>;
}

/**
 * The real server on a fresh seeded database, serving the built web app, and a Chromium. `vitalDays` also
 * seeds that many days of band data for every demo client (ending now); `demoMembers` the demo entities' other
 * members with their week of data, alerts and answers (`DEMO_BOARD` in apps/server/src/features/demo/seed-watch.ts names
 * the board's red, silent and never-synced members); `jobs` runs the background jobs (the mail outbox worker
 * delivers queued mail to the test's SMTP peer); `devMailbox` gives the server no SMTP_URL, as on a quick start:
 * mail goes to the development mailbox (/staff/mailbox) instead of the SMTP peer.
 */
export async function startE2e(
  opts: {
    vitalDays?: number;
    demoMembers?: boolean;
    jobs?: boolean;
    devMailbox?: boolean;
    /** Webhooks may target the test's own receiver on 127.0.0.1 (WEBHOOK_ALLOW_PRIVATE). */
    webhookAllowPrivate?: boolean;
  } = {},
): Promise<E2e> {
  const t = await startTestApp({
    seed: true,
    webDist: path.resolve(process.env.E2E_WEB_DIST ?? "apps/web/dist"),
    vitalDays: opts.vitalDays,
    demoMembers: opts.demoMembers,
    config: {
      jobs: opts.jobs ?? false,
      ...(opts.devMailbox ? { smtpUrl: undefined } : {}),
      ...(opts.webhookAllowPrivate ? { webhookAllowPrivate: true } : {}),
    },
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
  await networkQuiet(page);
  await page.locator("main h1").first().waitFor();
  // a loading indicator is indeterminate; a determinate bar (a form's answer rate) is content and never goes away
  await page
    .locator('[role="progressbar"]:not([aria-valuenow])')
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

/** Signs staff@example.com in and chooses `entity` (its name) on the entity select: the page is at its dashboard. */
export async function signInAsStaffOf(page: Page, base: string, entity: string, lang: "jp" | "en") {
  await signInAs(page, base, "staff", "staff@example.com");
  await waitForPath(page, "/auth/staff/entity-select");
  await page.getByRole("combobox").click();
  await page.getByRole("option", { name: entity }).click();
  await page
    .getByRole("button", { name: lang === "jp" ? /^ダッシュボードへ$/ : /^Go to dashboard$/ })
    .click();
  await waitForPath(page, /^\/staff\?workspace=/);
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

/**
 * Picks `language` in the top bar's language menu. The page settles first, and the menu is opened until it stays
 * open: a re-render (a lazily loaded route, the session restoring, live data) can close it under the click.
 */
export async function switchLanguage(page: Page, language: string) {
  await networkQuiet(page);
  await page.locator("main h1").first().waitFor();
  const item = page.getByRole("menuitem", { name: language });
  await expect
    .poll(
      async () => {
        if (!(await item.isVisible()))
          await page
            .getByRole("button", { name: /^(Language|言語)/ })
            .first()
            .click();
        return item.isVisible();
      },
      { timeout: 30_000, interval: 1000 },
    )
    .toBe(true);
  await item.click();
}
