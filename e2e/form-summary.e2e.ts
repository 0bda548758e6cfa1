import { eq, sql } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formSends, users } from "../apps/server/src/db/schema";
import { checkPage, type E2e, signInAs, startE2e, switchLanguage, waitForPath } from "./lib/app";
import { newContext, PHONE } from "./lib/browser";

// Issue 28 §3 "Summary": the per-question summary shows free-text answers (latest first, with their date,
// searchable on the page) and date and time answers as a distribution. A form with a text, a date and a time
// question is sent to two Harbor members; John answers on his phone (en), Tanaka's answers to two sends come
// through the API; staff read the summary in jp on a desktop and in en at 390 px. axe on every page.

let e: E2e;
let base: string;
let formId = 0;
const TEXT = "How was your shift?";
const DATE = "When did you last see a doctor?";
const TIME = "When did you wake up?";
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 10_000 });

const idOf = async (email: string) => {
  const [u] = await e.t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!u) throw new Error(`no ${email}`);
  return u.id;
};

beforeAll(async () => {
  e = await startE2e();
  base = e.t.url;
  const staff = { token: (await e.t.signIn("staff@example.com")).idToken };
  const q = (order: number, text: string, type: number) => ({
    order,
    text,
    question_type: type,
    is_required: true,
    question_options: [],
  });
  const john = await idOf("client2@example.com");
  const tanaka = await idOf("client@example.com");
  const created = await e.t.call(
    "POST",
    "/staff/harbor/forms",
    {
      name: "Shift check-out",
      description: "Three questions at the end of the shift.",
      questions: [q(1, TEXT, 1), q(2, DATE, 5), q(3, TIME, 6)],
      users: [john, tanaka],
    },
    staff,
  );
  expect(created.status).toBe(201);
  formId = created.body.id;
  const [text, date, time] = created.body.questions.map((x: { id: number }) => x.id);
  // Tanaka answers the first send, and a second one sent to her alone
  const { idToken } = await e.t.signIn("client@example.com");
  const answer = (order: number, values: [string, string, string]) =>
    e.t.call(
      "POST",
      `/user/forms/${formId}/${order}/answer`,
      {
        answers: [
          { question_id: text, value: values[0] },
          { question_id: date, value: values[1] },
          { question_id: time, value: values[2] },
        ],
      },
      { token: idToken },
    );
  expect((await answer(1, ["倉庫が暑かった", "2026-11-10", "05:45"])).status).toBe(201);
  // the first send a day ago: a form goes to a member at most once a day (issue 29 §5)
  await e.t.db
    .update(formSends)
    .set({ sentAt: sql`${formSends.sentAt} - interval '25 hours'` })
    .where(eq(formSends.formId, formId));
  expect((await e.t.call("POST", `/staff/harbor/forms/${formId}`, { users: [tanaka] }, staff)).status).toBe(
    201,
  );
  expect((await answer(2, ["膝が少し痛い", "2026-11-20", "06:10"])).status).toBe(201);
});
afterAll(() => e.close());

/** The card of the summary for a question. */
const card = (page: Page, question: string) =>
  page.getByRole("listitem").filter({ hasText: question }).first();

/** The texts of a bar list: each bar's label and figure. */
const bars = (list: Locator) =>
  list.getByRole("listitem").evaluateAll((els) => els.map((el) => (el.textContent ?? "").trim()));

describe("form summary: free text listed and searchable, dates and times as distributions", () => {
  it("John answers on his phone (en)", async () => {
    const ctx = await newContext(e.browser, "en", PHONE);
    const page = await ctx.newPage();
    await signInAs(page, base, "client", "client2@example.com");
    await waitForPath(page, "/client");
    await page.goto(`${base}/client/forms/${formId}/detail`);
    await page
      .getByRole("link", { name: /^Answer the request of/ })
      .first()
      .click();
    await waitForPath(page, /\/detail\/answer/);
    await page.getByLabel(new RegExp(TEXT.replace("?", "\\?"))).fill("All fine, forklift 3 is noisy");
    await page.getByLabel(new RegExp(DATE.replace("?", "\\?"))).fill("2026-11-20");
    await page.getByLabel(new RegExp(TIME.replace("?", "\\?"))).fill("06:30");
    await checkPage(page, "en-client-summary-form-answer-390");
    await page.getByRole("button", { name: "Submit answers" }).click();
    await waitForPath(page, "/client/forms");
    await ctx.close();
  });

  for (const [lang, viewport] of [
    ["jp", undefined],
    ["en", PHONE],
  ] as const) {
    it(`staff reads the summary (${lang}${viewport ? ", 390 px" : ""})`, async () => {
      const ctx = await newContext(e.browser, lang, viewport);
      const page = await ctx.newPage();
      await signInAs(page, base, "staff", "staff@example.com");
      await waitForPath(page, "/auth/staff/entity-select");
      if (lang === "en") await switchLanguage(page, "English");
      await page.goto(`${base}/staff/form/${formId}/history?workspace=harbor`);
      await page.getByRole("tab", { name: lang === "jp" ? "回答" : "Answers" }).click();
      const jp = lang === "jp";

      // free text: latest first, each with its date; the count says all of them are listed
      const text = card(page, TEXT);
      const answers = text.getByRole("list", { name: jp ? "質問 1 の回答" : "Answers to question 1" });
      await poll(() => answers.getByRole("listitem").count()).toBe(3);
      const items = await bars(answers);
      expect(items[0]).toMatch(/^All fine, forklift 3 is noisy/);
      expect(items[1]).toMatch(/^膝が少し痛い/);
      expect(items[2]).toMatch(/^倉庫が暑かった/);
      for (const item of items)
        expect(item).toMatch(jp ? /\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/ : /\d{4}, \d{2}:\d{2}$/);
      await poll(() =>
        text.getByText(jp ? "3件の回答（新しい順）" : "3 answers, latest first.").count(),
      ).toBe(1);
      await checkPage(page, `${lang}-staff-form-summary${viewport ? "-390" : ""}`);

      // the search narrows the listed answers
      const search = text.getByRole("searchbox", {
        name: jp ? "質問 1 の回答を検索" : "Search the answers to question 1",
      });
      await search.fill("膝");
      await poll(() => answers.getByRole("listitem").count()).toBe(1);
      expect((await bars(answers))[0]).toMatch(/^膝が少し痛い/);
      await poll(() =>
        text
          .getByText(jp ? "表示中の3件のうち1件が一致します。" : "1 of the 3 listed answers matches.")
          .count(),
      ).toBe(1);
      await search.fill("FORKLIFT noisy");
      await poll(() => answers.getByRole("listitem").count()).toBe(1);
      await checkPage(page, `${lang}-staff-form-summary-search${viewport ? "-390" : ""}`);
      await search.fill("");
      await poll(() => answers.getByRole("listitem").count()).toBe(3);

      // dates per day, times per hour (empty hours between included)
      const dates = card(page, DATE).getByRole("list", {
        name: jp ? "質問 2 の日ごとの回答数" : "Answers per day to question 2",
      });
      expect(await bars(dates)).toEqual(
        jp ? ["2026/11/101件", "2026/11/202件"] : ["Nov 10, 20261 answer", "Nov 20, 20262 answers"],
      );
      const times = card(page, TIME).getByRole("list", {
        name: jp ? "質問 3 の時間帯ごとの回答数" : "Answers per hour to question 3",
      });
      expect(await bars(times)).toEqual(
        jp ? ["05:00–05:591件", "06:00–06:592件"] : ["05:00–05:591 answer", "06:00–06:592 answers"],
      );
      await times.scrollIntoViewIfNeeded();
      await checkPage(page, `${lang}-staff-form-summary-distributions${viewport ? "-390" : ""}`);
      const width = page.viewportSize()?.width ?? 0;
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await ctx.close();
    }, 180_000);
  }
});
