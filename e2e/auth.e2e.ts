import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linkToken } from "../apps/server/src/test/smtp";
import { checkPage, type E2e, signInAs, startE2e, switchLanguage, waitForPath } from "./lib/app";
import { newContext, PHONE } from "./lib/browser";

let e: E2e;
let base: string;
beforeAll(async () => {
  e = await startE2e();
  base = e.t.url;
});
afterAll(() => e.close());

async function openUserMenu(page: Page) {
  await page.getByRole("button", { name: /^(Account menu|アカウントメニュー)/ }).click();
}

describe("client account life cycle (en)", () => {
  it("signs up, verifies from the mail, signs in, edits the profile, changes the password, signs in again", async () => {
    const ctx = await newContext(e.browser, "en");
    const page = await ctx.newPage();
    await page.goto(base);
    await waitForPath(page, "/auth/client/sign-in");
    await checkPage(page, "en-client-sign-in");
    // AUTH-01, AUTH-05: links to create an account, forgot password and about; remember me; the language menu
    for (const name of ["Create an account", "Forgot your password?", "About Mimamori"])
      expect(await page.getByRole("link", { name, exact: true }).count()).toBe(1);
    expect(await page.getByLabel("Remember me").count()).toBe(1);
    expect(await page.getByRole("button", { name: /^Language: / }).count()).toBe(1);

    await page.getByRole("link", { name: "Create an account" }).click();
    await waitForPath(page, "/auth/sign-up");
    await page.getByLabel(/^Name/).fill("x".repeat(150));
    await expect.poll(() => page.getByText(/150/).count()).toBeGreaterThan(0);
    await page.getByLabel(/^Name/).fill("Aoi Mori");
    await page.getByLabel(/^Email address/).fill("aoi@example.com");
    await page.getByLabel(/^Password(\s*\*)?$/).fill("12345");
    await page.getByLabel(/^Re-enter password/).fill("54321");
    await page.getByRole("button", { name: "Next" }).click();
    await expect.poll(() => page.getByText("Need 6 or more characters").count()).toBe(1);
    await page.getByLabel(/^Password(\s*\*)?$/).fill("aoi-pass-1");
    await page.getByRole("button", { name: "Next" }).click();
    await expect.poll(() => page.getByText("Password is not matched").count()).toBe(1);
    await page.getByLabel(/^Re-enter password/).fill("aoi-pass-1");
    await checkPage(page, "en-sign-up-step1");
    await page.getByRole("button", { name: "Next" }).click();

    const signUp = page.getByRole("button", { name: "Sign up" });
    expect(await page.getByRole("tab", { name: "Terms of use", exact: true }).count()).toBe(1);
    // LEGAL-10, LEGAL-12: the terms follow the language (English here) in a 400 px area, 200 px under 768 px
    const termsArea = page.getByRole("tabpanel").getByRole("region");
    await expect.poll(() => termsArea.getByText("Article 1 (Purpose and Scope)").count()).toBe(1);
    expect((await termsArea.boundingBox())?.height).toBe(400);
    await page.setViewportSize({ width: 1280, height: 700 });
    await expect.poll(async () => (await termsArea.boundingBox())?.height).toBe(200);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(async () => (await termsArea.boundingBox())?.height).toBe(400);
    await expect.poll(() => signUp.isDisabled()).toBe(true);
    await page.getByRole("tab", { name: "Privacy policy" }).click();
    await page.getByRole("button", { name: "About anonymised data" }).click();
    const dialog = page.getByRole("dialog");
    await expect.poll(() => dialog.getByText("Blood pressure", { exact: false }).count()).toBeGreaterThan(0);
    await checkPage(page, "en-sign-up-anonymised-dialog");
    await dialog.getByRole("button").last().click();
    await page.getByLabel("I agree to the Terms of use").check();
    await expect.poll(() => signUp.isDisabled()).toBe(true);
    await page.getByLabel("I agree to the Privacy policy").check();
    await checkPage(page, "en-sign-up-step2");
    const mailsBefore = e.t.smtp.mails.length;
    await signUp.click();
    await expect
      .poll(() => page.getByText("Account successfully created! Please check your email to confirm").count())
      .toBe(1);

    const mail = await e.t.smtp.waitFor("aoi@example.com", mailsBefore);
    expect(mail.subject).toBe("[Mimamori] Verify your email address");
    // Before verification the sign-in is refused with the spec's message.
    await signInAs(page, base, "client", "aoi@example.com", "aoi-pass-1");
    await expect
      .poll(() => page.getByText("Your email has not been verified! Please check your email.").count())
      .toBe(1);

    await page.goto(`${base}/auth/verify-email?token=${linkToken(mail, "verify-email")}`);
    await expect
      .poll(() => page.getByText("Your email address has been verified. You can now sign in.").count())
      .toBe(1);
    await checkPage(page, "en-verify-email");

    await signInAs(page, base, "client", "aoi@example.com", "aoi-pass-1");
    await waitForPath(page, "/client");
    await expect.poll(() => page.getByText("Aoi Mori").count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText("Interface version 1.14.0").count()).toBe(1);
    await checkPage(page, "en-client-home");
    // SHELL-19: the version page links to the about and supporters pages
    for (const name of ["About Mimamori", "Our supporters"])
      expect(await page.getByRole("link", { name, exact: true }).count()).toBe(1);
    // SHELL-02, SHELL-05: a 64 px top bar and, on a large screen, the permanent 280 px sidebar
    expect((await page.getByRole("banner").boundingBox())?.height).toBe(64);
    expect(
      await page
        .getByRole("banner")
        .getByRole("button", { name: /^Account menu/ })
        .textContent(),
    ).toContain("aoi@example.com");
    const sidebar = page.getByRole("navigation", { name: "Main menu" });
    expect(
      await sidebar.evaluate((el) => (el.closest(".MuiDrawer-paper") ?? el).getBoundingClientRect().width),
    ).toBe(280);
    expect(await page.evaluate(() => localStorage.getItem("isAuthenticated"))).toBe("true");
    const cookies = Object.fromEntries((await ctx.cookies()).map((c) => [c.name, c]));
    expect(cookies.userEmail?.value).toBe("aoi%40example.com");
    expect(cookies.userType?.value).toBe("client");
    expect(cookies.userLanguage?.value).toBe("en");
    expect(cookies.mm_refresh?.httpOnly).toBe(true);
    expect(await page.evaluate(() => document.cookie)).not.toContain("mm_refresh");

    await openUserMenu(page);
    await page.getByRole("menuitem", { name: "Profile" }).click();
    await waitForPath(page, "/client/profile");
    // AUTH-32: the email is shown read-only
    await expect.poll(() => page.getByLabel(/^Email address/).isDisabled()).toBe(true);
    await page
      .getByLabel(/^First name/)
      .first()
      .fill("Aoi");
    await page
      .getByLabel(/^Last name/)
      .first()
      .fill("Mori");
    await page.getByLabel(/^Phone number 1/).fill("03-1234");
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => page.getByText("Use digits only").count()).toBe(1);
    await page.getByLabel(/^Phone number 1/).fill("0312345678");
    await page.getByLabel(/^Phone number 2/).fill("09011112222");
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => page.getByText("Request Successful").count()).toBe(1);
    await checkPage(page, "en-client-profile");
    await page.reload();
    await expect.poll(() => page.getByLabel(/^Phone number 2/).inputValue()).toBe("09011112222");

    await page.getByLabel(/^Current password/).fill("wrong-pass");
    await page.getByLabel(/^New password/).fill("aoi-pass-2");
    await page.getByLabel(/^Re-enter new password/).fill("aoi-pass-3");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect.poll(() => page.getByText("Password does not match").count()).toBeGreaterThan(0);
    await page.getByLabel(/^Re-enter new password/).fill("aoi-pass-2");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect.poll(() => page.getByText("Wrong password. Please try again.").count()).toBeGreaterThan(0);
    await page.getByLabel(/^Current password/).fill("aoi-pass-1");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect.poll(() => page.getByText("Password successfully changed").count()).toBe(1);

    await openUserMenu(page);
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await waitForPath(page, "/auth/client/sign-in");
    expect(await page.evaluate(() => localStorage.getItem("isAuthenticated"))).toBe("false");
    expect((await ctx.cookies()).map((c) => c.name)).not.toContain("userEmail");
    await page.goto(`${base}/client/profile`);
    await waitForPath(page, "/auth/client/sign-in");

    await signInAs(page, base, "client", "aoi@example.com", "aoi-pass-1");
    await expect.poll(() => page.getByText("Wrong password. Please try again.").count()).toBe(1);
    await signInAs(page, base, "client", "aoi@example.com", "aoi-pass-2");
    // The sign-in page was reached from /client/profile, so that is where the person lands.
    await waitForPath(page, "/client/profile");
    await ctx.close();
  });

  it("resets a forgotten password from the mailed link", async () => {
    const ctx = await newContext(e.browser, "en");
    const page = await ctx.newPage();
    await page.goto(`${base}/auth/forgot-password`);
    await page.getByLabel(/^Email address/).fill("nobody@example.com");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect
      .poll(() => page.getByText("Failed to reset password. Please confirm your email address.").count())
      .toBe(1);
    await checkPage(page, "en-forgot-password");
    const before = e.t.smtp.mails.length;
    await page.getByLabel(/^Email address/).fill("client2@example.com");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect
      .poll(() => page.getByText("Password reset link has been sent. Please check your email.").count())
      .toBe(1);
    const mail = await e.t.smtp.waitFor("client2@example.com", before);
    await page.goto(`${base}/auth/reset-password?token=${linkToken(mail, "reset-password")}`);
    await page.getByLabel(/^New password/).fill("reset-pass-1");
    await page.getByLabel(/^Re-enter new password/).fill("reset-pass-1");
    await checkPage(page, "en-reset-password");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect.poll(() => page.getByText(/Your password has been reset/).count()).toBe(1);
    await signInAs(page, base, "client", "client2@example.com", "reset-pass-1");
    await waitForPath(page, "/client");
    await ctx.close();
  });
});

describe("sign-in errors (jp)", () => {
  it("shows the spec's messages in Japanese", async () => {
    const ctx = await newContext(e.browser, "jp");
    const page = await ctx.newPage();
    await signInAs(page, base, "client", "ghost@example.com", "whatever");
    await expect
      .poll(() =>
        page.getByText("このメールアドレスのアカウントが見つかりません。", { exact: false }).count(),
      )
      .toBe(1);
    await checkPage(page, "jp-client-sign-in-error");
    await signInAs(page, base, "admin", "client@example.com");
    await expect.poll(() => page.getByText("スーパーユーザーとしてサインインしてください。").count()).toBe(1);
    await checkPage(page, "jp-admin-sign-in-not-super-user");
    await page.goto(`${base}/admin`);
    await waitForPath(page, "/auth/admin/sign-in");
    await ctx.close();
  });
});

describe("API errors with a detail (AUTH-42)", () => {
  const detail = "The entity service is under maintenance until 18:00.";
  /** Answers the API call whose path is `apiPath` with a 4xx of the one error shape, carrying `detail`. */
  const refuse = (page: Page, apiPath: string) =>
    page.route(
      (url) => url.pathname === `/api${apiPath}`,
      (route) =>
        route.fulfill({
          status: 409,
          contentType: "application/json",
          body: JSON.stringify({ code: "maintenance", detail }),
        }),
    );
  /** The failed load's red alert, in the account's language (the demo accounts read Japanese). */
  const shows = async (page: Page) => {
    const failed =
      (await page.evaluate(() => document.documentElement.lang)) === "ja"
        ? "データを読み込めませんでした。"
        : "The data could not be loaded.";
    await expect
      .poll(
        () =>
          page
            .getByRole("alert")
            .filter({ hasText: `${failed} ${detail}` })
            .count(),
        // the page restores the session and loads its chunk first: more than the poll's default second under load
        { timeout: 15_000 },
      )
      .toBe(1);
  };

  it("shows the server's detail in a red alert on the entity list, entity detail, reports and data list", async () => {
    const screens = [
      ["client", "/client/entities", "/user/entities"],
      ["client", "/client/entities/sakura", "/user/entities/sakura"],
      ["client", "/client/reports", "/user/reports/resq_band"],
      ["client", "/client/data", "/user/data"],
      ["admin", "/admin/entities", "/entities"],
      ["admin", "/admin/entities/sakura", "/entities/sakura"],
    ] as const;
    for (const role of ["client", "admin"] as const) {
      const ctx = await newContext(e.browser, "en");
      const page = await ctx.newPage();
      await signInAs(page, base, role, `${role}@example.com`);
      await waitForPath(page, `/${role}`);
      for (const [, screen, apiPath] of screens.filter(([r]) => r === role)) {
        await refuse(page, apiPath);
        await page.goto(`${base}${screen}`);
        await shows(page);
        // the alert has the error colour: red
        const alert = page.getByRole("alert").filter({ hasText: detail });
        expect(await alert.evaluate((el) => el.className)).toContain("MuiAlert-colorError");
        // a failed load does not claim that there is nothing
        for (const none of [
          "表示するエンティティはありません。",
          "データ項目はまだありません。",
          "There are no entities yet.",
        ])
          expect(await page.getByText(none).count()).toBe(0);
        await page.unrouteAll();
      }
      await checkPage(page, `${role}-api-error-detail`);
      await ctx.close();
    }
  });

  it("stops loading on a failure without a detail, says so in general terms and loads again on Retry (AUTH-43, decided)", async () => {
    const ctx = await newContext(e.browser, "en", PHONE);
    const page = await ctx.newPage();
    await signInAs(page, base, "client", "client@example.com");
    await waitForPath(page, "/client");
    await page.route(
      (url) => url.pathname === "/api/user/data",
      (route) => route.fulfill({ status: 404, contentType: "text/html", body: "<h1>Not Found</h1>" }),
    );
    await page.goto(`${base}/client/data`);
    const alert = page.getByRole("alert").filter({ hasText: "データを読み込めませんでした。" });
    // the page restores the session and loads its chunk first: more than the poll's default second under load
    await expect.poll(() => alert.count(), { timeout: 15_000 }).toBe(1);
    expect(await alert.textContent()).toContain(
      "リクエスト中にエラーが発生しました。しばらくしてからもう一度お試しいただくか、サポートにお問い合わせください。",
    );
    // loading has stopped: no skeleton is left busy and no item, not even the empty text, is listed
    expect(await page.locator('[aria-busy="true"]').count()).toBe(0);
    const items = page.getByRole("list", { name: "あなたのデータ項目" });
    expect(await items.count()).toBe(0);
    expect(await page.getByText("データ項目はまだありません。").count()).toBe(0);
    // at phone width the alert and its Retry fit the screen
    await checkPage(page, "jp-phone-client-data-load-failed");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.unrouteAll();
    await alert.getByRole("button", { name: "再試行" }).click();
    await expect.poll(() => alert.count()).toBe(0);
    // the list fills in: the items as stacked cards, or the empty text
    await expect
      .poll(
        async () =>
          (await items.getByRole("listitem").count()) +
          (await page.getByText("データ項目はまだありません。").count()),
      )
      .toBeGreaterThan(0);
    await ctx.close();
  });
});

describe("staff and admin", () => {
  it("staff: sign in → entity select (required) → staff home → change entity → change to client", async () => {
    const ctx = await newContext(e.browser, "en");
    const page = await ctx.newPage();
    await page.goto(`${base}/staff`);
    await waitForPath(page, "/auth/staff/sign-in");
    await checkPage(page, "en-staff-sign-in");
    // AUTH-03: a forgot-password link, and no sign-up link for staff
    expect(await page.getByRole("link", { name: "Forgot your password?", exact: true }).count()).toBe(1);
    expect(await page.getByRole("link", { name: "Create an account", exact: true }).count()).toBe(0);
    await signInAs(page, base, "staff", "staff@example.com");
    await waitForPath(page, "/auth/staff/entity-select");
    // staff@example.com's stored language is jp: it overrides the browser's English after sign-in.
    const goToDashboard = page.getByRole("button", { name: "ダッシュボードへ" });
    await goToDashboard.click();
    await expect.poll(() => page.getByText("エンティティを選択してください。").count()).toBeGreaterThan(0);
    await checkPage(page, "en-staff-entity-select");
    await page.getByRole("combobox", { name: "エンティティ", exact: true }).click();
    await page.getByRole("option", { name: "Harbor Logistics" }).click();
    await goToDashboard.click();
    await waitForPath(page, /^\/staff\?workspace=harbor$/);
    await expect.poll(() => page.getByText("Harbor Logistics").count()).toBeGreaterThan(0);
    await checkPage(page, "en-staff-home");

    await openUserMenu(page);
    await page.getByRole("menuitem", { name: "エンティティを変更" }).click();
    await waitForPath(page, "/auth/staff/entity-select");
    // The board's own comboboxes may still be on screen for a moment after the route changes.
    await page.getByRole("combobox", { name: "エンティティ", exact: true }).click();
    await page.getByRole("option", { name: "さくら介護センター" }).click();
    await goToDashboard.click();
    await waitForPath(page, /^\/staff\?workspace=sakura$/);
    await expect.poll(() => page.getByText("さくら介護センター").count()).toBeGreaterThan(0);
    await checkPage(page, "jp-staff-home");
    // SHELL-18: /staff/devices is the same dashboard: the entity's watch board (issue 28), version and links kept
    await page.goto(`${base}/staff/devices?workspace=sakura`);
    await expect.poll(() => page.getByRole("heading", { level: 1, name: "見守りボード" }).count()).toBe(1);
    await expect.poll(() => page.getByText(/^さくら介護センターでいま注意が必要な人です。/).count()).toBe(1);
    expect(await page.getByText(/^インターフェース/).count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe("/staff/devices");

    // AUTH-31: staff reach their profile from the user menu
    await openUserMenu(page);
    await page.getByRole("menuitem", { name: "プロフィール" }).click();
    await waitForPath(page, /^\/staff\/profile/);

    await openUserMenu(page);
    await page.getByRole("menuitem", { name: "クライアントに切り替え" }).click();
    await waitForPath(page, "/client");
    await page.goto(`${base}/staff?workspace=sakura`);
    await waitForPath(page, "/client");
    await ctx.close();
  });

  it("admin signs in to /admin; the guard keeps each role in its area", async () => {
    const ctx = await newContext(e.browser, "en");
    const page = await ctx.newPage();
    // AUTH-02: the admin sign-in links to create account, forgot password and about
    await page.goto(`${base}/auth/admin/sign-in`);
    for (const name of ["Create an account", "Forgot your password?", "About Mimamori"])
      await expect.poll(() => page.getByRole("link", { name, exact: true }).count()).toBe(1);
    await signInAs(page, base, "admin", "admin@example.com");
    await waitForPath(page, "/admin");
    await checkPage(page, "admin-home");
    // AUTH-31: admins reach their profile from the user menu (the stored language may be Japanese)
    await openUserMenu(page);
    await page.getByRole("menuitem", { name: /^(Profile|プロフィール)$/ }).click();
    await waitForPath(page, "/admin/profile");
    for (const path of ["/client", "/staff", "/client/profile"]) {
      await page.goto(`${base}${path}`);
      await waitForPath(page, "/admin");
    }
    const client = await (await newContext(e.browser, "en")).newPage();
    await signInAs(client, base, "client", "client@example.com");
    await waitForPath(client, "/client");
    await client.goto(`${base}/staff`);
    await waitForPath(client, "/client");
    await client.goto(`${base}/admin`);
    await waitForPath(client, "/client");
    await ctx.close();
  });

  it("sends an unauthenticated visitor to the matching sign-in and back to the page afterwards", async () => {
    const ctx = await newContext(e.browser, "en");
    const page = await ctx.newPage();
    await page.goto(`${base}/client/profile`);
    await waitForPath(page, "/auth/client/sign-in");
    await page.getByLabel(/^Email address/).fill("client@example.com");
    await page.getByLabel(/^Password(\s*\*)?$/).fill("mimamori-demo");
    // AUTH-06: a loading state until the answer arrives; I18N-07: a failed language fetch shows no message
    await page.route("**/auth/sign-in", async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.route("**/api/self/language", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: "{}" }),
    );
    const submit = page.getByRole("button", { name: "Sign in" });
    await submit.click();
    await expect.poll(() => submit.isDisabled()).toBe(true);
    expect(await submit.getByRole("progressbar").count()).toBe(1);
    await waitForPath(page, "/client/profile");
    expect(await page.getByText(/There was an error with your request/).count()).toBe(0);
    await page.unrouteAll();
    // A missing userType cookie sends the user to the client sign-in.
    await ctx.clearCookies({ name: "userType" });
    await page.goto(`${base}/client`);
    await waitForPath(page, "/auth/client/sign-in");
    await ctx.close();
  });
});

describe("language", () => {
  it("the switch changes the UI, persists for the account and survives a reload", async () => {
    const ctx = await newContext(e.browser, "en");
    const page = await ctx.newPage();
    await signInAs(page, base, "client", "client3@example.com");
    await waitForPath(page, "/client");
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("ja");
    // the choice is saved in the background: a reload before the save answers would read the old language back
    const saved = page.waitForResponse((r) => r.url().endsWith("/api/user/language"));
    await switchLanguage(page, "English");
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("en");
    expect((await saved).status()).toBe(200);
    await page.reload();
    await expect.poll(() => page.getByText("Interface version 1.14.0").count()).toBe(1);
    const token = (await e.t.signIn("client3@example.com")).idToken;
    const lang = await e.t.call("GET", "/self/language/client3@example.com", undefined, { token });
    expect(lang.body.language).toBe("en");
    await ctx.close();
  });
});

describe("phone width", () => {
  it("sign-in, sign-up and the home page fit 390 px and pass axe in both languages", async () => {
    for (const lang of ["jp", "en"] as const) {
      const ctx = await newContext(e.browser, lang, PHONE);
      const page = await ctx.newPage();
      await page.goto(`${base}/auth/client/sign-in`);
      await checkPage(page, `${lang}-phone-sign-in`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.goto(`${base}/auth/sign-up`);
      await checkPage(page, `${lang}-phone-sign-up`);
      await signInAs(page, base, "client", "client@example.com");
      await waitForPath(page, "/client");
      await checkPage(page, `${lang}-phone-client-home`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.getByRole("button", { name: /^(Open menu|メニューを開く)/ }).click();
      await checkPage(page, `${lang}-phone-drawer`);
      await ctx.close();
    }
  });
});
