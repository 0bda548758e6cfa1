import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkPage, type E2e, signInAs, startE2e, switchLanguage, waitForPath } from "./lib/app";
import { DESKTOP, newContext, PHONE } from "./lib/browser";

// Issue 29 §5: the limits a sender must not pass, as staff meet them. A form was sent to a member today and has a
// daily recurring send: staff try to send it to her again and to add a second recurring send, and read why both
// are refused (jp on a desktop, en at 390 px). The entity has 14 forms: the forms list shows them a page at a time.
// axe on every page.

let e: E2e;
let base: string;
let formId = 0;
const FORM = "朝の体調チェック";
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 10_000 });

beforeAll(async () => {
  e = await startE2e();
  base = e.t.url;
  const staff = { token: (await e.t.signIn("staff@example.com")).idToken };
  const members = await e.t.call("GET", "/staff/harbor/users", undefined, staff);
  const tanaka = members.body.find((m: { email: string }) => m.email === "client@example.com").uid;
  const form = (name: string, users: string[] = []) =>
    e.t.call(
      "POST",
      "/staff/harbor/forms",
      {
        name,
        description: "シフト前に体調を教えてください。",
        questions: [
          { order: 1, text: "体調はどうですか？", question_type: 1, is_required: true, question_options: [] },
        ],
        users,
      },
      staff,
    );
  for (let i = 1; i <= 13; i++) expect((await form(`週次アンケート ${i}`)).status).toBe(201);
  // the newest form: sent to Tanaka now, and sent to every member every day at 09:00
  const sent = await form(FORM, [tanaka]);
  expect(sent.status).toBe(201);
  formId = sent.body.id;
  const schedule = await e.t.call(
    "POST",
    `/staff/harbor/forms/${formId}/schedules`,
    { kind: "daily", time: "09:00", all_members: true },
    staff,
  );
  expect(schedule.status).toBe(201);
});
afterAll(() => e.close());

const TEXT = {
  jp: {
    forms: "フォーム",
    perPage: "1ページのフォーム数",
    firstPage: "1〜12件 / 全14件",
    next: "次のページへ",
    send: "送信",
    sendDialog: "フォームを送信",
    confirm: "送信（1人）",
    sentToday:
      "このフォームは、選んだメンバーの一部に過去24時間以内にすでに送信されています。フォームは1人に1日1回までです。そのメンバーを外すか、時間をおいて送信してください。",
    settings: "設定",
    addSchedule: "定期送信を追加",
    addTitle: "定期送信を追加",
    save: "保存",
    tooOften:
      "このフォームの別の定期送信が、同じ曜日にこの宛先の一部へすでに送信します。フォームは1人に1日1回までしか送信できません。",
  },
  en: {
    forms: "Forms",
    perPage: "Forms per page",
    firstPage: "1–12 of 14",
    next: "Go to next page",
    send: "Send",
    sendDialog: "Send the form",
    confirm: "Send (1)",
    sentToday:
      "This form was already sent to one or more of these members in the last 24 hours. A form goes to each member at most once a day: remove them or send later.",
    settings: "Settings",
    addSchedule: "Add recurring send",
    addTitle: "Add a recurring send",
    save: "Save",
    tooOften:
      "Another recurring send of this form already reaches some of these recipients on one of these days. A form goes to each member at most once a day.",
  },
} as const;

async function formsPage(page: Page, lang: "jp" | "en") {
  const x = TEXT[lang];
  await page.goto(`${base}/staff/form?workspace=harbor`);
  const list = page.getByRole("region", {
    name: lang === "jp" ? "このエンティティのフォーム" : "Forms of this entity",
  });
  await poll(() => list.getByRole("heading", { level: 2 }).count()).toBe(12);
  await poll(() => list.getByText(x.firstPage).count()).toBe(1);
  expect(await list.getByRole("combobox", { name: x.perPage }).count()).toBe(1);
  // newest first: the form sent today leads the first page
  await poll(() => list.getByRole("heading", { level: 2 }).first().textContent()).toBe(FORM);
  return list;
}

describe("the limits a sender must not pass (issue 29 §5)", () => {
  for (const [lang, viewport] of [
    ["jp", DESKTOP],
    ["en", PHONE],
  ] as const) {
    const x = TEXT[lang];
    const tag = `${lang}${viewport === PHONE ? "-390" : ""}`;

    it(`staff page through the forms and are told why a second send and a second daily schedule are refused (${tag})`, async () => {
      const ctx = await newContext(e.browser, lang, viewport);
      const page = await ctx.newPage();
      await signInAs(page, base, "staff", "staff@example.com");
      await waitForPath(page, "/auth/staff/entity-select");
      // staff@example.com reads Japanese: the English run switches the language
      if (lang === "en") await switchLanguage(page, "English");

      // the forms list: 12 of 14 cards, then the last 2
      const list = await formsPage(page, lang);
      await checkPage(page, `sender-limits-${tag}-forms-page-1`);
      await list.getByRole("button", { name: x.next }).click();
      await poll(() => list.getByRole("heading", { level: 2 }).count()).toBe(2);
      await poll(() => list.getByRole("heading", { level: 2 }).allTextContents()).toEqual([
        "週次アンケート 2",
        "週次アンケート 1",
      ]);
      await checkPage(page, `sender-limits-${tag}-forms-page-2`);

      // a second send of the form to Tanaka today: refused, and the dialog says why
      await page.goto(`${base}/staff/form/${formId}/history?workspace=harbor`);
      await page.getByRole("button", { name: x.send, exact: true }).click();
      const send = page.getByRole("dialog", { name: x.sendDialog });
      await send.getByRole("button", { name: x.confirm }).click();
      await poll(() => send.getByRole("alert").textContent()).toBe(x.sentToday);
      await checkPage(page, `sender-limits-${tag}-send-refused`);
      await send.getByRole("button", { name: lang === "jp" ? "キャンセル" : "Cancel" }).click();
      await poll(() => page.getByRole("dialog").count()).toBe(0);

      // a second recurring send on a day the daily one already covers: refused in the dialog
      await page.getByRole("tab", { name: x.settings }).click();
      await page.getByRole("button", { name: x.addSchedule }).click();
      const add = page.getByRole("dialog", { name: x.addTitle });
      await add.getByRole("button", { name: x.save }).click();
      await poll(() => add.getByRole("alert").textContent()).toBe(x.tooOften);
      await checkPage(page, `sender-limits-${tag}-schedule-refused`);
      await ctx.close();
    });
  }

  it("stored nothing for the refusals: one send, one schedule", async () => {
    const staff = { token: (await e.t.signIn("staff@example.com")).idToken };
    const form = await e.t.call("GET", `/staff/harbor/forms/${formId}`, undefined, staff);
    expect(form.body.schedules).toHaveLength(1);
    expect(form.body.history.flatMap((h: { history: unknown[] }) => h.history)).toHaveLength(1);
  });
});
