import { FORM_LIMITS } from "@mimamori/shared";
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { formAnswers, formRecipients, formSends, forms, memberships } from "../../db/schema";
import { worldPerFile } from "../../test/per-file";
import { sendsADayAgo, startFormsWorld } from "../../test/worlds/forms";
import { distributionOf } from "./summary";

const w = worldPerFile(startFormsWorld);
beforeEach(async () => {
  await w.t.db.delete(forms);
  // the member who leaves in one test is back for the next
  await w.t.db
    .update(memberships)
    .set({ status: "accepted" })
    .where(and(eq(memberships.workspaceName, "sakura"), eq(memberships.userId, w.ids.member)));
});

const F = "/staff/sakura/forms";
const q = (order: number, text: string, type: number) => ({
  order,
  text,
  question_type: type,
  is_required: false,
  question_options: [],
});
async function create(users: string[]) {
  const res = await w.t.call(
    "POST",
    F,
    {
      name: "Evening check",
      description: "A few questions before bed.",
      questions: [
        q(1, "Anything to tell us?", 1),
        q(2, "Last meal", 5),
        q(3, "Bedtime", 6),
        q(4, "Last fall", 7),
      ],
      users,
    },
    w.staff,
  );
  expect(res.status).toBe(201);
  return res.body as { id: number; questions: { id: number }[] };
}
const answer = (id: number, order: number, token: string | undefined, answers: unknown[]) =>
  w.t.call("POST", `/user/forms/${id}/${order}/answer`, { answers }, { token });
const summary = async (id: number) => {
  const res = await w.t.call("GET", `${F}/${id}/summary`, undefined, w.staff);
  expect(res.status).toBe(200);
  return res.body as {
    questions: {
      texts: { total: number; items: { text: string; answered_at: string }[] } | null;
      distribution: { unit: string; buckets: { key: string; count: number }[] } | null;
    }[];
  };
};

describe("the summary of free-text, date and time questions", () => {
  it("lists the texts latest first with their time, and counts dates per day and times per hour", async () => {
    const form = await create([w.ids.client, w.ids.member]);
    const [text, date, time, datetime] = form.questions.map((x) => x.id) as [number, number, number, number];
    expect(
      (
        await answer(form.id, 1, w.tok.client, [
          { question_id: text, value: "Slept badly" },
          { question_id: date, value: "2026-11-20" },
          { question_id: time, value: "22:15" },
          { question_id: datetime, value: "2026-11-20T07:30" },
        ])
      ).status,
    ).toBe(201);
    expect(
      (
        await answer(form.id, 1, w.tok.member, [
          { question_id: text, value: "All good" },
          { question_id: date, value: "2026-11-20" },
          { question_id: time, value: "20:05" },
          { question_id: datetime, value: "2026-11-22T23:59" },
        ])
      ).status,
    ).toBe(201);
    // the client answers a second send later: the newest text comes first
    await sendsADayAgo(w.t);
    await w.t.call("POST", `${F}/${form.id}`, { users: [w.ids.client] }, w.staff);
    await answer(form.id, 2, w.tok.client, [
      { question_id: text, value: "Knee hurts" },
      { question_id: date, value: "2026-11-24" },
      { question_id: time, value: "22:40" },
    ]);

    const s = await summary(form.id);
    const [t, d, h, dt] = s.questions;
    expect(t?.texts?.total).toBe(3);
    expect(t?.texts?.items.map((i) => i.text)).toEqual(["Knee hurts", "All good", "Slept badly"]);
    const times = (t?.texts?.items ?? []).map((i) => Date.parse(i.answered_at));
    expect(times.every((x) => Number.isFinite(x) && Math.abs(Date.now() - x) < 60_000)).toBe(true);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(t?.distribution).toBeNull();
    expect(d).toMatchObject({
      texts: null,
      distribution: {
        unit: "day",
        buckets: [
          { key: "2026-11-20", count: 2 },
          { key: "2026-11-24", count: 1 },
        ],
      },
    });
    // hours from the first answered to the last, empty hours included
    expect(h?.distribution).toEqual({
      unit: "hour",
      buckets: [
        { key: "20", count: 1 },
        { key: "21", count: 0 },
        { key: "22", count: 2 },
      ],
    });
    // a date-time counts on its day
    expect(dt?.distribution).toEqual({
      unit: "day",
      buckets: [
        { key: "2026-11-20", count: 1 },
        { key: "2026-11-22", count: 1 },
      ],
    });

    // a member who left is no longer in the summary, texts included
    await w.t.db
      .update(memberships)
      .set({ status: "pending" })
      .where(and(eq(memberships.workspaceName, "sakura"), eq(memberships.userId, w.ids.member)));
    const after = await summary(form.id);
    expect(after.questions[0]?.texts?.items.map((i) => i.text)).toEqual(["Knee hurts", "Slept badly"]);
    expect(after.questions[2]?.distribution?.buckets).toEqual([{ key: "22", count: 2 }]);
  });

  it(`lists the newest ${FORM_LIMITS.summaryTextsMax} texts with the total of them all`, async () => {
    const form = await create([w.ids.client]);
    const text = form.questions[0]?.id;
    const sends = FORM_LIMITS.summaryTextsMax + 2;
    await answer(form.id, 1, w.tok.client, [{ question_id: text, value: "answer 1" }]);
    // the further sends and their answers are written directly (two hundred sends over HTTP take a minute),
    // each answered a minute after the one before, on the first send's snapshot
    const [first] = await w.t.db.select().from(formSends).where(eq(formSends.formId, form.id));
    if (!first || text === undefined) throw new Error("no first send");
    const orders = Array.from({ length: sends - 1 }, (_, i) => i + 2);
    const at = (order: number) => new Date(Date.now() + order * 60_000);
    await w.t.db
      .insert(formSends)
      .values(orders.map((sentOrder) => ({ formId: form.id, sentOrder, snapshot: first.snapshot })));
    await w.t.db.insert(formRecipients).values(
      orders.map((sentOrder) => ({
        formId: form.id,
        sentOrder,
        userId: w.ids.client,
        answeredAt: at(sentOrder),
      })),
    );
    await w.t.db.insert(formAnswers).values(
      orders.map((sentOrder) => ({
        formId: form.id,
        sentOrder,
        userId: w.ids.client,
        questionId: text,
        value: `answer ${sentOrder}`,
      })),
    );
    expect(await w.t.db.$count(formRecipients, eq(formRecipients.formId, form.id))).toBe(sends);
    const items = (await summary(form.id)).questions[0]?.texts;
    expect(items?.total).toBe(sends);
    expect(items?.items).toHaveLength(FORM_LIMITS.summaryTextsMax);
    expect(items?.items[0]?.text).toBe(`answer ${sends}`);
    expect(items?.items.at(-1)?.text).toBe(`answer ${sends - FORM_LIMITS.summaryTextsMax + 1}`);
  });

  it("keeps the summary to the form's own entity's staff", async () => {
    const form = await create([w.ids.client]);
    await answer(form.id, 1, w.tok.client, [{ question_id: form.questions[0]?.id, value: "private" }]);
    const path = `${F}/${form.id}/summary`;
    expect((await w.t.call("GET", path, undefined, {})).status).toBe(401);
    for (const token of [w.tok.client, w.tok.admin, w.tok.otherStaff]) {
      const res = await w.t.call("GET", path, undefined, { token });
      expect([res.status, res.body.code]).toEqual([403, "forbidden"]);
      expect(JSON.stringify(res.body)).not.toContain("private");
    }
    const foreign = await w.t.call("GET", `/staff/kaede/forms/${form.id}/summary`, undefined, {
      token: w.tok.otherStaff,
    });
    expect([foreign.status, foreign.body.code]).toEqual([404, "form-not-found"]);
  });
});

describe("distributionOf", () => {
  it("counts months instead of days when more days were named than the summary lists", () => {
    const days = Array.from({ length: FORM_LIMITS.summaryDaysMax + 1 }, (_, i) => ({
      key: `2026-${i < 20 ? "10" : "11"}-${String((i % 20) + 1).padStart(2, "0")}`,
      n: 1,
    }));
    expect(distributionOf(5, days)).toEqual({
      unit: "month",
      buckets: [
        { key: "2026-10", count: 20 },
        { key: "2026-11", count: FORM_LIMITS.summaryDaysMax + 1 - 20 },
      ],
    });
    expect(distributionOf(5, days.slice(0, 2)).unit).toBe("day");
    expect(distributionOf(6, [])).toEqual({ unit: "hour", buckets: [] });
  });
});
