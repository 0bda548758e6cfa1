import { type DataItemType, message } from "@mimamori/shared";
import type { Locator, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkPage, type E2e, signInAs, startE2e, waitForPath } from "./lib/app";
import { newContext, PHONE } from "./lib/browser";
import { personIn, trackUrls, waitForCleanUrl } from "./lib/urls";

// Issue 12 §6: a member uploads a vaccination photo and answers an item → shares both with an entity → staff see
// them on the member's page (and add an image) → the member sees the staff view in the item's history → the
// member stops sharing → staff see "No data". Plus the admin catalogue: add a type, see it on a member's list,
// delete it. Both languages, 390 px and desktop, axe on every page.

let e: E2e;
let base: string;
let vaccine: DataItemType;
let formItem: DataItemType;
let memberUid = "";
let types: DataItemType[] = [];

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 10_000 });
const seen = (page: Page | Locator, text: string | RegExp) => poll(() => page.getByText(text).count());
const HARBOR = "Harbor Logistics";
const MEMBER = "client@example.com";

/** Sets an account's stored language, which the web applies after sign-in. */
async function setLanguage(email: string, language: "jp" | "en") {
  const { idToken } = await e.t.signIn(email);
  const res = await e.t.call("PUT", "/user/language", { language }, { token: idToken });
  expect(res.status).toBe(200);
}

async function fitsPhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** A real photo, as a phone would upload it. */
const photo = (format: "jpeg" | "png", colour: { r: number; g: number; b: number }) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: colour } })
    [format]()
    .toBuffer();

beforeAll(async () => {
  e = await startE2e();
  base = e.t.url;
  const { idToken } = await e.t.signIn("admin@example.com");
  types = (await e.t.call("GET", "/admin/data-types", undefined, { token: idToken })).body as DataItemType[];
  const byKey = (key: string) => {
    const found = types.find((t) => t.key === key);
    if (!found) throw new Error(`seeded data type ${key} missing`);
    return found;
  };
  vaccine = byKey("covid19_vaccine");
  formItem = byKey("form_data_10");
  memberUid = (await e.t.signIn(MEMBER)).user.uid;
});
afterAll(() => e.close());

/** Answers the item's question in the add-answer dialog; gives the value the answers list then shows. */
async function answerQuestion(dialog: Locator, q: NonNullable<DataItemType["question"]>): Promise<string> {
  const first = [...q.options].sort((a, b) => a.order - b.order)[0];
  switch (q.question_type) {
    case 1:
      await dialog.getByRole("textbox").first().fill("とくに問題なし");
      return "とくに問題なし";
    case 2:
      await dialog.getByRole("textbox").first().fill("36.5");
      return "36.5";
    case 3:
      await dialog.getByRole("radio", { name: first?.text_jp }).check();
      return first?.text_jp ?? "";
    case 4:
      await dialog.getByRole("checkbox", { name: first?.text_jp }).check();
      return first?.text_jp ?? "";
    case 5:
      await dialog.locator('input[type="date"]').fill("2026-05-01");
      return "2026/05/01";
    default:
      throw new Error(`no e2e answer for question type ${q.question_type}`);
  }
}

/** Shares the open item with Harbor, after the dialog has said an entity is required. */
async function shareWithHarbor(page: Page) {
  await page.getByRole("button", { name: "エンティティと共有" }).click();
  const dialog = page.getByRole("dialog", { name: "エンティティと共有" });
  await dialog.getByRole("button", { name: "共有する" }).click();
  await seen(dialog, "エンティティを選択してください。").toBe(1);
  await dialog.getByRole("combobox", { name: /^エンティティ/ }).click();
  await page.getByRole("option", { name: HARBOR }).click();
  await dialog.getByRole("button", { name: "共有する" }).click();
  await seen(page, `${HARBOR} がこの項目を見られるようになりました。`).toBe(1);
  await poll(() =>
    page.getByRole("list", { name: "この項目を見られるエンティティ" }).textContent(),
  ).toContain(HARBOR);
}

async function signInAsStaff(page: Page) {
  await signInAs(page, base, "staff", "staff@example.com");
  await waitForPath(page, "/auth/staff/entity-select");
  await page.getByRole("combobox").click();
  await page.getByRole("option", { name: HARBOR }).click();
  await page.getByRole("button", { name: /^(ダッシュボードへ|Go to dashboard)$/ }).click();
  await waitForPath(page, /^\/staff\?workspace=harbor/);
}

describe("personal data: upload, answer, share, staff view, history, unshare", () => {
  it("a member on a phone (jp) uploads a vaccination photo and answers an item, and shares both with an entity", async () => {
    const ctx = await newContext(e.browser, "jp", PHONE);
    const page = await ctx.newPage();
    await signInAs(page, base, "client", MEMBER);
    await waitForPath(page, "/client");
    // the phone layout folds the menu away: the screen by its address
    await page.goto(`${base}/client/data`);
    await checkPage(page, "jp-client-data-phone");
    await fitsPhone(page);
    // DATA-01: every seeded type is listed with its description; nothing was changed yet
    for (const key of ["covid19_pcr_test", "covid19_vaccine", "form_data_10", "mobile_0509", "user_info"]) {
      expect(await page.getByText(key).count(), key).toBe(0); // keys are not shown, names are
    }
    await seen(page, vaccine.name_jp).toBeGreaterThan(0);
    await seen(page, vaccine.description_jp).toBeGreaterThan(0);

    await page.getByRole("link", { name: `${vaccine.name_jp} の詳細` }).click();
    await waitForPath(page, /^\/client\/data\/\d+$/);
    await poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(vaccine.name_jp);
    await seen(page, "画像はまだありません。書類の写真または PDF を追加してください。").toBe(1);
    await checkPage(page, "jp-client-data-image-phone");

    // DATA-05: the size (10 MB) and the type are checked before anything is sent
    await page.getByRole("button", { name: "画像を追加" }).click();
    const upload = page.getByRole("dialog", { name: "画像を追加" });
    const input = upload.locator('input[type="file"]');
    await input.setInputFiles({
      name: "scan.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.alloc(12 * 1024 * 1024, 0xff),
    });
    await seen(upload, "このファイルは 12 MB です。アップロードできるのは 10 MB までです。").toBe(1);
    await input.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await seen(upload, /この種類のファイルはアップロードできません。/).toBe(1);
    // the server is authoritative: a script named .jpg is refused by its content, and the dialog says why
    await input.setInputFiles({
      name: "photo.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from("#!/bin/sh\necho not a photo\n"),
    });
    await upload.getByRole("button", { name: "アップロード" }).click();
    await seen(upload, message("image-type-not-allowed", "jp")).toBe(1);
    await input.setInputFiles({
      name: "vaccination.jpg",
      mimeType: "image/jpeg",
      buffer: await photo("jpeg", { r: 40, g: 120, b: 200 }),
    });
    await seen(upload, /^vaccination\.jpg（/).toBe(1);
    await checkPage(page, "jp-client-data-upload-phone");
    await upload.getByRole("button", { name: "アップロード" }).click();
    await seen(page, "ファイルをアップロードしました。").toBe(1);
    const images = page.getByRole("list", { name: "あなたの画像と PDF" });
    await poll(() => images.getByRole("listitem").count()).toBe(1);
    // the thumbnail opens the full image
    await images.getByRole("button", { name: /を表示$/ }).click();
    const view = page.getByRole("dialog");
    await poll(() => view.getByRole("img").evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(
      640,
    );
    await checkPage(page, "jp-client-data-image-view-phone");
    await page.keyboard.press("Escape");
    await poll(() => page.getByRole("dialog").count()).toBe(0);

    // DATA-07, DATA-08: share with one of the member's entities (one must be chosen)
    await seen(page, "この項目は共有されていません。見られるのはあなただけです。").toBe(1);
    await shareWithHarbor(page);

    // DATA-04: the form item's question, answered through its own field
    await page.goto(`${base}/client/data`);
    await page.getByRole("link", { name: `${formItem.name_jp} の詳細` }).click();
    await waitForPath(page, /^\/client\/data\/\d+$/);
    await poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(formItem.name_jp);
    await seen(page, "まだ回答はありません。").toBe(1);
    await page.getByRole("button", { name: "回答を追加" }).click();
    const dialog = page.getByRole("dialog", { name: "回答を追加" });
    const question = formItem.question;
    if (!question) throw new Error("form_data_10 has no question");
    await seen(dialog, `1. ${question.text_jp}`).toBeGreaterThan(0);
    // empty: the question is required
    await dialog.getByRole("button", { name: "回答を保存" }).click();
    await seen(dialog, "必須項目が未入力です").toBe(1);
    const shown = await answerQuestion(dialog, question);
    await checkPage(page, "jp-client-data-answer-phone");
    await dialog.getByRole("button", { name: "回答を保存" }).click();
    await seen(page, "回答を保存しました。").toBe(1);
    await poll(() => page.getByRole("list", { name: "あなたの回答" }).textContent()).toContain(shown);
    await shareWithHarbor(page);
    await checkPage(page, "jp-client-data-form-phone");
    await fitsPhone(page);
    await ctx.close();
  });

  it("staff (jp, desktop) see both items on the member's page, view the photo and add one", async () => {
    const ctx = await newContext(e.browser, "jp");
    const urls = trackUrls(ctx);
    const page = await ctx.newPage();
    await signInAsStaff(page);
    await page
      .getByRole("navigation", { name: "メインメニュー" })
      .getByRole("link", { name: "ユーザー" })
      .click();
    await waitForPath(page, "/staff/users");
    await page.getByRole("link", { name: "データ（Tanaka Hanako さん）" }).click();
    // issue 28 §3: the member's id in the URL; the name and e-mail come from the API
    await waitForPath(page, new RegExp(`^/staff/users/${memberUid}\\?workspace=harbor$`));
    await poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Tanaka Hanako");
    await seen(page, MEMBER).toBeGreaterThan(0);
    // DATA-10, DATA-11: one card per shared item, and only those
    await poll(() => page.getByRole("heading", { level: 2 }).allTextContents()).toEqual(
      expect.arrayContaining([vaccine.name_jp, formItem.name_jp]),
    );
    expect(await page.getByRole("heading", { level: 2 }).count()).toBe(2);
    // DATA-12: the vaccination card lists the photo
    const images = page.getByRole("list", { name: `画像：${vaccine.name_jp}` });
    await poll(() => images.getByRole("listitem").count()).toBe(1);
    const answers = page.getByRole("list", { name: `回答：${formItem.name_jp}` });
    await poll(() => answers.getByRole("listitem").count()).toBe(1);
    await checkPage(page, "jp-staff-user-data");

    await images.getByRole("button", { name: /を表示$/ }).click();
    await poll(() =>
      page
        .getByRole("dialog")
        .getByRole("img")
        .evaluate((img) => (img as HTMLImageElement).naturalWidth),
    ).toBe(640);
    await page.keyboard.press("Escape");

    // DATA-13: staff add an image to a covid19 card
    await page.getByRole("button", { name: `画像を追加: ${vaccine.name_jp}` }).click();
    const upload = page.getByRole("dialog", { name: "画像を追加" });
    await upload.locator('input[type="file"]').setInputFiles({
      name: "certificate.png",
      mimeType: "image/png",
      buffer: await photo("png", { r: 20, g: 160, b: 90 }),
    });
    await upload.getByRole("button", { name: "アップロード" }).click();
    await seen(page, "ファイルをアップロードしました。").toBe(1);
    await poll(() => images.getByRole("listitem").count()).toBe(2);
    // no page or API call of the visit named the member
    expect(personIn(urls, "Tanaka Hanako", MEMBER)).toEqual([]);
    await ctx.close();
  });

  it("the member (en, desktop) sees the staff views in the item's history and stops sharing", async () => {
    await setLanguage(MEMBER, "en");
    const ctx = await newContext(e.browser, "en");
    const page = await ctx.newPage();
    await signInAs(page, base, "client", MEMBER);
    await waitForPath(page, "/client");
    // SHELL-06: Personal data sits in the client menu
    await page
      .getByRole("navigation", { name: "Main menu" })
      .getByRole("link", { name: "Personal data" })
      .click();
    await waitForPath(page, "/client/data");
    // DATA-01: last modified as relative time in the user's language
    const row = page.getByRole("row", { name: new RegExp(vaccine.name_en) });
    await poll(() => row.textContent()).toMatch(/now|minute/);
    await checkPage(page, "en-client-data");
    await page.getByRole("link", { name: `Details of ${vaccine.name_en}` }).click();
    await waitForPath(page, /^\/client\/data\/\d+$/);

    const history = page.getByRole("table", { name: "Staff access to this item" });
    await poll(() =>
      history.getByRole("row", { name: /Harbor Logistics.*Sato Staff.*Viewed/ }).count(),
    ).toBeGreaterThan(0);
    await poll(() => history.getByRole("row", { name: /Sato Staff.*Added an image/ }).count()).toBe(1);
    await seen(page, "Added by staff").toBe(1);
    await checkPage(page, "en-client-data-history");

    // DATA-09: stop sharing, after a confirmation that says what it means
    await page.getByRole("button", { name: `Stop sharing with ${HARBOR}` }).click();
    const confirm = page.getByRole("dialog", { name: `Stop sharing with ${HARBOR}?` });
    await seen(
      confirm,
      `Staff of ${HARBOR} will no longer see this item. You can share it again later.`,
    ).toBe(1);
    await checkPage(page, "en-client-data-unshare");
    await confirm.getByRole("button", { name: "Stop sharing" }).click();
    await seen(page, `${HARBOR} can no longer see this item.`).toBe(1);
    await seen(page, "This item is not shared. Only you can see it.").toBe(1);

    await page.goto(`${base}/client/data`);
    await page.getByRole("link", { name: `Details of ${formItem.name_en}` }).click();
    await waitForPath(page, /^\/client\/data\/\d+$/);
    await page.getByRole("button", { name: `Stop sharing with ${HARBOR}` }).click();
    await page
      .getByRole("dialog", { name: `Stop sharing with ${HARBOR}?` })
      .getByRole("button", { name: "Stop sharing" })
      .click();
    await seen(page, "This item is not shared. Only you can see it.").toBe(1);
    await page.setViewportSize(PHONE);
    await checkPage(page, "en-client-data-form-phone");
    await fitsPhone(page);
    await ctx.close();
  });

  it("staff (en, phone) then see No data on the member's page", async () => {
    await setLanguage("staff@example.com", "en");
    const ctx = await newContext(e.browser, "en", PHONE);
    const page = await ctx.newPage();
    await signInAsStaff(page);
    // an old link (a bookmark of an earlier version) with a name and an e-mail: they are not read, and the
    // address is replaced by the one without them; the member's name comes from the API
    const query = new URLSearchParams({
      name: "Someone Else",
      email: "someone@example.com",
      workspace: "harbor",
    });
    await page.goto(`${base}/staff/users/${memberUid}?${query}`);
    await waitForCleanUrl(page, "Someone Else", "someone@example.com");
    await waitForPath(page, new RegExp(`^/staff/users/${memberUid}\\?workspace=harbor$`));
    await poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Tanaka Hanako");
    await seen(page, MEMBER).toBeGreaterThan(0);
    await seen(page, "Someone Else").toBe(0);
    await seen(page, "No data").toBe(1);
    await seen(page, `Tanaka Hanako shares no personal data with ${HARBOR}.`).toBe(1);
    expect(await page.getByRole("heading", { level: 2 }).allTextContents()).toEqual(["No data"]);
    await checkPage(page, "en-staff-user-data-phone");
    await fitsPhone(page);
    await ctx.close();
  });
});

describe("the admin catalogue of data types", () => {
  it("an admin (jp) adds a form type, a member (en, phone) sees it on the list, the admin deletes it", async () => {
    // John holds an answer of mobile_0509: that type is in use
    const mobile = types.find((t) => t.key === "mobile_0509");
    if (!mobile?.question) throw new Error("seeded type mobile_0509 missing");
    const john = await e.t.signIn("client2@example.com");
    const answered = await e.t.call(
      "POST",
      `/user/questions/${mobile.question.id}/answer`,
      { value: "090-1234-5678" },
      { token: john.idToken },
    );
    expect(answered.status).toBe(201);
    const ctx = await newContext(e.browser, "jp");
    const page = await ctx.newPage();
    await signInAs(page, base, "admin", "admin@example.com");
    await waitForPath(page, "/admin");
    await page
      .getByRole("navigation", { name: "メインメニュー" })
      .getByRole("link", { name: "データ項目の種類" })
      .click();
    await waitForPath(page, "/admin/data-types");
    await poll(() => page.getByRole("row", { name: /covid19_vaccine/ }).count()).toBe(1);
    await checkPage(page, "jp-admin-data-types");

    await page.getByRole("button", { name: "種類を追加" }).click();
    const dialog = page.getByRole("dialog", { name: "データ項目の種類を追加" });
    // nothing filled: the required fields say so
    await dialog.getByRole("button", { name: "追加", exact: true }).click();
    await poll(() => dialog.getByText("この項目は必須です。").count()).toBe(3);
    await dialog.getByLabel(/^キー/).fill("blood_type");
    await dialog.getByRole("combobox", { name: /^形式/ }).click();
    await page.getByRole("option", { name: "質問への回答" }).click();
    await dialog.getByLabel(/^名前（日本語）/).fill("血液型");
    await dialog.getByLabel(/^名前（英語）/).fill("Blood type");
    await dialog.getByLabel(/^説明（英語）/).fill("Your ABO blood type, for emergencies.");
    await dialog.getByLabel(/^質問（日本語）/).fill("血液型を選んでください");
    await dialog.getByLabel(/^質問（英語）/).fill("Choose your blood type");
    await dialog.getByRole("combobox", { name: /^回答の種類/ }).click();
    await page.getByRole("option", { name: "単一選択（ラジオボタン）" }).click();
    await dialog.getByRole("button", { name: "選択肢を追加" }).click();
    await dialog.getByLabel(/^選択肢 1（日本語）/).fill("A型");
    await dialog.getByLabel(/^選択肢 1（英語）/).fill("Type A");
    await checkPage(page, "jp-admin-data-type-dialog");
    await dialog.getByRole("button", { name: "追加", exact: true }).click();
    await seen(page, "データ項目の種類を保存しました。").toBe(1);
    await poll(() => page.getByRole("row", { name: /blood_type/ }).count()).toBe(1);

    // a member sees the new type on their list, in their language
    const memberCtx = await newContext(e.browser, "en", PHONE);
    const member = await memberCtx.newPage();
    await signInAs(member, base, "client", "client2@example.com");
    await waitForPath(member, "/client");
    await member.goto(`${base}/client/data`);
    await poll(() => member.getByRole("link", { name: "Details of Blood type" }).count()).toBe(1);
    await seen(member, "Your ABO blood type, for emergencies.").toBe(1);
    await checkPage(member, "en-client-data-phone");

    // a type members hold data of cannot be deleted: the server's 409 is shown in the confirmation
    await page.getByRole("button", { name: `${mobile.name_jp} を削除` }).click();
    const refused = page.getByRole("dialog", { name: "このデータ項目の種類を削除しますか？" });
    await seen(refused, "1 人のメンバーがこの種類の項目を持っています。").toBe(1);
    await refused.getByRole("button", { name: "種類を削除" }).click();
    await seen(refused, message("data-type-in-use", "jp")).toBe(1);
    await checkPage(page, "jp-admin-data-type-in-use");
    await refused.getByRole("button", { name: "キャンセル" }).click();
    await poll(() => page.getByRole("dialog").count()).toBe(0);
    await poll(() => page.getByRole("row", { name: /mobile_0509/ }).count()).toBe(1);

    await page.getByRole("button", { name: "血液型 を削除" }).click();
    const confirm = page.getByRole("dialog", { name: "このデータ項目の種類を削除しますか？" });
    await seen(confirm, /「血液型」をすべてのメンバーの一覧から削除します。/).toBe(1);
    await confirm.getByRole("button", { name: "種類を削除" }).click();
    await seen(page, "データ項目の種類を削除しました。").toBe(1);
    await poll(() => page.getByRole("row", { name: /blood_type/ }).count()).toBe(0);

    await member.reload();
    await poll(() => member.getByRole("link", { name: `Details of ${vaccine.name_en}` }).count()).toBe(1);
    expect(await member.getByRole("link", { name: "Details of Blood type" }).count()).toBe(0);
    await memberCtx.close();
    await ctx.close();
  });
});
