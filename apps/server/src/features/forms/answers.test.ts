import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { formAnswers, forms, memberships } from "../../db/schema";
import { worldPerFile } from "../../test/per-file";
import { sendsADayAgo, startFormsWorld } from "../../test/worlds/forms";

const w = worldPerFile(startFormsWorld);

const options = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ order: i + 1, text: `Option ${i + 1}` }));

type Kind = "text" | "number" | "single" | "multiple" | "date" | "time" | "datetime" | "many";
/** A form with every question type; question ids by name. */
let form: { id: number; q: Record<Kind, number> };
beforeEach(async () => {
  await w.t.db.delete(forms);
  const kinds = [
    ["text", 1, true, []],
    ["number", 2, false, []],
    ["single", 3, true, options(2)],
    ["multiple", 4, false, options(3)],
    ["date", 5, false, []],
    ["time", 6, false, []],
    ["datetime", 7, false, []],
    ["many", 4, false, options(12)],
  ] as const;
  const res = await w.t.call(
    "POST",
    "/staff/sakura/forms",
    {
      name: "All kinds",
      description: "Every question type",
      questions: kinds.map(([text, type, required, opts], i) => ({
        order: i + 1,
        text,
        question_type: type,
        is_required: required,
        question_options: opts,
      })),
      users: [w.ids.client, w.ids.member],
    },
    w.staff,
  );
  expect(res.status).toBe(201);
  form = {
    id: res.body.id,
    q: Object.fromEntries(
      res.body.questions.map((q: { text: string; id: number }) => [q.text, q.id]),
    ) as Record<Kind, number>,
  };
});

const url = (order = 1, id = form.id) => `/user/forms/${id}/${order}/answer`;
const submit = (answers: unknown[], token = w.tok.client, order = 1, id = form.id) =>
  w.t.call("POST", url(order, id), { answers }, { token });
const minimal = () => [
  { question_id: form.q.text, value: "Fine" },
  { question_id: form.q.single, answer_options: [1] },
];
const storedAnswers = async () => (await w.t.db.select().from(formAnswers)).length;

describe("a member's forms", () => {
  it("lists the forms sent to the member, with unanswered and answered counts", async () => {
    await sendsADayAgo(w.t);
    await w.t.call("POST", `/staff/sakura/forms/${form.id}`, { users: [w.ids.client] }, w.staff);
    expect((await submit(minimal(), w.tok.client, 2)).status).toBe(201);
    const cards = await w.t.call("GET", "/user/forms", undefined, { token: w.tok.client });
    expect(cards.status).toBe(200);
    expect(cards.body).toHaveLength(1);
    expect(cards.body[0]).toMatchObject({
      id: form.id,
      name: "All kinds",
      description: "Every question type",
      workspace_name: "sakura",
      entity_name: "さくら介護センター",
      unanswered_count: 1,
      answered_count: 1,
    });
    // another client (harbor only) has nothing
    expect((await w.t.call("GET", "/user/forms", undefined, { token: w.tok.client2 })).body).toEqual([]);
    expect((await w.t.call("GET", "/user/forms")).status).toBe(401);
  });

  it("shows the history of one form, newest first", async () => {
    await sendsADayAgo(w.t);
    await w.t.call("POST", `/staff/sakura/forms/${form.id}`, { users: [w.ids.client] }, w.staff);
    await submit(minimal());
    const res = await w.t.call("GET", `/user/forms/${form.id}/history`, undefined, { token: w.tok.client });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: form.id,
      name: "All kinds",
      entity_name: "さくら介護センター",
      workspace_name: "sakura",
    });
    expect(
      res.body.history.map((h: { sent_order: number; is_answered: boolean }) => [
        h.sent_order,
        h.is_answered,
      ]),
    ).toEqual([
      [2, false],
      [1, true],
    ]);
    expect(res.body.history[1].answered_date).not.toBeNull();
    const other = await w.t.call("GET", `/user/forms/${form.id}/history`, undefined, {
      token: w.tok.client2,
    });
    expect([other.status, other.body.code]).toEqual([404, "form-not-found"]);
  });

  it("hides the forms of an entity the member left", async () => {
    const where = and(eq(memberships.userId, w.ids.member), eq(memberships.workspaceName, "sakura"));
    await w.t.db.update(memberships).set({ status: "pending" }).where(where);
    try {
      const o = { token: w.tok.member };
      expect((await w.t.call("GET", "/user/forms", undefined, o)).body).toEqual([]);
      expect((await w.t.call("GET", `/user/forms/${form.id}/history`, undefined, o)).status).toBe(404);
      const read = await w.t.call("GET", url(), undefined, o);
      expect([read.status, read.body.code]).toEqual([404, "sent-order-not-found"]);
      const answered = await submit(minimal(), w.tok.member);
      expect([answered.status, answered.body.code]).toEqual([404, "sent-order-not-found"]);
    } finally {
      await w.t.db.update(memberships).set({ status: "accepted" }).where(where);
    }
  });
});

describe("answering", () => {
  it("reads the sent order, stores the answers and reads them back", async () => {
    const before = await w.t.call("GET", url(), undefined, { token: w.tok.client });
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({
      form_id: form.id,
      sent_order: 1,
      name: "All kinds",
      is_answered: false,
      answered_at: null,
      answers: [],
    });
    expect(before.body.questions).toHaveLength(8);
    const res = await submit([
      { question_id: form.q.text, value: "  Fine  ", is_required: true },
      { question_id: form.q.number, value: "-36.5" },
      { question_id: form.q.single, answer_options: "2" },
      { question_id: form.q.multiple, answer_options: "13" },
      { question_id: form.q.date, value: "2028-02-29" },
      { question_id: form.q.time, value: "23:59" },
      { question_id: form.q.datetime, value: "2026-11-23T00:00" },
      { question_id: form.q.many, answer_options: [12, 1] },
    ]);
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(["answered_at"]);
    const after = await w.t.call("GET", url(), undefined, { token: w.tok.client });
    expect(after.body).toMatchObject({ is_answered: true, answered_at: res.body.answered_at });
    const byId = Object.fromEntries(
      after.body.answers.map((a: { question_id: number }) => [a.question_id, a]),
    );
    expect(byId[form.q.text]).toEqual({
      question_id: form.q.text,
      value: "Fine",
      answer_options: [],
      answer_option_order: "",
    });
    expect(byId[form.q.number].value).toBe("-36.5");
    expect(byId[form.q.single]).toMatchObject({ answer_options: [2], answer_option_order: "2", value: null });
    expect(byId[form.q.multiple]).toMatchObject({ answer_options: [1, 3], answer_option_order: "13" });
    expect(byId[form.q.many]).toMatchObject({ answer_options: [1, 12], answer_option_order: "1,12" });
    expect([byId[form.q.date].value, byId[form.q.time].value, byId[form.q.datetime].value]).toEqual([
      "2028-02-29",
      "23:59",
      "2026-11-23T00:00",
    ]);
  });

  it("stores unanswered optional questions as empty", async () => {
    const res = await submit([...minimal(), { question_id: form.q.number, value: "   " }]);
    expect(res.status).toBe(201);
    const read = await w.t.call("GET", url(), undefined, { token: w.tok.client });
    expect(read.body.answers).toHaveLength(8);
    const number = read.body.answers.find((a: { question_id: number }) => a.question_id === form.q.number);
    expect(number).toEqual({
      question_id: form.q.number,
      value: null,
      answer_options: [],
      answer_option_order: "",
    });
    const multiple = read.body.answers.find(
      (a: { question_id: number }) => a.question_id === form.q.multiple,
    );
    expect(multiple.answer_options).toEqual([]);
  });

  it.each([
    [
      "an unknown question",
      [{ question_id: 999999, value: "x" }],
      "answer-unknown-question",
      "answers.2.question_id",
    ],
    ["a question answered twice", [{ question_id: -1 }], "invalid-input", "answers.2.question_id"],
    [
      "a number that is not one",
      [{ question: "number", value: "12abc" }],
      "answer-not-number",
      "answers.2.value",
    ],
    ["a hexadecimal number", [{ question: "number", value: "0x10" }], "answer-not-number", "answers.2.value"],
    ["a number too large", [{ question: "number", value: "1e999" }], "answer-not-number", "answers.2.value"],
    [
      "a date that does not exist",
      [{ question: "date", value: "2026-02-29" }],
      "answer-invalid-date",
      "answers.2.value",
    ],
    [
      "a date in another format",
      [{ question: "date", value: "2026/01/01" }],
      "answer-invalid-date",
      "answers.2.value",
    ],
    ["24:00", [{ question: "time", value: "24:00" }], "answer-invalid-time", "answers.2.value"],
    [
      "a time without its leading zero",
      [{ question: "time", value: "9:00" }],
      "answer-invalid-time",
      "answers.2.value",
    ],
    [
      "a date-time with a space",
      [{ question: "datetime", value: "2026-01-01 09:00" }],
      "answer-invalid-datetime",
      "answers.2.value",
    ],
    [
      "a date-time on no date",
      [{ question: "datetime", value: "2026-13-01T09:00" }],
      "answer-invalid-datetime",
      "answers.2.value",
    ],
    [
      "an option the question lacks",
      [{ question: "multiple", answer_options: [4] }],
      "answer-option-out-of-range",
      "answers.2.answer_options",
    ],
    [
      "a digit string naming a missing option",
      [{ question: "multiple", answer_options: "14" }],
      "answer-option-out-of-range",
      "answers.2.answer_options",
    ],
    [
      "a digit string where orders reach 10",
      [{ question: "many", answer_options: "1" }],
      "answer-option-out-of-range",
      "answers.2.answer_options",
    ],
  ])("refuses %s (400) and stores nothing", async (_what, extra, code, field) => {
    const more = extra.map((e: Record<string, unknown>) => {
      const { question, ...rest } = e;
      if (rest.question_id === -1) return { question_id: form.q.text, value: "again" };
      return question ? { question_id: form.q[question as Kind], ...rest } : rest;
    });
    const res = await submit([...minimal(), ...more]);
    expect([res.status, res.body.code, res.body.field]).toEqual([400, code, field]);
    expect(await storedAnswers()).toBe(0);
    expect((await w.t.call("GET", url(), undefined, { token: w.tok.client })).body.is_answered).toBe(false);
  });

  it("refuses two options on a single-choice question and missing required answers", async () => {
    const single = await submit([
      { question_id: form.q.text, value: "Fine" },
      { question_id: form.q.single, answer_options: [1, 2] },
    ]);
    expect([single.status, single.body.code, single.body.field]).toEqual([
      400,
      "answer-single-choice",
      "answers.1.answer_options",
    ]);
    const noText = await submit([{ question_id: form.q.single, answer_options: [1] }], w.tok.client);
    expect([noText.status, noText.body.code, noText.body.field]).toEqual([
      400,
      "required-not-answered",
      "answers",
    ]);
    const jp = await w.t.call(
      "POST",
      url(),
      { answers: [{ question_id: form.q.text, value: "x" }] },
      { token: w.tok.client, lang: "ja" },
    );
    expect(jp.body).toEqual({
      code: "required-not-answered",
      detail: "すべての必須質問に回答してください",
      field: "answers",
    });
    const emptyChoice = await submit([
      { question_id: form.q.text, value: "Fine" },
      { question_id: form.q.single, answer_options: [] },
    ]);
    expect([emptyChoice.status, emptyChoice.body.code, emptyChoice.body.field]).toEqual([
      400,
      "required-not-answered",
      "answers.1",
    ]);
    expect(await storedAnswers()).toBe(0);
  });

  it("answers once: a second answer is 409, also when both arrive together", async () => {
    const [a, b] = await Promise.all([submit(minimal()), submit(minimal())]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect([a, b].find((r) => r.status === 409)?.body.code).toBe("already-answered");
    expect(await storedAnswers()).toBe(8);
    const again = await submit(minimal());
    expect([again.status, again.body.code]).toEqual([409, "already-answered"]);
  });

  it("refuses a sent order that was not sent to the caller (404)", async () => {
    const other = await submit(minimal(), w.tok.client2);
    expect([other.status, other.body.code]).toEqual([404, "sent-order-not-found"]);
    const noOrder = await submit(minimal(), w.tok.client, 9);
    expect([noOrder.status, noOrder.body.code]).toEqual([404, "sent-order-not-found"]);
    const read = await w.t.call("GET", url(), undefined, { token: w.tok.client2 });
    expect([read.status, read.body.code]).toEqual([404, "sent-order-not-found"]);
    expect((await w.t.call("POST", url(), { answers: [] })).status).toBe(401);
    expect(await storedAnswers()).toBe(0);
  });

  it("takes an answer back: the sent order is unanswered again", async () => {
    expect((await submit(minimal())).status).toBe(201);
    const del = await w.t.call("DELETE", url(), undefined, { token: w.tok.client });
    expect(del.status).toBe(204);
    expect(await storedAnswers()).toBe(0);
    const cards = await w.t.call("GET", "/user/forms", undefined, { token: w.tok.client });
    expect(cards.body[0]).toMatchObject({ unanswered_count: 1, answered_count: 0 });
    const again = await w.t.call("DELETE", url(), undefined, { token: w.tok.client });
    expect([again.status, again.body.code]).toEqual([404, "answer-not-found"]);
    const other = await w.t.call("DELETE", url(), undefined, { token: w.tok.client2 });
    expect([other.status, other.body.code]).toEqual([404, "sent-order-not-found"]);
    // and can be answered anew
    expect((await submit(minimal())).status).toBe(201);
  });
});

describe("what a member answered never changes (snapshots)", () => {
  it("reads an answer against the form as it was sent, after the form was edited", async () => {
    await submit([
      { question_id: form.q.text, value: "Fine" },
      { question_id: form.q.single, answer_options: [2] },
    ]);
    const edited = await w.t.call(
      "PUT",
      `/staff/sakura/forms/${form.id}`,
      {
        questions: [
          {
            id: form.q.single,
            order: 3,
            text: "Renamed choice",
            question_type: 3,
            is_required: true,
            question_options: [
              { order: 1, text: "New A" },
              { order: 2, text: "New B" },
            ],
          },
        ],
        deleted_questions: [1],
      },
      w.staff,
    );
    expect(edited.status).toBe(200);
    const read = await w.t.call("GET", url(), undefined, { token: w.tok.client });
    expect(read.body.questions.map((q: { text: string }) => q.text)).toEqual([
      "text",
      "number",
      "single",
      "multiple",
      "date",
      "time",
      "datetime",
      "many",
    ]);
    const single = read.body.questions.find((q: { id: number }) => q.id === form.q.single);
    expect(single.question_options).toEqual(options(2));
    const staff = await w.t.call(
      "GET",
      `/staff/forms/${form.id}/1/answers/${w.ids.client}?workspace=sakura`,
      undefined,
      w.staff,
    );
    expect(staff.body.questions.find((q: { id: number }) => q.id === form.q.single).text).toBe("single");
    // the member's unanswered copy is the old form too; a new send carries the new one
    const member = await w.t.call("GET", url(), undefined, { token: w.tok.member });
    expect(member.body.questions).toHaveLength(8);
    await sendsADayAgo(w.t);
    await w.t.call("POST", `/staff/sakura/forms/${form.id}`, { users: [w.ids.member] }, w.staff);
    const fresh = await w.t.call("GET", url(2), undefined, { token: w.tok.member });
    expect(fresh.body.questions.map((q: { text: string }) => q.text)).toContain("Renamed choice");
    expect(fresh.body.questions).toHaveLength(7);
  });
});

describe("staff reading one member's answer", () => {
  const staffUrl = (user = w.ids.client, ws = "sakura", order = 1) =>
    `/staff/forms/${form.id}/${order}/answers/${user}?workspace=${ws}`;

  it("reads it with whose it is, and deletes it", async () => {
    const unanswered = await w.t.call("GET", staffUrl(), undefined, w.staff);
    expect([unanswered.status, unanswered.body.code]).toEqual([404, "answer-not-found"]);
    await submit(minimal());
    const res = await w.t.call("GET", staffUrl(), undefined, w.staff);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      form_id: form.id,
      sent_order: 1,
      is_answered: true,
      user: { uid: w.ids.client, name: "Tanaka Hanako", email: "client@example.com" },
    });
    expect(res.body.answers).toHaveLength(8);
    const del = await w.t.call("DELETE", staffUrl(), undefined, w.staff);
    expect(del.status).toBe(204);
    const cards = await w.t.call("GET", "/user/forms", undefined, { token: w.tok.client });
    expect(cards.body[0]).toMatchObject({ unanswered_count: 1, answered_count: 0 });
    const again = await w.t.call("DELETE", staffUrl(), undefined, w.staff);
    expect([again.status, again.body.code]).toEqual([404, "answer-not-found"]);
  });

  it("answers 404 for another entity's form, someone else and a malformed id", async () => {
    await submit(minimal());
    const kaede = await w.t.call("GET", staffUrl(w.ids.client, "kaede"), undefined, {
      token: w.tok.otherStaff,
    });
    expect([kaede.status, kaede.body.code]).toEqual([404, "form-not-found"]);
    const kaedeDelete = await w.t.call("DELETE", staffUrl(w.ids.client, "kaede"), undefined, {
      token: w.tok.otherStaff,
    });
    expect([kaedeDelete.status, kaedeDelete.body.code]).toEqual([404, "form-not-found"]);
    for (const user of [w.ids.outsider, w.ids.client2, "not-a-uuid"]) {
      const res = await w.t.call("GET", staffUrl(user), undefined, w.staff);
      expect([res.status, res.body.code]).toEqual([404, "answer-not-found"]);
    }
    expect(await storedAnswers()).toBe(8);
  });

  it("is for the entity's staff only", async () => {
    await submit(minimal());
    for (const method of ["GET", "DELETE"]) {
      expect((await w.t.call(method, staffUrl())).status).toBe(401);
      for (const token of [w.tok.client, w.tok.admin, w.tok.otherStaff]) {
        const res = await w.t.call(method, staffUrl(), undefined, { token });
        expect([res.status, res.body.code]).toEqual([403, "forbidden"]);
      }
      const noWorkspace = await w.t.call(
        method,
        `/staff/forms/${form.id}/1/answers/${w.ids.client}`,
        undefined,
        w.staff,
      );
      expect(noWorkspace.status).toBe(403);
    }
    expect(await storedAnswers()).toBe(8);
  });
});
