import { readFileSync } from "node:fs";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localTime } from "../apps/server/src/test/worlds/alerts";
import {
  checkPage,
  type E2e,
  signInAs,
  signInAsStaffOf,
  startE2e,
  switchLanguage,
  waitForPath,
} from "./lib/app";
import { newContext, PHONE } from "./lib/browser";

// Issue 28 §3 "Times" on the report screens: a staff member whose device is in New York reads Harbor's report
// table, a member's chart and its CSV on the entity's clock (Asia/Tokyo), each named; a client reads their own
// chart on their device's clock, named. jp and en, desktop and 390 px, axe on every page.

let e: E2e;
let base: string;
beforeAll(async () => {
  e = await startE2e();
  base = e.t.url;
});
afterAll(() => e.close());

const poll = <T>(fn: () => T | Promise<T>, timeout = 10_000) => expect.poll(fn, { timeout });
const HEART_RATE = "00005091";
/** Harbor's clock. */
const ENTITY_ZONE = "Asia/Tokyo";
/** The devices of these journeys: far from Tokyo, so a day or an hour on the wrong clock shows. */
const DEVICE_ZONE = "America/New_York";

/** "YYYY/MM/DD HH:mm" of `ms` in `zone`, as the screens and the CSV write it (§9). */
const stamp = (ms: number, zone: string) => localTime(new Date(ms), zone);
/** Epoch ms of Tokyo's midnight `daysAgo` days before today (Tokyo has no DST: UTC+9). */
function tokyoMidnight(daysAgo: number): number {
  const today = new Date(Date.now() + 9 * 3_600_000);
  return Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - daysAgo, -9, 0);
}

/**
 * John Smith (client2@, a Harbor member) wore his band around Tokyo's midnight six days ago: 150 bpm at 23:30
 * the evening before (outside a seven-day window on Tokyo's clock) and 80 bpm at 00:30 (inside it). On a New
 * York clock both fall on the same (earlier) day, before that window.
 */
const dayStart = tokyoMidnight(6);
const before = dayStart - 30 * 60_000;
const inside = dayStart + 30 * 60_000;

async function johnsHeartRate(): Promise<void> {
  const { idToken } = await e.t.signIn("client2@example.com");
  const res = await e.t.call(
    "POST",
    "/user/vitals",
    {
      samples: [
        { code: HEART_RATE, time: before / 1000, value: 150 },
        { code: HEART_RATE, time: inside / 1000, value: 80 },
      ],
    },
    { token: idToken },
  );
  expect(res.status).toBe(200);
}

/** The chart has been drawn: its canvas exists and its text alternative has rows. */
async function waitForChart(page: Page) {
  await page.locator("figure canvas").first().waitFor();
  await poll(() => page.locator("figure table tbody tr").count()).toBeGreaterThan(0);
}
/** The chart's text alternative: the row of a time. */
const chartRow = (page: Page, time: string) =>
  page.locator("figure table tbody tr").filter({ hasText: time });
const text = (page: Page, t: string | RegExp) => page.getByText(t);

/** Harbor's heart-rate table over seven days (Tokyo days): John's max is the 80 of Tokyo's window only. */
async function reportTable(page: Page, lang: "jp" | "en", phone = false) {
  await page.goto(`${base}/staff/reports/${HEART_RATE}?workspace=harbor&interval=7`);
  const name = lang === "jp" ? "ユーザー" : "Users";
  // the one DataTable: a table on a desktop, a list of rows at 390 px
  const john = phone
    ? page.getByRole("list", { name }).getByRole("listitem").filter({ hasText: "John Smith" })
    : page.getByRole("table", { name }).getByRole("row").filter({ hasText: "John Smith" });
  const max = phone ? john.locator("dd").nth(2) : john.getByRole("cell").nth(2);
  // the value with its zone for screen readers: "80 (グリーンゾーン)"
  await poll(() => max.textContent()).toMatch(/^80\s/);
  // the window starts at Tokyo's midnight six days ago and ends today on Tokyo's calendar
  const window = `${stamp(dayStart, ENTITY_ZONE).slice(0, 10)} – ${stamp(Date.now(), ENTITY_ZONE).slice(0, 10)}`;
  await poll(() => text(page, new RegExp(`^${window} \\d{2}:\\d{2}`)).count()).toBe(1);
  return john;
}

/** From the table, John's chart of Tokyo's day six days ago (a daily window from its midnight); that day. */
async function johnsDay(page: Page, john: Locator): Promise<string> {
  await john.getByRole("link", { name: "John Smith", exact: true }).click();
  await waitForPath(page, new RegExp(`^/staff/reports/${HEART_RATE}/[0-9a-f-]+\\?workspace=harbor$`));
  await page.goto(`${page.url()}&start=${dayStart / 1000}&interval=daily`);
  await waitForChart(page);
  return stamp(dayStart, ENTITY_ZONE).slice(0, 10);
}

describe("report times: staff on the entity's clock, a client on the device's", () => {
  it("jp: staff in New York read the KPIs, the report table, a member's chart and its CSV in Asia/Tokyo", async () => {
    await johnsHeartRate();
    const ctx = await newContext(e.browser, "jp", undefined, DEVICE_ZONE);
    const page = await ctx.newPage();
    await signInAsStaffOf(page, base, "Harbor Logistics", "jp");
    const named = `時刻はエンティティのタイムゾーン（${ENTITY_ZONE}）で表示しています。`;

    await page.goto(`${base}/staff/reports?workspace=harbor`);
    await poll(() => text(page, "装着率").count()).toBe(1);
    await poll(() => text(page, named).count()).toBe(1);
    await checkPage(page, "jp-zone-staff-reports");

    const john = await reportTable(page, "jp");
    await poll(() => text(page, named).count()).toBe(1);
    await checkPage(page, "jp-zone-staff-heart-rate");

    // the chart of Tokyo's day six days ago: its hours are Tokyo's, the evening before is not in it
    const day = await johnsDay(page, john);
    await poll(() => text(page, `表示期間：${day} – ${day}`).count()).toBe(1);
    await poll(() => text(page, named).count()).toBe(1);
    await poll(() => chartRow(page, `${day} 00:00`).textContent()).toContain("80");
    expect(await page.locator("figure table tbody").textContent()).not.toContain("150");
    await checkPage(page, "jp-zone-staff-member-chart");

    // the filter's date and the CSV's pickers say whose clock they are on
    await page.getByRole("button", { name: "フィルター" }).click();
    await poll(() => page.getByRole("dialog").getByText(`${ENTITY_ZONE} の時刻`).count()).toBe(1);
    expect(
      await page
        .getByRole("dialog")
        .getByLabel(/^開始日/)
        .inputValue(),
    ).toBe(day.replaceAll("/", "-"));
    await checkPage(page, "jp-zone-staff-filter");
    await page.getByRole("dialog").getByRole("button", { name: "キャンセル" }).click();
    await page.getByRole("dialog").waitFor({ state: "detached" });

    await page.getByRole("button", { name: "CSVダウンロード" }).click();
    const csv = page.getByRole("dialog");
    await poll(() => csv.getByText(`${ENTITY_ZONE} の時刻`).count()).toBe(2);
    expect(await csv.getByLabel(/^開始/).inputValue()).toBe(`${day.replaceAll("/", "-")}T00:00`);
    await checkPage(page, "jp-zone-staff-csv-dialog");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      csv.getByRole("button", { name: "ダウンロード" }).click(),
    ]);
    const lines = readFileSync((await download.path()) as string, "utf8")
      .slice(1)
      .split("\r\n");
    expect(lines[0]).toBe(`日時（${ENTITY_ZONE}）,最大 (bpm),最小 (bpm),平均 (bpm)`);
    // 00:30 on Tokyo's clock (10:30 the day before in New York), and nothing of the evening before
    expect(stamp(inside, ENTITY_ZONE)).toBe(`${day} 00:30`);
    expect(lines).toContain(`${day} 00:30,80,80,80`);
    expect(lines.filter((l) => l.includes(",150,"))).toEqual([]);
    await ctx.close();
  });

  it("en at 390 px: the same report table and chart on Tokyo's clock, named", async () => {
    const ctx = await newContext(e.browser, "en", PHONE, DEVICE_ZONE);
    const page = await ctx.newPage();
    // staff@example.com's stored language is Japanese: switch it for this visit, and back at the end
    await signInAsStaffOf(page, base, "Harbor Logistics", "jp");
    await switchLanguage(page, "English");
    const named = `Times are in ${ENTITY_ZONE}, the entity's time zone.`;

    const john = await reportTable(page, "en", true);
    await poll(() => text(page, named).count()).toBe(1);
    await checkPage(page, "en-zone-staff-heart-rate-390");

    const day = await johnsDay(page, john);
    await poll(() => text(page, `Period: ${day} – ${day}`).count()).toBe(1);
    await poll(() => text(page, named).count()).toBe(1);
    await poll(() => chartRow(page, `${day} 00:00`).textContent()).toContain("80");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await checkPage(page, "en-zone-staff-member-chart-390");
    await page.getByRole("button", { name: "Download CSV" }).click();
    await poll(() => page.getByRole("dialog").getByText(`${ENTITY_ZONE} time`).count()).toBe(2);
    await checkPage(page, "en-zone-staff-csv-dialog-390");
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
    await switchLanguage(page, "日本語");
    await ctx.close();
  });

  it("a client in New York reads their own chart on the device's clock, named (en, then jp at 390 px)", async () => {
    // the hour of John's 80 bpm on his New York clock, and a daily window starting there
    const hour = Math.floor(inside / 3_600_000) * 3_600_000;
    const local = stamp(hour, DEVICE_ZONE);
    expect(local.slice(11)).not.toBe(stamp(hour, ENTITY_ZONE).slice(11));
    const chart = `${base}/client/reports/resq-band/time_series/${HEART_RATE}?start=${hour / 1000}&interval=daily`;

    for (const [lang, viewport] of [
      ["en", undefined],
      ["jp", PHONE],
    ] as const) {
      const ctx = await newContext(e.browser, lang, viewport, DEVICE_ZONE);
      const page = await ctx.newPage();
      await signInAs(page, base, "client", "client2@example.com");
      await waitForPath(page, /^\/client/);
      if (lang === "jp") await switchLanguage(page, "日本語");
      await page.goto(chart);
      await waitForChart(page);
      const named =
        lang === "en"
          ? `Times are in ${DEVICE_ZONE}, your device's time zone.`
          : `時刻はお使いの端末のタイムゾーン（${DEVICE_ZONE}）で表示しています。`;
      await poll(() => text(page, named).count()).toBe(1);
      await poll(() => chartRow(page, local).textContent()).toContain("80");
      if (viewport)
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await checkPage(page, `${lang}-zone-client-chart${viewport ? "-390" : ""}`);
      if (lang === "jp") await switchLanguage(page, "English");
      await ctx.close();
    }
  });

  it("jp: an admin in New York picks an entity's alert download period on the entity's clock, named", async () => {
    const ctx = await newContext(e.browser, "jp", undefined, DEVICE_ZONE);
    const page = await ctx.newPage();
    await signInAs(page, base, "admin", "admin@example.com");
    await waitForPath(page, "/admin");
    await page.goto(`${base}/admin/entities/harbor`);
    await poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Harbor Logistics");
    const card = page.getByRole("region", { name: "通知のダウンロード" });
    await poll(() =>
      card.getByText(`エンティティのタイムゾーン（${ENTITY_ZONE}）です。`, { exact: false }).count(),
    ).toBe(1);
    // the period ends at the whole minute after the page opened: on Tokyo's clock, not New York's
    const end = await card.getByLabel(/^終了/).inputValue();
    const now = Date.now();
    const nearNow = [-2, -1, 0].map((m) => stamp(Math.ceil(now / 60_000) * 60_000 + m * 60_000, ENTITY_ZONE));
    expect(nearNow.map((t) => t.replaceAll("/", "-").replace(" ", "T"))).toContain(end);
    await checkPage(page, "jp-zone-admin-entity-download");
    await ctx.close();
  });
});
