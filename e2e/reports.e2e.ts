import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkPage, type E2e, signInAs, startE2e, waitForPath } from "./lib/app";
import { newContext, PHONE } from "./lib/browser";
import { expectNoPersonInUrl, waitForCleanUrl } from "./lib/urls";

let e: E2e;
let base: string;
beforeAll(async () => {
  // every demo client gets 30 days of band data ending now
  e = await startE2e({ vitalDays: 30 });
  base = e.t.url;
});
afterAll(() => e.close());

/** The chart has been drawn: its canvas exists and its text alternative has rows. */
async function waitForChart(page: Page) {
  await page.locator("figure canvas").first().waitFor();
  await expect.poll(() => page.locator("figure table tbody tr").count()).toBeGreaterThan(0);
}

const headers = (page: Page) => page.locator("figure table thead th").allTextContents();
const period = (page: Page) => page.getByText(/^(Period|表示期間)[:：]/).textContent();

/** Unix seconds of the `start` URL parameter. */
const startParam = (page: Page) => Number(new URL(page.url()).searchParams.get("start"));

describe("client reports", () => {
  it("en: cards → heart rate → a week back → monthly via the filter; blood pressure; sleep", async () => {
    const ctx = await newContext(e.browser, "en");
    const page = await ctx.newPage();
    // client2's stored language is English, client's Japanese
    await signInAs(page, base, "client", "client2@example.com");
    await waitForPath(page, "/client");
    await page.getByRole("navigation").getByRole("link", { name: "Reports" }).click();
    await waitForPath(page, "/client/reports");
    await expect.poll(() => page.getByRole("heading", { level: 2 }).count()).toBe(11);
    await expect.poll(() => page.getByText(/\d bpm/).count()).toBeGreaterThan(0);
    await checkPage(page, "en-client-reports");

    await page.getByRole("link", { name: /Heart rate/ }).click();
    await waitForPath(page, "/client/reports/resq-band/time_series/00005091");
    await waitForChart(page);
    await expect.poll(() => page.getByText("Interval: Weekly").count()).toBe(1);
    // CLIENT-REP-06, CLIENT-REP-14: a breadcrumb back to the reports; the start chip shows the day 6 days ago
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    expect(await crumbs.getByRole("link", { name: "Reports", exact: true }).count()).toBe(1);
    expect(await crumbs.getByText("Heart rate").count()).toBe(1);
    const sixDaysAgo = await page.evaluate(() => {
      const d = new Date();
      d.setDate(d.getDate() - 6);
      const two = (n: number) => String(n).padStart(2, "0");
      return `${d.getFullYear()}/${two(d.getMonth() + 1)}/${two(d.getDate())}`;
    });
    expect(await page.getByText(`Start: ${sixDaysAgo}`, { exact: true }).count()).toBe(1);
    const next = page.getByRole("button", { name: "Next" });
    expect(await next.isDisabled()).toBe(true);
    const firstPeriod = await period(page);
    await checkPage(page, "en-client-heart-rate");

    await page.getByRole("button", { name: "Previous" }).click();
    await expect.poll(() => period(page)).not.toBe(firstPeriod);
    const weekBack = startParam(page);
    await waitForChart(page);
    expect(await next.isDisabled()).toBe(false);

    await page.getByRole("button", { name: "Filter" }).click();
    const dialog = page.getByRole("dialog");
    expect(await dialog.getByLabel("Start time").isDisabled()).toBe(true);
    // LIMITS-04: the time picker moves in steps of 600 s
    expect(await dialog.getByLabel("Start time").getAttribute("step")).toBe("600");
    await dialog.getByRole("combobox", { name: "Interval" }).click();
    await page.getByRole("option", { name: "Daily" }).click();
    expect(await dialog.getByLabel("Start time").isDisabled()).toBe(false);
    await dialog.getByRole("combobox", { name: "Interval" }).click();
    await page.getByRole("option", { name: "Monthly" }).click();
    await checkPage(page, "en-client-filter-dialog");
    await dialog.getByRole("button", { name: "Apply" }).click();
    await expect.poll(() => page.getByText("Interval: Monthly").count()).toBe(1);
    // a week back is later than one month ago plus one day: the start moves back to that day, and the
    // monthly window ends with today (nothing newer to page to)
    expect(startParam(page)).toBeLessThan(weekBack - 14 * 86400);
    expect(await next.isDisabled()).toBe(true);
    await waitForChart(page);
    await checkPage(page, "en-client-heart-rate-monthly");

    await page.goto(`${base}/client/reports/resq-band/time_series/00005095`);
    await waitForChart(page);
    const bp = await headers(page);
    expect(bp).toEqual(expect.arrayContaining(["Systolic Mean", "Diastolic Mean"]));
    await checkPage(page, "en-client-blood-pressure");

    await page.goto(`${base}/client/reports/resq-band/time_series/00005100`);
    await waitForChart(page);
    expect(await headers(page)).toEqual(["Time", "Deep sleep", "Light sleep", "REM sleep"]);
    expect(await page.locator("figure table caption").textContent()).toBe("Sleep time values (hours)");
    await checkPage(page, "en-client-sleep");
    await ctx.close();

    // §9: in an American time zone the skin temperature is shown in °F
    const us = await e.browser.newContext({
      locale: "en-US",
      timezoneId: "America/New_York",
      bypassCSP: true,
    });
    const usPage = await us.newPage();
    await signInAs(usPage, base, "client", "client2@example.com");
    await waitForPath(usPage, "/client");
    await usPage.goto(`${base}/client/reports`);
    const temperature = usPage.getByRole("link", { name: /Skin temperature/ });
    await expect.poll(() => temperature.textContent()).toMatch(/9\d\.\d °F/);
    await us.close();
  });

  it("jp at 390 px: cards and the heart-rate chart with the filter", async () => {
    const ctx = await newContext(e.browser, "jp", PHONE);
    const page = await ctx.newPage();
    await signInAs(page, base, "client", "client@example.com");
    await waitForPath(page, "/client");
    await page.goto(`${base}/client/reports`);
    // the eleven cards come with the reports' first answer, which may take more than the poll's default second
    await expect.poll(() => page.getByRole("heading", { level: 2 }).count(), { timeout: 15_000 }).toBe(11);
    await checkPage(page, "jp-client-reports-390");
    await page.getByRole("link", { name: /心拍数/ }).click();
    await waitForChart(page);
    await expect.poll(() => page.getByText("期間：週").count()).toBe(1);
    await page.getByRole("button", { name: "前へ" }).click();
    await waitForChart(page);
    await page.getByRole("button", { name: "フィルター" }).click();
    await page.getByRole("dialog").getByRole("combobox", { name: "期間" }).click();
    await page.getByRole("option", { name: "月" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "適用" }).click();
    await expect.poll(() => page.getByText("期間：月").count()).toBe(1);
    await waitForChart(page);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(390);
    await checkPage(page, "jp-client-heart-rate-390");
    await ctx.close();
  });
});

describe("staff reports", () => {
  it("jp: KPIs and tiles → report → general ranges → tuning → user graph → CSV", async () => {
    const ctx = await newContext(e.browser, "jp");
    const page = await ctx.newPage();
    await signInAs(page, base, "staff", "staff@example.com");
    await waitForPath(page, "/auth/staff/entity-select");
    await page.getByRole("combobox").click();
    await page.getByRole("option", { name: "Harbor Logistics" }).click();
    await page.getByRole("button", { name: "ダッシュボードへ" }).click();
    await waitForPath(page, /^\/staff\?workspace=harbor$/);
    await page.getByRole("navigation").getByRole("link", { name: "レポート" }).click();
    await waitForPath(page, /^\/staff\/reports\?workspace=harbor$/);
    await expect.poll(() => page.getByText("装着率").count()).toBe(1);
    await expect.poll(() => page.getByText(/メンバー\d+人中\d+人にデータあり/).count()).toBe(1);
    await checkPage(page, "jp-staff-reports");
    // STAFF-REP-01: one tile per report, eleven in all
    expect(await page.locator('a[href^="/staff/reports/0000"]').count()).toBe(11);

    await page.getByRole("link", { name: "心拍数" }).click();
    await waitForPath(page, /^\/staff\/reports\/00005091\?/);
    const table = page.getByRole("table", { name: "ユーザー" });
    await expect.poll(() => table.getByRole("row").count()).toBeGreaterThan(1);
    await checkPage(page, "jp-staff-heart-rate");

    // general ranges: move the 2nd point of the max slider up by 1.0 with the keyboard
    const thumb = page.getByRole("slider", { name: "最大値: 2番目の点" });
    const before = Number(await thumb.getAttribute("aria-valuenow"));
    await thumb.focus();
    for (let i = 0; i < 10; i++) await page.keyboard.press("ArrowRight");
    await expect
      .poll(async () => Number(await thumb.getAttribute("aria-valuenow")))
      .toBeCloseTo(before + 1, 5);
    await page.getByRole("button", { name: "保存", exact: true }).click();
    await expect.poll(() => page.getByText("保存しました。").count()).toBe(1);

    // tune one user: the switch opens the dialog with three range sliders
    const first = table.getByRole("row").nth(1);
    await first.getByRole("switch").check();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    expect(await dialog.getByRole("slider").count()).toBe(12);
    const meanThumb = dialog.getByRole("slider", { name: "平均値: 3番目の点" });
    const meanNow = async () => Number(await meanThumb.getAttribute("aria-valuenow"));
    const general = await meanNow();
    await meanThumb.focus();
    await page.keyboard.press("ArrowLeft");
    await expect.poll(meanNow).toBeCloseTo(general - 0.1, 5);
    // STAFF-REP-13: reset returns the member's ranges to the general ones
    await dialog.getByRole("button", { name: "全体の範囲に戻す" }).click();
    await expect.poll(meanNow).toBeCloseTo(general, 5);
    await meanThumb.focus();
    await page.keyboard.press("ArrowLeft");
    await checkPage(page, "jp-staff-tuning-dialog");
    await dialog.getByRole("button", { name: "保存" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await first.getByRole("switch").isChecked()).toBe(true);

    // the user's graph and CSV; the URL names the member by id, the page by the name the API gives
    const memberName = ((await first.getByRole("link").first().textContent()) ?? "").trim();
    const memberEmail = ((await first.getByRole("cell").nth(1).textContent()) ?? "").trim();
    expect(memberEmail).toContain("@");
    await first.getByRole("link").first().click();
    await waitForPath(page, /^\/staff\/reports\/00005091\/[0-9a-f-]+\?workspace=harbor$/);
    expectNoPersonInUrl(page, memberName, memberEmail);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(memberName);
    await expect.poll(() => page.getByText(memberEmail).count()).toBe(1);
    await waitForChart(page);
    await checkPage(page, "jp-staff-user-graph");
    await page.getByRole("button", { name: "CSVダウンロード" }).click();
    const csv = page.getByRole("dialog");
    expect(await csv.getByRole("combobox", { name: "間隔" }).textContent()).toBe("10分ごと");
    await checkPage(page, "jp-staff-csv-dialog");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      csv.getByRole("button", { name: "ダウンロード" }).click(),
    ]);
    const text = readFileSync((await download.path()) as string, "utf8");
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).split("\r\n");
    expect(lines[0]).toBe("日時（Asia/Tokyo）,最大 (bpm),最小 (bpm),平均 (bpm)");
    expect(lines[1]).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2},\d/);
    await expect.poll(() => page.getByText(/をダウンロードしました/).count()).toBe(1);

    // an old link (an alert mail of an earlier version) with a name and an e-mail: ignored and taken out
    const graphUrl = page.url();
    const old = new URLSearchParams({ name: "Someone Else", email: "someone@example.com" });
    await page.goto(`${graphUrl}&${old}`);
    await waitForCleanUrl(page, "Someone Else", "someone@example.com");
    expect(page.url()).toBe(graphUrl);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(memberName);
    await waitForChart(page);
    await ctx.close();
  });

  it("en at 390 px: the report table and the user graph", async () => {
    const ctx = await newContext(e.browser, "en", PHONE);
    const page = await ctx.newPage();
    await signInAs(page, base, "staff", "staff@example.com");
    await waitForPath(page, "/auth/staff/entity-select");
    // the stored language (jp) wins at sign-in; switch to English for this journey
    await page.getByRole("button", { name: /^言語/ }).click();
    // the choice is saved in the background: the next page load reads it back (GET /self/language)
    const saved = page.waitForResponse((r) => r.url().endsWith("/api/user/language"));
    await page.getByRole("menuitem", { name: "English" }).click();
    expect((await saved).status()).toBe(200);
    await page.goto(`${base}/staff/reports/00005100?workspace=sakura`);
    await expect.poll(() => page.getByText("General ranges").count(), { timeout: 10_000 }).toBe(1);
    await checkPage(page, "en-staff-sleep-390");
    const graph = page.getByRole("link", { name: /^Graph of/ }).first();
    const memberName = ((await graph.getAttribute("aria-label")) ?? "").replace(/^Graph of /, "");
    await graph.click();
    await waitForPath(page, /^\/staff\/reports\/00005100\/[0-9a-f-]+\?workspace=sakura$/);
    expectNoPersonInUrl(page, memberName);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(memberName);
    await waitForChart(page);
    await page.getByRole("button", { name: "Download CSV" }).click();
    expect(await page.getByRole("dialog").getByRole("combobox", { name: "Interval" }).textContent()).toBe(
      "Raw data",
    );
    await checkPage(page, "en-staff-csv-dialog-390");
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(390);
    await checkPage(page, "en-staff-user-graph-390");
    await ctx.close();
  });
});

describe("mobile view", () => {
  it("renders a chart with the id token at 390 px; sleep starts daily; a bad token is explained", async () => {
    const { idToken } = await e.t.signIn("client@example.com");
    for (const lang of ["jp", "en"] as const) {
      const ctx = await newContext(e.browser, lang, PHONE);
      const page = await ctx.newPage();
      const q = (id: string, token = idToken) =>
        `${base}/mobile/reports/resq_band?${new URLSearchParams({ report_id: id, idToken: token, lang })}`;
      await page.goto(q("00005093"));
      await waitForChart(page);
      const weekly = page.getByRole("button", { name: lang === "jp" ? "週" : "Weekly" });
      expect(await weekly.getAttribute("aria-pressed")).toBe("true");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await checkPage(page, `${lang}-mobile-blood-oxygen-390`);
      // MOBILE-06: blood pressure (systolic with diastolic), diastolic and steps work too
      if (lang === "en") {
        await page.goto(q("00005095"));
        await waitForChart(page);
        expect(await headers(page)).toEqual(expect.arrayContaining(["Systolic Mean", "Diastolic Mean"]));
        for (const id of ["00005096", "00005097"]) {
          await page.goto(q(id));
          await waitForChart(page);
        }
      }

      await page.goto(q("00005100"));
      const daily = page.getByRole("button", { name: lang === "jp" ? "日" : "Daily" });
      await daily.waitFor();
      expect(await daily.getAttribute("aria-pressed")).toBe("true");
      // today's night may not have ended yet in the browser's zone (the demo sleeps in Japan): the night before has
      const today = await period(page);
      await page.getByRole("button", { name: lang === "jp" ? "前へ" : "Previous" }).click();
      await expect.poll(() => period(page)).not.toBe(today);
      await waitForChart(page);
      await checkPage(page, `${lang}-mobile-sleep-390`);
      await page.getByRole("button", { name: lang === "jp" ? "年" : "Yearly" }).click();
      await expect.poll(() => period(page)).toMatch(/\d{4}\/01\/01 – \d{4}\/12\/31/);
      await waitForChart(page);

      await page.goto(q("00005091", `${idToken}x`));
      await expect
        .poll(() =>
          page.getByText(lang === "jp" ? /有効期限が切れているか/ : /has expired or is not valid/).count(),
        )
        .toBe(1);
      await checkPage(page, `${lang}-mobile-bad-token-390`);
      await ctx.close();
    }
  });
});

describe("admin CSV download", () => {
  it("jp (then en): downloads every user's data after the confirmation, with progress", async () => {
    const ctx = await newContext(e.browser, "jp");
    const page = await ctx.newPage();
    await signInAs(page, base, "admin", "admin@example.com");
    await waitForPath(page, "/admin");
    await page.getByRole("navigation").getByRole("link", { name: "CSVダウンロード" }).click();
    await waitForPath(page, "/admin/CSVdownload");
    await checkPage(page, "jp-admin-csv");
    await page.getByRole("button", { name: "ダウンロード" }).click();
    const dialog = page.getByRole("dialog");
    await expect.poll(() => dialog.getByText(/全ユーザーのバイタルデータ/).count()).toBe(1);
    await checkPage(page, "jp-admin-csv-confirm");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      dialog.getByRole("button", { name: "ダウンロード" }).click(),
    ]);
    const text = readFileSync((await download.path()) as string, "utf8");
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text.split("\r\n").length).toBeGreaterThan(100);
    await expect
      .poll(() =>
        page
          .getByRole("main")
          .getByRole("alert")
          .filter({ hasText: /をダウンロードしました$/ })
          .count(),
      )
      .toBe(1);
    await checkPage(page, "jp-admin-csv-done");
    await page.getByRole("button", { name: /^言語/ }).click();
    await page.getByRole("menuitem", { name: "English" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "CSV download" }).count()).toBe(1);
    await checkPage(page, "en-admin-csv");
    await ctx.close();
  });
});
