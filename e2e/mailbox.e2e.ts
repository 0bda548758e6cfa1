import { and, eq, like } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../apps/server/src/db/schema";
import { checkPage, type E2e, signInAs, signInAsStaffOf, startE2e, waitForPath } from "./lib/app";
import { DESKTOP, newContext, PHONE } from "./lib/browser";

// Issue 28 §3 "Mail without SMTP": a quick start without SMTP_URL delivers every mail to the development mailbox.
// A red heat-stress upload raises an alert → the real-time mail lands in the mailbox → staff open /staff/mailbox,
// see it (subject, recipient, time), read it and follow its link; the alerts list and the heat-illness record say
// "delivered to the development mailbox", never pending; an admin reads every mail. jp and en, desktop and 390 px,
// axe on every page; and the reader under the app's real Content-Security-Policy.

let e: E2e;
let base: string;
beforeAll(async () => {
  e = await startE2e({ jobs: true, devMailbox: true });
  base = e.t.url;
});
afterAll(() => e.close());

const poll = <T>(fn: () => T | Promise<T>, timeout = 10_000) => expect.poll(fn, { timeout });
const HEAT_STRESS = "00005098";
const SUBJECT_JP = /Harbor Logistics/;

const signInAsHarborStaff = (page: Page, lang: "jp" | "en") =>
  signInAsStaffOf(page, base, "Harbor Logistics", lang);

async function menu(page: Page, name: string | RegExp) {
  await page
    .getByRole("navigation", { name: /^(Main menu|メインメニュー)$/ })
    .getByRole("link", { name })
    .click();
}

/** Harbor's alert mails to staff@, kept in the mailbox (status `outbox`) by the outbox worker. */
const keptHarborMails = () =>
  e.t.db
    .select()
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.recipient, "staff@example.com"),
        eq(mailOutbox.status, "outbox"),
        like(mailOutbox.subject, "%Harbor Logistics%"),
      ),
    );

describe("the development mailbox (no SMTP_URL)", () => {
  it("a red upload's alert mail is in staff's mailbox; they read it and follow its link; the alert says where it went", async () => {
    // the band of Tanaka (client@, a Harbor member) uploads a red heat-stress score
    const { idToken } = await e.t.signIn("client@example.com");
    const up = await e.t.call(
      "POST",
      "/user/vitals",
      { samples: [{ code: HEAT_STRESS, time: Math.floor(Date.now() / 1000) - 2, value: 95 }] },
      { token: idToken },
    );
    expect(up.status).toBe(200);
    // real time: mailed within a minute of the sync, straight into the mailbox (nothing reaches an SMTP server)
    await poll(async () => (await keptHarborMails()).length, 60_000).toBeGreaterThan(0);
    expect(e.t.smtp.mails).toHaveLength(0);
    const [kept] = await keptHarborMails();
    // the log names the mail and its template, never a link
    const line = e.t.logs.find(
      (l) => l.includes("mail delivered to the development mailbox") && l.includes(kept?.id ?? "-"),
    );
    expect(line).toBeDefined();
    expect(line).not.toContain("http");

    const ctx = await newContext(e.browser, "jp", DESKTOP);
    const page = await ctx.newPage();
    await signInAsHarborStaff(page, "jp");
    await menu(page, "メールボックス（開発用）");
    await waitForPath(page, "/staff/mailbox");
    await poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("メールボックス（開発用）");
    const table = page.getByRole("table", { name: "メール" });
    const row = table.getByRole("row", { name: SUBJECT_JP }).first();
    await poll(() => row.textContent()).toContain("staff@example.com");
    const rowText = (await row.textContent()) ?? "";
    expect(rowText).toContain("開発用メールボックスに配信");
    expect(rowText).toMatch(/\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}/);
    // only staff@'s own mail
    expect(await table.getByText("client@example.com").count()).toBe(0);
    await checkPage(page, "jp-staff-mailbox");

    // open it: the reader, named in the URL by the mail's id (no address)
    await row.getByRole("button", { name: /を開く$/ }).click();
    const reader = page.getByRole("dialog", { name: SUBJECT_JP });
    await poll(() => reader.textContent()).toContain("staff@example.com");
    expect(new URL(page.url()).searchParams.get("mail")).toMatch(/^[0-9a-f-]{36}$/);
    expect(page.url()).not.toContain("%40");
    expect(page.url()).not.toContain("@");
    const frame = page.frameLocator('iframe[title^="メールの表示"]');
    await poll(() => frame.locator("body").textContent()).toContain("Tanaka Hanako");
    expect(await reader.getByText("テキスト版").count()).toBe(1);
    await checkPage(page, "jp-staff-mailbox-reader");

    // the mail's link (to the member's report at the alert's time) opens in a new tab
    const reportLink = frame.locator(`a[href*="/staff/reports/${HEAT_STRESS}/"]`).first();
    const popup = ctx.waitForEvent("page");
    await reportLink.click();
    const report = await popup;
    await waitForPath(report, new RegExp(`^/staff/reports/${HEAT_STRESS}/[0-9a-f-]{36}\\?`));
    await checkPage(report, "jp-staff-report-from-mailbox");
    await report.close();

    // the alerts list and the heat-illness record: delivered to the mailbox, not pending
    await reader.getByRole("button", { name: "閉じる" }).click();
    await page.goto(`${base}/staff/notifications?workspace=harbor`);
    const measurements = page.getByRole("table", { name: "測定値のアラート" });
    const alertRow = measurements.getByRole("row", { name: /Tanaka Hanako/ });
    await poll(() => alertRow.textContent()).toContain("開発用メールボックスに配信");
    expect(await alertRow.textContent()).not.toContain("送信待ち");
    await checkPage(page, "jp-staff-notifications-dev-mailbox");
    await page.getByRole("link", { name: "熱中症対応記録" }).click();
    await waitForPath(page, "/staff/notifications/heat-illness-record");
    const recordRow = page
      .getByRole("table", { name: "暑熱ストレススコアのアラート" })
      .getByRole("row", { name: /Tanaka Hanako/ });
    await poll(() => recordRow.textContent()).toContain("開発用メールボックスに配信");
    expect(await recordRow.textContent()).toContain("Sato Staff");
    expect(await recordRow.textContent()).not.toContain("なし（メール未送信）");
    await checkPage(page, "jp-staff-heat-illness-record-dev-mailbox");
    await ctx.close();
    // the mail takes up to a minute to arrive (real time), then seven pages are checked
  }, 240_000);

  it("an admin reads every mail at /admin/mailbox", async () => {
    const ctx = await newContext(e.browser, "jp", DESKTOP);
    const page = await ctx.newPage();
    await signInAs(page, base, "admin", "admin@example.com");
    await waitForPath(page, "/admin");
    await menu(page, "メールボックス（開発用）");
    await waitForPath(page, "/admin/mailbox");
    const table = page.getByRole("table", { name: "メール" });
    await poll(() => table.getByRole("row", { name: SUBJECT_JP }).count()).toBeGreaterThan(0);
    await checkPage(page, "jp-admin-mailbox");
    await ctx.close();
  });

  it("on a phone, in English, the mailbox and the reader fit 390 px", async () => {
    const staff = await e.t.signIn("staff@example.com");
    expect(
      (await e.t.call("PUT", "/user/language", { language: "en" }, { token: staff.idToken })).status,
    ).toBe(200);
    const ctx = await newContext(e.browser, "en", PHONE);
    const page = await ctx.newPage();
    await signInAsHarborStaff(page, "en");
    await page.goto(`${base}/staff/mailbox?workspace=harbor`);
    await poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Mailbox (development)");
    const list = page.getByRole("list", { name: "Mails" });
    const item = list.getByRole("listitem").filter({ hasText: "Harbor Logistics" }).first();
    await poll(() => item.textContent()).toContain("Delivered to the development mailbox");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await checkPage(page, "en-staff-mailbox-phone");
    await item.getByRole("button", { name: /^Open / }).click();
    const reader = page.getByRole("dialog", { name: /Harbor Logistics/ });
    await poll(() => reader.textContent()).toContain("staff@example.com");
    await poll(() =>
      page.frameLocator('iframe[title^="The mail as it looks"]').locator("body").textContent(),
    ).toContain("Tanaka Hanako");
    expect(await reader.getByRole("link", { name: /\/staff\/reports\// }).count()).toBeGreaterThan(0);
    await checkPage(page, "en-staff-mailbox-reader-phone");

    await page.goto(`${base}/staff/notifications?workspace=harbor`);
    await poll(() => page.getByText("Delivered to the development mailbox").count()).toBeGreaterThan(0);
    expect(await page.getByText("Pending", { exact: true }).count()).toBe(0);
    await checkPage(page, "en-staff-notifications-dev-mailbox-phone");
    await ctx.close();
  }, 180_000);

  it("the reader shows the mail under the app's real Content-Security-Policy", async () => {
    // no bypassCSP here (newContext bypasses it so axe can be injected): the sandboxed srcdoc frame must render
    const ctx = await e.browser.newContext({ locale: "ja-JP", viewport: DESKTOP });
    const page = await ctx.newPage();
    const violations: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    const [kept] = await keptHarborMails();
    // staff@ reads English since the phone journey
    await signInAsHarborStaff(page, "en");
    await page.goto(`${base}/staff/mailbox?workspace=harbor&mail=${kept?.id}`);
    const frame = page.frameLocator("iframe[sandbox]");
    await poll(() => frame.locator("body").textContent()).toContain("Tanaka Hanako");
    expect(await frame.locator(`a[href*="/staff/reports/${HEAT_STRESS}/"]`).count()).toBeGreaterThan(0);
    expect(violations).toEqual([]);
    await ctx.close();
  });
});
