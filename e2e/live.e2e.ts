import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberships, users } from "../apps/server/src/db/schema";
import { hashPassword } from "../apps/server/src/lib/crypto";
import { checkPage, type E2e, signInAs, startE2e } from "./lib/app";
import { networkQuiet, newContext, PHONE } from "./lib/browser";

// Issue 28 §2: an alert raised by a band upload reaches every open tab of every staff member of the entity within
// 5 s, with no reload: the notifications list, the top bar's bell and the watch board, over the live event stream
// (GET /api/staff/{ws}/events). jp on a desktop, en on a phone; axe on every page.

let e: E2e;
let base: string;
beforeAll(async () => {
  // no background jobs: what reaches the pages can only come through the upload's event
  e = await startE2e();
  base = e.t.url;
  // Harbor's second staff member (reads English), accepted before the alerts of this journey
  const passwordHash = await hashPassword("mimamori-demo");
  const [staff2] = await e.t.db
    .insert(users)
    .values({
      email: "staff2@example.com",
      name: "Kato Staff",
      passwordHash,
      emailVerifiedAt: new Date(),
      language: "en",
    })
    .returning({ id: users.id });
  await e.t.db.insert(memberships).values({
    workspaceName: "harbor",
    userId: staff2?.id as string,
    role: "staff",
    status: "accepted",
    acceptedAt: new Date(Date.now() - 2 * 86_400_000),
  });
});
afterAll(() => e.close());

const LIVE_MS = 5000;
const poll = <T>(fn: () => T | Promise<T>, timeout = 10_000) => expect.poll(fn, { timeout, interval: 100 });
const HEAT_STRESS = "00005098";

/** Staff sign-in into Harbor (the entity is chosen when the account has several). */
async function signInToHarbor(page: Page, email: string) {
  await signInAs(page, base, "staff", email);
  await page.waitForURL((u) => u.pathname === "/auth/staff/entity-select" || u.pathname === "/staff");
  if (new URL(page.url()).pathname === "/auth/staff/entity-select") {
    await page.getByRole("combobox").click();
    await page.getByRole("option", { name: "Harbor Logistics" }).click();
    await page.getByRole("button", { name: /^(ダッシュボードへ|Go to dashboard)$/ }).click();
  }
  await page.waitForURL((u) => u.pathname === "/staff" && u.searchParams.get("workspace") === "harbor");
}

/** Opens a page of the same signed-in context in a new tab (the session comes from the refresh cookie). */
async function openTab(ctx: BrowserContext, path: string): Promise<Page> {
  const page = await ctx.newPage();
  await page.goto(`${base}${path}`);
  await page.locator("main h1").first().waitFor();
  return page;
}

/** The page is marked; a reload or a navigation would lose the mark. */
async function markNoReload(pages: Page[]) {
  for (const p of pages) await p.evaluate(() => Object.assign(window, { liveMark: true }));
}
async function expectNoReload(pages: Page[]) {
  for (const p of pages)
    expect(await p.evaluate(() => (window as unknown as { liveMark?: boolean }).liveMark)).toBe(true);
}

const bellOf = (page: Page) => page.getByRole("banner").getByRole("link", { name: /^(通知|Notifications)/ });

/** The rows of a board table, as a table (desktop) or as the stacked list of a phone. */
const boardRows = (page: Page, label: string): Locator =>
  page.locator(`table[aria-label="${label}"] tbody tr, ul[aria-label="${label}"] > li`);

/** The band of a member uploads one heat-stress score through the band API. */
async function uploadHeatStress(idToken: string, value: number) {
  const res = await e.t.call(
    "POST",
    "/user/vitals",
    { samples: [{ code: HEAT_STRESS, time: Math.floor(Date.now() / 1000) - 2, value }], sleep: [] },
    { token: idToken },
  );
  expect(res.status).toBe(200);
  return Date.now();
}

describe("live updates: an upload's alert appears without a reload", () => {
  it("jp: the list, the bell in another staff member's tab and the board follow within 5 s", async () => {
    // the band's session first: a sign-in is a change of its own
    const tanaka = (await e.t.signIn("client@example.com")).idToken;

    const ctx = await newContext(e.browser, "jp");
    const board = await ctx.newPage();
    await signInToHarbor(board, "staff@example.com");
    const list = await openTab(ctx, "/staff/notifications?workspace=harbor");
    const measurements = list.getByRole("table", { name: "測定値のアラート" });
    await poll(() => list.getByRole("heading", { level: 1 }).textContent()).toBe("通知");
    await poll(() => measurements.getByRole("row", { name: /Tanaka Hanako/ }).count()).toBe(0);

    const ctx2 = await newContext(e.browser, "en");
    const other = await ctx2.newPage();
    await signInToHarbor(other, "staff2@example.com");
    await other.goto(`${base}/staff/users?workspace=harbor`);
    await other.locator("main h1").first().waitFor();
    const otherBell = bellOf(other);
    await poll(() => otherBell.getAttribute("aria-label")).toBe("Notifications");
    await checkPage(other, "en-live-users-before");

    const pages = [board, list, other];
    // every tab's stream is open (the pages reached the network's rest)
    for (const p of pages) await networkQuiet(p);
    await markNoReload(pages);
    // the board's reads from here on: the one the event prompts sends the event's as_of back
    const boardReads: string[] = [];
    board.on("request", (r) => {
      if (new URL(r.url()).pathname === "/api/staff/harbor/board") boardReads.push(r.url());
    });
    const uploaded = await uploadHeatStress(tanaka, 95);

    // the list (tab 2 of staff@)
    const row = measurements.getByRole("row", { name: /Tanaka Hanako/ });
    await poll(() => row.count(), LIVE_MS).toBe(1);
    const listAt = Date.now() - uploaded;
    expect(await row.textContent()).toContain("95");
    expect(await row.textContent()).toContain("暑熱ストレススコア");
    // the bell of another staff member of Harbor, on another page
    await poll(() => otherBell.getAttribute("aria-label"), LIVE_MS).toBe("Notifications, 1 unseen");
    // the board of tab 1: the member is red now and the alert is open
    await poll(
      () =>
        boardRows(board, "いま赤または黄のゾーンにいるメンバー").filter({ hasText: "Tanaka Hanako" }).count(),
      LIVE_MS,
    ).toBe(1);
    await poll(
      () => boardRows(board, "まだ確認されていないアラート").filter({ hasText: "Tanaka Hanako" }).count(),
      LIVE_MS,
    ).toBe(1);
    expect(Date.now() - uploaded).toBeLessThan(LIVE_MS + 1000);
    expect(listAt).toBeLessThan(LIVE_MS);
    await expectNoReload(pages);
    expect(boardReads.map((u) => new URL(u).searchParams.get("as_of"))).toContainEqual(
      expect.stringMatching(/^[0-9a-f]{8}\.\d+$/),
    );

    await checkPage(list, "jp-live-notifications");
    await checkPage(board, "jp-live-board");
    await checkPage(other, "en-live-users-bell");
    await ctx.close();
    await ctx2.close();
  }, 180_000);

  it("en, phone: the list and the board of two tabs follow an upload within 5 s", async () => {
    const smith = (await e.t.signIn("client2@example.com")).idToken;
    const ctx = await newContext(e.browser, "en", PHONE);
    const board = await ctx.newPage();
    await signInToHarbor(board, "staff2@example.com");
    await poll(() => board.getByRole("heading", { level: 1 }).textContent()).toBe("Watch board");
    const list = await openTab(ctx, "/staff/notifications?workspace=harbor");
    await poll(() => list.getByRole("heading", { level: 1 }).textContent()).toBe("Notifications");
    for (const p of [board, list]) await networkQuiet(p);
    await markNoReload([board, list]);

    await uploadHeatStress(smith, 94);
    // a phone shows each row as a stacked list: the row's text is what counts
    const row = list.getByText("John Smith");
    await poll(() => row.count(), LIVE_MS).toBeGreaterThan(0);
    await poll(() => list.locator("main").textContent(), LIVE_MS).toContain("94");
    await poll(
      () =>
        boardRows(board, "Members in the red or yellow zone now").filter({ hasText: "John Smith" }).count(),
      LIVE_MS,
    ).toBe(1);
    await expectNoReload([board, list]);

    await checkPage(list, "en-live-notifications-phone");
    await checkPage(board, "en-live-board-phone");
    await ctx.close();
  }, 180_000);
});
