import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkPage, type E2e, signInAs, startE2e, waitForPath } from "./lib/app";
import { newContext, PHONE } from "./lib/browser";

// Issue 11 §6: a simulated red heat-stress value → a real-time mail (real SMTP peer) and the top bar's dot → the
// list → acknowledge with a note → the heat-illness record and its CSV; the member's report at the alert's time
// from the mail's link; then the lock flow (staff lock, admin unlocks). jp and en, desktop and phone, axe on every
// page.

let e: E2e;
let base: string;
beforeAll(async () => {
  e = await startE2e({ jobs: true });
  base = e.t.url;
});
afterAll(() => e.close());

const poll = <T>(fn: () => T | Promise<T>, timeout = 10_000) => expect.poll(fn, { timeout });
const seen = (page: Page, text: string | RegExp) => poll(() => page.getByText(text).count());
const HEAT_STRESS = "00005098";

async function menu(page: Page, name: string | RegExp) {
  await page
    .getByRole("navigation", { name: /^(Main menu|メインメニュー)$/ })
    .getByRole("link", { name })
    .click();
}

async function signInAsHarborStaff(page: Page, lang: "jp" | "en") {
  await signInAs(page, base, "staff", "staff@example.com");
  await waitForPath(page, "/auth/staff/entity-select");
  await page.getByRole("combobox").click();
  await page.getByRole("option", { name: "Harbor Logistics" }).click();
  await page
    .getByRole("button", { name: lang === "jp" ? /^ダッシュボードへ$/ : /^Go to dashboard$/ })
    .click();
  await waitForPath(page, /^\/staff\?workspace=harbor/);
}

/** The band of Tanaka (client@, a Harbor member) uploads one heat-stress score. */
async function uploadHeatStress(value: number): Promise<void> {
  const { idToken } = await e.t.signIn("client@example.com");
  const res = await e.t.call(
    "POST",
    "/user/vitals",
    { samples: [{ code: HEAT_STRESS, time: Math.floor(Date.now() / 1000) - 2, value }] },
    { token: idToken },
  );
  expect(res.status).toBe(200);
}

describe("alerts: a red value is mailed, seen, acknowledged and recorded; the settings lock", () => {
  it("a red heat-stress score reaches staff by mail and by the dot; staff acknowledge it and keep the record", async () => {
    const ctx = await newContext(e.browser, "jp");
    const page = await ctx.newPage();
    await signInAsHarborStaff(page, "jp");
    const bell = page.getByRole("banner").getByRole("link", { name: /^通知/ });
    await poll(() => bell.getAttribute("aria-label")).toBe("通知");

    const mailsBefore = e.t.smtp.mails.length;
    await uploadHeatStress(95);
    // real time (the default): mailed within a minute of the sync
    // Tanaka is a member of sakura too: each entity mails its own staff; this is Harbor's
    await poll(
      () => e.t.smtp.mails.slice(mailsBefore).filter((m) => m.subject.includes("Harbor Logistics")).length,
      60_000,
    ).toBeGreaterThan(0);
    const mail = e.t.smtp.mails
      .slice(mailsBefore)
      .find((m) => m.to.includes("staff@example.com") && m.subject.includes("Harbor Logistics"));
    if (!mail) throw new Error("no Harbor alert mail to staff@example.com");
    expect(mail.text).toContain("Tanaka Hanako");
    expect(mail.text).toContain("暑熱ストレススコア");
    const reportLink = new RegExp(
      `https?://\\S+/staff/reports/${HEAT_STRESS}/[0-9a-f-]{36}\\?\\S*at=\\d+`,
    ).exec(mail.text)?.[0];
    if (!reportLink) throw new Error(`no report link in the alert mail:\n${mail.text}`);

    // the dot appears without a reload (polled every 30 s)
    await poll(() => bell.getAttribute("aria-label"), 45_000).toBe("通知（未読1件）");
    await bell.click();
    await waitForPath(page, "/staff/notifications");
    const measurements = page.getByRole("table", { name: "測定値のアラート" });
    const row = measurements.getByRole("row", { name: /Tanaka Hanako/ });
    await poll(() => row.textContent()).toContain("暑熱ストレススコア");
    expect(await row.textContent()).toContain("95");
    await checkPage(page, "jp-staff-notifications");
    // the list was shown: it is seen, the dot goes
    await poll(() => bell.getAttribute("aria-label"), 15_000).toBe("通知");

    // acknowledge with what was done
    await row.getByRole("button", { name: /確認する/ }).click();
    const ack = page.getByRole("dialog", { name: "アラートの確認" });
    await ack.getByRole("combobox", { name: /行った対応/ }).click();
    await page.getByRole("option", { name: "休憩させた" }).click();
    await ack.getByLabel(/メモ/).fill("日陰で20分休憩、水分補給");
    await checkPage(page, "jp-staff-notifications-acknowledge");
    await ack.getByRole("button", { name: "確認済みにする" }).click();
    await seen(page, "アラートを確認済みにしました。").toBe(1);
    await poll(() => row.textContent()).toContain("Staff");

    // the heat-illness record: who was told, who acknowledged, what was done
    await page.getByRole("link", { name: "熱中症対応記録" }).click();
    await waitForPath(page, "/staff/notifications/heat-illness-record");
    const record = page.getByRole("table", { name: "暑熱ストレススコアのアラート" });
    const recordRow = record.getByRole("row", { name: /Tanaka Hanako/ });
    await poll(() => recordRow.textContent()).toContain("休憩させた");
    const recordText = (await recordRow.textContent()) ?? "";
    expect(recordText).toContain("95");
    expect(recordText).toContain("日陰で20分休憩、水分補給");
    expect(recordText).toContain("Sato Staff"); // who was told (the staff member the mail went to)
    await checkPage(page, "jp-staff-heat-illness-record");
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "CSVダウンロード" }).click();
    const csv = readFileSync(await (await download).path(), "utf8");
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toContain("Tanaka Hanako");
    expect(csv).toContain("休憩させた");

    // the mail's link opens the member's report at the alert's time
    await page.goto(reportLink);
    await waitForPath(page, new RegExp(`^/staff/reports/${HEAT_STRESS}/`));
    await checkPage(page, "jp-staff-report-at-alert");
    await ctx.close();
  });

  it("on a phone, in English, the list is the same", async () => {
    const ctx = await newContext(e.browser, "en", PHONE);
    const page = await ctx.newPage();
    // staff@example.com's stored language is Japanese: switch it for this visit, and back at the end
    await signInAsHarborStaff(page, "jp");
    const switchTo = async (language: string) => {
      // the page (a lazily loaded route) settles first: a layout still loading would close the menu under the click
      await page.waitForLoadState("networkidle");
      await page.locator("main h1").first().waitFor();
      await page
        .getByRole("button", { name: /^(Language|言語)/ })
        .first()
        .click();
      await page.getByRole("menuitem", { name: language }).click();
    };
    await switchTo("English");
    await page.goto(`${base}/staff/notifications?workspace=harbor`);
    await poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Notifications");
    await seen(page, "Tanaka Hanako").toBeGreaterThan(0);
    await seen(page, "Heat-stress score").toBeGreaterThan(0);
    await checkPage(page, "en-staff-notifications-phone");
    await switchTo("日本語");
    await poll(() => page.evaluate(() => document.documentElement.lang)).toBe("ja");
    await ctx.close();
  });

  it("staff lock the notification settings; only an admin unlocks them", async () => {
    const ctx = await newContext(e.browser, "jp");
    const page = await ctx.newPage();
    await signInAsHarborStaff(page, "jp");
    await menu(page, "通知設定");
    await waitForPath(page, "/staff/notification-settings");
    await checkPage(page, "jp-staff-notification-settings");

    // measurement: 3 times a day
    await page
      .getByRole("link", { name: /測定値/ })
      .first()
      .click();
    await waitForPath(page, "/staff/notification-settings/measurement-value");
    await page.getByRole("combobox", { name: /メールの頻度/ }).click();
    await page.getByRole("option", { name: "3回" }).click();
    await page.getByRole("button", { name: "設定", exact: true }).click();
    await seen(page, "保存しました。").toBe(1);
    await checkPage(page, "jp-staff-notification-measurement");
    await page.goBack();
    await waitForPath(page, "/staff/notification-settings");

    // the lock: the card's Set works only once the switch says "not allowed"; both steps are confirmed
    const lock = page.getByRole("region", { name: "通知設定のロック" });
    await poll(() => lock.getByRole("button", { name: "設定" }).isDisabled()).toBe(true);
    await lock.getByRole("switch").click();
    const confirmSwitch = page.getByRole("dialog", { name: "スタッフによる変更を不許可にしますか？" });
    await confirmSwitch.getByRole("button", { name: "不許可にする" }).click();
    await lock.getByRole("button", { name: "設定" }).click();
    const confirmLock = page.getByRole("dialog", { name: "通知設定をロックしますか？" });
    await confirmLock.getByRole("button", { name: "ロックする" }).click();
    await seen(page, "通知設定をロックしました。").toBe(1);
    await poll(() => lock.textContent()).toContain("ロック中");
    await poll(() => lock.getByRole("switch").isDisabled()).toBe(true);

    // locked: the selects and Set buttons are disabled
    await page.goto(`${base}/staff/notification-settings/synchronization?workspace=harbor`);
    await poll(() => page.getByRole("combobox", { name: /メールの頻度/ }).getAttribute("aria-disabled")).toBe(
      "true",
    );
    await poll(() => page.getByRole("button", { name: "設定" }).first().isDisabled()).toBe(true);
    await checkPage(page, "jp-staff-notification-sync-locked");
    await ctx.close();

    // an admin (Japanese) downloads the entity's alerts and unlocks the settings from the entity's page
    const adminCtx = await newContext(e.browser, "jp");
    const admin = await adminCtx.newPage();
    await signInAs(admin, base, "admin", "admin@example.com");
    await waitForPath(admin, "/admin");
    await admin.goto(`${base}/admin/entities/harbor`);
    await poll(() => admin.getByRole("heading", { level: 1 }).textContent()).toBe("Harbor Logistics");
    await poll(() => admin.getByText("スタッフはこのエンティティの通知設定を変更できません。").count()).toBe(
      1,
    );
    await checkPage(admin, "jp-admin-entity-notifications");
    const download = admin.waitForEvent("download");
    await admin.getByRole("button", { name: "ダウンロード" }).click();
    const csv = readFileSync(await (await download).path(), "utf8");
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toContain("Tanaka Hanako");
    expect(csv).toContain("暑熱ストレススコア");
    await admin.getByRole("button", { name: "編集" }).first().click();
    await admin.getByRole("combobox", { name: /^通知設定/ }).click();
    await admin.getByRole("option", { name: "ロック解除" }).click();
    await admin.getByRole("button", { name: "保存", exact: true }).click();
    await poll(() => admin.getByText("スタッフはこのエンティティの通知設定を変更できます。").count()).toBe(1);
    await adminCtx.close();

    // staff may change the settings again
    const again = await newContext(e.browser, "jp");
    const staff = await again.newPage();
    await signInAsHarborStaff(staff, "jp");
    await staff.goto(`${base}/staff/notification-settings/synchronization?workspace=harbor`);
    await poll(() =>
      staff.getByRole("combobox", { name: /メールの頻度/ }).getAttribute("aria-disabled"),
    ).not.toBe("true");
    await poll(() => staff.getByRole("button", { name: "設定" }).first().isDisabled()).toBe(false);
    await again.close();
  });
});
