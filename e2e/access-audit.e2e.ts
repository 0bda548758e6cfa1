import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entities, users } from "../apps/server/src/db/schema";
import { checkPage, type E2e, signInAs, startE2e, switchLanguage, waitForPath } from "./lib/app";
import { newContext, PHONE } from "./lib/browser";

/**
 * Issue 29 §1, the access audit: a staff member opens a member's chart and downloads its CSV; the member's "Who
 * used my data" page lists both (jp and en, at 390 px); an admin finds them by the person's user ID.
 */
let e: E2e;
let base: string;
let member: { id: string; name: string };
let staffName: string;
let entityName: string;
beforeAll(async () => {
  e = await startE2e({ vitalDays: 2 });
  base = e.t.url;
  const person = async (email: string) => {
    const [u] = await e.t.db.select().from(users).where(eq(users.email, email));
    if (!u) throw new Error(`no ${email}`);
    return u;
  };
  member = await person("client@example.com");
  staffName = (await person("staff@example.com")).name;
  const [entity] = await e.t.db.select().from(entities).where(eq(entities.workspaceName, "sakura"));
  entityName = entity?.name ?? "";
});
afterAll(() => e.close());

/** The rows of the table named `label` (a table on desktops, a list of cards on phones), as their text. */
const rowTexts = (page: Page, label: string) =>
  page.locator(`table[aria-label="${label}"] tbody tr, ul[aria-label="${label}"] > li`).allTextContents();
/** Whether some row holds each of the texts. */
const listsAll = async (page: Page, label: string, texts: string[]) => {
  const rows = await rowTexts(page, label);
  return texts.every((x) => rows.some((r) => r.includes(x)));
};

describe("the access audit", () => {
  it("staff (jp) open a member's chart and download its CSV", async () => {
    // 1. staff (jp): the member's heart-rate chart, then its CSV
    const staffCtx = await newContext(e.browser, "jp");
    const staff = await staffCtx.newPage();
    await signInAs(staff, base, "staff", "staff@example.com");
    await waitForPath(staff, "/auth/staff/entity-select");
    await staff.goto(`${base}/staff/reports/00005091/${member.id}?workspace=sakura`);
    await staff.locator("figure canvas").first().waitFor();
    await staff.getByRole("button", { name: "CSVダウンロード" }).click();
    const dialog = staff.getByRole("dialog");
    const [download] = await Promise.all([
      staff.waitForEvent("download"),
      dialog.getByRole("button", { name: "ダウンロード" }).click(),
    ]);
    expect(readFileSync((await download.path()) as string, "utf8").charCodeAt(0)).toBe(0xfeff);
    await staffCtx.close();
  });

  it('the member\'s 「私のデータの利用記録」 / "Who used my data" lists both (jp and en at 390 px, en from the menu)', async () => {
    // 2. the member (jp, 390 px): "私のデータの利用記録" lists the chart and the CSV, by whom and for which entity
    const phone = await newContext(e.browser, "jp", PHONE);
    const page = await phone.newPage();
    await signInAs(page, base, "client", "client@example.com");
    await waitForPath(page, "/client");
    await page.goto(`${base}/client/access-audit`);
    await expect
      .poll(() => page.getByRole("heading", { level: 1 }).textContent())
      .toBe("私のデータの利用記録");
    const jpRows = "私のデータの利用";
    await expect.poll(() => listsAll(page, jpRows, ["CSVダウンロード", "グラフ"])).toBe(true);
    expect(await listsAll(page, jpRows, [`${staffName}（スタッフ）`, entityName])).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await checkPage(page, "jp-client-access-audit-390");
    await switchLanguage(page, "English");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Who used my data");
    await expect
      .poll(() => listsAll(page, "Uses of my data", ["CSV download", "Chart", `${staffName} (Staff)`]))
      .toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await checkPage(page, "en-client-access-audit-390");
    await phone.close();

    // 3. the member (en, desktop) reaches the page from the menu
    const desk = await newContext(e.browser, "en");
    const menu = await desk.newPage();
    await signInAs(menu, base, "client", "client@example.com");
    await waitForPath(menu, "/client");
    await menu.getByRole("navigation").getByRole("link", { name: "Who used my data" }).click();
    await waitForPath(menu, "/client/access-audit");
    await expect.poll(() => listsAll(menu, "Uses of my data", ["CSV download", "Chart"])).toBe(true);
    await checkPage(menu, "en-client-access-audit");
    await desk.close();
  });

  it("an admin finds both by the person's user ID and downloads them (jp; en at 390 px)", async () => {
    // 4. an admin (jp) finds both by the person's user ID
    const adminCtx = await newContext(e.browser, "jp");
    const admin = await adminCtx.newPage();
    await signInAs(admin, base, "admin", "admin@example.com");
    await waitForPath(admin, "/admin");
    await admin.getByRole("navigation").getByRole("link", { name: "アクセス監査ログ" }).click();
    await waitForPath(admin, "/admin/access-audit");
    await checkPage(admin, "jp-admin-access-audit-form");
    await admin.getByLabel("本人（ユーザーID）").fill(member.id);
    await admin.getByRole("button", { name: "検索" }).click();
    const adminRows = "アクセス監査ログの記録";
    await expect.poll(() => listsAll(admin, adminRows, ["CSVダウンロード", "グラフ"])).toBe(true);
    const rows = await rowTexts(admin, adminRows);
    expect(rows.every((r) => r.includes(member.id))).toBe(true);
    expect(rows.some((r) => r.includes(`${staffName}（スタッフ）`) && r.includes(entityName))).toBe(true);
    await checkPage(admin, "jp-admin-access-audit");
    // the matches as CSV
    const [csv] = await Promise.all([
      admin.waitForEvent("download"),
      admin.getByRole("button", { name: "CSVダウンロード" }).click(),
    ]);
    const text = readFileSync((await csv.path()) as string, "utf8");
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text.slice(1).split("\r\n")[0]).toMatch(
      /^日時（.+）,利用者ID,利用者,役割,組織ID,組織,本人ID,本人,内容/,
    );
    expect(text).toContain(`,chart,`);
    expect(text).toContain(`,csv,`);
    await adminCtx.close();

    // 5. the admin page at 390 px (en)
    const adminPhone = await newContext(e.browser, "en", PHONE);
    const small = await adminPhone.newPage();
    await signInAs(small, base, "admin", "admin@example.com");
    await waitForPath(small, "/admin");
    await small.goto(`${base}/admin/access-audit`);
    await switchLanguage(small, "English");
    await small.getByLabel("Person (user ID)").fill(member.id);
    await small.getByRole("button", { name: "Search" }).click();
    await expect.poll(() => listsAll(small, "Access audit entries", ["CSV download", "Chart"])).toBe(true);
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await checkPage(small, "en-admin-access-audit-390");
    await adminPhone.close();
  });
});
