import { FORM_LIMITS, FORMS_TOTAL_HEADER, message } from "@mimamori/shared";
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { type AppConfig, configFromEnv } from "../../config";
import { formRecipients, formSchedules, formSends, forms, jobSlots, mailOutbox } from "../../db/schema";
import { manualClock } from "../../jobs/clock";
import { createJobRunner } from "../../jobs/runner";
import { captureLog } from "../../jobs/test-helpers";
import type { AppContext } from "../../lib/context";
import type { IdTokens } from "../../lib/id-tokens";
import { createMailer } from "../../lib/mail/mailer";
import type { CallOptions } from "../../test/api-client";
import { JOBS_APP_URL, JOBS_MAIL_FROM, startJobInstance } from "../../test/job-instance";
import { worldPerFile } from "../../test/per-file";
import { sampleForm, startFormsWorld } from "../../test/worlds/forms";
import { FORM_MAILS_PER_DAY, mailDay } from "./mail-cap";
import { formReminderJob } from "./reminder-job";
import { sendForm } from "./send";

/**
 * Issue 29 §5, the limits a sender must not pass: schedules (at most 10 per form, none identical, a form at most
 * once a day per member), one-off sends (once a day per member and form), the daily cap of request mails with
 * its digest, and the paged forms list.
 */
const w = worldPerFile(startFormsWorld);
beforeEach(async () => {
  await w.t.db.delete(forms);
  await w.t.db.delete(mailOutbox);
  w.t.smtp.mails.length = 0;
});

const F = "/staff/sakura/forms";
async function newForm(name = "Daily check"): Promise<number> {
  const res = await w.t.call("POST", F, sampleForm({ name }), w.staff);
  expect(res.status).toBe(201);
  return res.body.id;
}
const schedules = (formId: number) => `${F}/${formId}/schedules`;
const scheduleCount = async (formId: number) =>
  (await w.t.db.select().from(formSchedules).where(eq(formSchedules.formId, formId))).length;
const addSchedule = (formId: number, body: Record<string, unknown>, o: CallOptions = w.staff) =>
  w.t.call("POST", schedules(formId), body, o);
const daily = (time = "09:00") => ({ kind: "daily", time, all_members: true });
/** A weekly schedule to everyone, or to `users` only. */
const weekly = (weekdays: number[], time: string, users?: string[]) => ({
  kind: "weekly",
  weekdays,
  time,
  all_members: users === undefined,
  users,
});

describe("recurring sends: at most 10 per form", () => {
  it("takes the 10th and refuses the 11th (409 too-many-schedules, in the caller's language)", async () => {
    const formId = await newForm();
    // paused schedules at different times: none identical, none running
    for (let i = 0; i < 10; i++) {
      const res = await addSchedule(formId, { ...daily(`0${i}:30`), active: false });
      expect([i, res.status]).toEqual([i, 201]);
    }
    expect(FORM_LIMITS.schedulesPerFormMax).toBe(10);
    const en = await addSchedule(formId, { ...daily("12:00"), active: false });
    expect([en.status, en.body]).toEqual([
      409,
      {
        code: "too-many-schedules",
        detail: "A form can have at most 10 recurring sends. Delete one before adding another.",
      },
    ]);
    const jp = await addSchedule(formId, { ...daily("12:00"), active: false }, { ...w.staff, lang: "ja" });
    expect([jp.status, jp.body.detail]).toEqual([
      409,
      "1つのフォームの定期送信は10件までです。追加する前に、どれかを削除してください。",
    ]);
    expect(await scheduleCount(formId)).toBe(10);
    // another form has its own 10
    expect((await w.t.call("POST", schedules(await newForm("Other")), daily(), w.staff)).status).toBe(201);
    // changing one of the 10 is no 11th
    const [first] = await w.t.db.select().from(formSchedules).where(eq(formSchedules.formId, formId));
    const put = await w.t.call(
      "PUT",
      `${schedules(formId)}/${first?.id}`,
      { ...daily("23:00"), active: false },
      w.staff,
    );
    expect(put.status).toBe(200);
  });
});

describe("recurring sends: no two identical", () => {
  it("refuses a schedule with the same days, time and recipients (409 schedule-duplicate), paused or not", async () => {
    const formId = await newForm();
    expect((await addSchedule(formId, daily())).status).toBe(201);
    for (const body of [
      daily(),
      { ...daily(), active: false },
      { ...daily(), reminder_after_hours: 12 },
      weekly([0, 1, 2, 3, 4, 5, 6], "09:00"),
    ]) {
      const res = await addSchedule(formId, body);
      expect([res.status, res.body.code, res.body.detail]).toEqual([
        409,
        "schedule-duplicate",
        "This form already has a recurring send with the same days, time and recipients.",
      ]);
    }
    const jp = await addSchedule(formId, daily(), { ...w.staff, lang: "ja" });
    expect(jp.body.detail).toBe(message("schedule-duplicate", "jp"));
    expect(await scheduleCount(formId)).toBe(1);

    // the same list of people in another order is the same schedule
    const listForm = await newForm("List");
    const list = { kind: "weekly", weekdays: [1], time: "08:00", all_members: false };
    const a = await w.t.call(
      "POST",
      schedules(listForm),
      { ...list, users: [w.ids.client, w.ids.member] },
      w.staff,
    );
    expect(a.status).toBe(201);
    const b = await w.t.call(
      "POST",
      schedules(listForm),
      { ...list, users: [w.ids.member, w.ids.client], active: false },
      w.staff,
    );
    expect([b.status, b.body.code]).toEqual([409, "schedule-duplicate"]);

    // a change into a copy of another is refused and changes nothing
    const other = await addSchedule(formId, { ...daily("18:00"), active: false });
    expect(other.status).toBe(201);
    const put = await w.t.call("PUT", `${schedules(formId)}/${other.body.id}`, daily(), w.staff);
    expect([put.status, put.body.code]).toEqual([409, "schedule-duplicate"]);
    const [row] = await w.t.db.select().from(formSchedules).where(eq(formSchedules.id, other.body.id));
    expect([row?.localTime, row?.active]).toEqual(["18:00", false]);
  });
});

describe("recurring sends: a form at most once a day per member", () => {
  it("refuses the security test's 1,440 daily schedules after the first (409 schedule-too-often)", async () => {
    const formId = await newForm();
    const statuses: number[] = [];
    // one a minute over a day, sampled: 00:00, 00:01, … and every 97th minute up to 23:59
    for (let m = 0; m < 1440; m += m < 3 ? 1 : 97) {
      const time = `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
      const res = await addSchedule(formId, daily(time));
      statuses.push(res.status);
      if (res.status !== 201)
        expect([time, res.body.code, res.body.detail]).toEqual([
          time,
          "schedule-too-often",
          "Another recurring send of this form already reaches some of these recipients on one of these days. A form goes to each member at most once a day.",
        ]);
    }
    expect(statuses[0]).toBe(201);
    expect(statuses.slice(1).every((s) => s === 409)).toBe(true);
    expect(await scheduleCount(formId)).toBe(1);
  });

  it("refuses a running schedule that reaches one of the same people on a common day, in both languages", async () => {
    const formId = await newForm();
    const monday = await addSchedule(formId, weekly([1], "09:00", [w.ids.client]));
    expect(monday.status).toBe(201);
    for (const body of [
      daily("18:00"), // every day, everyone
      weekly([1, 3], "18:00"), // Monday, everyone
      weekly([1], "07:00", [w.ids.member, w.ids.client]),
    ]) {
      const res = await addSchedule(formId, body);
      expect([res.status, res.body.code]).toEqual([409, "schedule-too-often"]);
    }
    const jp = await addSchedule(formId, daily("18:00"), { ...w.staff, lang: "ja" });
    expect(jp.body.detail).toBe(
      "このフォームの別の定期送信が、同じ曜日にこの宛先の一部へすでに送信します。フォームは1人に1日1回までしか送信できません。",
    );
    expect(await scheduleCount(formId)).toBe(1);

    // other days, or other people on the same day, are fine
    const tuesday = await addSchedule(formId, weekly([2, 4], "18:00"));
    expect(tuesday.status).toBe(201);
    const memberMonday = await addSchedule(formId, weekly([1], "18:00", [w.ids.member]));
    expect(memberMonday.status).toBe(201);
    // a paused one may be kept, but not started while it collides
    const paused = await addSchedule(formId, { ...daily("20:00"), active: false });
    expect(paused.status).toBe(201);
    const start = await w.t.call("PUT", `${schedules(formId)}/${paused.body.id}`, daily("20:00"), w.staff);
    expect([start.status, start.body.code]).toEqual([409, "schedule-too-often"]);
    const [row] = await w.t.db.select().from(formSchedules).where(eq(formSchedules.id, paused.body.id));
    expect(row?.active).toBe(false);
    // a schedule changed in place is not compared with itself
    const moved = await w.t.call(
      "PUT",
      `${schedules(formId)}/${monday.body.id}`,
      weekly([1], "10:00", [w.ids.client]),
      w.staff,
    );
    expect(moved.status).toBe(200);
  });
});

describe("one-off sends: the same form to the same member at most once a day", () => {
  const send = (formId: number, users: string[], lang?: "ja") =>
    w.t.call("POST", `${F}/${formId}`, { users }, { ...w.staff, ...(lang ? { lang } : {}) });
  const stored = async () => ({
    sends: (await w.t.db.select().from(formSends)).length,
    recipients: (await w.t.db.select().from(formRecipients)).length,
    mails: (await w.t.db.select().from(mailOutbox)).length,
  });

  it("refuses the whole send while any recipient had the form in the last 24 hours, and changes nothing", async () => {
    const formId = await newForm();
    expect((await send(formId, [w.ids.client])).status).toBe(201);
    const before = await stored();
    for (const users of [[w.ids.client], [w.ids.member, w.ids.client]]) {
      const res = await send(formId, users);
      expect([res.status, res.body]).toEqual([
        409,
        {
          code: "form-sent-today",
          field: "users",
          detail:
            "This form was already sent to one or more of these members in the last 24 hours. A form goes to each member at most once a day: remove them or send later.",
        },
      ]);
    }
    const jp = await send(formId, [w.ids.client], "ja");
    expect(jp.body.detail).toBe(
      "このフォームは、選んだメンバーの一部に過去24時間以内にすでに送信されています。フォームは1人に1日1回までです。そのメンバーを外すか、時間をおいて送信してください。",
    );
    expect(await stored()).toEqual(before);
    // another member, or another form, may be sent at once
    expect((await send(formId, [w.ids.member])).status).toBe(201);
    expect((await send(await newForm("Other"), [w.ids.client])).status).toBe(201);
  });

  it("counts 24 hours from the last send: 23 hours later it is refused, 24 hours and a minute later sent", async () => {
    const formId = await newForm();
    expect((await send(formId, [w.ids.client])).status).toBe(201);
    const backBy = (ms: number) =>
      w.t.db
        .update(formSends)
        .set({ sentAt: new Date(Date.now() - ms) })
        .where(eq(formSends.formId, formId));
    await backBy(23 * 3600_000);
    expect((await send(formId, [w.ids.client])).body.code).toBe("form-sent-today");
    await backBy(24 * 3600_000 + 60_000);
    expect((await send(formId, [w.ids.client])).status).toBe(201);
  });

  it("lets one of 100 parallel sends of one form to one member through, with one mail", async () => {
    const formId = await newForm();
    const answers = await Promise.all(Array.from({ length: 100 }, () => send(formId, [w.ids.client])));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && a.body.code === "form-sent-today")).toHaveLength(99);
    const mails = await w.t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, "client@example.com"), eq(mailOutbox.template, "form-request")));
    expect(mails).toHaveLength(1);
  });

  it("leaves recurring sends and a new form's first send alone (the schedules keep their own rule)", async () => {
    const created = await w.t.call("POST", F, sampleForm({ users: [w.ids.client] }), w.staff);
    expect(created.status).toBe(201);
    const ctx = directContext();
    const second = await sendDirectly(ctx, created.body.id, [w.ids.client]);
    expect(second.sent_order).toBe(2);
  });
});

/** The digests in the outbox: recipient, status and when they go, sorted. */
async function digestsWaiting() {
  const digests = await w.t.db.select().from(mailOutbox).where(eq(mailOutbox.template, "form-digest"));
  return digests.map((d) => [d.recipient, d.status, d.nextAttemptAt?.toISOString()]).sort();
}

/** The app's context for calling sendForm directly (a recurring send's way in), over the test SMTP peer. */
function directContext(): AppContext {
  const { log } = captureLog();
  const config = { appUrl: JOBS_APP_URL, smtpUrl: w.t.smtp.url, mailFrom: JOBS_MAIL_FROM } as AppConfig;
  return {
    config,
    database: w.t.database,
    db: w.t.db,
    mailer: createMailer({ db: w.t.db, smtpUrl: w.t.smtp.url, from: JOBS_MAIL_FROM, log }),
    idTokens: undefined as unknown as IdTokens,
  };
}

/** Sends a form of sakura as a recurring send does: `sendForm` itself, by nobody, at `now` (default: now). */
function sendDirectly(
  ctx: AppContext,
  formId: number,
  userIds: string[],
  now?: Date,
  reminderAfterHours?: number,
) {
  return w.t.db.transaction((tx) =>
    sendForm(ctx, tx, { workspace: "sakura", formId, userIds, sentBy: null, now, reminderAfterHours }),
  );
}

describe("request mails: at most FORM_MAILS_PER_DAY a day per member, the rest in one digest", () => {
  it("is 5 unless FORM_MAILS_PER_DAY says otherwise", () => {
    expect(FORM_MAILS_PER_DAY).toBe(5);
    expect(configFromEnv({}).formMailsPerDay).toBe(5);
    expect(configFromEnv({ FORM_MAILS_PER_DAY: "2" }).formMailsPerDay).toBe(2);
    expect(() => configFromEnv({ FORM_MAILS_PER_DAY: "0" })).toThrow(/FORM_MAILS_PER_DAY/);
  });

  it("mails the first 5 requests of the day, folds the 6th and 7th into one digest the next morning, in each one's language", async () => {
    // 2040-01-02 10:00 in Tokyo (sakura's zone): after every real send of the run
    const clock = manualClock("2040-01-02T01:00:00Z");
    const jobs = startJobInstance(w.t, clock, () => {});
    const { ctx } = jobs;
    try {
      const names = ["One", "Two", "Three", "Four", "Five", "Six", "Seven"];
      for (const [i, name] of names.entries()) {
        const formId = await newForm(name);
        clock.set(new Date(Date.parse("2040-01-02T01:00:00Z") + i * 60_000).toISOString());
        await sendDirectly(ctx, formId, [w.ids.client, w.ids.member], clock.now());
      }
      await jobs.tick();
      const to = (email: string) => w.t.smtp.mails.filter((m) => m.to.includes(email));
      expect(to("member@example.com").map((m) => m.subject)).toEqual(
        Array(5).fill("[Mimamori] さくら介護センター asks you to answer a form"),
      );
      expect(to("client@example.com")).toHaveLength(5);

      // one digest each, waiting for 08:00 the next morning in Tokyo (23:00 UTC)
      const day = mailDay(clock.now(), "Asia/Tokyo");
      expect(day.digestAt.toISOString()).toBe("2040-01-02T23:00:00.000Z");
      expect(await digestsWaiting()).toEqual([
        ["client@example.com", "queued", "2040-01-02T23:00:00.000Z"],
        ["member@example.com", "queued", "2040-01-02T23:00:00.000Z"],
      ]);

      clock.set("2040-01-02T22:59:00Z");
      await jobs.tick();
      expect(w.t.smtp.mails).toHaveLength(10);
      clock.set("2040-01-02T23:00:00Z");
      await jobs.tick();
      const [memberDigest] = to("member@example.com").slice(5);
      expect(memberDigest?.subject).toBe("[Mimamori] 2 more form requests for you");
      expect(memberDigest?.text).toContain('- さくら介護センター: "Six"');
      expect(memberDigest?.text).toContain('- さくら介護センター: "Seven"');
      expect(memberDigest?.text).not.toContain('"Five"');
      expect(memberDigest?.text).toContain("http://mimamori.test/client/forms");
      const [clientDigest] = to("client@example.com").slice(5);
      expect(clientDigest?.subject).toBe("【Mimamori】フォームへの回答のお願い（ほか2件）");
      expect(clientDigest?.text).toContain("・さくら介護センター：「Six」");
      expect(clientDigest?.text).toContain("・さくら介護センター：「Seven」");
      expect(w.t.smtp.mails).toHaveLength(12);

      // the next day starts again with mails of its own
      clock.set("2040-01-03T01:00:00Z");
      const formId = await newForm("Next day");
      await sendDirectly(ctx, formId, [w.ids.member], clock.now());
      await jobs.tick();
      expect(to("member@example.com").at(-1)?.subject).toBe(
        "[Mimamori] さくら介護センター asks you to answer a form",
      );
    } finally {
      await jobs.close();
      await w.t.db.delete(jobSlots);
    }
  });

  it("counts the requests of the day over the API too: the 6th send of the day gets no request mail", async () => {
    // five sends of five forms earlier today
    for (let i = 0; i < 5; i++) {
      const formId = await newForm(`Earlier ${i}`);
      expect((await w.t.call("POST", `${F}/${formId}`, { users: [w.ids.member] }, w.staff)).status).toBe(201);
    }
    const sixth = await w.t.call(
      "POST",
      `${F}/${await newForm("Sixth")}`,
      { users: [w.ids.member] },
      w.staff,
    );
    expect(sixth.status).toBe(201);
    const mails = await w.t.db
      .select({ template: mailOutbox.template })
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, "member@example.com"));
    expect(mails.map((m) => m.template).sort()).toEqual(["form-digest", ...Array(5).fill("form-request")]);
  });
});

describe("reminders are request mails: within the day's cap, the rest in the digest", () => {
  it("reminds below the cap, names reminders past it in the digest, and counts them for later sends", async () => {
    // 2040-02-01 10:00 in Tokyo (sakura's zone); FORM_MAILS_PER_DAY is 5
    const clock = manualClock("2040-02-01T01:00:00Z");
    const jobs = startJobInstance(w.t, clock, (runner, ctx, log) =>
      runner.register(formReminderJob(ctx, log)),
    );
    const { ctx } = jobs;
    const send = async (name: string, userIds: string[], reminderAfterHours?: number) => {
      const formId = await newForm(name);
      await sendDirectly(ctx, formId, userIds, clock.now(), reminderAfterHours);
      return formId;
    };
    const to = (email: string) => w.t.smtp.mails.filter((m) => m.to.includes(email));
    const subjects = (email: string) => to(email).map((m) => m.subject);
    const REQUEST = "[Mimamori] さくら介護センター asks you to answer a form";
    const REMINDER = "[Mimamori] Reminder: さくら介護センター is waiting for your answer";
    try {
      // four requests each at 10:00, three of them reminded two hours later
      const one = await send("One", [w.ids.client, w.ids.member], 2);
      await send("Two", [w.ids.client, w.ids.member], 2);
      await send("Three", [w.ids.client, w.ids.member], 2);
      await send("Four", [w.ids.client, w.ids.member]);
      await jobs.tick();
      expect(subjects("member@example.com")).toEqual(Array(4).fill(REQUEST));
      expect(to("client@example.com")).toHaveLength(4);
      // the client answers "One": no reminder of it
      await w.t.db
        .update(formRecipients)
        .set({ answeredAt: new Date("2040-02-01T01:30:00Z") })
        .where(and(eq(formRecipients.formId, one), eq(formRecipients.userId, w.ids.client)));

      // 12:00: member has 4 requests of the day, so "One"'s reminder is the 5th mail; "Two" and "Three" fold.
      // The client's only due reminders are "Two" (5th mail) and "Three" (folded).
      clock.set("2040-02-01T03:00:00Z");
      await jobs.tick();
      expect(subjects("member@example.com")).toEqual([...Array(4).fill(REQUEST), REMINDER]);
      expect(to("member@example.com")[4]?.text).toContain('"One"');
      expect(subjects("client@example.com")).toEqual([
        ...Array(4).fill("【Mimamori】さくら介護センター からフォームへの回答のお願い"),
        "【Mimamori】フォームへの回答のお願い（再送）",
      ]);
      expect(to("client@example.com")[4]?.text).toContain("「Two」");
      const sends = await w.t.db.select().from(formSends);
      expect(sends.filter((x) => x.reminderSentAt).map((x) => x.reminderSentAt?.toISOString())).toEqual(
        Array(3).fill("2040-02-01T03:00:00.000Z"),
      );

      // 13:00: a 5th send to the member is past the cap (4 requests and 3 reminders today): into the digest too
      clock.set("2040-02-01T04:00:00Z");
      await send("Five", [w.ids.member]);
      await jobs.tick();
      expect(to("member@example.com")).toHaveLength(5);
      expect(await digestsWaiting()).toEqual([
        ["client@example.com", "queued", "2040-02-01T23:00:00.000Z"],
        ["member@example.com", "queued", "2040-02-01T23:00:00.000Z"],
      ]);

      // 08:00 the next morning: one digest each, naming the reminders past the cap; no one got more than 5 mails
      clock.set("2040-02-01T23:00:00Z");
      await jobs.tick();
      const memberDigest = to("member@example.com")[5];
      expect(memberDigest?.subject).toBe("[Mimamori] 3 more form requests for you");
      const lines = (text = "") => text.split("\n").filter((l) => l.startsWith("- ") || l.startsWith("・"));
      expect(lines(memberDigest?.text)).toEqual([
        '- さくら介護センター: "Two" (reminder)',
        '- さくら介護センター: "Three" (reminder)',
        '- さくら介護センター: "Five"',
      ]);
      const clientDigest = to("client@example.com")[5];
      expect(clientDigest?.subject).toBe("【Mimamori】フォームへの回答のお願い（ほか1件）");
      expect(lines(clientDigest?.text)).toEqual(["・さくら介護センター：「Three」（再送）"]);
      expect(to("member@example.com")).toHaveLength(6);
      expect(to("client@example.com")).toHaveLength(6);
    } finally {
      await jobs.close();
      await w.t.db.delete(jobSlots);
    }
  });

  it("reminds everyone below the cap as before: one reminder mail each, no digest", async () => {
    const clock = manualClock("2040-03-01T01:00:00Z");
    const { log } = captureLog();
    const ctx = directContext();
    const runner = createJobRunner({ log, clock });
    runner.register(formReminderJob(ctx, log));
    try {
      const formId = await newForm("Only");
      await sendDirectly(ctx, formId, [w.ids.client, w.ids.member], clock.now(), 1);
      clock.set("2040-03-01T02:00:00Z");
      await runner.tick();
      const mails = await w.t.db
        .select({ to: mailOutbox.recipient, template: mailOutbox.template })
        .from(mailOutbox)
        .where(eq(mailOutbox.template, "form-reminder"));
      expect(mails.map((m) => m.to).sort()).toEqual(["client@example.com", "member@example.com"]);
      expect(await w.t.db.select().from(mailOutbox).where(eq(mailOutbox.template, "form-digest"))).toEqual(
        [],
      );
    } finally {
      await runner.stop();
      ctx.mailer.close();
    }
  });
});

describe("the staff forms list is paged", () => {
  const list = (query = "", token = w.tok.staff) => w.t.call("GET", `${F}${query}`, undefined, { token });
  const total = async (query = "") => {
    const res = await fetch(`${w.t.url}/api${F}${query}`, {
      headers: { authorization: `Bearer ${w.tok.staff}` },
    });
    return res.headers.get(FORMS_TOTAL_HEADER);
  };

  it("answers a page, newest first, with the number of forms in all; without parameters the newest 100", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await newForm(`Form ${i}`));
    const newest = [...ids].reverse();
    const page = await list("?offset=0&limit=2");
    expect(page.status).toBe(200);
    expect(page.body.map((f: { id: number }) => f.id)).toEqual(newest.slice(0, 2));
    expect((await list("?offset=2&limit=2")).body.map((f: { id: number }) => f.id)).toEqual(
      newest.slice(2, 4),
    );
    expect((await list("?offset=4&limit=2")).body.map((f: { id: number }) => f.id)).toEqual(newest.slice(4));
    expect((await list("?offset=10&limit=2")).body).toEqual([]);
    expect(await total("?limit=2")).toBe("5");
    // the spec's call keeps working: the whole list while it fits in a page
    expect((await list()).body.map((f: { id: number }) => f.id)).toEqual(newest);
    expect(FORM_LIMITS.listPageMax).toBe(100);
    // another entity's staff see none of them
    expect(
      (await w.t.call("GET", "/staff/kaede/forms", undefined, { token: w.tok.otherStaff })).body,
    ).toEqual([]);
  });

  it("caps a page at 100 forms", async () => {
    await w.t.db.insert(forms).values(
      Array.from({ length: 101 }, (_, i) => ({
        workspaceName: "sakura",
        name: `Bulk ${i}`,
        description: "x",
      })),
    );
    expect((await list()).body).toHaveLength(100);
    expect((await list("?offset=100")).body).toHaveLength(1);
    expect(await total()).toBe("101");
  });

  it.each([["?limit=0"], ["?limit=101"], ["?offset=-1"], ["?limit=abc"]])(
    "refuses %s (400 invalid-input)",
    async (query) => {
      const res = await list(query);
      expect([res.status, res.body.code]).toEqual([400, "invalid-input"]);
    },
  );
});
