import { PRIVACY_VERSION, TERMS_VERSION } from "@mimamori/shared";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consents, users } from "../apps/server/src/db/schema";
import { checkPage, type E2e, startE2e } from "./lib/app";
import { newContext, PHONE } from "./lib/browser";

/**
 * Issue 29 §2 in the band app's chart view (/mobile/reports/resq_band, its own id token, no session): a person
 * who has not accepted the current terms version opens their chart, sees the acceptance page in their language
 * at 390 px, accepts there and then sees their chart; the acceptance is recorded with the current versions.
 */
let e: E2e;
let base: string;

async function userId(email: string): Promise<string> {
  const [u] = await e.t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!u) throw new Error(`no ${email}`);
  return u.id;
}

beforeAll(async () => {
  e = await startE2e({ vitalDays: 7 });
  base = e.t.url;
});
afterAll(() => e.close());

async function waitForChart(page: Page) {
  await page.locator("figure canvas").first().waitFor();
  await expect.poll(() => page.locator("figure table tbody tr").count()).toBeGreaterThan(0);
}

const TEXT = {
  jp: {
    title: "利用規約とプライバシーポリシーの改定",
    versions: `利用規約：版 ${TERMS_VERSION}。プライバシーポリシー：版 ${PRIVACY_VERSION}。`,
    terms: /利用規約/,
    privacy: /プライバシーポリシー/,
    accept: "同意してグラフを表示",
    else: "「プロフィール」からアカウントを削除できます",
    chart: "心拍数",
  },
  en: {
    title: "Updated terms and privacy policy",
    versions: `Terms of use: version ${TERMS_VERSION}. Privacy policy: version ${PRIVACY_VERSION}.`,
    terms: /terms/i,
    privacy: /privacy/i,
    accept: "Accept and show my chart",
    else: "sign in and open Profile",
    chart: "Heart rate",
  },
} as const;

describe("the band app's chart view asks for a new terms version", () => {
  for (const [lang, email] of [
    ["jp", "client@example.com"],
    ["en", "client2@example.com"],
  ] as const) {
    it(`${lang}, 390 px: the acceptance page, accepted in place, then the chart`, async () => {
      const s = TEXT[lang];
      const id = await userId(email);
      // the person's latest acceptance is of an older terms version (a new one was published since)
      await e.t.db.delete(consents).where(eq(consents.userId, id));
      await e.t.db
        .insert(consents)
        .values({ userId: id, termsVersion: "2020-04-01", privacyVersion: PRIVACY_VERSION });
      const { idToken } = await e.t.signIn(email);
      // the server refuses the chart meanwhile
      const refused = await e.t.call("GET", "/user/reports/resq_band/00005091", undefined, {
        token: idToken,
      });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe("terms-acceptance-required");

      const ctx = await newContext(e.browser, lang, PHONE);
      const page = await ctx.newPage();
      await page.goto(
        `${base}/mobile/reports/resq_band?${new URLSearchParams({ report_id: "00005091", idToken, lang })}`,
      );
      await expect
        .poll(() => page.getByRole("heading", { name: s.title }).count(), { timeout: 15_000 })
        .toBe(1);
      await expect.poll(() => page.locator("main").textContent()).toContain(s.versions);
      expect(await page.locator("main").textContent()).toContain(s.else);
      // the texts themselves, with their version; no sign-out and no link out of the embedded view
      expect(await page.getByRole("region").textContent()).toContain(TERMS_VERSION);
      expect(await page.getByRole("main").getByRole("link").count()).toBe(0);
      const accept = page.getByRole("button", { name: s.accept });
      expect(await accept.isDisabled()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      await checkPage(page, `${lang}-mobile-terms-390`);

      await page.getByRole("checkbox", { name: s.terms }).check();
      await page.getByRole("checkbox", { name: s.privacy }).check();
      await accept.click();
      await waitForChart(page);
      expect(await page.getByRole("heading", { name: s.title }).count()).toBe(0);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(s.chart);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      await checkPage(page, `${lang}-mobile-terms-accepted-390`);
      await ctx.close();

      // recorded: the current versions; nothing awaits acceptance any more
      const rows = await e.t.db.select().from(consents).where(eq(consents.userId, id));
      expect(rows.some((r) => r.termsVersion === TERMS_VERSION && r.privacyVersion === PRIVACY_VERSION)).toBe(
        true,
      );
      const after = await e.t.call("GET", "/user/consents/status", undefined, { token: idToken });
      expect(after.body.required).toBe(false);
    });
  }
});
