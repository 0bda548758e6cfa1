import path from "node:path";
import { ACCOUNT_DELETION_GRACE_DAYS } from "@mimamori/shared";
import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberships, users } from "../apps/server/src/db/schema";
import { accountDeletionJob } from "../apps/server/src/features/account-deletion/job";
import { countsOf, type Person } from "../apps/server/src/features/account-deletion/test-helpers";
import { HOUR, MINUTE, manualClock } from "../apps/server/src/jobs/clock";
import { captureLog } from "../apps/server/src/jobs/test-helpers";
import { startTestApp, type TestApp } from "../apps/server/src/test/app";
import { checkPage, signInAs, switchLanguage, waitForPath } from "./lib/app";
import { launchBrowser, newContext, PHONE } from "./lib/browser";

/**
 * Issue 29 §4, "Delete my account": the member deletes the account (jp, 390 px), is signed out and cannot be seen
 * by staff; signing in within the grace period cancels the deletion and says so; the member deletes it again (en);
 * after the grace period (the app's clock moved by the test: the server's clock is this test's manual clock, which
 * no production start can pass) the deletion job leaves no row of theirs in any table, and the account does not
 * exist. An admin starts the same deletion for a person who asked in writing. Axe on every page.
 */
const clock = manualClock(new Date());
let t: TestApp;
let browser: Browser;
let base: string;
let member: Person;
beforeAll(async () => {
  t = await startTestApp({
    seed: true,
    vitalDays: 1,
    demoForms: true,
    demoDataItems: true,
    webDist: path.resolve(process.env.E2E_WEB_DIST ?? "apps/web/dist"),
    config: { jobs: false },
    clock,
  });
  browser = await launchBrowser();
  base = t.url;
  const [u] = await t.db.select().from(users).where(eq(users.email, "client@example.com"));
  if (!u) throw new Error("no demo client");
  member = { id: u.id, email: u.email, name: u.name };
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const membershipsOf = async (id: string) =>
  (
    await t.db
      .select({ ws: memberships.workspaceName, status: memberships.status })
      .from(memberships)
      .where(eq(memberships.userId, id))
      .orderBy(memberships.workspaceName)
  ).map((m) => `${m.ws}:${m.status}`);

/** The entity's staff list its members over the API: is the person among them? */
async function staffSee(id: string) {
  const staff = await t.signIn("staff@example.com");
  const res = await t.call("GET", "/staff/sakura/users", undefined, { token: staff.idToken });
  return (res.body as { uid: string }[]).some((m) => m.uid === id);
}

/** From the profile page: opens the dialog, tries it without the password and the box, then with them. */
async function deleteAccount(page: Page, lang: "jp" | "en", shot: string) {
  const s =
    lang === "jp"
      ? {
          h1: "プロフィール",
          open: "アカウントを削除…",
          dialog: "アカウントを削除しますか？",
          grace: "14日後に",
          box: /14日後にアカウントとデータが削除されることを理解しました。/,
          password: /^パスワード(\s*\*)?$/,
          submit: "アカウントを削除",
          required: "チェックを入れて確認してください。",
          wrong: "パスワードが間違っています。もう一度お試しください。",
        }
      : {
          h1: "Profile",
          open: "Delete my account…",
          dialog: "Delete your account?",
          grace: "After 14 days",
          box: /I understand that my account and my data will be deleted after 14 days\./,
          password: /^Your password(\s*\*)?$/,
          submit: "Delete my account",
          required: "Tick the box to confirm.",
          wrong: "Wrong password. Please try again.",
        };
  await page.goto(`${base}/client/profile`);
  await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(s.h1);
  await page
    .getByRole("heading", { level: 2, name: lang === "jp" ? "アカウントの削除" : "Delete my account" })
    .waitFor();
  await checkPage(page, `${shot}-profile`);
  await page.getByRole("button", { name: s.open }).click();
  const dialog = page.getByRole("dialog", { name: s.dialog });
  await dialog.waitFor();
  expect(await dialog.textContent()).toContain(s.grace);
  await checkPage(page, `${shot}-dialog`);
  // nothing entered: both refusals, nothing sent
  await dialog.getByRole("button", { name: s.submit }).click();
  await dialog.getByText(s.required).waitFor();
  await dialog.getByLabel(s.password).fill("not-my-password");
  await dialog.getByRole("checkbox", { name: s.box }).check();
  await dialog.getByRole("button", { name: s.submit }).click();
  await dialog.getByText(s.wrong).waitFor();
  await checkPage(page, `${shot}-dialog-wrong-password`);
  expect((await t.db.select().from(users).where(eq(users.id, member.id)))[0]?.closedAt).toBeNull();
  await dialog.getByLabel(s.password).fill("mimamori-demo");
  await dialog.getByRole("button", { name: s.submit }).click();
  await waitForPath(page, "/auth/client/sign-in");
}

const due = () => new Date(clock.now().getTime() + ACCOUNT_DELETION_GRACE_DAYS * 24 * HOUR);

describe("delete my account", () => {
  it("jp at 390 px: the member deletes the account, staff no longer see them, signing in cancels it", async () => {
    expect(await staffSee(member.id)).toBe(true);
    const ctx = await newContext(browser, "jp", PHONE);
    const page = await ctx.newPage();
    await signInAs(page, base, "client", member.email);
    await waitForPath(page, "/client");
    await deleteAccount(page, "jp", "jp-deletion-390");
    const dueDay = new Intl.DateTimeFormat("ja-JP", { dateStyle: "long" }).format(due());
    await page
      .getByText(
        `アカウントを閉鎖しました。${dueDay}に削除されます。取り消すには、それまでにサインインしてください。`,
      )
      .waitFor();
    await checkPage(page, "jp-deletion-390-closed");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // closed at once: no session, staff no longer see the person
    expect(await membershipsOf(member.id)).toEqual(["harbor:closed", "sakura:closed"]);
    expect(await staffSee(member.id)).toBe(false);

    // within the grace period: signing in cancels the deletion, and the page says so
    clock.advance(13 * 24 * HOUR);
    await signInAs(page, base, "client", member.email);
    await waitForPath(page, "/client");
    await page.getByText("アカウントの削除を取り消しました。おかえりなさい。").waitFor();
    await checkPage(page, "jp-deletion-390-cancelled");
    expect(await membershipsOf(member.id)).toEqual(["harbor:accepted", "sakura:accepted"]);
    expect(await staffSee(member.id)).toBe(true);
    await ctx.close();
  });

  it("en: the member deletes it again; after the grace period no row of theirs remains and the account is gone", async () => {
    const ctx = await newContext(browser, "en");
    const page = await ctx.newPage();
    await signInAs(page, base, "client", member.email);
    await waitForPath(page, "/client");
    await switchLanguage(page, "English");
    await deleteAccount(page, "en", "en-deletion");
    const dueAt = due();
    const dueDay = new Intl.DateTimeFormat("en-US", { dateStyle: "long" }).format(dueAt);
    await page
      .getByText(
        `Your account is closed. It will be deleted on ${dueDay}; sign in before then to cancel the deletion.`,
      )
      .waitFor();
    await checkPage(page, "en-deletion-closed");

    const before = await countsOf(t.db, member);
    expect(before["vital_samples.user_id"]).toBeGreaterThan(0);
    expect(before["data_items.user_id"]).toBeGreaterThan(0);
    const job = accountDeletionJob(t.db, captureLog().log);
    // a minute before the end of the grace period: kept
    clock.set(new Date(dueAt.getTime() - MINUTE));
    await job.run(clock.now());
    expect(await membershipsOf(member.id)).toEqual(["harbor:closed", "sakura:closed"]);
    // the grace period is over: every registered column is free of them
    clock.set(new Date(dueAt.getTime() + MINUTE));
    await job.run(clock.now());
    const after = await countsOf(t.db, member);
    expect(Object.entries(after).filter(([, n]) => n > 0)).toEqual([]);

    await page.goto(`${base}/auth/client/sign-in`);
    await page.getByLabel(/^(Email address)(\s*\*)?$/).fill(member.email);
    await page.getByLabel(/^(Password)(\s*\*)?$/).fill("mimamori-demo");
    await page.getByRole("button", { name: /^Sign in$/ }).click();
    await page
      .getByText("No account found with that email address. Please check the email and try again.")
      .waitFor();
    await checkPage(page, "en-deletion-gone");
    await ctx.close();
  });

  it("en at 390 px: an admin starts the deletion of a person who asked in writing", async () => {
    const ctx = await newContext(browser, "en", PHONE);
    const page = await ctx.newPage();
    await signInAs(page, base, "admin", "admin@example.com");
    await waitForPath(page, "/admin");
    await page.goto(`${base}/admin/users`);
    await switchLanguage(page, "English");
    const [person] = await t.db.select().from(users).where(eq(users.email, "client2@example.com"));
    if (!person) throw new Error("no client2");
    const start = page.getByRole("button", {
      name: `Start the deletion of the account of ${person.name} (written request)`,
    });
    await start.waitFor();
    await checkPage(page, "en-admin-users-390");
    await start.click();
    const dialog = page.getByRole("dialog", { name: "Start this account's deletion?" });
    await dialog
      .getByText("Use this only for a person who asked in writing for their account to be deleted.")
      .waitFor();
    await checkPage(page, "en-admin-deletion-dialog-390");
    await dialog.getByRole("button", { name: "Start deletion" }).click();
    const dueDay = new Intl.DateTimeFormat("en-US", { dateStyle: "long" }).format(due());
    await page.getByText(`The account is closed and will be deleted on ${dueDay}.`).waitFor();
    // the dialog gave the focus back to its button and the pointer rests on it: its tooltip would cover the list
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.mouse.move(200, 100);
    await checkPage(page, "en-admin-deletion-started-390");
    const [after] = await t.db.select().from(users).where(eq(users.id, person.id));
    expect(after?.deletionRequestedBy).toBe("admin");
    expect(await membershipsOf(person.id)).toEqual(["harbor:closed"]);
    await ctx.close();
  });
});
