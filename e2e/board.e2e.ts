import type { Board } from "@mimamori/shared";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_BOARD } from "../apps/server/src/features/demo/seed-watch";
import { checkPage, type E2e, signInAsStaffOf, startE2e, waitForPath } from "./lib/app";
import { networkQuiet, newContext, PHONE } from "./lib/browser";

// Issue 28 §1: the watch board is the staff member's first screen. A member's band sends red values (heat stress,
// heart rate) through the band API; another member never synced; the demo's red, silent and never-synced
// members (DEMO_BOARD) are there too. Staff see both on /staff at a glance, open the
// chart, acknowledge an alert and snooze a measure from the board (heat-stress at most 1 hour), filter by measure
// and search a member. jp on a desktop, en (and jp) at 390 px; axe on every page state.

let e: E2e;
let base: string;
beforeAll(async () => {
  e = await startE2e({ demoMembers: true });
  base = e.t.url;
  await uploadRed();
}, 240_000); // the demo members' week is seeded first
afterAll(() => e.close());

const poll = <T>(fn: () => T | Promise<T>, timeout = 10_000) => expect.poll(fn, { timeout });
const HEART_RATE = "00005091";
const HEAT_STRESS = "00005098";
const TANAKA = "Tanaka Hanako"; // client@, a Harbor member: the red member of this journey
const SMITH = "John Smith"; // client2@, a Harbor member whose band never synced (no band data in this journey)

/** Tanaka's band sends a red heat-stress score and a red heart rate (each raises an alert). */
async function uploadRed(): Promise<void> {
  const { idToken } = await e.t.signIn("client@example.com");
  const now = Math.floor(Date.now() / 1000);
  const res = await e.t.call(
    "POST",
    "/user/vitals",
    {
      samples: [
        { code: HEAT_STRESS, time: now - 120, value: 95 },
        { code: HEART_RATE, time: now - 60, value: 185 },
      ],
    },
    { token: idToken },
  );
  expect(res.status).toBe(200);
}

/** The board as the API gives it to Harbor's staff. */
async function harborBoard(): Promise<Board> {
  const { idToken } = await e.t.signIn("staff@example.com");
  const res = await e.t.call("GET", "/staff/harbor/board?timezone=Asia%2FTokyo", undefined, {
    token: idToken,
  });
  expect(res.status).toBe(200);
  return res.body as Board;
}

const signInAsHarborStaff = (page: Page, lang: "jp" | "en") =>
  signInAsStaffOf(page, base, "Harbor Logistics", lang);

/** The rows of a board table, as a table (desktop) or as the stacked list of a phone. */
const rowsOf = (page: Page, label: string): Locator =>
  page.locator(`table[aria-label="${label}"] tbody tr, ul[aria-label="${label}"] > li`);

const JP = {
  zones: "いま赤または黄のゾーンにいるメンバー",
  silent: "バンドが同期していないメンバー",
  alerts: "まだ確認されていないアラート",
  snoozes: "通知を停止しているアラート",
};
const EN = {
  zones: "Members in the red or yellow zone now",
  silent: "Members whose band is not syncing",
  alerts: "Alerts not acknowledged yet",
  snoozes: "Snoozed alerts",
};

describe("the watch board", () => {
  it("shows the red and the silent member at a glance, opens the chart and acknowledges an alert (jp, desktop)", async () => {
    const api = await harborBoard();
    const ctx = await newContext(e.browser, "jp");
    const page = await ctx.newPage();
    await signInAsHarborStaff(page, "jp");
    await poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("見守りボード");
    await poll(() =>
      page.getByText(`時刻はエンティティのタイムゾーン（${api.entity.time_zone}）で表示しています。`).count(),
    ).toBe(1);

    // red now: member, measure, value and unit, how long; heat-stress first
    const zones = rowsOf(page, JP.zones);
    const heat = zones.filter({ hasText: TANAKA }).filter({ hasText: "暑熱ストレススコア" });
    await poll(() => heat.count(), 30_000).toBe(1);
    const heatText = (await heat.textContent()) ?? "";
    expect(heatText).toContain("95 点");
    expect(heatText).toMatch(/赤が(1分未満|\d+分)続いています/);
    const heart = zones.filter({ hasText: TANAKA }).filter({ hasText: "心拍数" });
    expect(await heart.textContent()).toContain("185 bpm");
    expect(await zones.first().textContent()).toContain("暑熱ストレススコア");
    // the heading counts the entity's red and yellow members
    expect(await page.getByRole("heading", { level: 2, name: /^いま赤の人/ }).textContent()).toContain(
      `赤 ${api.zones_total.red}人`,
    );

    // not syncing: the member who never synced
    const silent = rowsOf(page, JP.silent).filter({ hasText: SMITH });
    await poll(() => silent.count()).toBe(1);
    expect(await silent.textContent()).toContain("一度も同期していません");
    // the demo's own red, silent and never-synced members (features/demo/seed-watch.ts)
    const demo = DEMO_BOARD.harbor;
    const demoRed = zones.filter({ hasText: demo.redNow.name }).filter({ hasText: "暑熱ストレススコア" });
    expect(await demoRed.count()).toBe(1);
    expect(await demoRed.textContent()).toMatch(/\d+ 点.*赤が/);
    const demoSilent = rowsOf(page, JP.silent).filter({ hasText: demo.silent.name });
    expect(await demoSilent.textContent()).toMatch(/\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}.*前/);
    expect(await rowsOf(page, JP.silent).filter({ hasText: demo.neverSynced.name }).textContent()).toContain(
      "一度も同期していません",
    );
    // the version and the about / supporters links stay on the staff home (SHELL-19)
    expect(await page.getByText(/^インターフェースのバージョン/).count()).toBe(1);
    expect(await page.getByRole("link", { name: "Mimamori について" }).count()).toBe(1);
    await checkPage(page, "jp-staff-board");

    // the row opens the member's chart at that moment, ids only in the address
    await heat.getByRole("link", { name: /^Tanaka Hanako：.*暑熱ストレススコア/ }).click();
    await waitForPath(page, new RegExp(`^/staff/reports/${HEAT_STRESS}/[0-9a-f-]{36}\\?`));
    const url = new URL(page.url());
    expect(url.searchParams.get("at")).toMatch(/^\d+$/);
    expect(url.search).not.toMatch(/name=|email=|Tanaka|example\.com/);
    await checkPage(page, "jp-staff-board-chart");
    await page.goBack();
    await waitForPath(page, "/staff");

    // acknowledge the heat-stress alert from the board: it leaves the open alerts
    const alerts = rowsOf(page, JP.alerts);
    const heatAlert = alerts.filter({ hasText: TANAKA }).filter({ hasText: "暑熱ストレススコア" });
    await poll(() => heatAlert.count()).toBe(1);
    expect(await heatAlert.getByRole("link", { name: /通知一覧で開く/ }).getAttribute("href")).toMatch(
      /^\/staff\/notifications\?start=\d+&end=\d+&workspace=harbor$/,
    );
    await heatAlert.getByRole("button", { name: /^確認する/ }).click();
    const ack = page.getByRole("dialog", { name: "アラートの確認" });
    await ack.getByLabel(/メモ/).fill("日陰で休憩");
    await checkPage(page, "jp-staff-board-acknowledge");
    await ack.getByRole("button", { name: "確認済みにする" }).click();
    await poll(() => page.getByText("アラートを確認済みにしました。").count()).toBe(1);
    await poll(() => heatAlert.count()).toBe(0);
    // the heart-rate alert is still open
    expect(await alerts.filter({ hasText: TANAKA }).filter({ hasText: "心拍数" }).count()).toBe(1);

    await ctx.close();
  }, 240_000);

  it("snoozes a member's measure with a reason and ends it; the measure filter and the search narrow the rows (jp, desktop)", async () => {
    const ctx = await newContext(e.browser, "jp");
    const page = await ctx.newPage();
    await signInAsHarborStaff(page, "jp");
    const zones = rowsOf(page, JP.zones);
    const heat = zones.filter({ hasText: TANAKA }).filter({ hasText: "暑熱ストレススコア" });
    const heart = zones.filter({ hasText: TANAKA }).filter({ hasText: "心拍数" });
    const silent = rowsOf(page, JP.silent).filter({ hasText: SMITH });
    await poll(() => heat.count(), 30_000).toBe(1);

    // snooze Tanaka's heat stress: at most 1 hour is offered, with the reason why
    await heat.getByRole("button", { name: /^通知停止/ }).click();
    const dialog = page.getByRole("dialog", { name: "アラートメールの一時停止" });
    await dialog.getByRole("combobox", { name: /停止する時間/ }).click();
    expect(await page.getByRole("listbox").getByRole("option").allTextContents()).toEqual(["30分", "1時間"]);
    await page.getByRole("option", { name: "30分" }).click();
    expect(await dialog.textContent()).toContain("暑熱ストレスの通知停止は最長1時間です");
    // the reason is required
    await dialog.getByRole("button", { name: "停止する" }).click();
    await poll(() => dialog.getByText(/^この項目は必須です。/).count()).toBe(1);
    await dialog.getByLabel(/^理由/).fill("屋外での訓練中（救護班が同行）");
    expect(await dialog.textContent()).toContain("15 / 200文字");
    await checkPage(page, "jp-staff-board-snooze");
    await dialog.getByRole("button", { name: "停止する" }).click();
    await poll(() => page.getByText("アラートの通知を停止しました。").count()).toBe(1);
    const snoozed = rowsOf(page, JP.snoozes).filter({ hasText: TANAKA });
    await poll(() => snoozed.count()).toBe(1);
    const snoozedText = (await snoozed.textContent()) ?? "";
    expect(snoozedText).toContain("屋外での訓練中（救護班が同行）");
    expect(snoozedText).toContain("設定：Sato Staff");
    expect(snoozedText).toMatch(/\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}まで/);
    await poll(() => heat.textContent()).toMatch(/まで通知停止中/);
    await checkPage(page, "jp-staff-board-snoozed");

    // the measure filter narrows the rows (the server answers the measure's rows only)
    await page.getByRole("combobox", { name: /^測定項目/ }).click();
    await page.getByRole("option", { name: "心拍数", exact: true }).click();
    await poll(() => heat.count()).toBe(0);
    await poll(() => heart.count()).toBe(1);
    await checkPage(page, "jp-staff-board-filtered");
    await page.getByRole("combobox", { name: /^測定項目/ }).click();
    await page.getByRole("option", { name: "すべての測定項目" }).click();
    await poll(() => heat.count()).toBe(1);

    // the search finds a member (name or e-mail) and hides the others
    await page.getByRole("searchbox", { name: /メンバーを検索/ }).fill("client2@");
    await poll(() => zones.filter({ hasText: TANAKA }).count()).toBe(0);
    await poll(() => rowsOf(page, JP.silent).count()).toBe(1);
    expect(await silent.count()).toBe(1);
    expect(await page.getByText("いま赤・黄のゾーンにいるメンバーはいません。").count()).toBe(1);
    await checkPage(page, "jp-staff-board-search");
    await page.getByRole("searchbox", { name: /メンバーを検索/ }).fill("");

    // end the snooze (confirmed first)
    await snoozed.getByRole("button", { name: /^停止を終了/ }).click();
    const end = page.getByRole("dialog", { name: "通知の停止を終了しますか？" });
    await end.getByRole("button", { name: "停止を終了" }).click();
    await poll(() => page.getByText("通知の停止を終了しました。").count()).toBe(1);
    await poll(() => snoozed.count()).toBe(0);
    await poll(() => heat.getByRole("button", { name: /^通知停止/ }).count()).toBe(1);

    // /staff/devices is the same board (SHELL-18)
    await page.goto(`${base}/staff/devices?workspace=harbor`);
    await poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("見守りボード");
    await poll(() => heat.count()).toBe(1);
    await checkPage(page, "jp-staff-devices-board");
    await ctx.close();
  }, 240_000);

  it("fits a 390 px phone in English and in Japanese; a heat-stress snooze offers no more than 1 hour", async () => {
    const ctx = await newContext(e.browser, "en", PHONE);
    const page = await ctx.newPage();
    // staff@example.com reads Japanese: the phone board in Japanese first, then switched to English and back
    await signInAsHarborStaff(page, "jp");
    const zonesJp = rowsOf(page, JP.zones);
    await poll(() => zonesJp.filter({ hasText: TANAKA }).count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await checkPage(page, "jp-staff-board-phone");

    const switchTo = async (language: string) => {
      await networkQuiet(page);
      await page.locator("main h1").first().waitFor();
      await page
        .getByRole("button", { name: /^(Language|言語)/ })
        .first()
        .click();
      await page.getByRole("menuitem", { name: language }).click();
    };
    await switchTo("English");
    await poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Watch board");
    const zones = rowsOf(page, EN.zones);
    const heat = zones.filter({ hasText: TANAKA }).filter({ hasText: "Heat-stress score" });
    await poll(() => heat.count()).toBe(1);
    // the labels change at once; the value's unit comes with the board read again in English (it said 点 before)
    await poll(async () => (await heat.textContent()) ?? "").toContain("95 pts");
    const heatText = (await heat.textContent()) ?? "";
    expect(heatText).toMatch(/red for (under a minute|\d+ min|\d+ h( \d+ min)?)/);
    expect(await rowsOf(page, EN.silent).filter({ hasText: SMITH }).textContent()).toContain("Never synced");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await checkPage(page, "en-staff-board-phone");

    await heat.getByRole("button", { name: /^Snooze/ }).click();
    const dialog = page.getByRole("dialog", { name: "Snooze alert mails" });
    await dialog.getByRole("combobox", { name: /For how long/ }).click();
    expect(await page.getByRole("listbox").getByRole("option").allTextContents()).toEqual(["30 min", "1 h"]);
    await page.keyboard.press("Escape");
    expect(await dialog.textContent()).toContain("Heat stress can be snoozed for at most 1 hour");
    await checkPage(page, "en-staff-board-phone-snooze");
    await dialog.getByRole("button", { name: "Cancel" }).click();

    // the heart rate may be snoozed for days
    const heart = zones.filter({ hasText: TANAKA }).filter({ hasText: "Heart rate" });
    await heart.getByRole("button", { name: /^Snooze/ }).click();
    const heartDialog = page.getByRole("dialog", { name: "Snooze alert mails" });
    await heartDialog.getByRole("combobox", { name: /For how long/ }).click();
    expect(await page.getByRole("listbox").getByRole("option").allTextContents()).toEqual([
      "30 min",
      "1 h",
      "2 h",
      "4 h",
      "8 h",
      "1 d",
      "3 d",
      "7 d",
    ]);
    await page.keyboard.press("Escape");
    await heartDialog.getByRole("button", { name: "Cancel" }).click();

    await switchTo("日本語");
    await poll(() => page.evaluate(() => document.documentElement.lang)).toBe("ja");
    await ctx.close();
  }, 240_000);
});
