import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { formAnswers, formRecipients, formSchedules, formSends, forms, memberships } from "../../db/schema";
import { worldPerFile } from "../../test/per-file";
import { sampleForm, sendsADayAgo, startFormsWorld } from "../../test/worlds/forms";

const w = worldPerFile(startFormsWorld);
beforeEach(async () => {
  await w.t.db.delete(forms);
});

const F = "/staff/sakura/forms";
const create = async (over: Record<string, unknown> = {}) => {
  const res = await w.t.call("POST", F, sampleForm(over), w.staff);
  expect(res.status).toBe(201);
  return res.body;
};
const put = (id: number, body: Record<string, unknown>) => w.t.call("PUT", `${F}/${id}`, body, w.staff);
const get = async (id: number) => (await w.t.call("GET", `${F}/${id}`, undefined, w.staff)).body;
const questionTexts = (form: { questions: { text: string }[] }) => form.questions.map((q) => q.text);
const answer = (id: number, order: number, token: string | undefined, answers: unknown[]) =>
  w.t.call("POST", `/user/forms/${id}/${order}/answer`, { answers }, { token });
const formCount = async () => (await w.t.db.select().from(forms)).length;

describe("creating a form", () => {
  it("stores the questions in order, options only for choice questions, and answers the form", async () => {
    const body = sampleForm({ is_default: true, is_editable: false });
    body.questions[0] = {
      ...body.questions[0],
      order: 5,
      question_options: [{ order: 1, text: "ignored" }],
    } as never;
    const res = await w.t.call("POST", F, body, w.staff);
    expect(res.status).toBe(201);
    const form = res.body;
    expect(form).toMatchObject({
      name: "Daily check",
      description: "How are you today?",
      is_default: true,
      is_editable: false,
      is_public: false,
      workspace_name: "sakura",
      entity_name: "さくら介護センター",
      question_count: 3,
      sent_count: 0,
      answered_count: 0,
      last_requested_at: null,
      history: [],
      sent_users: [],
      schedules: [],
    });
    // orders as sent (5, 2, 3) are kept in their order and numbered 1…n
    expect(form.questions.map((q: { order: number; text: string }) => [q.order, q.text])).toEqual([
      [1, "Did you sleep well?"],
      [2, "Temperature"],
      [3, "How do you feel?"],
    ]);
    expect(form.questions[2].question_options).toEqual([]);
    expect(form.questions[0]).toMatchObject({
      question_type_id: 3,
      is_required: true,
      question_options: [
        { order: 1, text: "Yes" },
        { order: 2, text: "No" },
      ],
    });
  });

  it.each([
    [
      "a choice question without options",
      { questions: [{ order: 1, text: "Pick", question_type: 4, is_required: false, question_options: [] }] },
      "options-required",
      "questions.0.question_options",
    ],
    [
      "two options with one order",
      {
        questions: [
          {
            order: 1,
            text: "Pick",
            question_type: 3,
            is_required: false,
            question_options: [
              { order: 1, text: "A" },
              { order: 1, text: "B" },
            ],
          },
        ],
      },
      "duplicate-option",
      "questions.0.question_options",
    ],
    [
      "two questions with one order",
      {
        questions: [
          { order: 2, text: "A", question_type: 1, is_required: false },
          { order: 2, text: "B", question_type: 1, is_required: false },
        ],
      },
      "duplicate-question",
      "questions.1.order",
    ],
    ["no questions", { questions: [] }, "form-no-questions", "questions"],
    ["no name", { name: "  " }, "required", "name"],
    ["no description", { description: "" }, "required", "description"],
    [
      "an unknown question type",
      { questions: [{ order: 1, text: "A", question_type: 0, is_required: false }] },
      "invalid-question-type",
      "questions.0.question_type",
    ],
    [
      "an empty option text",
      {
        questions: [
          {
            order: 1,
            text: "A",
            question_type: 4,
            is_required: false,
            question_options: [{ order: 1, text: "" }],
          },
        ],
      },
      "required",
      "questions.0.question_options.0.text",
    ],
    [
      "31 options",
      {
        questions: [
          {
            order: 1,
            text: "A",
            question_type: 4,
            is_required: false,
            question_options: Array.from({ length: 31 }, (_, i) => ({ order: i + 1, text: `o${i}` })),
          },
        ],
      },
      "too-many-options",
      "questions.0.question_options",
    ],
  ])("refuses %s and stores nothing", async (_what, over, code, field) => {
    const res = await w.t.call("POST", F, sampleForm(over), w.staff);
    expect([res.status, res.body.code, res.body.field]).toEqual([400, code, field]);
    expect(await formCount()).toBe(0);
  });

  it("keeps one default form per entity", async () => {
    const a = await create({ name: "A", is_default: true });
    const b = await create({ name: "B", is_default: true });
    expect((await get(a.id)).is_default).toBe(false);
    expect((await get(b.id)).is_default).toBe(true);
    await put(a.id, { is_default: true });
    expect([(await get(a.id)).is_default, (await get(b.id)).is_default]).toEqual([true, false]);
  });
});

describe("the form list", () => {
  it("lists the entity's forms newest first with their answer progress", async () => {
    const older = await create({ name: "Older" });
    const newer = await create({ name: "Newer" });
    await w.t.call("POST", `${F}/${older.id}`, { users: [w.ids.client, w.ids.member] }, w.staff);
    await sendsADayAgo(w.t);
    await w.t.call("POST", `${F}/${older.id}`, { users: [w.ids.client] }, w.staff);
    const answered = await answer(older.id, 1, w.tok.client, [
      { question_id: older.questions[0].id, value: "fine" },
      { question_id: older.questions[1].id, answer_options: [1] },
    ]);
    expect(answered.status).toBe(201);
    const list = await w.t.call("GET", F, undefined, w.staff);
    expect(list.status).toBe(200);
    expect(list.body.map((f: { name: string }) => f.name)).toEqual(["Newer", "Older"]);
    expect(list.body[1]).toMatchObject({ id: older.id, question_count: 3, sent_count: 3, answered_count: 1 });
    expect(list.body[1].last_requested_at).not.toBeNull();
    expect(list.body[0]).toMatchObject({
      id: newer.id,
      sent_count: 0,
      answered_count: 0,
      last_requested_at: null,
    });
    // another entity's staff see their own (empty) list
    expect(
      (await w.t.call("GET", "/staff/kaede/forms", undefined, { token: w.tok.otherStaff })).body,
    ).toEqual([]);
  });
});

describe("duplicating and deleting", () => {
  it("duplicates the questions under a new name, not the sends", async () => {
    const source = await create({ is_default: true, is_editable: false });
    await w.t.call("POST", `${F}/${source.id}`, { users: [w.ids.client] }, w.staff);
    const copy = await w.t.call("PUT", F, { id: source.id, name: "Copy" }, w.staff);
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({
      name: "Copy",
      description: "How are you today?",
      is_default: false,
      is_editable: false,
      question_count: 3,
      sent_count: 0,
      last_requested_at: null,
    });
    const full = await get(copy.body.id);
    expect(questionTexts(full)).toEqual(questionTexts(source));
    expect(full.questions[0].id).not.toBe(source.questions[0].id);
    expect(full.history).toEqual([]);
    const foreign = await w.t.call(
      "PUT",
      "/staff/kaede/forms",
      { id: source.id, name: "Mine" },
      {
        token: w.tok.otherStaff,
      },
    );
    expect([foreign.status, foreign.body.code]).toEqual([404, "form-not-found"]);
    const noName = await w.t.call("PUT", F, { id: source.id, name: "" }, w.staff);
    expect([noName.status, noName.body.code]).toEqual([400, "required"]);
  });

  it("deletes the form with its sends, answers and schedules", async () => {
    const form = await create();
    await w.t.call("POST", `${F}/${form.id}`, { users: [w.ids.client] }, w.staff);
    await answer(form.id, 1, w.tok.client, [
      { question_id: form.questions[0].id, value: "ok" },
      { question_id: form.questions[1].id, answer_options: [2] },
    ]);
    await w.t.db
      .insert(formSchedules)
      .values({ formId: form.id, kind: "daily", localTime: "09:00", timeZone: "Asia/Tokyo" });
    const foreign = await w.t.call("DELETE", `/staff/kaede/forms/${form.id}`, undefined, {
      token: w.tok.otherStaff,
    });
    expect([foreign.status, foreign.body.code]).toEqual([404, "form-not-found"]);
    const res = await w.t.call("DELETE", `${F}/${form.id}`, undefined, w.staff);
    expect(res.status).toBe(204);
    for (const table of [formSends, formRecipients, formAnswers, formSchedules])
      expect(await w.t.db.select().from(table)).toEqual([]);
    const again = await w.t.call("DELETE", `${F}/${form.id}`, undefined, w.staff);
    expect([again.status, again.body.code]).toEqual([404, "form-not-found"]);
  });
});

describe("reading a form", () => {
  it("answers questions, the members' sent history, the recipient list and the schedules", async () => {
    const form = await create({ users: [w.ids.client] });
    await sendsADayAgo(w.t);
    await w.t.call("POST", `${F}/${form.id}`, { users: [w.ids.client, w.ids.member] }, w.staff);
    await answer(form.id, 2, w.tok.client, [
      { question_id: form.questions[0].id, value: "ok" },
      { question_id: form.questions[1].id, answer_options: [1] },
    ]);
    await w.t.db.insert(formSchedules).values([
      { formId: form.id, kind: "weekly", weekdays: [1, 3], localTime: "09:30", timeZone: "Asia/Tokyo" },
      { formId: form.id, kind: "daily", localTime: "08:00", timeZone: "Asia/Tokyo", active: false },
    ]);
    const full = await get(form.id);
    expect(full.sent_users).toEqual([w.ids.client]);
    expect(full.history).toHaveLength(2);
    const client = full.history.find((h: { user_id: string }) => h.user_id === w.ids.client);
    expect(client).toMatchObject({
      user_name: "Tanaka Hanako",
      user_email: "client@example.com",
      answered: 1,
      total: 2,
    });
    expect(
      client.history.map((h: { sent_order: number; is_answered: boolean }) => [h.sent_order, h.is_answered]),
    ).toEqual([
      [2, true],
      [1, false],
    ]);
    expect(client.history[0].answered_date).not.toBeNull();
    expect(client.history[1].answered_date).toBeNull();
    expect(client.last_requested_at).toBe(client.history[0].sent_at);
    const member = full.history.find((h: { user_id: string }) => h.user_id === w.ids.member);
    expect(member).toMatchObject({ answered: 0, total: 1 });

    const [weekly, daily] = full.schedules;
    expect(weekly).toMatchObject({
      kind: "weekly",
      weekdays: [1, 3],
      time: "09:30",
      time_zone: "Asia/Tokyo",
      all_members: true,
      users: [],
      reminder_after_hours: null,
      active: true,
    });
    // the next Monday or Wednesday at 09:30 in Tokyo (00:30 UTC), within a week from now
    const next = new Date(weekly.next_run_at);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(7 * 24 * 3600_000);
    expect([next.getUTCHours(), next.getUTCMinutes(), [1, 3].includes(next.getUTCDay())]).toEqual([
      0,
      30,
      true,
    ]);
    expect(daily).toMatchObject({ active: false, next_run_at: null });

    const foreign = await w.t.call("GET", `/staff/kaede/forms/${form.id}`, undefined, {
      token: w.tok.otherStaff,
    });
    expect([foreign.status, foreign.body.code]).toEqual([404, "form-not-found"]);
    const malformed = await w.t.call("GET", `${F}/abc`, undefined, w.staff);
    expect([malformed.status, malformed.body.code]).toEqual([400, "invalid-input"]);
  });

  it("hides a recipient who is no longer a member of the entity", async () => {
    const form = await create({ users: [w.ids.member] });
    const where = and(eq(memberships.userId, w.ids.member), eq(memberships.workspaceName, "sakura"));
    await w.t.db.update(memberships).set({ status: "pending" }).where(where);
    try {
      const full = await get(form.id);
      expect([full.history, full.sent_count]).toEqual([[], 0]);
    } finally {
      await w.t.db.update(memberships).set({ status: "accepted" }).where(where);
    }
    expect((await get(form.id)).sent_count).toBe(1);
  });

  it("forgets a member staff remove: their requests, answers, places on the lists and schedules; back, they start afresh", async () => {
    const form = await create({ users: [w.ids.member, w.ids.client] });
    const answered = await answer(form.id, 1, w.tok.member, [
      { question_id: form.questions[0].id, value: "fine" },
      { question_id: form.questions[1].id, answer_options: [1] },
    ]);
    expect(answered.status).toBe(201);
    await w.t.db.insert(formSchedules).values({
      formId: form.id,
      kind: "daily",
      localTime: "08:00",
      timeZone: "Asia/Tokyo",
      allMembers: false,
      userIds: [w.ids.member, w.ids.client],
    });
    const mine = (t: typeof formRecipients | typeof formAnswers) =>
      and(eq(t.formId, form.id), eq(t.userId, w.ids.member));
    const requests = () => w.t.db.select().from(formRecipients).where(mine(formRecipients));
    const answers = () => w.t.db.select().from(formAnswers).where(mine(formAnswers));
    expect(await answers()).toHaveLength(3); // one row per question of the send

    const removed = await w.t.call("DELETE", `/staff/sakura/users/${w.ids.member}`, undefined, w.staff);
    expect(removed.status).toBe(200);
    try {
      expect([await answers(), await requests()]).toEqual([[], []]);
      const full = await get(form.id);
      expect(full.sent_users).toEqual([w.ids.client]);
      expect(full.schedules[0].users).toEqual([w.ids.client]);
      // the other recipient's request is untouched
      expect(full.history.map((h: { user_id: string }) => h.user_id)).toEqual([w.ids.client]);
    } finally {
      await w.t.db.insert(memberships).values({
        workspaceName: "sakura",
        userId: w.ids.member,
        role: "client",
        status: "accepted",
        acceptedAt: new Date(),
      });
    }
    // a member again: nothing of before comes back
    const again = await get(form.id);
    expect(again.history.map((h: { user_id: string }) => h.user_id)).toEqual([w.ids.client]);
  });
});

describe("editing a form (one save, one transaction)", () => {
  it("renames, edits, adds and deletes questions and options together", async () => {
    const form = await create();
    const [text, choice, number] = form.questions;
    const res = await put(form.id, {
      name: "Renamed",
      description: "New description",
      questions: [
        { id: text.id, order: 1, text: "How do you feel now?", question_type: 1, is_required: false },
        { id: choice.id, order: 2, text: "Did you sleep well?", question_type: 4, is_required: true },
      ],
      deleted_questions: [3],
      added_questions: [
        { order: 3, text: "When?", question_type: 5, is_required: false },
        {
          order: 4,
          text: "Mood",
          question_type: 3,
          is_required: true,
          question_options: [{ order: 1, text: "Good" }],
        },
      ],
      deleted_question_options: [{ question_id: choice.id, options_to_delete: [1] }],
      added_question_options: [{ question_id: choice.id, options: [{ order: 3, text: "So-so" }] }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Renamed", description: "New description", question_count: 4 });
    expect(
      res.body.questions.map((q: AnsweredQuestion) => [
        q.order,
        q.text,
        q.question_type_id,
        q.is_required,
        q.question_options,
      ]),
    ).toEqual([
      [1, "How do you feel now?", 1, false, []],
      [
        2,
        "Did you sleep well?",
        4,
        true,
        [
          { order: 2, text: "No" },
          { order: 3, text: "So-so" },
        ],
      ],
      [3, "When?", 5, false, []],
      [4, "Mood", 3, true, [{ order: 1, text: "Good" }]],
    ]);
    // edited questions keep their ids; the deleted one is gone
    expect(res.body.questions.slice(0, 2).map((q: { id: number }) => q.id)).toEqual([text.id, choice.id]);
    expect(res.body.questions.map((q: { id: number }) => q.id)).not.toContain(number.id);
    expect(new Date(res.body.updated_at).getTime()).toBeGreaterThan(new Date(form.updated_at).getTime());
  });

  it("renames with the name alone", async () => {
    const form = await create();
    const res = await put(form.id, { name: "Only the name" });
    expect([res.status, res.body.name, questionTexts(res.body)]).toEqual([
      200,
      "Only the name",
      questionTexts(form),
    ]);
  });

  it.each([
    ["deleting every question", (_f: Form) => ({ deleted_questions: [1, 2, 3] }), 400, "form-no-questions"],
    [
      "deleting every option of a choice question",
      (f: Form) => ({
        deleted_question_options: [{ question_id: f.questions[1].id, options_to_delete: [1, 2] }],
      }),
      400,
      "options-required",
    ],
    [
      "adding an option whose order is taken",
      (f: Form) => ({
        added_question_options: [{ question_id: f.questions[1].id, options: [{ order: 2, text: "Maybe" }] }],
      }),
      400,
      "duplicate-option",
    ],
    [
      "two questions on one order",
      (_f: Form) => ({
        added_questions: [{ order: 1, text: "Clash", question_type: 1, is_required: false }],
      }),
      400,
      "duplicate-question",
    ],
    [
      "a question of another form",
      () => ({ questions: [{ id: 999999, order: 1, text: "X", question_type: 1, is_required: false }] }),
      404,
      "question-not-found",
    ],
    ["an order the form does not have", () => ({ deleted_questions: [9] }), 404, "question-not-found"],
    [
      "a recipient who is not a member",
      () => ({ added_users: [w.ids.client2] }),
      400,
      "recipient-not-member",
    ],
  ])("refuses %s and changes nothing", async (_what, body, status, code) => {
    const form = await create();
    const res = await put(form.id, { name: "Should not stick", ...body(form) });
    expect([res.status, res.body.code]).toEqual([status, code]);
    const after = await get(form.id);
    expect(after.name).toBe("Daily check");
    expect(after.questions).toEqual(form.questions);
    expect(after.sent_users).toEqual([]);
  });

  it("edits the saved recipient list", async () => {
    const form = await create();
    const added = await put(form.id, { added_users: [w.ids.client, w.ids.member] });
    expect(added.body.sent_users.sort()).toEqual([w.ids.client, w.ids.member].sort());
    const removed = await put(form.id, { deleted_users: [w.ids.client], added_users: [w.ids.member] });
    expect(removed.body.sent_users).toEqual([w.ids.member]);
  });

  it("freezes the questions of a form that is not editable, and nothing else", async () => {
    const form = await create({ is_editable: false });
    const [first] = form.questions;
    const edit = { questions: [{ ...input(first), text: "Changed" }] };
    const refused = await put(form.id, edit);
    expect([refused.status, refused.body.code]).toEqual([409, "form-not-editable"]);
    expect(refused.body.detail).toBe("This form cannot be edited.");
    for (const body of [
      { deleted_questions: [3] },
      { added_questions: [{ order: 4, text: "More", question_type: 1, is_required: false }] },
      {
        added_question_options: [
          { question_id: form.questions[1].id, options: [{ order: 3, text: "Maybe" }] },
        ],
      },
    ])
      expect((await put(form.id, body)).status).toBe(409);
    expect(questionTexts(await get(form.id))).toEqual(questionTexts(form));
    // the same questions sent back, name and recipients: allowed
    const same = await put(form.id, {
      name: "Locked but renamed",
      questions: form.questions.map(input),
      added_users: [w.ids.client],
    });
    expect([same.status, same.body.name, same.body.sent_users]).toEqual([
      200,
      "Locked but renamed",
      [w.ids.client],
    ]);
    // unlocking in the same save allows the change
    const unlocked = await put(form.id, { ...edit, is_editable: true });
    expect([unlocked.status, unlocked.body.is_editable, unlocked.body.questions[0].text]).toEqual([
      200,
      true,
      "Changed",
    ]);
  });

  it("answers 404 for another entity's form", async () => {
    const form = await create();
    const res = await w.t.call(
      "PUT",
      `/staff/kaede/forms/${form.id}`,
      { name: "x" },
      { token: w.tok.otherStaff },
    );
    expect([res.status, res.body.code]).toEqual([404, "form-not-found"]);
    expect((await get(form.id)).name).toBe("Daily check");
  });
});

describe("the answer summary", () => {
  it("counts options and summarises numbers per question of the current form", async () => {
    const form = await create({ users: [w.ids.client, w.ids.member] });
    const [text, choice, number] = form.questions;
    await answer(form.id, 1, w.tok.client, [
      { question_id: text.id, value: "good" },
      { question_id: choice.id, answer_options: [1] },
      { question_id: number.id, value: "36.5" },
    ]);
    await answer(form.id, 1, w.tok.member, [
      { question_id: text.id, value: "bad" },
      { question_id: choice.id, answer_options: "2" },
      { question_id: number.id, value: "37.5" },
    ]);
    await sendsADayAgo(w.t);
    await w.t.call("POST", `${F}/${form.id}`, { users: [w.ids.client] }, w.staff);
    await answer(form.id, 2, w.tok.client, [
      { question_id: text.id, value: "ok" },
      { question_id: choice.id, answer_options: [1] },
    ]);
    const res = await w.t.call("GET", `${F}/${form.id}/summary`, undefined, w.staff);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      recipients: 3,
      answered: 3,
      questions: [
        {
          question_id: text.id,
          text: "How do you feel?",
          question_type_id: 1,
          answers: 3,
          options: [],
          number: null,
          texts: {
            total: 3,
            items: [
              { text: "ok", answered_at: expect.any(String) },
              { text: "bad", answered_at: expect.any(String) },
              { text: "good", answered_at: expect.any(String) },
            ],
          },
          distribution: null,
        },
        {
          question_id: choice.id,
          text: "Did you sleep well?",
          question_type_id: 3,
          answers: 3,
          options: [
            { order: 1, text: "Yes", count: 2 },
            { order: 2, text: "No", count: 1 },
          ],
          number: null,
          texts: null,
          distribution: null,
        },
        {
          question_id: number.id,
          text: "Temperature",
          question_type_id: 2,
          answers: 2,
          options: [],
          number: { mean: 37, min: 36.5, max: 37.5 },
          texts: null,
          distribution: null,
        },
      ],
    });
    const foreign = await w.t.call("GET", `/staff/kaede/forms/${form.id}/summary`, undefined, {
      token: w.tok.otherStaff,
    });
    expect([foreign.status, foreign.body.code]).toEqual([404, "form-not-found"]);
  });
});

describe("authorization of the staff form routes", () => {
  it("refuses anonymous callers (401), clients, admins and another entity's staff (403)", async () => {
    const form = await create();
    const calls = (token: string | undefined) =>
      Promise.all([
        w.t.call("GET", F, undefined, { token }),
        w.t.call("PUT", F, { id: form.id, name: "Copy" }, { token }),
        w.t.call("POST", F, sampleForm(), { token }),
        w.t.call("GET", `${F}/${form.id}`, undefined, { token }),
        w.t.call("PUT", `${F}/${form.id}`, { name: "x" }, { token }),
        w.t.call("POST", `${F}/${form.id}`, { users: [w.ids.client] }, { token }),
        w.t.call("DELETE", `${F}/${form.id}`, undefined, { token }),
        w.t.call("GET", `${F}/${form.id}/summary`, undefined, { token }),
        w.t.call("GET", `${F}/${form.id}/download`, undefined, { token }),
      ]);
    for (const r of await calls(undefined)) expect(r.status).toBe(401);
    for (const token of [w.tok.client, w.tok.admin, w.tok.otherStaff])
      for (const r of await calls(token)) expect([r.status, r.body.code]).toEqual([403, "forbidden"]);
    expect(await formCount()).toBe(1);
    expect((await get(form.id)).name).toBe("Daily check");
  });
});

/** A question as the form's answer gives it. */
type AnsweredQuestion = {
  id: number;
  order: number;
  text: string;
  question_type_id: number;
  is_required: boolean;
  question_options: unknown[];
};
type Form = { questions: [{ id: number }, { id: number }, { id: number }] };
function input(q: AnsweredQuestion) {
  return {
    id: q.id,
    order: q.order,
    text: q.text,
    question_type: q.question_type_id,
    is_required: q.is_required,
    question_options: q.question_options,
  };
}
