import { PRIVACY_VERSION, TERMS_VERSION } from "@mimamori/shared";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consents, memberships, users } from "../apps/server/src/db/schema";
import { checkPage, type E2e, signInAs, startE2e, switchLanguage, waitForPath } from "./lib/app";
import { DESKTOP, newContext, PHONE } from "./lib/browser";

/**
 * Issue 29 §2, the consent history and a new terms version asking again: a member whose latest acceptance is of an
 * older version (as if a new one had been published since) signs in, gets the acceptance page, accepts and reaches
 * home; "My consents" lists the terms acceptance, a membership and a share with their dates (jp at 390 px, en).
 */
let e: E2e;
let base: string;
const STAMP = /\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}/;

async function userId(email: string): Promise<string> {
  const [u] = await e.t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!u) throw new Error(`no ${email}`);
  return u.id;
}

/** The person's latest acceptance is of an older terms (or privacy) version than the current one. */
async function olderConsent(email: string, terms: string, privacy: string) {
  const id = await userId(email);
  await e.t.db.delete(consents).where(eq(consents.userId, id));
  await e.t.db.insert(consents).values({ userId: id, termsVersion: terms, privacyVersion: privacy });
}

beforeAll(async () => {
  e = await startE2e();
  base = e.t.url;
  // the member's consents through the API: leaving harbor, accepting its invitation again, sharing an item
  const token = (await e.t.signIn("client@example.com")).idToken;
  expect((await e.t.call("DELETE", "/user/entities/harbor", undefined, { token })).status).toBe(200);
  await e.t.db.insert(memberships).values({
    workspaceName: "harbor",
    userId: await userId("client@example.com"),
    role: "client",
    status: "invited",
  });
  expect((await e.t.call("POST", "/user/invitations/harbor/client", undefined, { token })).status).toBe(200);
  const items = await e.t.call("GET", "/user/data", undefined, { token });
  const item = items.body.data[0].id;
  expect((await e.t.call("POST", `/user/data/${item}/entities/sakura`, undefined, { token })).status).toBe(
    201,
  );
  await olderConsent("client@example.com", "2020-04-01", PRIVACY_VERSION);
  await olderConsent("client2@example.com", TERMS_VERSION, "2022-01-01");
});
afterAll(() => e.close());

/** The rows of the table named `label` (a table on desktops, a list of cards on phones), as their text. */
const rowTexts = (page: Page, label: string) =>
  page.locator(`table[aria-label="${label}"] tbody tr, ul[aria-label="${label}"] > li`).allTextContents();
const h1 = (page: Page) => page.getByRole("heading", { level: 1 }).first().textContent();
const noSideScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

describe("a new terms version asks again", () => {
  it("the member (jp, 390 px) gets the acceptance page, accepts, reaches home and sees their consents", async () => {
    const ctx = await newContext(e.browser, "jp", PHONE);
    const page = await ctx.newPage();
    await signInAs(page, base, "client", "client@example.com");
    await waitForPath(page, "/client");
    await expect.poll(() => h1(page), { timeout: 15_000 }).toBe("利用規約とプライバシーポリシーの改定");
    await expect
      .poll(() => page.locator("main").textContent())
      .toContain(`利用規約：版 ${TERMS_VERSION}。プライバシーポリシー：版 ${PRIVACY_VERSION}。`);
    // the document names its version
    expect(await page.getByRole("region").textContent()).toContain(`版 ${TERMS_VERSION}`);
    const accept = page.getByRole("button", { name: "同意して続ける" });
    expect(await accept.isDisabled()).toBe(true);
    expect(await page.getByRole("link", { name: "アカウントを削除" }).getAttribute("href")).toBe(
      "/client/profile",
    );
    await noSideScroll(page);
    await checkPage(page, "jp-terms-gate-390");
    await page.getByRole("checkbox", { name: /利用規約/ }).check();
    await page.getByRole("checkbox", { name: /プライバシーポリシー/ }).check();
    await accept.click();
    await expect.poll(() => h1(page), { timeout: 15_000 }).not.toBe("利用規約とプライバシーポリシーの改定");
    expect(new URL(page.url()).pathname).toBe("/client");
    await checkPage(page, "jp-home-after-accept-390");

    // "同意の履歴" from the profile, by keyboard
    await page.goto(`${base}/client/profile`);
    await checkPage(page, "jp-profile-390");
    const link = page.getByRole("link", { name: "同意の履歴" });
    await link.focus();
    await page.keyboard.press("Enter");
    await waitForPath(page, "/client/consents");
    await expect.poll(() => h1(page), { timeout: 15_000 }).toBe("同意の履歴");
    const label = "同意の履歴";
    await expect.poll(async () => (await rowTexts(page, label)).length).toBe(5);
    const rows = await rowTexts(page, label);
    const row = (what: string) => rows.find((r) => r.includes(what)) ?? "";
    expect(row("利用規約とプライバシーポリシーに同意")).toContain(
      `利用規約 ${TERMS_VERSION}、プライバシーポリシー ${PRIVACY_VERSION}`,
    );
    expect(row("組織に参加")).toContain("Harbor Logistics");
    expect(row("組織から退会")).toContain("Harbor Logistics");
    expect(row("データ項目の共有を開始")).toContain("さくら介護センター");
    for (const r of rows) expect(r).toMatch(STAMP);
    // newest first: the acceptance just given
    expect(rows[0]).toContain(`利用規約 ${TERMS_VERSION}`);
    await noSideScroll(page);
    await checkPage(page, "jp-client-consents-390");
    await switchLanguage(page, "English");
    await expect.poll(() => h1(page), { timeout: 15_000 }).toBe("My consents");
    await expect
      .poll(async () => (await rowTexts(page, "My consents")).some((r) => r.includes("Shared a data item")))
      .toBe(true);
    // the item is named in the reader's language
    await expect
      .poll(async () => (await rowTexts(page, "My consents")).find((r) => r.includes("Shared a data item")))
      .not.toContain("新型コロナウイルス");
    await noSideScroll(page);
    await checkPage(page, "en-client-consents-390");
    await ctx.close();
  });

  it("another member (en) reads the new texts, signs out, comes back and accepts", async () => {
    const ctx = await newContext(e.browser, "en", DESKTOP);
    const page = await ctx.newPage();
    await signInAs(page, base, "client", "client2@example.com");
    await waitForPath(page, "/client");
    await expect.poll(() => h1(page), { timeout: 15_000 }).toBe("Updated terms and privacy policy");
    await page.getByRole("tab", { name: /privacy/i }).click();
    expect(await page.getByRole("region").textContent()).toContain(`Version ${PRIVACY_VERSION}`);
    await checkPage(page, "en-terms-gate");
    await page.getByRole("button", { name: "Sign out" }).click();
    await waitForPath(page, "/auth/client/sign-in");
    await signInAs(page, base, "client", "client2@example.com");
    await expect.poll(() => h1(page), { timeout: 15_000 }).toBe("Updated terms and privacy policy");
    await page.getByRole("checkbox", { name: /terms/i }).check();
    await page.getByRole("checkbox", { name: /privacy/i }).check();
    await page.getByRole("button", { name: "Accept and continue" }).click();
    await expect.poll(() => h1(page), { timeout: 15_000 }).not.toBe("Updated terms and privacy policy");
    await page.goto(`${base}/client/consents`);
    await expect.poll(() => h1(page), { timeout: 15_000 }).toBe("My consents");
    await expect
      .poll(async () => (await rowTexts(page, "My consents"))[0] ?? "")
      .toContain(`Terms of use ${TERMS_VERSION}, privacy policy ${PRIVACY_VERSION}`);
    await checkPage(page, "en-client-consents");
    await ctx.close();
  });
});
