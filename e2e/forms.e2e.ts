import { readFileSync } from "node:fs";
import type { Locator, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkPage, type E2e, signInAs, startE2e, waitForPath } from "./lib/app";
import { DESKTOP, networkQuiet, newContext, PHONE } from "./lib/browser";
import { expectNoPersonInUrl, waitForCleanUrl } from "./lib/urls";

// Issue 10 §8: staff builds a form with every question type, reorders by drag and by keyboard, previews and
// sends it to two members; both answer on a phone (one first misses a required question), one deletes and
// re-answers; staff reads the answers, deletes one and downloads the CSV. Mails go through the outbox worker to
// a real SMTP peer and their links are followed. axe on every page.

let e: E2e;
let base: string;
beforeAll(async () => {
  e = await startE2e({ jobs: true });
  base = e.t.url;
});
afterAll(() => e.close());

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 10_000 });
const seen = (page: Page | Locator, text: string | RegExp) => poll(() => page.getByText(text).count());
const FORM = "倉庫の朝の体調チェック";

async function menu(page: Page, name: string | RegExp) {
  await page
    .getByRole("navigation", { name: /^(Main menu|メインメニュー)$/ })
    .getByRole("link", { name })
    .click();
}

/** The texts of the question fields, in the editor's order. */
async function questionTexts(page: Page): Promise<string[]> {
  return page.getByLabel(/^質問文/).evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value));
}

/** Adds a question of `type` (the server's name of the type) with `text`, as the last question. */
async function addQuestion(page: Page, text: string, type: string, opts: { required?: boolean } = {}) {
  await page.getByRole("button", { name: "質問を追加" }).click();
  const card = page.getByRole("region", { name: /^質問 \d+$/ }).last();
  await card.getByLabel(/^質問文/).fill(text);
  await card.getByRole("combobox", { name: /^回答の種類/ }).click();
  await page.getByRole("option", { name: type, exact: true }).click();
  if (opts.required) await card.getByRole("switch", { name: "必須" }).check();
  return card;
}

async function addOptions(card: Locator, texts: string[]) {
  const fields = card.getByRole("textbox", { name: /^選択肢/ });
  for (const [i, text] of texts.entries()) {
    if ((await fields.count()) <= i) await card.getByRole("button", { name: "選択肢を追加" }).click();
    await fields.nth(i).fill(text);
  }
}

async function signInAsStaff(page: Page) {
  await signInAs(page, base, "staff", "staff@example.com");
  await waitForPath(page, "/auth/staff/entity-select");
  await page.getByRole("combobox").click();
  await page.getByRole("option", { name: "Harbor Logistics" }).click();
  await page.getByRole("button", { name: /^ダッシュボードへ$/ }).click();
  await waitForPath(page, /^\/staff\?workspace=harbor/);
}

let formPath = "";

describe("questionnaires: build, send, answer, read (jp staff, jp and en members)", () => {
  it("staff builds a form with every question type, reorders it by mouse and keyboard, previews and sends it", async () => {
    const ctx = await newContext(e.browser, "jp");
    const page = await ctx.newPage();
    await signInAsStaff(page);
    await menu(page, "フォーム");
    await waitForPath(page, "/staff/form");
    await checkPage(page, "jp-staff-forms");
    await page.getByRole("link", { name: "新しいフォーム" }).first().click();
    await waitForPath(page, "/staff/form/create");

    // three tabs, Save and Send above them; Answers says there is no response yet; Settings has the default box
    await poll(() => page.getByRole("tab").allTextContents()).toEqual(["質問", "回答", "設定"]);
    const saveBox = await page.getByRole("button", { name: "保存" }).boundingBox();
    const sendBox = await page.getByRole("button", { name: "送信" }).boundingBox();
    const tabsBox = await page.getByRole("tablist").boundingBox();
    if (!saveBox || !sendBox || !tabsBox) throw new Error("editor buttons or tabs not visible");
    expect(saveBox.y + saveBox.height).toBeLessThanOrEqual(tabsBox.y);
    expect(sendBox.y + sendBox.height).toBeLessThanOrEqual(tabsBox.y);
    await page.getByRole("tab", { name: "回答" }).click();
    await seen(page, "回答はまだありません。フォームを送信して回答されると、ここに表示されます。").toBe(1);
    await page.getByRole("tab", { name: "設定" }).click();
    await poll(() => page.getByRole("checkbox", { name: "このフォームをデフォルトにする" }).isChecked()).toBe(
      false,
    );
    await page.getByRole("tab", { name: "質問" }).click();

    // a new form starts with one non-required short-text question
    await poll(() => page.getByRole("region", { name: /^質問 \d+$/ }).count()).toBe(1);
    const first = page.getByRole("region", { name: "質問 1" });
    await poll(() => first.getByRole("switch", { name: "必須" }).isChecked()).toBe(false);
    await poll(() => first.getByRole("combobox", { name: /^回答の種類/ }).textContent()).toContain(
      "記述式（短文）",
    );

    // name and description are required before save or send (FORM-24): no form request leaves the page
    let formPosts = 0;
    const countFormPosts = (r: { method(): string; url(): string }) => {
      if (r.method() === "POST" && /^\/api\/staff\/[^/]+\/forms/.test(new URL(r.url()).pathname)) formPosts++;
    };
    page.on("request", countFormPosts);
    await page.getByRole("button", { name: "送信" }).click();
    await poll(() =>
      page.getByLabel(/^フォーム名/).evaluate((el) => (el as HTMLInputElement).validity.valueMissing),
    ).toBe(true);
    expect(await page.getByRole("dialog", { name: "フォームを送信" }).count()).toBe(0);
    await page.getByRole("button", { name: "保存" }).click();
    await poll(() =>
      page.getByLabel(/^フォーム名/).evaluate((el) => (el as HTMLInputElement).validity.valueMissing),
    ).toBe(true);
    // the browser's validity check stopped the save: nothing saved, still the create page
    await page.waitForTimeout(500);
    expect(await page.getByText("保存しました。").count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe("/staff/form/create");
    expect(formPosts).toBe(0);
    page.off("request", countFormPosts);

    await page.getByLabel(/^フォーム名/).fill(FORM);
    await page.getByLabel(/^説明/).fill("シフト前に体調を教えてください。");
    await first.getByLabel(/^質問文/).fill("気になることがあれば書いてください");
    await addQuestion(page, "今朝の体温（℃）", "数値", { required: true });
    const feeling = await addQuestion(page, "今日の体調", "単一選択（ラジオボタン）", { required: true });
    await addOptions(feeling, ["良い", "普通", "悪い"]);
    // only one empty option row at a time
    await feeling.getByRole("button", { name: "選択肢を追加" }).click();
    await poll(() => feeling.getByRole("button", { name: "選択肢を追加" }).isDisabled()).toBe(true);
    await feeling.getByRole("button", { name: /^選択肢 4 .*を削除$/ }).click();
    const symptoms = await addQuestion(page, "当てはまる症状", "複数選択（チェックボックス）");
    await addOptions(symptoms, ["せき", "頭痛"]);
    await addQuestion(page, "最後に水を飲んだ日", "日付");
    await addQuestion(page, "起床時刻", "時刻（24時間）");
    await addQuestion(page, "シフト開始", "日時（24時間）");
    // a question can be deleted
    await addQuestion(page, "削除する質問", "記述式（短文）");
    await page.getByRole("button", { name: "質問 8 を削除" }).click();
    expect(await questionTexts(page)).toEqual([
      "気になることがあれば書いてください",
      "今朝の体温（℃）",
      "今日の体調",
      "当てはまる症状",
      "最後に水を飲んだ日",
      "起床時刻",
      "シフト開始",
    ]);

    // keyboard: lift question 1 with Space, move it down two places, drop it
    // each step waits for dnd-kit's screen-reader announcement. An arrow pressed before dnd-kit has measured
    // the lifted list moves nothing and announces nothing (a slow CI machine hits this), so an arrow whose
    // announcement has not come within two seconds is pressed again.
    const announced = page.locator('[id^="DndLiveRegion"]');
    const announcement = async () => (await announced.textContent()) ?? "";
    await page.getByRole("button", { name: "質問 1 を移動" }).focus();
    for (const [key, said] of [
      ["Space", /を持ち上げました|は 1 番目/],
      ["ArrowDown", /は 2 番目/],
      ["ArrowDown", /は 3 番目/],
      ["Space", /を 3 番目/],
    ] as const) {
      const before = await announcement();
      await page.keyboard.press(key);
      if (key === "ArrowDown") {
        for (let retry = 0; retry < 3; retry++) {
          const moved = await expect
            .poll(announcement, { timeout: 2_000 })
            .toMatch(said)
            .then(() => true)
            .catch(() => false);
          if (moved || (await announcement()) !== before) break;
          await page.keyboard.press(key);
        }
      }
      await poll(announcement).toMatch(said);
    }
    await poll(async () => (await questionTexts(page)).slice(0, 3)).toEqual([
      "今朝の体温（℃）",
      "今日の体調",
      "気になることがあれば書いてください",
    ]);
    // mouse: drag question 2 above question 1 (both handles on screen)
    await page.setViewportSize({ width: 1280, height: 1400 });
    await page.getByRole("button", { name: "質問 1 を移動" }).scrollIntoViewIfNeeded();
    const from = await page.getByRole("button", { name: "質問 2 を移動" }).boundingBox();
    const to = await page.getByRole("button", { name: "質問 1 を移動" }).boundingBox();
    if (!from || !to) throw new Error("drag handles not visible");
    // each phase waits for its announcement, so a slow machine cannot drop before the list has moved
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 5 });
    await poll(announcement).toMatch(/質問 2（全7件）を持ち上げました|質問 2 は/);
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 20, { steps: 15 });
    await poll(announcement).toMatch(/質問 2 は 1 番目/);
    await page.mouse.up();
    await poll(announcement).toMatch(/質問 2 を 1 番目/);
    await page.setViewportSize({ width: 1280, height: 800 });
    await poll(async () => (await questionTexts(page)).slice(0, 3)).toEqual([
      "今日の体調",
      "今朝の体温（℃）",
      "気になることがあれば書いてください",
    ]);
    await checkPage(page, "jp-staff-form-editor");

    await page.getByRole("button", { name: "保存" }).click();
    await seen(page, "保存しました。").toBe(1);
    await waitForPath(page, /^\/staff\/form\/\d+\/history/);
    formPath = new URL(page.url()).pathname;
    // the saved form's page loads it again: let it settle before opening dialogs on it
    await networkQuiet(page);
    await poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(FORM);

    // preview: the form as a member sees it, in either language
    await page.getByRole("button", { name: "プレビュー" }).click();
    const preview = page.getByRole("dialog");
    await seen(preview, FORM).toBeGreaterThan(0);
    await seen(preview, "今日の体調").toBeGreaterThan(0);
    await preview.getByRole("button", { name: "English" }).click();
    await seen(preview, "Questions marked * are required.").toBeGreaterThan(0);
    await checkPage(page, "jp-staff-form-preview");
    await page.keyboard.press("Escape");

    // send to both Harbor members
    const mailsBefore = e.t.smtp.mails.length;
    await page.getByRole("button", { name: "送信" }).click();
    const send = page.getByRole("dialog", { name: "フォームを送信" });
    await send.getByRole("checkbox", { name: /^すべて選択（2人）/ }).check();
    await checkPage(page, "jp-staff-form-send");
    await send.getByRole("button", { name: "送信（2人）" }).click();
    await seen(page, "2人にフォームを送信しました。").toBe(1);
    const jpMail = await e.t.smtp.waitFor("client@example.com", mailsBefore, 15_000);
    const enMail = await e.t.smtp.waitFor("client2@example.com", mailsBefore, 15_000);
    expect(jpMail.subject).toBe("【Mimamori】Harbor Logistics からフォームへの回答のお願い");
    expect(jpMail.text).toContain(FORM);
    expect(enMail.subject).toContain("Harbor Logistics");
    expect(jpMail.text).toMatch(/\/client\/forms\/\d+\/detail/);
    await ctx.close();
  });

  it("a member on a phone (en) is told about a missed required question, then answers", async () => {
    const mail = e.t.smtp.mails.find(
      (m) => m.to.includes("client2@example.com") && m.text.includes("/client/forms/"),
    );
    const link = /https?:\/\/\S+\/client\/forms\/\d+\/detail\S*/.exec(mail?.text ?? "")?.[0];
    if (!link) throw new Error("no form link in the mail");
    const ctx = await newContext(e.browser, "en", PHONE);
    const page = await ctx.newPage();
    await page.goto(link);
    await waitForPath(page, "/auth/client/sign-in");
    await page.getByLabel(/^Email address/).fill("client2@example.com");
    await page.getByLabel(/^Password/).fill("mimamori-demo");
    await page.getByRole("button", { name: /^Sign in$/ }).click();
    await waitForPath(page, /^\/client\/forms\/\d+\/detail/);
    await checkPage(page, "en-client-form-detail-phone");
    await page
      .getByRole("link", { name: /^Answer the request of/ })
      .first()
      .click();
    await waitForPath(page, /^\/client\/forms\/\d+\/detail\/answer/);
    await checkPage(page, "en-client-form-answer-phone");

    // the temperature (required) is left empty
    await page.getByRole("radio", { name: "普通" }).check();
    await page.getByRole("button", { name: "Submit answers" }).click();
    await seen(page, "Please answer all required questions").toBe(1);
    await seen(page, "required field not filled").toBeGreaterThan(0);
    // the first unanswered required question is focused (and so scrolled to)
    const temp = page.getByLabel(/今朝の体温/);
    await poll(() => temp.evaluate((el) => el === document.activeElement)).toBe(true);
    await poll(() => temp.isVisible()).toBe(true);
    // Enter in a short-text field does not submit either
    const note = page.getByLabel(/気になることがあれば/);
    await note.fill("特になし");
    await note.press("Enter");
    await poll(() => page.url()).toContain("/detail/answer");
    // Enter in a number field does not submit the form
    await temp.fill("36.8");
    await temp.press("Enter");
    await poll(() => page.url()).toContain("/detail/answer");
    await page.getByRole("checkbox", { name: "頭痛" }).check();
    await page.getByRole("button", { name: "Submit answers" }).click();
    await waitForPath(page, "/client/forms");
    await seen(page, "Thank you. Your answers were sent.").toBe(1);
    await checkPage(page, "en-client-forms-phone");
    await ctx.close();
  });

  it("a member on a phone (jp) answers, deletes the answer and answers again", async () => {
    const ctx = await newContext(e.browser, "jp", PHONE);
    const page = await ctx.newPage();
    await signInAs(page, base, "client", "client@example.com");
    await waitForPath(page, "/client");
    // the phone layout folds the menu away: the Forms screen by its address
    await page.goto(`${base}/client/forms`);
    await checkPage(page, "jp-client-forms-phone");
    // the card: name, entity, creation date, one request to answer
    const card = page.getByRole("link", { name: new RegExp(FORM) }).first();
    const cardText = await card.textContent();
    expect(cardText).toContain("Harbor Logistics");
    expect(cardText).toMatch(/作成日 \d{4}\/\d{2}\/\d{2}/);
    expect(cardText).toContain("未回答 1 件");
    await card.click();
    await waitForPath(page, /^\/client\/forms\/\d+\/detail/);
    const detail = page.url();
    // each request names its entity and date
    await seen(page, "Harbor Logistics").toBeGreaterThan(0);
    await seen(page, /^依頼日時 \d{4}\/\d{2}\/\d{2}/).toBe(1);

    const answer = async () => {
      await page
        .getByRole("link", { name: /の依頼に回答/ })
        .first()
        .click();
      await waitForPath(page, /\/detail\/answer/);
      await page.getByRole("radio", { name: "良い" }).check();
      await page.getByLabel(/今朝の体温/).fill("36.5");
      await page.getByRole("checkbox", { name: "せき" }).check();
      // FORM-07: the short text, date, 24 h time and date-time inputs, typed as a person would
      await page.getByLabel(/気になることがあれば/).fill("少し頭が重い");
      await page.getByLabel(/最後に水を飲んだ日/).fill("2026-11-22");
      await page.getByLabel(/起床時刻/).fill("6:30");
      const shift = page.getByRole("group", { name: /シフト開始/ });
      await shift.getByLabel("日付").fill("2026-11-23");
      await shift.getByLabel("時刻").fill("08:00");
      await page.getByRole("button", { name: /^回答を送信/ }).click();
      await waitForPath(page, "/client/forms");
      await seen(page, "ご回答ありがとうございました。回答を送信しました。").toBe(1);
    };
    await answer();
    // answered: the form is now under Answer History
    await page.getByRole("tab", { name: /^回答履歴/ }).click();
    await poll(() => page.getByRole("link", { name: new RegExp(FORM) }).count()).toBe(1);
    await page.goto(detail);
    await page
      .getByRole("link", { name: /回答を見る$/ })
      .first()
      .click();
    await waitForPath(page, /\/detail\/show-answer/);
    await poll(() => page.getByRole("radio", { name: "良い" }).isChecked()).toBe(true);
    await poll(() => page.getByRole("radio", { name: "良い" }).isDisabled()).toBe(true);
    // read-only: the form's name and description, every answer in a disabled field
    await poll(() => page.getByRole("heading", { name: FORM }).count()).toBeGreaterThan(0);
    await seen(page, "シフト前に体調を教えてください。").toBe(1);
    const shownTemp = page.getByLabel(/今朝の体温/);
    await poll(() => shownTemp.inputValue()).toBe("36.5");
    await poll(() => shownTemp.isDisabled()).toBe(true);
    await poll(() => page.getByLabel(/気になることがあれば/).inputValue()).toBe("少し頭が重い");
    await poll(() => page.getByLabel(/最後に水を飲んだ日/).inputValue()).toBe("2026/11/22");
    // typed as 6:30, stored and shown as HH:mm
    await poll(() => page.getByLabel(/起床時刻/).inputValue()).toBe("06:30");
    // read-only answers are one field each, dates in the page's language
    await poll(() => page.getByLabel(/シフト開始/).inputValue()).toBe("2026/11/23 08:00");
    await checkPage(page, "jp-client-form-show-answer-phone");
    await page.goBack();
    // FORM-52: a deletion the server refuses is told in the dialog, and the lists are read again all the same
    let historyReads = 0;
    page.on("request", (r) => {
      if (r.method() === "GET" && /\/api\/user\/forms\/\d+\/history$/.test(new URL(r.url()).pathname))
        historyReads++;
    });
    const answerCall = /\/api\/user\/forms\/\d+\/\d+\/answer$/;
    const refuseDelete = (route: Route) =>
      route.request().method() === "DELETE"
        ? route.fulfill({
            status: 500,
            contentType: "application/json",
            body: JSON.stringify({ code: "failed", detail: "失敗しました。" }),
          })
        : route.fallback();
    await page.route(answerCall, refuseDelete);
    await page
      .getByRole("button", { name: /回答を削除/ })
      .first()
      .click();
    const dialog = page.getByRole("dialog");
    await seen(dialog, /元に戻せません/).toBe(1);
    const readsBefore = historyReads;
    await dialog.getByRole("button", { name: /回答を削除/ }).click();
    await seen(dialog, "失敗しました。").toBe(1);
    await poll(() => historyReads).toBeGreaterThan(readsBefore);
    await page.unroute(answerCall, refuseDelete);
    // the answer is still there: deleting again goes through
    await dialog.getByRole("button", { name: /回答を削除/ }).click();
    await seen(page, "回答を削除しました。依頼は「新しいフォーム」に戻りました。").toBe(1);
    await poll(() => page.getByRole("link", { name: /の依頼に回答/ }).count()).toBe(1);
    await answer();
    await ctx.close();
  });

  it("staff reads the answers, deletes one and downloads the CSV", async () => {
    const ctx = await newContext(e.browser, "jp");
    const page = await ctx.newPage();
    await signInAsStaff(page);
    await page.goto(`${base}${formPath}?workspace=harbor`);
    await page.getByRole("tab", { name: "回答" }).click();
    await seen(page, "John Smith").toBeGreaterThan(0);
    await seen(page, "Tanaka Hanako").toBeGreaterThan(0);
    // a member's row: e-mail, last requested date, answered/total
    const tanakaRow = page.getByRole("row", { name: /Tanaka Hanako/ }).first();
    const rowText = await tanakaRow.textContent();
    expect(rowText).toContain("client@example.com");
    expect(rowText).toMatch(/\d{4}\/\d{2}\/\d{2}/);
    expect(rowText).toContain("1/1");
    await checkPage(page, "jp-staff-form-answers");

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: /CSV/ }).click();
    const file = await (await download).path();
    const csv = readFileSync(file, "utf8");
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.slice(1).trim().split(/\r?\n/);
    expect(lines).toHaveLength(3); // header + one row per member and sent order
    expect(lines[0]).toContain("今日の体調");
    const tanaka = lines.find((l) => l.includes("client@example.com")) ?? "";
    expect(tanaka).toMatch(/\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}/);
    expect(tanaka).toContain("良い");
    expect(tanaka).toContain("36.5");
    const john = lines.find((l) => l.includes("client2@example.com")) ?? "";
    expect(john).toContain("頭痛");

    // open Tanaka's answer read-only, then back to the Answers tab
    await page.getByRole("button", { name: "Tanaka Hanako さんへの依頼を表示" }).click();
    // the request history: order, sent date, answered
    const requests = page.getByRole("list", { name: "Tanaka Hanako さんへの依頼" });
    await seen(requests, "依頼 1").toBeGreaterThan(0);
    await seen(requests, /^送信 \d{4}\/\d{2}\/\d{2}/).toBeGreaterThan(0);
    await seen(requests, "回答済み").toBeGreaterThan(0);
    await page.getByRole("button", { name: "Tanaka Hanako さんの依頼 1 への回答を開く" }).click();
    await waitForPath(page, /^\/staff\/form\/\d+\/history\/answer/);
    await poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Tanaka Hanako さんの回答");
    await poll(() => page.getByRole("radio", { name: "良い" }).isChecked()).toBe(true);
    await poll(() => page.getByRole("radio", { name: "良い" }).isDisabled()).toBe(true);
    // issue 28 §3: ids in the URL; the name and e-mail shown come from the API
    expectNoPersonInUrl(page, "Tanaka Hanako", "client@example.com");
    await seen(page, "client@example.com").toBe(1);
    await checkPage(page, "jp-staff-form-answer");
    // an old link with user_name and user_email (here wrong ones), on a phone in English: they are not read
    // and leave the address; the page names the member from the API
    const answerUrl = page.url();
    const switchTo = async (language: string) => {
      await networkQuiet(page);
      await page
        .getByRole("button", { name: /^(Language|言語)/ })
        .first()
        .click();
      await page.getByRole("menuitem", { name: language }).click();
    };
    await page.setViewportSize(PHONE);
    await switchTo("English");
    const old = new URLSearchParams({ user_name: "Someone Else", user_email: "someone@example.com" });
    await page.goto(`${answerUrl}&${old}`);
    await waitForCleanUrl(page, "Someone Else", "someone@example.com");
    expect(page.url()).toBe(answerUrl);
    await poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Answer of Tanaka Hanako");
    await seen(page, "client@example.com").toBe(1);
    await seen(page, "Someone Else").toBe(0);
    await checkPage(page, "en-staff-form-answer-phone");
    await switchTo("日本語");
    await poll(() => page.evaluate(() => document.documentElement.lang)).toBe("ja");
    await page.setViewportSize(DESKTOP);
    await page.getByRole("link", { name: "回答一覧に戻る" }).click();
    await poll(() => page.getByRole("tab", { name: "回答" }).getAttribute("aria-selected")).toBe("true");

    // delete John's answer: his request is then unanswered
    await page.getByRole("button", { name: "John Smith さんへの依頼を表示" }).click();
    await page.getByRole("button", { name: "John Smith さんの依頼 1 への回答を削除" }).click();
    const dialog = page.getByRole("dialog");
    await seen(dialog, /元に戻せません/).toBe(1);
    await dialog.getByRole("button", { name: "回答を削除" }).click();
    await seen(page, "回答を削除しました。").toBeGreaterThan(0);
    await seen(page, "依頼 2 件中 1 件回答済み").toBe(1);
    await ctx.close();
  });
  it("staff keeps a question bank, duplicates and deletes forms, and is told when saving or sending fails", async () => {
    const ctx = await newContext(e.browser, "jp");
    const page = await ctx.newPage();
    await signInAsStaff(page);
    await page.goto(`${base}/staff/form?workspace=harbor`);

    // the form's card: id, name, entity, creation date, answer progress, editable chip
    const card = page.getByRole("article", { name: FORM });
    await poll(() => card.textContent()).toContain("1/2 回答済み");
    const cardText = (await card.textContent()) ?? "";
    expect(cardText).toMatch(/ID \d+/);
    expect(cardText).toContain("Harbor Logistics");
    expect(cardText).toMatch(/作成日\s*\d{4}\/\d{2}\/\d{2}/);
    expect(cardText).toContain("編集可");

    // duplicate: a temporary card whose name is edited in place, then saved as a copy
    await page.getByRole("button", { name: `${FORM}を複製` }).click();
    const copyName = page.getByRole("textbox", { name: /^コピーの名前/ });
    await poll(() => copyName.inputValue()).toBe(`${FORM}のコピー`);
    await copyName.fill("夏季版の体調チェック");
    await copyName.press("Enter");
    await seen(page, "「夏季版の体調チェック」をコピーとして作成しました。").toBe(1);
    await poll(() => page.getByRole("article", { name: "夏季版の体調チェック" }).count()).toBe(1);
    await page.mouse.move(0, 0); // the hover tooltip of the Duplicate button is a popup outside the landmarks
    await checkPage(page, "jp-staff-forms-duplicated");

    // delete the copy, after a confirmation that says it cannot be undone
    await page.getByRole("button", { name: "夏季版の体調チェックを削除" }).click();
    const confirm = page.getByRole("dialog", { name: "このフォームを削除しますか？" });
    await seen(confirm, /この操作は元に戻せません。/).toBe(1);
    await confirm.getByRole("button", { name: "削除" }).click();
    await seen(page, "「夏季版の体調チェック」を削除しました。").toBe(1);
    await poll(() => page.getByRole("article", { name: "夏季版の体調チェック" }).count()).toBe(0);

    // the saved form's page has the same three tabs
    await page.getByRole("link", { name: `${FORM}を開く` }).click();
    await waitForPath(page, /^\/staff\/form\/\d+\/history/);
    await poll(() => page.getByRole("tab").allTextContents()).toEqual(["質問", "回答", "設定"]);
    await networkQuiet(page);

    // a failed save says so
    const formUrl = /\/api\/staff\/harbor\/forms\/\d+$/;
    await page.route(formUrl, (route) =>
      route.request().method() === "PUT"
        ? route.fulfill({
            status: 500,
            contentType: "application/json",
            body: '{"detail":"x","code":"unknown-error"}',
          })
        : route.fallback(),
    );
    await page.getByLabel(/^説明/).fill("シフト前に体調を教えてください。（改訂）");
    await page.getByRole("button", { name: "保存" }).click();
    await seen(page, "保存に失敗しました。").toBe(1);
    await page.unroute(formUrl);

    // a failed send closes the dialog and goes back to the forms list
    await page.route(formUrl, (route) =>
      route.request().method() === "POST"
        ? route.fulfill({
            status: 500,
            contentType: "application/json",
            body: '{"detail":"x","code":"unknown-error"}',
          })
        : route.fallback(),
    );
    await page.getByRole("button", { name: "送信" }).click();
    const send = page.getByRole("dialog", { name: "フォームを送信" });
    await send.getByRole("checkbox", { name: /^すべて選択（2人）/ }).check();
    await send.getByRole("button", { name: "送信（2人）" }).click();
    await waitForPath(page, /^\/staff\/form(\?|$)/);
    await poll(() => page.getByRole("dialog").count()).toBe(0);
    await page.unroute(formUrl);

    // the question bank: add, edit, delete
    await page.getByRole("link", { name: "質問バンク" }).click();
    await waitForPath(page, "/staff/questions");
    await page.getByRole("button", { name: "質問を追加" }).click();
    const add = page.getByRole("dialog", { name: "質問を追加" });
    await add.getByLabel(/^質問文/).fill("昨夜の睡眠時間");
    await add.getByRole("combobox", { name: /^回答の種類/ }).click();
    await page.getByRole("option", { name: "数値", exact: true }).click();
    await add.getByRole("button", { name: "追加" }).click();
    await seen(page, "質問を追加しました。").toBe(1);
    const row = page.getByRole("row", { name: /昨夜の睡眠時間/ });
    await poll(() => row.textContent()).toContain("数値");
    await checkPage(page, "jp-staff-questions");
    await page.getByRole("button", { name: "昨夜の睡眠時間を編集" }).click();
    const edit = page.getByRole("dialog", { name: "質問を編集" });
    await edit.getByLabel(/^質問文/).fill("昨夜の睡眠時間（時間）");
    await edit.getByRole("button", { name: "保存" }).click();
    await poll(() => page.getByRole("row", { name: /昨夜の睡眠時間（時間）/ }).count()).toBe(1);
    await page.getByRole("button", { name: "昨夜の睡眠時間（時間）を削除" }).click();
    await page
      .getByRole("dialog", { name: "この質問を削除しますか？" })
      .getByRole("button", { name: "削除" })
      .click();
    await seen(page, "質問を削除しました。").toBe(1);
    await poll(() => page.getByRole("row", { name: /昨夜の睡眠時間/ }).count()).toBe(0);
    await ctx.close();
  });
});
