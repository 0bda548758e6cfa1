import { message } from "@mimamori/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entities, formQuestions, formSchedules, forms, jobSlots } from "../../db/schema";
import { startTestApp, type TestApp } from "../../test/app";
import { REFUSED_SAKURA_STAFF_ROUTE, type Role, roleTokens } from "../../test/roles";
import { userIdOf } from "../../test/users";
import { scheduleSlotJob } from "./schedule-job";
import { nextRunAt } from "./schedule-time";

let t: TestApp;
let tok: Record<Role, string | undefined>;
const id: Record<"client" | "client2" | "client3", string> = { client: "", client2: "", client3: "" };
let sakuraForm = 0;

async function newForm(ws: string): Promise<number> {
  const [f] = await t.db
    .insert(forms)
    .values({ workspaceName: ws, name: `Check of ${ws}`, description: "Weekly check" })
    .returning();
  if (!f) throw new Error("no form");
  await t.db
    .insert(formQuestions)
    .values({ formId: f.id, position: 1, text: "How are you?", questionType: 1, isRequired: true });
  return f.id;
}

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  tok = await roleTokens(t);
  for (const who of ["client", "client2", "client3"] as const)
    id[who] = await userIdOf(t.db, `${who}@example.com`);
  sakuraForm = await newForm("sakura");
});
afterAll(() => t.close());

const staff = () => ({ token: tok.staff });
const base = (formId = sakuraForm, ws = "sakura") => `/staff/${ws}/forms/${formId}/schedules`;
const daily = { kind: "daily", time: "09:00", all_members: true };
const scheduleCount = async () => (await t.db.select().from(formSchedules)).length;

describe("recurring sends: routes", () => {
  it("creates, lists, changes and deletes a form's schedules", async () => {
    const before = Date.now();
    const created = await t.call("POST", base(), daily, staff());
    expect(created.status).toBe(201);
    const next = nextRunAt(
      { kind: "daily", weekdays: [], localTime: "09:00", timeZone: "Asia/Tokyo" },
      new Date(before),
    );
    expect(created.body).toEqual({
      id: expect.any(Number),
      kind: "daily",
      weekdays: [],
      time: "09:00",
      time_zone: "Asia/Tokyo",
      all_members: true,
      users: [],
      reminder_after_hours: null,
      active: true,
      next_run_at: next?.toISOString(),
    });
    // 09:00 in Tokyo is midnight UTC, within the next day
    expect(created.body.next_run_at).toMatch(/T00:00:00\.000Z$/);

    const put = await t.call(
      "PUT",
      `${base()}/${created.body.id}`,
      { kind: "weekly", weekdays: [3], time: "07:05", all_members: true, active: false },
      staff(),
    );
    expect(put.status).toBe(200);
    expect(put.body).toEqual({
      id: created.body.id,
      kind: "weekly",
      weekdays: [3],
      time: "07:05",
      time_zone: "Asia/Tokyo",
      all_members: true,
      users: [],
      reminder_after_hours: null,
      active: false,
      next_run_at: null,
    });
    // the daily schedule is paused: a weekly one to a member may run (one running schedule a day per person)
    const weekly = await t.call(
      "POST",
      base(),
      {
        kind: "weekly",
        weekdays: [5, 1, 1],
        time: "18:30",
        all_members: false,
        users: [id.client, id.client],
        reminder_after_hours: 24,
      },
      staff(),
    );
    expect(weekly.status).toBe(201);
    expect(weekly.body).toMatchObject({
      kind: "weekly",
      weekdays: [1, 5],
      time: "18:30",
      all_members: false,
      users: [id.client],
      reminder_after_hours: 24,
      active: true,
    });
    // Monday or Friday 18:30 in Tokyo = 09:30 UTC the same day
    const nextWeekly = new Date(weekly.body.next_run_at);
    expect(nextWeekly.toISOString()).toMatch(/T09:30:00\.000Z$/);
    expect([1, 5]).toContain(nextWeekly.getUTCDay());

    const list = await t.call("GET", base(), undefined, staff());
    expect(list.status).toBe(200);
    expect(list.body.map((s: { id: number }) => s.id)).toEqual([created.body.id, weekly.body.id]);

    // the change is a done slot: runs of the new rule before it are not caught up (schedule-job.ts)
    const marks = await t.db
      .select()
      .from(jobSlots)
      .where(eq(jobSlots.job, scheduleSlotJob(created.body.id)));
    expect(marks).toHaveLength(1);
    expect(Math.abs((marks[0]?.slotAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);

    expect((await t.call("DELETE", `${base()}/${created.body.id}`, undefined, staff())).status).toBe(204);
    expect(
      await t.db
        .select()
        .from(jobSlots)
        .where(eq(jobSlots.job, scheduleSlotJob(created.body.id))),
    ).toEqual([]);
    const after = await t.call("GET", base(), undefined, staff());
    expect(after.body.map((s: { id: number }) => s.id)).toEqual([weekly.body.id]);
    const again = await t.call("DELETE", `${base()}/${created.body.id}`, undefined, staff());
    expect([again.status, again.body.code]).toEqual([404, "schedule-not-found"]);
  });

  it("uses the entity's time zone", async () => {
    const harborForm = await newForm("harbor");
    await t.db
      .update(entities)
      .set({ timeZone: "America/New_York" })
      .where(eq(entities.workspaceName, "harbor"));
    try {
      const res = await t.call("POST", base(harborForm, "harbor"), daily, staff());
      expect(res.status).toBe(201);
      expect(res.body.time_zone).toBe("America/New_York");
      // 09:00 in New York is 13:00 or 14:00 UTC (summer or winter time)
      expect(res.body.next_run_at).toMatch(/T1[34]:00:00\.000Z$/);
    } finally {
      await t.db.update(entities).set({ timeZone: "Asia/Tokyo" }).where(eq(entities.workspaceName, "harbor"));
    }
  });

  it.each([
    [
      "weekly without weekdays",
      { kind: "weekly", time: "09:00", all_members: true },
      "weekdays-required",
      "weekdays",
    ],
    [
      "a chosen list without people",
      { kind: "daily", time: "09:00", all_members: false },
      "no-recipients",
      "users",
    ],
    ["24:00", { ...daily, time: "24:00" }, "invalid-clock-time", "time"],
    ["9:00", { ...daily, time: "9:00" }, "invalid-clock-time", "time"],
    [
      "a weekday 7",
      { kind: "weekly", weekdays: [7], time: "09:00", all_members: true },
      "invalid-input",
      "weekdays.0",
    ],
    [
      "a reminder after 0 hours",
      { ...daily, reminder_after_hours: 0 },
      "invalid-input",
      "reminder_after_hours",
    ],
    [
      "a reminder after 169 hours",
      { ...daily, reminder_after_hours: 169 },
      "invalid-input",
      "reminder_after_hours",
    ],
  ])("refuses %s (400 %s) and stores nothing", async (_what, body, code, field) => {
    const before = await scheduleCount();
    const res = await t.call("POST", base(), body, staff());
    expect([res.status, res.body.code, res.body.field]).toEqual([400, code, field]);
    expect(await scheduleCount()).toBe(before);
  });

  it("refuses people who are not accepted members of this entity, in the caller's language", async () => {
    const sakuraForm = await newForm("sakura");
    const base = (formId = sakuraForm) => `/staff/sakura/forms/${formId}/schedules`;
    const before = await scheduleCount();
    for (const who of [id.client3 /* pending */, id.client2 /* harbor only */, crypto.randomUUID()]) {
      const res = await t.call(
        "POST",
        base(),
        { ...daily, all_members: false, users: [id.client, who] },
        staff(),
      );
      expect([res.status, res.body.code, res.body.field]).toEqual([400, "recipient-not-member", "users"]);
    }
    const jp = await t.call(
      "POST",
      base(),
      { ...daily, all_members: false, users: [id.client3] },
      {
        ...staff(),
        lang: "ja",
      },
    );
    expect(jp.body.detail).toBe(message("recipient-not-member", "jp"));
    const en = await t.call("POST", base(), { kind: "weekly", time: "09:00", all_members: true }, staff());
    expect(en.body.detail).toBe("Choose at least one weekday.");
    expect(await scheduleCount()).toBe(before);
    // a change is checked the same way and changes nothing
    const created = await t.call("POST", base(), daily, staff());
    const put = await t.call(
      "PUT",
      `${base()}/${created.body.id}`,
      { ...daily, all_members: false, users: [id.client3] },
      staff(),
    );
    expect([put.status, put.body.code]).toEqual([400, "recipient-not-member"]);
    const [row] = await t.db.select().from(formSchedules).where(eq(formSchedules.id, created.body.id));
    expect([row?.allMembers, row?.userIds]).toEqual([true, []]);
  });

  it("answers 404 for another entity's form and another form's schedule", async () => {
    const harborForm = await newForm("harbor");
    const harborSchedule = await t.call("POST", base(harborForm, "harbor"), daily, staff());
    expect(harborSchedule.status).toBe(201);
    const cases: [string, string, unknown][] = [
      ["GET", base(harborForm, "sakura"), undefined],
      ["POST", base(harborForm, "sakura"), daily],
      ["PUT", `${base(harborForm, "sakura")}/${harborSchedule.body.id}`, daily],
      ["DELETE", `${base(harborForm, "sakura")}/${harborSchedule.body.id}`, undefined],
      ["GET", base(999_999), undefined],
    ];
    for (const [method, path, body] of cases) {
      const res = await t.call(method, path, body as never, staff());
      expect([method, path, res.status, res.body.code]).toEqual([method, path, 404, "form-not-found"]);
    }
    for (const [method, body] of [
      ["PUT", daily],
      ["DELETE", undefined],
    ] as const) {
      const res = await t.call(method, `${base()}/${harborSchedule.body.id}`, body, staff());
      expect([res.status, res.body.code]).toEqual([404, "schedule-not-found"]);
      const malformed = await t.call(method, `${base()}/abc`, body, staff());
      expect([malformed.status, malformed.body.code]).toEqual([404, "schedule-not-found"]);
    }
    const [still] = await t.db
      .select()
      .from(formSchedules)
      .where(eq(formSchedules.id, harborSchedule.body.id));
    expect(still?.formId).toBe(harborForm);
  });
});

describe("recurring sends: authorization", () => {
  it.each(REFUSED_SAKURA_STAFF_ROUTE)("%s gets %i and changes nothing", async (role, status) => {
    const formId = await newForm("sakura");
    const base = () => `/staff/sakura/forms/${formId}/schedules`;
    const created = await t.call("POST", base(), daily, staff());
    const before = await scheduleCount();
    const o = { token: tok[role] };
    const calls = await Promise.all([
      t.call("GET", base(), undefined, o),
      t.call("POST", base(), daily, o),
      t.call("PUT", `${base()}/${created.body.id}`, { ...daily, time: "10:00" }, o),
      t.call("DELETE", `${base()}/${created.body.id}`, undefined, o),
    ]);
    expect(calls.map((c) => c.status)).toEqual([status, status, status, status]);
    expect(await scheduleCount()).toBe(before);
    const [row] = await t.db.select().from(formSchedules).where(eq(formSchedules.id, created.body.id));
    expect(row?.localTime).toBe("09:00");
  });
});
