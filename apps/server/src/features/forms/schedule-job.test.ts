import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  formQuestions,
  formRecipients,
  formSchedules,
  formSends,
  forms,
  jobSlots,
  mailOutbox,
  memberships,
} from "../../db/schema";
import { HOUR, type ManualClock, MINUTE, manualClock } from "../../jobs/clock";
import { startTestApp, type TestApp } from "../../test/app";
import { JOBS_APP_URL, startJobInstance } from "../../test/job-instance";
import { userIdOf } from "../../test/users";
import { formReminderJob } from "./reminder-job";
import { CATCH_UP_MS, dueSlot, formScheduleJob, scheduleSlotJob } from "./schedule-job";

/**
 * Recurring sends and reminders driven by a manual clock: each runner is one server instance (its own job runner,
 * mail worker and mailer) on the one test database. Times are in 2040, after every real `created_at` and queued
 * mail of the run; 2040-01-02 is a Monday, and 09:00 in Tokyo is 00:00 UTC.
 */
let t: TestApp;
const id: Record<"client" | "client2" | "client3", string> = { client: "", client2: "", client3: "" };

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  for (const who of ["client", "client2", "client3"] as const)
    id[who] = await userIdOf(t.db, `${who}@example.com`);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(formSchedules);
  await t.db.delete(formSends);
  await t.db.delete(jobSlots);
  await t.db.delete(mailOutbox);
  t.smtp.mails.length = 0;
});

/** A form of `ws` with one question. */
async function newForm(ws: string, name = "Daily check"): Promise<number> {
  const [f] = await t.db
    .insert(forms)
    .values({ workspaceName: ws, name, description: "How are you today?" })
    .returning();
  if (!f) throw new Error("no form");
  await t.db
    .insert(formQuestions)
    .values({ formId: f.id, position: 1, text: "How do you feel?", questionType: 1, isRequired: true });
  return f.id;
}

type ScheduleValues = Partial<typeof formSchedules.$inferInsert>;
async function newSchedule(formId: number, v: ScheduleValues = {}): Promise<number> {
  const [s] = await t.db
    .insert(formSchedules)
    .values({
      formId,
      kind: "daily",
      localTime: "09:00",
      timeZone: "Asia/Tokyo",
      allMembers: true,
      createdAt: new Date("2039-12-01T00:00:00Z"),
      ...v,
    })
    .returning();
  if (!s) throw new Error("no schedule");
  return s.id;
}

/** One server instance: the three jobs on a runner with the given clock (a tick sends and delivers). */
function instance(clock: ManualClock) {
  return startJobInstance(t, clock, (runner, ctx, log) => {
    runner.register(formScheduleJob(ctx, log));
    runner.register(formReminderJob(ctx, log));
  });
}

/** Runs `check` while client2 is no longer an active member of harbor, who is one again after it. */
async function whileClient2LeftHarbor(check: () => Promise<void>) {
  const client2InHarbor = and(eq(memberships.workspaceName, "harbor"), eq(memberships.userId, id.client2));
  await t.db.update(memberships).set({ isActive: false }).where(client2InHarbor);
  try {
    await check();
  } finally {
    await t.db.update(memberships).set({ isActive: true }).where(client2InHarbor);
  }
}

async function sends(formId: number) {
  const found = await t.db
    .select()
    .from(formSends)
    .where(eq(formSends.formId, formId))
    .orderBy(asc(formSends.sentOrder));
  return found.map((s) => ({
    order: s.sentOrder,
    at: s.sentAt.toISOString(),
    schedule: s.scheduleId,
    sentBy: s.sentBy,
    reminderDue: s.reminderDueAt?.toISOString() ?? null,
  }));
}

async function recipientsOf(formId: number, sentOrder: number) {
  const found = await t.db
    .select({ id: formRecipients.userId })
    .from(formRecipients)
    .where(and(eq(formRecipients.formId, formId), eq(formRecipients.sentOrder, sentOrder)));
  return found.map((r) => r.id).sort();
}

const mailsTo = (email: string) => t.smtp.mails.filter((m) => m.to.includes(email));

describe("dueSlot (the catch-up rule)", () => {
  const daily = { kind: "daily" as const, weekdays: [], localTime: "09:00", timeZone: "Asia/Tokyo" };
  const since = new Date("2039-12-01T00:00:00Z");

  it("is the latest run at or before now, after `since`", () => {
    expect(dueSlot(daily, since, new Date("2040-01-02T00:00:00Z"))?.toISOString()).toBe(
      "2040-01-02T00:00:00.000Z",
    );
    expect(dueSlot(daily, since, new Date("2040-01-02T05:00:00Z"))?.toISOString()).toBe(
      "2040-01-02T00:00:00.000Z",
    );
    // 08:59 in Tokyo: yesterday's run, still less than 24 hours old
    expect(dueSlot(daily, since, new Date("2040-01-01T23:59:00Z"))?.toISOString()).toBe(
      "2040-01-01T00:00:00.000Z",
    );
  });

  it("is nothing once that run is done, or older than 24 hours", () => {
    const done = new Date("2040-01-02T00:00:00Z");
    expect(dueSlot(daily, done, new Date("2040-01-02T23:59:00Z"))).toBeNull();
    const weekly = { ...daily, kind: "weekly" as const, weekdays: [1] };
    // Monday's run, looked for on Wednesday
    expect(dueSlot(weekly, since, new Date("2040-01-04T03:00:00Z"))).toBeNull();
    expect(CATCH_UP_MS).toBe(24 * HOUR);
  });
});

describe("recurring sends", () => {
  it("sends a daily slot once, to every accepted member, with its request mail", async () => {
    const formId = await newForm("harbor");
    const scheduleId = await newSchedule(formId);
    const clock = manualClock("2040-01-01T23:59:00Z"); // 08:59 in Tokyo, Monday
    const server = instance(clock);
    // created a month ago: yesterday's 09:00 is a missed run less than 24 hours old, sent once
    await server.tick();
    expect(await sends(formId)).toEqual([
      { order: 1, at: "2040-01-01T23:59:00.000Z", schedule: scheduleId, sentBy: null, reminderDue: null },
    ]);
    clock.set("2040-01-02T00:00:00Z");
    await server.tick();
    await server.tick();
    clock.advance(30 * MINUTE);
    await server.tick();
    expect((await sends(formId)).map((s) => s.at)).toEqual([
      "2040-01-01T23:59:00.000Z",
      "2040-01-02T00:00:00.000Z",
    ]);
    expect(await recipientsOf(formId, 2)).toEqual([id.client, id.client2].sort());
    expect(mailsTo("client2@example.com").map((m) => m.subject)).toEqual([
      "[Mimamori] Harbor Logistics asks you to answer a form",
      "[Mimamori] Harbor Logistics asks you to answer a form",
    ]);
    expect(mailsTo("client@example.com").map((m) => m.subject)).toEqual([
      "【Mimamori】Harbor Logistics からフォームへの回答のお願い",
      "【Mimamori】Harbor Logistics からフォームへの回答のお願い",
    ]);
    expect(mailsTo("client2@example.com")[0]?.text).toContain(
      `${JOBS_APP_URL}/client/forms/${formId}/detail`,
    );
    expect(
      (
        await t.db
          .select()
          .from(jobSlots)
          .where(eq(jobSlots.job, scheduleSlotJob(scheduleId)))
      ).map((s) => s.slotAt.toISOString()),
    ).toEqual(["2040-01-01T00:00:00.000Z", "2040-01-02T00:00:00.000Z"]);
    await server.close();
  });

  it("a restarted server neither repeats nor skips a slot", async () => {
    const formId = await newForm("harbor");
    await newSchedule(formId, { createdAt: new Date("2040-01-01T12:00:00Z") });
    const clock = manualClock("2040-01-02T00:00:00Z");
    const first = instance(clock);
    await first.tick();
    await first.close();

    const restarted = instance(clock);
    clock.set("2040-01-02T00:05:00Z");
    await restarted.tick();
    expect((await sends(formId)).map((s) => s.at)).toEqual(["2040-01-02T00:00:00.000Z"]);
    // down over the next run: sent when back (less than 24 hours late), once
    clock.set("2040-01-03T07:00:00Z");
    await restarted.tick();
    await restarted.tick();
    expect((await sends(formId)).map((s) => s.at)).toEqual([
      "2040-01-02T00:00:00.000Z",
      "2040-01-03T07:00:00.000Z",
    ]);
    await restarted.close();
  });

  it("after a long outage sends only the latest missed run", async () => {
    const formId = await newForm("harbor");
    await newSchedule(formId, { createdAt: new Date("2040-01-01T12:00:00Z") });
    const server = instance(manualClock("2040-01-05T03:00:00Z")); // three runs missed
    await server.tick();
    expect((await sends(formId)).map((s) => s.at)).toEqual(["2040-01-05T03:00:00.000Z"]);
    const slots = await t.db.select().from(jobSlots);
    expect(slots.map((s) => s.slotAt.toISOString())).toEqual(["2040-01-05T00:00:00.000Z"]);
    await server.close();
  });

  it("two servers ticking at once send a slot once", async () => {
    const formId = await newForm("harbor");
    await newSchedule(formId);
    const clock = manualClock("2040-01-02T00:00:00Z");
    const [a, b] = [instance(clock), instance(clock)];
    await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
    expect((await sends(formId)).map((s) => s.order)).toEqual([1]);
    expect(mailsTo("client2@example.com")).toHaveLength(1);
    expect(mailsTo("client@example.com")).toHaveLength(1);
    await Promise.all([a.close(), b.close()]);
  });

  it("a send that fails leaves its slot open: logged, and sent at the next tick", async () => {
    const formId = await newForm("harbor");
    const scheduleId = await newSchedule(formId);
    const clock = manualClock("2040-01-02T00:00:00Z");
    const server = instance(clock);
    const enqueue = server.ctx.mailer.enqueue;
    server.ctx.mailer.enqueue = async () => {
      throw new Error("outbox unavailable");
    };
    await server.tick();
    expect(await sends(formId)).toEqual([]);
    expect(await t.db.select().from(jobSlots)).toEqual([]);
    const failed = server.lines.filter((l) => l.msg === "recurring send failed");
    expect(failed.map((l) => [l.schedule, (l.err as { message: string }).message])).toEqual([
      [scheduleId, "outbox unavailable"],
    ]);

    server.ctx.mailer.enqueue = enqueue;
    clock.advance(MINUTE);
    await server.tick();
    expect((await sends(formId)).map((s) => s.at)).toEqual(["2040-01-02T00:01:00.000Z"]);
    expect(mailsTo("client2@example.com")).toHaveLength(1);
    await server.close();
  });

  it("sends a weekly schedule only on its weekdays, at the local time in Tokyo", async () => {
    const formId = await newForm("harbor");
    await newSchedule(formId, { kind: "weekly", weekdays: [1, 3, 5], localTime: "08:30" });
    const clock = manualClock("2039-12-31T00:00:00Z");
    const server = instance(clock);
    // nine UTC days, Saturday 31 December to Sunday 8 January: at noon, and just before and at 23:30 UTC
    // (08:30 the next day in Tokyo)
    for (let day = 0; day < 9; day++) {
      const base = Date.UTC(2039, 11, 31 + day);
      for (const at of [12 * HOUR, 23 * HOUR + 29 * MINUTE, 23 * HOUR + 30 * MINUTE]) {
        clock.set(new Date(base + at));
        await server.tick();
      }
    }
    // Monday, Wednesday and Friday 08:30 in Tokyo (the evening before in UTC), and the next Monday
    expect((await sends(formId)).map((s) => s.at)).toEqual([
      "2040-01-01T23:30:00.000Z",
      "2040-01-03T23:30:00.000Z",
      "2040-01-05T23:30:00.000Z",
      "2040-01-08T23:30:00.000Z",
    ]);
    await server.close();
  });

  it("sends a chosen list to those still members, and skips a slot with nobody left", async () => {
    const formId = await newForm("harbor");
    // client3 never was a member of harbor
    await newSchedule(formId, { allMembers: false, userIds: [id.client2, id.client3] });
    const clock = manualClock("2040-01-02T00:00:00Z");
    const server = instance(clock);
    await server.tick();
    expect(await recipientsOf(formId, 1)).toEqual([id.client2]);
    expect(mailsTo("client3@example.com")).toEqual([]);
    expect(mailsTo("client@example.com")).toEqual([]);

    // client2 leaves harbor: the next day's slot is claimed and nothing is sent
    await whileClient2LeftHarbor(async () => {
      clock.set("2040-01-03T00:00:00Z");
      await server.tick();
      expect((await sends(formId)).map((s) => s.order)).toEqual([1]);
      expect((await t.db.select().from(jobSlots)).map((s) => s.slotAt.toISOString()).sort()).toEqual([
        "2040-01-02T00:00:00.000Z",
        "2040-01-03T00:00:00.000Z",
      ]);
      expect(server.lines.filter((l) => l.msg === "recurring send").map((l) => l.outcome)).toEqual([
        "sent",
        "empty",
      ]);
    });
    await server.close();
  });

  it("runs nothing for a paused schedule, nor for runs before a recorded change", async () => {
    const formId = await newForm("harbor");
    const paused = await newSchedule(formId, { active: false });
    const changed = await newSchedule(formId, { localTime: "08:00" });
    // the schedule changed at 08:30 in Tokyo (the route records it as a done slot): today's 08:00 is not due
    await t.db
      .insert(jobSlots)
      .values({ job: scheduleSlotJob(changed), slotAt: new Date("2040-01-01T23:30:00Z") });
    const clock = manualClock("2040-01-02T00:00:00Z");
    const server = instance(clock);
    await server.tick();
    expect(await sends(formId)).toEqual([]);
    clock.set("2040-01-02T23:00:00Z");
    await server.tick();
    expect((await sends(formId)).map((s) => s.schedule)).toEqual([changed]);
    expect(paused).not.toBe(changed);
    await server.close();
  });
});

describe("reminders", () => {
  it("reminds the unanswered recipients still members, once, when due", async () => {
    const formId = await newForm("harbor", "Heat check");
    await newSchedule(formId, { reminderAfterHours: 2 });
    const clock = manualClock("2040-01-02T00:00:00Z");
    const [a, b] = [instance(clock), instance(clock)];
    await a.tick();
    expect(await sends(formId)).toEqual([
      expect.objectContaining({ order: 1, reminderDue: "2040-01-02T02:00:00.000Z" }),
    ]);
    // client answers; client2 does not
    await t.db
      .update(formRecipients)
      .set({ answeredAt: new Date("2040-01-02T00:30:00Z") })
      .where(and(eq(formRecipients.formId, formId), eq(formRecipients.userId, id.client)));
    const requests = t.smtp.mails.length;

    clock.set("2040-01-02T01:59:00Z");
    await a.tick();
    expect(t.smtp.mails.length).toBe(requests);

    clock.set("2040-01-02T02:00:00Z");
    await Promise.all([a.tick(), b.tick()]);
    clock.advance(HOUR);
    await Promise.all([a.tick(), b.tick()]);
    const reminders = t.smtp.mails.slice(requests);
    expect(reminders.map((m) => [m.to, m.subject])).toEqual([
      ["client2@example.com", "[Mimamori] Reminder: Harbor Logistics is waiting for your answer"],
    ]);
    expect(reminders[0]?.text).toContain(
      'You have not answered the form "Heat check" from Harbor Logistics yet.',
    );
    const [send] = await t.db.select().from(formSends).where(eq(formSends.formId, formId));
    expect(send?.reminderSentAt?.toISOString()).toBe("2040-01-02T02:00:00.000Z");
    await Promise.all([a.close(), b.close()]);
  });

  it("reminds nobody who has left the entity, and sends without a reminder need none", async () => {
    const formId = await newForm("harbor");
    const withReminder = await newSchedule(formId, { reminderAfterHours: 1 });
    await newSchedule(formId, { localTime: "09:01" });
    const clock = manualClock("2040-01-02T00:01:00Z");
    const server = instance(clock);
    await server.tick();
    expect((await sends(formId)).map((s) => [s.schedule === withReminder, s.reminderDue])).toEqual([
      [true, "2040-01-02T01:01:00.000Z"],
      [false, null],
    ]);
    await whileClient2LeftHarbor(async () => {
      const before = t.smtp.mails.length;
      clock.set("2040-01-02T01:01:00Z");
      await server.tick();
      expect(t.smtp.mails.slice(before).map((m) => m.to)).toEqual(["client@example.com"]);
      expect(t.smtp.mails.at(-1)?.subject).toBe("【Mimamori】フォームへの回答のお願い（再送）");
    });
    await server.close();
  });
});
