import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkPage, type E2e, startE2e, waitForPath } from "./lib/app";
import { DESKTOP, newContext, PHONE, screenshot } from "./lib/browser";

let e: E2e;
let base: string;
beforeAll(async () => {
  e = await startE2e();
  base = e.t.url;
});
afterAll(() => e.close());

const BANNER = {
  en: "You are offline. Pages you have opened before still show, but nothing can be loaded, sent or saved until the connection returns.",
  jp: "オフラインです。 以前に開いたページは表示できますが、接続が戻るまでデータの読み込み・送信・保存はできません。",
};
const SIGN_IN = { en: "Sign in", jp: "サインイン" };

/** Waits until the service worker is active: by then it has cached the app (its install precaches the build). */
async function workerReady(page: Page) {
  const ready = await page.evaluate(() =>
    Promise.race([
      navigator.serviceWorker.ready.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 30_000)),
    ]),
  );
  expect(ready, "the service worker is active within 30 s").toBe(true);
}

/** Every request URL the worker's caches hold. */
function cachedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      for (const req of await (await caches.open(name)).keys()) paths.push(new URL(req.url).pathname);
    }
    return paths;
  });
}

describe("offline return visit", () => {
  for (const [lang, viewport, other] of [
    ["jp", PHONE, DESKTOP],
    ["en", DESKTOP, PHONE],
  ] as const) {
    it(`${lang}: the sign-in page renders from the service worker with the offline banner, which goes once online`, async () => {
      const ctx = await newContext(e.browser, lang, viewport);
      const page = await ctx.newPage();
      await page.goto(`${base}/auth/client/sign-in`);
      await page.getByRole("button", { name: SIGN_IN[lang], exact: true }).waitFor();
      expect(await page.getByRole("status").filter({ hasText: BANNER[lang] }).count()).toBe(0);
      await workerReady(page);

      // the shell is cached, the API is not (health data, authorised per person on the server)
      const cached = await cachedPaths(page);
      expect(cached).toContain("/index.html");
      expect(cached.some((p) => p.startsWith("/assets/"))).toBe(true);
      expect(cached.filter((p) => p.startsWith("/api"))).toEqual([]);

      await ctx.setOffline(true);
      const response = await page.reload();
      expect(response?.fromServiceWorker()).toBe(true);
      await page.getByRole("button", { name: SIGN_IN[lang], exact: true }).waitFor();
      const banner = page.getByRole("status").filter({ hasText: BANNER[lang] });
      await expect.poll(() => banner.count()).toBe(1);
      // really offline: the API cannot be reached, and the worker does not answer for it
      expect(
        await page.evaluate(() =>
          fetch("/api/health").then(
            () => "answered",
            () => "failed",
          ),
        ),
      ).toBe("failed");
      await checkPage(page, `${lang}-offline-sign-in-${viewport.width}`);
      await page.setViewportSize(other);
      await screenshot(page, `${lang}-offline-sign-in-${other.width}`);

      await ctx.setOffline(false);
      await expect.poll(() => banner.count()).toBe(0);
      expect(await cachedPaths(page).then((paths) => paths.filter((p) => p.startsWith("/api")))).toEqual([]);
      await ctx.close();
    });
  }

  it("under the server's Content-Security-Policy the worker registers and serves a page it has not shown", async () => {
    // no bypassCSP here (newContext sets it for axe): the app's own policy, script-src 'self', applies
    const ctx = await e.browser.newContext({ locale: "en-US", viewport: DESKTOP });
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    await page.goto(`${base}/auth/client/sign-in`);
    await page.getByRole("button", { name: "Sign in", exact: true }).waitFor();
    await workerReady(page);
    await ctx.setOffline(true);
    // a return visit straight to another page: the app shell and that page's code come from the cache
    await page.goto(`${base}/auth/forgot-password`);
    await waitForPath(page, "/auth/forgot-password");
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await page.getByRole("status").filter({ hasText: BANNER.en }).count()).toBe(1);
    expect(errors.filter((t) => /Content Security Policy/i.test(t))).toEqual([]);
    await ctx.close();
  });
});
