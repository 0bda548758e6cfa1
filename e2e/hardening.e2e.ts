import { message } from "@mimamori/shared";
import { PDFName, PDFString } from "pdf-lib";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actionRef, compressedPdf, smallPng } from "../apps/server/src/features/data-items/test-files";
import { checkPage, type E2e, signInAs, startE2e, waitForPath } from "./lib/app";
import { newContext, PHONE } from "./lib/browser";

// Issue 29 §5 in Chromium (both languages, 390 px too, axe on every page): a super user adding an existing account
// as staff of an entity that has staff sends an invitation and the admin screen says so; a PDF that runs
// JavaScript is refused with the server's message; a file name with a right-to-left override shows without it.

let e: E2e;
let base: string;
beforeAll(async () => {
  e = await startE2e();
  base = e.t.url;
});
afterAll(() => e.close());

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 10_000 });
const seen = (page: Page | Locator, text: string | RegExp) => poll(() => page.getByText(text).count());

async function storeLanguage(email: string, language: "jp" | "en") {
  const { idToken } = await e.t.signIn(email);
  expect((await e.t.call("PUT", "/user/language", { language }, { token: idToken })).status).toBe(200);
}

async function addStaff(page: Page, workspace: string, email: string, label: RegExp, button: string) {
  await page.goto(`${base}/admin/entities/${workspace}`);
  const field = page.getByLabel(label);
  await field.fill(email);
  await page.getByRole("button", { name: button }).click();
}

describe("a super user adds staff to an entity that has staff: an invitation", () => {
  it("says the invitation was sent (jp), lists the person as invited, mails them; no staff access yet", async () => {
    await storeLanguage("admin@example.com", "jp");
    const ctx = await newContext(e.browser, "jp");
    const page = await ctx.newPage();
    await signInAs(page, base, "admin", "admin@example.com");
    await waitForPath(page, "/admin");
    const before = e.t.smtp.mails.length;
    await addStaff(
      page,
      "sakura",
      "client2@example.com",
      /^既存アカウントのメールアドレス/,
      "スタッフを追加",
    );
    await seen(page, "client2@example.com に招待を送りました。承諾されるとスタッフになります。").toBe(1);
    const staffTable = page.getByRole("table", { name: "スタッフ" });
    await poll(() =>
      staffTable.getByRole("row").filter({ hasText: "client2@example.com" }).textContent(),
    ).toContain("招待中");
    await checkPage(page, "jp-admin-staff-invitation-sent");
    const mail = await e.t.smtp.waitFor("client2@example.com", before);
    expect(mail.subject).toBe("[Mimamori] Invitation to join さくら介護センター as staff");
    const { idToken } = await e.t.signIn("client2@example.com");
    expect((await e.t.call("POST", "/staff/sakura/login", undefined, { token: idToken })).status).toBe(403);
    await ctx.close();
  });

  it("says it in English at phone width", async () => {
    await storeLanguage("admin@example.com", "en");
    const ctx = await newContext(e.browser, "en", PHONE);
    const page = await ctx.newPage();
    await signInAs(page, base, "admin", "admin@example.com");
    await waitForPath(page, "/admin");
    await addStaff(
      page,
      "harbor",
      "client3@example.com",
      /^Email address of an existing account/,
      "Add staff",
    );
    await seen(
      page,
      "An invitation was sent to client3@example.com. They become staff once they accept it.",
    ).toBe(1);
    await checkPage(page, "en-phone-admin-staff-invitation-sent");
    await ctx.close();
  });
});

/** The client's covid19_vaccine item (an image item), by id. */
async function vaccineItem(token: string) {
  const list = await e.t.call("GET", "/user/data", undefined, { token });
  return (list.body.data as { id: number; key: string }[]).find((i) => i.key === "covid19_vaccine")?.id;
}

describe("uploads: PDFs with active content and file names with bidirectional controls", () => {
  for (const [lang, viewport, shot] of [
    ["jp", PHONE, "jp-phone-client-data-pdf-refused"],
    ["en", undefined, "en-client-data-pdf-refused"],
  ] as const) {
    it(`refuses a PDF whose opening runs JavaScript, saying why (${lang}); a reversed name shows plain`, async () => {
      await storeLanguage("client@example.com", lang);
      const { idToken } = await e.t.signIn("client@example.com");
      const id = await vaccineItem(idToken);
      const ctx = await newContext(e.browser, lang, viewport);
      const page = await ctx.newPage();
      await signInAs(page, base, "client", "client@example.com");
      await waitForPath(page, "/client");
      await page.goto(`${base}/client/data/${id}`);
      const add = lang === "jp" ? "画像を追加" : "Add image";
      await page.getByRole("button", { name: add }).click();
      const dialog = page.getByRole("dialog", { name: lang === "jp" ? "画像を追加" : "Add an image" });
      const input = dialog.locator('input[type="file"]');
      const pdf = await compressedPdf((doc) => {
        const js = actionRef(doc, { S: "JavaScript", JS: PDFString.of("app.alert(1)") });
        doc.catalog.set(PDFName.of("OpenAction"), js);
      });
      await input.setInputFiles({ name: "result.pdf", mimeType: "application/pdf", buffer: pdf });
      await dialog.getByRole("button", { name: lang === "jp" ? "アップロード" : "Upload" }).click();
      await seen(dialog, message("pdf-active-content", lang)).toBe(1);
      await checkPage(page, shot);
      // a name that would show reversed: stored and shown without the override
      await input.setInputFiles({
        name: `${lang}\u202Egnp.exe.png`,
        mimeType: "image/png",
        buffer: await smallPng(),
      });
      await dialog.getByRole("button", { name: lang === "jp" ? "アップロード" : "Upload" }).click();
      await poll(() => page.getByRole("dialog").count()).toBe(0);
      await seen(page, `${lang}gnp.exe.png`).toBeGreaterThan(0);
      await ctx.close();
    });
  }
});
