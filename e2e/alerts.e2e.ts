import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../apps/server/src/db/schema";
import { insertAlert } from "../apps/server/src/test/worlds/alerts";
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
import { personIn, waitForCleanUrl } from "./lib/urls";

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

const signInAsHarborStaff = (page: Page, lang: "jp" | "en") =>
  signInAsStaffOf(page, base, "Harbor Logistics", lang);

/** Harbor's (and the product's) clock: staff see every time on it, whatever their device's zone. */
const ENTITY_ZONE = "Asia/Tokyo";
/** The staff's device in these journeys: far from Tokyo, so a time on the wrong clock shows. */
const DEVICE_ZONE = "America/New_York";
const pad = (n: number) => String(n).padStart(2, "0");
/** Epoch ms of `hh:mm` on the Tokyo calendar day `daysAgo` days before today (Tokyo has no DST: UTC+9). */
function tokyoAt(daysAgo: number, hh: number, mm: number): number {
  const today = new Date(Date.now() + 9 * 3_600_000);
  return Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - daysAgo, hh - 9, mm);
}
/** "YYYY/MM/DD HH:mm" of `ms` on the Tokyo clock, as the screens write it (§9). */
function tokyoStamp(ms: number): string {
  const d = new Date(ms + 9 * 3_600_000);
  return `${d.getUTCFullYear()}/${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}
/** The `datetime-local` value of `ms` on the Tokyo clock. */
const tokyoInput = (ms: number) => tokyoStamp(ms).replaceAll("/", "-").replace(" ", "T");

/**
 * John Smith (client2@, a Harbor member): a red heart rate measured two days ago at 05:00 Tokyo time and an
 * out-of-sync alert raised that morning at 07:35 (last sync three days ago at 07:30), both to be acknowledged
 * with the actions of their kind and found by a date-time search on the entity's clock.
 */
async function johnsAlerts() {
  const [john] = await e.t.db.select().from(users).where(eq(users.email, "client2@example.com"));
  if (!john) throw new Error("no John Smith");
  const heartAt = tokyoAt(2, 5, 0);
  const syncAt = tokyoAt(3, 7, 30);
  const syncRaised = tokyoAt(2, 7, 35);
  await insertAlert(e.t.db, {
    ws: "harbor",
    userId: john.id,
    measure: 5091,
    value: 172,
    at: new Date(heartAt),
  });
  await insertAlert(e.t.db, {
    ws: "harbor",
    userId: john.id,
    type: 1,
    at: new Date(syncAt),
    createdAt: new Date(syncRaised),
  });
  return { heartAt, syncAt, syncRaised };
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
    const ctx = await newContext(e.browser, "jp", undefined, DEVICE_ZONE);
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
    // issue 28 §3: the mail's links name the member by id only
    expect(personIn(mail.text.match(/https?:\/\/\S+/g) ?? [], "Tanaka Hanako", "client@example.com")).toEqual(
      [],
    );

    // the dot appears without a reload (polled every 30 s)
    await poll(() => bell.getAttribute("aria-label"), 45_000).toBe("通知（未読1件）");
    await bell.click();
    await waitForPath(page, "/staff/notifications");
    const measurements = page.getByRole("table", { name: "測定値のアラート" });
    const row = measurements.getByRole("row", { name: /Tanaka Hanako/ });
    await poll(() => row.textContent()).toContain("暑熱ストレススコア");
    expect(await row.textContent()).toContain("95");
    // issue 28 §3 "Times": every time is on the entity's clock (Tokyo), not the device's (New York), and says so
    await seen(page, `時刻はエンティティのタイムゾーン（${ENTITY_ZONE}）で表示しています。`).toBe(1);
    await seen(page, `${ENTITY_ZONE} の時刻`).toBe(1); // the period's start picker
    // NOTIF-21: the measurement table and its named columns (e-mail sent date, member, measure, value, time)
    expect(await measurements.getByRole("columnheader").allTextContents()).toEqual(
      expect.arrayContaining([
        expect.stringContaining("メール送信日時"),
        expect.stringContaining("メンバー"),
        expect.stringContaining("測定項目"),
        expect.stringContaining("値"),
        expect.stringContaining("測定日時"),
        expect.stringContaining("確認"),
      ]),
    );
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
    await poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Tanaka Hanako");
    await checkPage(page, "jp-staff-report-at-alert");
    // a link of an earlier version's mail (name and e-mail in it) opens the same member, its address cleaned
    await page.goto(
      `${reportLink}&${new URLSearchParams({ name: "Tanaka Hanako", email: "client@example.com" })}`,
    );
    await waitForCleanUrl(page, "Tanaka Hanako", "client@example.com");
    await poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Tanaka Hanako");
    await ctx.close();
  }, 150_000);

  it("alerts of each kind are acknowledged with the actions that fit them; the period is searched on the entity's clock", async () => {
    const john = await johnsAlerts();
    const ctx = await newContext(e.browser, "jp", undefined, DEVICE_ZONE);
    const page = await ctx.newPage();
    await signInAsHarborStaff(page, "jp");
    await page.goto(`${base}/staff/notifications?workspace=harbor`);
    const measurements = page.getByRole("table", { name: "測定値のアラート" });
    const heart = measurements.getByRole("row", { name: /John Smith/ });
    await poll(() => heart.textContent()).toContain(tokyoStamp(john.heartAt));
    expect(await heart.textContent()).toContain("心拍数");
    expect(await heart.textContent()).toContain("172 bpm");
    // NOTIF-21: the synchronization table and its named columns (e-mail sent date, member, e-mail, last sync)
    const syncs = page.getByRole("table", { name: "同期のアラート" });
    expect(await syncs.getByRole("columnheader").allTextContents()).toEqual(
      expect.arrayContaining([
        expect.stringContaining("メール送信日時"),
        expect.stringContaining("メンバー"),
        expect.stringContaining("メールアドレス"),
        expect.stringContaining("最終同期日時"),
        expect.stringContaining("状態"),
      ]),
    );
    const silent = syncs.getByRole("row", { name: /John Smith/ });
    await poll(() => silent.textContent()).toContain("client2@example.com");
    expect(await silent.textContent()).toContain(tokyoStamp(john.syncAt)); // the last sync, Tokyo time

    // a heart-rate alert is acknowledged with what fits a heart rate, not with heat-illness care
    const offered = async () => (await page.getByRole("option").allTextContents()).map((o) => o.trim());
    await heart.getByRole("button", { name: /確認する/ }).click();
    const heartAck = page.getByRole("dialog", { name: "アラートの確認" });
    await heartAck.getByRole("combobox", { name: /行った対応/ }).click();
    expect(await offered()).toEqual([
      "本人の様子を確認した",
      "休憩させた",
      "バンドを着け直して測り直した",
      "持病・服薬・治療中で把握済み",
      "家族に連絡した",
      "医療機関を受診させた",
      "その他",
    ]);
    await page.getByRole("option", { name: "持病・服薬・治療中で把握済み" }).click();
    await checkPage(page, "jp-staff-notifications-acknowledge-heart-rate");
    await heartAck.getByRole("button", { name: "確認済みにする" }).click();
    await poll(() => heart.textContent()).toContain("持病・服薬・治療中で把握済み");

    // an out-of-sync alert: the band's actions
    await silent.getByRole("button", { name: /確認する/ }).click();
    const syncAck = page.getByRole("dialog", { name: "アラートの確認" });
    await syncAck.getByRole("combobox", { name: /行った対応/ }).click();
    expect(await offered()).toEqual([
      "バンドを確認した",
      "本人に連絡した",
      "充電中・交換中",
      "休暇・不在",
      "その他",
    ]);
    await page.getByRole("option", { name: "充電中・交換中" }).click();
    await checkPage(page, "jp-staff-notifications-acknowledge-sync");
    await syncAck.getByRole("button", { name: "確認済みにする" }).click();
    await poll(() => silent.textContent()).toContain("充電中・交換中");

    // NOTIF-20: a date-time range searched in the browser, read on the entity's clock: from two days ago 00:00
    // to yesterday 00:00 (Tokyo) holds John's alerts (raised 05:00 and 07:35 Tokyo) and not today's; read on the
    // device's clock (New York, 14:00 Tokyo and later) it would hold neither
    const period = page.getByRole("form", { name: "期間" });
    await period.getByLabel(/開始日時/).fill(tokyoInput(tokyoAt(2, 0, 0)));
    await period.getByLabel(/終了日時/).fill(tokyoInput(tokyoAt(1, 0, 0)));
    await period.getByRole("button", { name: "検索" }).click();
    await poll(() => measurements.getByRole("row", { name: /Tanaka Hanako/ }).count()).toBe(0);
    await poll(() => heart.count()).toBe(1);
    await poll(() => silent.count()).toBe(1);
    const url = new URL(page.url());
    expect([url.searchParams.get("start"), url.searchParams.get("end")]).toEqual([
      String(tokyoAt(2, 0, 0) / 1000),
      String(tokyoAt(1, 0, 0) / 1000),
    ]);
    await checkPage(page, "jp-staff-notifications-searched");
    await page.goto(`${base}/staff/notifications?workspace=harbor`);
    await poll(() => measurements.getByRole("row", { name: /Tanaka Hanako/ }).count()).toBe(1);

    await ctx.close();
  }, 150_000);

  it("on a phone, in English, the list is the same", async () => {
    // two more of John's alerts, still to acknowledge: a heart rate and a (since cleared) gap in syncing
    const [john] = await e.t.db.select().from(users).where(eq(users.email, "client2@example.com"));
    if (!john) throw new Error("no John Smith");
    const heartAt = tokyoAt(1, 6, 10);
    await insertAlert(e.t.db, {
      ws: "harbor",
      userId: john.id,
      measure: 5091,
      value: 181,
      at: new Date(heartAt),
    });
    await insertAlert(e.t.db, {
      ws: "harbor",
      userId: john.id,
      type: 1,
      at: new Date(tokyoAt(1, 1, 0)),
      createdAt: new Date(tokyoAt(1, 2, 5)),
      clearedAt: new Date(tokyoAt(1, 3, 0)),
    });
    const ctx = await newContext(e.browser, "en", PHONE, DEVICE_ZONE);
    const page = await ctx.newPage();
    // staff@example.com's stored language is Japanese: switch it for this visit, and back at the end
    await signInAsHarborStaff(page, "jp");
    const switchTo = (language: string) => switchLanguage(page, language);
    await switchTo("English");
    await page.goto(`${base}/staff/notifications?workspace=harbor`);
    await poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Notifications");
    await seen(page, "Tanaka Hanako").toBeGreaterThan(0);
    await seen(page, "Heat-stress score").toBeGreaterThan(0);
    await seen(page, `Times are in ${ENTITY_ZONE}, the entity's time zone.`).toBe(1);
    await seen(page, `${ENTITY_ZONE} time`).toBe(1);
    await seen(page, tokyoStamp(heartAt)).toBeGreaterThan(0);
    await checkPage(page, "en-staff-notifications-phone");

    // the acknowledge dialogs of a heart-rate and an out-of-sync alert, in English at 390 px
    const offered = async () => (await page.getByRole("option").allTextContents()).map((o) => o.trim());
    const ackOf = (list: string, text: string) =>
      page
        .getByRole("list", { name: list })
        .getByRole("listitem")
        .filter({ hasText: text })
        .getByRole("button", { name: /^Acknowledge/ });
    await ackOf("Measurement alerts", "181 bpm").click();
    const dialog = page.getByRole("dialog", { name: "Acknowledge the alert" });
    await dialog.getByRole("combobox", { name: /What was done/ }).click();
    expect(await offered()).toEqual([
      "Checked on the member",
      "Rested",
      "Band refitted, measured again",
      "Known condition (medication or treatment)",
      "Contacted family",
      "Medical care",
      "Other",
    ]);
    await page.getByRole("option", { name: "Checked on the member" }).click();
    await checkPage(page, "en-staff-notifications-acknowledge-heart-rate-phone");
    await dialog.getByRole("button", { name: "Acknowledge" }).click();
    await seen(page, "Alert acknowledged.").toBeGreaterThan(0);
    await ackOf("Synchronization alerts", tokyoStamp(tokyoAt(1, 1, 0))).click();
    await dialog.getByRole("combobox", { name: /What was done/ }).click();
    expect(await offered()).toEqual([
      "Band checked",
      "Member contacted",
      "Band charging or being replaced",
      "Member away (leave, day off)",
      "Other",
    ]);
    await page.getByRole("option", { name: "Member away (leave, day off)" }).click();
    await checkPage(page, "en-staff-notifications-acknowledge-sync-phone");
    await dialog.getByRole("button", { name: "Acknowledge" }).click();
    await poll(() => page.getByText("Member away (leave, day off)").count()).toBeGreaterThan(0);
    await switchTo("日本語");
    await poll(() => page.evaluate(() => document.documentElement.lang)).toBe("ja");
    await ctx.close();
  }, 150_000);

  it("staff lock the notification settings; only an admin unlocks them", async () => {
    const ctx = await newContext(e.browser, "jp");
    const page = await ctx.newPage();
    await signInAsHarborStaff(page, "jp");
    await menu(page, "通知設定");
    await waitForPath(page, "/staff/notification-settings");
    await checkPage(page, "jp-staff-notification-settings");

    // NOTIF-01/02: two tiles, each opening its sub-screen; the synchronization tile first.
    // NOTIF-09: its lengths read "{n}時間同期なし", the six of the spec
    await page.getByRole("link", { name: /同期/ }).first().click();
    await waitForPath(page, "/staff/notification-settings/synchronization");
    await poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("同期");
    await page.getByRole("combobox", { name: /アラートまでの時間/ }).click();
    expect((await page.getByRole("option").allTextContents()).map((o) => o.trim())).toEqual([
      "1時間同期なし",
      "3時間同期なし",
      "6時間同期なし",
      "12時間同期なし",
      "24時間同期なし",
      "48時間同期なし",
    ]);
    await page.getByRole("option", { name: "24時間同期なし" }).click();
    await checkPage(page, "jp-staff-notification-sync");
    await page.goBack();
    await waitForPath(page, "/staff/notification-settings");

    // NOTIF-07: the measurement frequencies 1回 / 2回 / 3回 / リアルタイム, each with its times on the entity's clock
    await page
      .getByRole("link", { name: /測定値/ })
      .first()
      .click();
    await waitForPath(page, "/staff/notification-settings/measurement-value");
    const frequency = page.getByRole("combobox", { name: /メールの頻度/ });
    await frequency.click();
    expect((await page.getByRole("option").allTextContents()).map((o) => o.trim())).toEqual([
      "1回",
      "2回",
      "3回",
      "リアルタイム",
    ]);
    await page.keyboard.press("Escape");
    for (const [name, help] of [
      ["1回", `12:00頃にメールします（エンティティの時刻、${ENTITY_ZONE}）。`],
      ["3回", `09:00、12:00、16:00頃にメールします（エンティティの時刻、${ENTITY_ZONE}）。`],
      ["リアルタイム", "アラートが発生した同期から1分以内にメールします。"],
      ["2回", `12:00、16:00頃にメールします（エンティティの時刻、${ENTITY_ZONE}）。`],
    ] as const) {
      await frequency.click();
      await page.getByRole("option", { name, exact: true }).click();
      await seen(page, help).toBe(1);
    }
    // "2回" is saved and shown again after a reload
    await page.getByRole("button", { name: "設定", exact: true }).click();
    await seen(page, "保存しました。").toBe(1);
    await page.reload();
    await poll(() => frequency.textContent()).toBe("2回");
    await seen(page, `12:00、16:00頃にメールします（エンティティの時刻、${ENTITY_ZONE}）。`).toBe(1);
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
  }, 240_000);
});
