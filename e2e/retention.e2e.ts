import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../apps/server/src/db/schema";
import { removeExpiredRaw } from "../apps/server/src/features/vitals/retention";
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

/**
 * Issue 32 §2, raw-data retention: the admin sets an entity's retention with its information (a value out of
 * bounds is refused in the form); the entity's staff see it in the member CSV dialog, with the first day raw data
 * exists; the client sees it in their CSV dialog and, once retention removed some, on the profile's export card
 * (jp, then en at 390 px); the admin's raw CSV says how long raw samples are kept.
 */
let e: E2e;
let base: string;
let clientId: string;
/** Polls up to 20 s: a page loads its lazy chunk and its queries first. */
const poll = <T>(f: () => Promise<T>) => expect.poll(f, { timeout: 20_000 });
const DAY = 86_400_000;
/** The first day raw samples are kept with `days` (the server's rule: today's UTC midnight, `days` before). */
const keptFrom = (days: number) =>
  new Date(Math.floor(Date.now() / DAY) * DAY - days * DAY).toISOString().slice(0, 10);

beforeAll(async () => {
  e = await startE2e({ vitalDays: 1 });
  base = e.t.url;
  const [c] = await e.t.db.select({ id: users.id }).from(users).where(eq(users.email, "client@example.com"));
  clientId = c?.id ?? "";
});
afterAll(() => e.close());

describe("raw-data retention", () => {
  it("the admin sets sakura's retention with its information (jp)", async () => {
    const ctx = await newContext(e.browser, "jp");
    const page = await ctx.newPage();
    await signInAs(page, base, "admin", "admin@example.com");
    await waitForPath(page, "/admin");
    await page.goto(`${base}/admin/entities/sakura`);
    await poll(() => page.getByText("サーバーの既定値（90日）").count()).toBe(1);
    await checkPage(page, "jp-admin-entity-retention");
    await page.getByRole("button", { name: "編集" }).click();
    const field = page.getByLabel("生データの保存期間（日）");
    await poll(() =>
      page.getByText("30〜3650日。空欄にするとサーバーの既定値（90日）になります。").count(),
    ).toBe(1);
    await field.fill("29");
    await page.getByRole("button", { name: "保存", exact: true }).click();
    await poll(() =>
      page
        .getByText(
          "生データの保存期間は30〜3,650日の整数で入力してください（空欄ではサーバーの既定値になります）。",
        )
        .count(),
    ).toBe(1);
    await checkPage(page, "jp-admin-entity-retention-invalid");
    await field.fill("400");
    await page.getByRole("button", { name: "保存", exact: true }).click();
    await poll(() => page.getByRole("button", { name: "編集" }).count()).toBe(1);
    await poll(() => page.getByText("400日").count()).toBe(1);
    await checkPage(page, "jp-admin-entity-retention-saved");

    // the admin's raw CSV says how long raw samples are kept
    await page.goto(`${base}/admin/CSVdownload`);
    await page.getByRole("combobox", { name: "データベースの種類" }).click();
    await page.getByRole("option", { name: "生データ" }).click();
    await poll(() => page.getByText(/サーバーの既定値は90日）保存され/).count()).toBe(1);
    await checkPage(page, "jp-admin-csv-raw-retention");
    await ctx.close();
  }, 300_000);

  it("sakura's staff see it in the member CSV dialog (jp, then en at 390 px)", async () => {
    const ctx = await newContext(e.browser, "jp");
    const page = await ctx.newPage();
    await signInAsStaffOf(page, base, "さくら介護センター", "jp");
    await page.goto(`${base}/staff/reports/00005091/${clientId}?workspace=sakura`);
    await page.getByRole("button", { name: "CSVダウンロード" }).click();
    const dialog = page.getByRole("dialog");
    await poll(() =>
      dialog
        .getByText(
          `1分ごとの生データは400日間保存されます（${keptFrom(400)}以降）。それより前の期間は、1時間・1日・1か月ごとの集計値のみダウンロードできます。`,
        )
        .count(),
    ).toBe(1);
    await checkPage(page, "jp-staff-csv-retention");
    await ctx.close();

    const phone = await newContext(e.browser, "en", PHONE);
    const p = await phone.newPage();
    await signInAsStaffOf(p, base, "さくら介護センター", "jp");
    await p.goto(`${base}/staff/reports/00005091/${clientId}?workspace=sakura`);
    await switchLanguage(p, "English");
    await p.getByRole("button", { name: "Download CSV" }).click();
    await poll(() =>
      p
        .getByRole("dialog")
        .getByText(
          `Raw 1-minute samples are kept 400 days (from ${keptFrom(400)}). For earlier periods, only the hourly, daily and monthly aggregates can be downloaded.`,
        )
        .count(),
    ).toBe(1);
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await checkPage(p, "en-staff-csv-retention-390");
    await phone.close();
  }, 300_000);

  it("the client sees it in their CSV dialog and, after retention removed some, on the export card", async () => {
    // two samples older than sakura's 400 days, removed by the job
    const token = (await e.t.signIn("client@example.com")).idToken;
    const old = Date.now() - 500 * DAY;
    const up = await e.t.call(
      "POST",
      "/user/vitals",
      {
        samples: [
          { code: "00005091", time: Math.floor(old / 1000), value: 70 },
          { code: "00005091", time: Math.floor(old / 1000) + 60, value: 71 },
        ],
      },
      { token },
    );
    expect(up.status).toBe(200);
    const run = await removeExpiredRaw(e.t.db, { now: new Date(), defaultDays: 90 });
    expect(run.removed).toBeGreaterThanOrEqual(2);

    const ctx = await newContext(e.browser, "jp");
    const page = await ctx.newPage();
    await signInAs(page, base, "client", "client@example.com");
    await waitForPath(page, "/client");
    await page.goto(`${base}/client/reports/resq-band/time_series/00005091`);
    await page.getByRole("button", { name: "CSVダウンロード" }).click();
    await poll(() =>
      page
        .getByRole("dialog")
        .getByText(`1分ごとの生データは400日間保存されます（${keptFrom(400)}以降）。`, {
          exact: false,
        })
        .count(),
    ).toBe(1);
    await checkPage(page, "jp-client-csv-retention");
    await page.goto(`${base}/client/profile`);
    const note = page.getByTestId("raw-retention");
    await poll(() => note.textContent()).toContain("バンドの1分ごとの生データは400日間保存され");
    await poll(() => note.textContent()).toContain("より前の生データ（2件）は削除済みです");
    await checkPage(page, "jp-client-export-retention");
    await ctx.close();

    const phone = await newContext(e.browser, "jp", PHONE);
    const p = await phone.newPage();
    await signInAs(p, base, "client", "client@example.com");
    await waitForPath(p, "/client");
    await p.goto(`${base}/client/profile`);
    await switchLanguage(p, "English");
    const en = p.getByTestId("raw-retention");
    await poll(() => en.textContent()).toContain("Raw 1-minute samples from your band are kept 400 days");
    await poll(() => en.textContent()).toMatch(/Raw samples before .+ \(2 samples\) have been removed/);
    await en.scrollIntoViewIfNeeded();
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await checkPage(p, "en-client-export-retention-390");
    await phone.close();
  }, 300_000);
});
