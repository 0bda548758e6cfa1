import { RESERVED_ENTITY_IDS } from "@mimamori/shared";
import { eq, inArray } from "drizzle-orm";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { notificationSeen, notifications } from "../../db/schema";
import {
  alertsWorldPerFile,
  daysAgo,
  epochS,
  hoursAgo,
  insertAlert,
  insertAlertsASecondApart,
  mailStaff,
} from "../../test/worlds/alerts";

const w = alertsWorldPerFile();

const S = "/staff/sakura";
const as = (token: string | undefined, lang: "en" | "ja" = "en") => ({ token, lang });
const staff = () => as(w.tok.staff);
const DAY_S = 86_400;
/** The last week, as the list page asks by default. */
const lastWeek = () => {
  const end = epochS(new Date()) + 60;
  return `start_time=${end - 7 * DAY_S}&end_time=${end}`;
};
const list = (query = lastWeek(), o = staff()) =>
  w.t.call("GET", `${S}/notifications?${query}`, undefined, o);
const acknowledge = (id: number | string, body: Record<string, unknown>, o = staff()) =>
  w.t.call("POST", `${S}/notifications/${id}/acknowledge`, body, o);
const unseen = async (token = w.tok.staff) =>
  (await w.t.call("GET", `${S}/notifications/unseen`, undefined, { token })).body.count;
const rowOf = async (id: number) =>
  (await w.t.db.select().from(notifications).where(eq(notifications.id, id)))[0];
const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

const HEAT_REPORT_EN = {
  id: "00005098",
  name_jp: "暑熱ストレススコア",
  name_en: "Heat-stress score",
  unit: "pts",
};

describe("GET /staff/{ws}/notifications", () => {
  it("answers both lists newest first, with the report, delivery, seen mark and acknowledgement", async () => {
    const sync = await insertAlert(w.t.db, {
      userId: w.ids.member,
      type: 1,
      at: hoursAgo(30),
      createdAt: hoursAgo(6),
    });
    const heart = await insertAlert(w.t.db, {
      userId: w.ids.client,
      measure: 5091,
      value: 152,
      at: hoursAgo(2),
    });
    const heat = await insertAlert(w.t.db, {
      userId: w.ids.member,
      value: 91,
      at: hoursAgo(3),
      createdAt: hoursAgo(3),
      escalatedAt: hoursAgo(2.5),
      acknowledged: { at: hoursAgo(2), by: w.ids.staff2, action: "cooled", note: "Shade and water" },
    });
    const firstSent = new Date(Date.now() - 170 * 60_000);
    // a failed try, the first accepted mail, and a later one: email_sent_at is the first acceptance
    await mailStaff(w, "staff2", { notificationId: heat, status: "failed" });
    await mailStaff(w, "staff", { notificationId: heat, status: "sent", sentAt: firstSent });
    await mailStaff(w, "staff2", {
      notificationId: heat,
      kind: "escalation",
      status: "sent",
      sentAt: hoursAgo(2.4),
    });

    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.limit).toBe(500);
    expect(res.body.truncated).toBe(false);
    expect(ids(res.body.sync_list)).toEqual([sync]);
    expect(ids(res.body.measurement_list)).toEqual([heart, heat]);
    const [heartRow, heatRow] = res.body.measurement_list;
    expect(heatRow).toEqual({
      id: heat,
      notification_type: 2,
      email_sent_at: firstSent.toISOString(),
      email_status: "sent",
      is_seen: false,
      time: (await rowOf(heat))?.at.toISOString(),
      created_at: (await rowOf(heat))?.createdAt.toISOString(),
      user: { uid: w.ids.member, name: "Member English", email: "member@example.com" },
      report: HEAT_REPORT_EN,
      value: 91,
      scope: "red",
      cleared_at: null,
      acknowledged: {
        at: (await rowOf(heat))?.acknowledgedAt?.toISOString(),
        by: { uid: w.ids.staff2, name: "Staff Two" },
        action: "cooled",
        note: "Shade and water",
      },
      escalated_at: (await rowOf(heat))?.escalatedAt?.toISOString(),
    });
    expect(heartRow).toMatchObject({
      report: { id: "00005091", name_jp: "心拍数", name_en: "Heart rate", unit: "bpm" },
      value: 152,
      email_sent_at: null,
      email_status: "none",
      acknowledged: null,
      user: { uid: w.ids.client, name: "Tanaka Hanako", email: "client@example.com" },
    });
    expect(res.body.sync_list[0]).toMatchObject({
      notification_type: 1,
      report: null,
      value: null,
      scope: null,
      time: (await rowOf(sync))?.at.toISOString(),
      email_status: "none",
    });
  });

  it("is gzipped off the event loop when the caller accepts it (sendShared), the same JSON when not", async () => {
    await insertAlert(w.t.db, { userId: w.ids.client, at: hoursAgo(1) });
    const gzipped = await list();
    const plain = await w.t.call("GET", `${S}/notifications?${lastWeek()}`, undefined, {
      ...staff(),
      headers: { "accept-encoding": "identity" },
    });
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(gzipped.headers.get("vary")).toContain("accept-encoding");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(ids(plain.body.measurement_list)).toHaveLength(1);
    expect(plain.body).toEqual(gzipped.body);
  });

  it("names the unit in the caller's language", async () => {
    await insertAlert(w.t.db, { userId: w.ids.client, at: hoursAgo(1) });
    const res = await list(lastWeek(), as(w.tok.staff, "ja"));
    expect(res.body.measurement_list[0].report).toEqual({ ...HEAT_REPORT_EN, unit: "点" });
  });

  it("e-mail status: failed when every mail failed for good, pending while one is queued, dev_mailbox once one is in the development mailbox", async () => {
    const failed = await insertAlert(w.t.db, { userId: w.ids.client, at: hoursAgo(1) });
    const pending = await insertAlert(w.t.db, { userId: w.ids.client, at: hoursAgo(2) });
    const kept = await insertAlert(w.t.db, { userId: w.ids.client, at: hoursAgo(3) });
    const keptBefore = await insertAlert(w.t.db, { userId: w.ids.client, at: hoursAgo(4) });
    const sentToo = await insertAlert(w.t.db, { userId: w.ids.client, at: hoursAgo(5) });
    await mailStaff(w, "staff", { notificationId: failed, status: "failed" });
    await mailStaff(w, "staff", { notificationId: failed, status: "failed" });
    await mailStaff(w, "staff", { notificationId: pending, status: "failed" });
    await mailStaff(w, "staff", { notificationId: pending, status: "queued" });
    // put in the mailbox (sent_at) by the outbox worker without SMTP; one still queued beside it
    const keptAt = new Date(Date.now() - 170 * 60_000);
    await mailStaff(w, "staff", { notificationId: kept, status: "queued" });
    await mailStaff(w, "staff", { notificationId: kept, status: "outbox", sentAt: keptAt });
    // kept before the mailbox time was recorded: the time it was written
    const writtenAt = new Date(Date.now() - 230 * 60_000);
    await mailStaff(w, "staff", { notificationId: keptBefore, status: "outbox", createdAt: writtenAt });
    // accepted by SMTP (a server given SMTP_URL later) wins over the mailbox
    const sentAt = new Date(Date.now() - 280 * 60_000);
    await mailStaff(w, "staff", { notificationId: sentToo, status: "outbox", sentAt: hoursAgo(4.9) });
    await mailStaff(w, "staff", { notificationId: sentToo, status: "sent", sentAt });
    const res = await list();
    expect(
      res.body.measurement_list.map(
        (r: { id: number; email_status: string; email_sent_at: string | null }) => [
          r.id,
          r.email_status,
          r.email_sent_at,
        ],
      ),
    ).toEqual([
      [failed, "failed", null],
      [pending, "pending", null],
      [kept, "dev_mailbox", keptAt.toISOString()],
      [keptBefore, "dev_mailbox", writtenAt.toISOString()],
      [sentToo, "sent", sentAt.toISOString()],
    ]);
  });

  it("leaves out former members, people not accepted, alerts before consent, removed alerts and other entities", async () => {
    const shown = await insertAlert(w.t.db, { userId: w.ids.member, at: hoursAgo(1) });
    await insertAlert(w.t.db, { userId: w.ids.former, at: hoursAgo(1) });
    // client3 has only applied to sakura (pending): not a member
    const client3 = await w.t.signIn("client3@example.com");
    await insertAlert(w.t.db, { userId: client3.user.uid, at: hoursAgo(1) });
    // member accepted 20 days ago: an alert from before (created then) and one about data from before
    await insertAlert(w.t.db, { userId: w.ids.member, at: daysAgo(21), createdAt: daysAgo(21) });
    await insertAlert(w.t.db, { userId: w.ids.member, at: daysAgo(21), createdAt: hoursAgo(1) });
    await insertAlert(w.t.db, {
      userId: w.ids.member,
      at: hoursAgo(1),
      deletedAt: hoursAgo(0.5),
      deletedBy: w.ids.staff,
    });
    await insertAlert(w.t.db, { ws: "harbor", userId: w.ids.client, at: hoursAgo(1) });
    await insertAlert(w.t.db, { ws: "kaede", userId: w.ids.outsider, at: hoursAgo(1) });
    const end = epochS(new Date()) + 60;
    const res = await list(`start_time=${end - 30 * DAY_S}&end_time=${end}`);
    expect(ids(res.body.measurement_list)).toEqual([shown]);
    expect(res.body.sync_list).toEqual([]);
  });

  it("windows on created_at: from the start (included) to the end (excluded)", async () => {
    const start = epochS(hoursAgo(10));
    const end = epochS(hoursAgo(5));
    const atStart = await insertAlert(w.t.db, {
      userId: w.ids.client,
      at: hoursAgo(11),
      createdAt: new Date(start * 1000),
    });
    await insertAlert(w.t.db, { userId: w.ids.client, at: hoursAgo(11), createdAt: new Date(end * 1000) });
    await insertAlert(w.t.db, {
      userId: w.ids.client,
      at: hoursAgo(11),
      createdAt: new Date(start * 1000 - 1000),
    });
    const res = await list(`start_time=${start}&end_time=${end}`);
    expect(ids(res.body.measurement_list)).toEqual([atStart]);
  });

  it("answers the newest 500 per type and says the window has more", async () => {
    const base = Date.now() - 3 * 3_600_000;
    await insertAlertsASecondApart(w.t.db, w.ids.client, new Date(base), 501);
    const sync = await insertAlert(w.t.db, { userId: w.ids.client, type: 1, at: hoursAgo(4) });
    const res = await list();
    expect(res.body.measurement_list).toHaveLength(500);
    expect(res.body.truncated).toBe(true);
    const times = res.body.measurement_list.map((r: { created_at: string }) => r.created_at);
    expect(times[0]).toBe(new Date(base + 500_000).toISOString());
    expect(times[499]).toBe(new Date(base + 1000).toISOString());
    expect(ids(res.body.sync_list)).toEqual([sync]);
  });

  it.each([
    [
      "end before start",
      (e: number) => `start_time=${e}&end_time=${e - 60}`,
      "invalid-time-range",
      "The end must be later than the start.",
      "終了日時は開始日時より後にしてください。",
    ],
    [
      "end equal to start",
      (e: number) => `start_time=${e}&end_time=${e}`,
      "invalid-time-range",
      "The end must be later than the start.",
      "終了日時は開始日時より後にしてください。",
    ],
    [
      "367 days",
      (e: number) => `start_time=${e - 367 * DAY_S}&end_time=${e}`,
      "window-too-long-366",
      "The period is too long: at most 366 days.",
      "期間が長すぎます。366日以内で指定してください。",
    ],
    [
      "no start",
      (e: number) => `end_time=${e}`,
      "invalid-time",
      "The time is not valid.",
      "日時が正しくありません。",
    ],
    [
      "a text time",
      (e: number) => `start_time=yesterday&end_time=${e}`,
      "invalid-time",
      "The time is not valid.",
      "日時が正しくありません。",
    ],
  ])("refuses %s with 400 in the caller's language", async (_name, query, code, en, jp) => {
    const e = epochS(new Date());
    const resEn = await list(query(e));
    expect(resEn.status).toBe(400);
    expect(resEn.body).toMatchObject({ code, detail: en });
    const resJp = await list(query(e), as(w.tok.staff, "ja"));
    expect(resJp.body).toMatchObject({ code, detail: jp });
  });

  it("accepts a window of exactly 366 days", async () => {
    const e = epochS(new Date());
    expect((await list(`start_time=${e - 366 * DAY_S}&end_time=${e}`)).status).toBe(200);
  });
});

describe("the dot: unseen and seen", () => {
  it("counts the caller's unseen alerts of the last 30 days since they became staff; seen marks are per person", async () => {
    const recent = await insertAlert(w.t.db, { userId: w.ids.client, at: hoursAgo(1) });
    const sync = await insertAlert(w.t.db, {
      userId: w.ids.member,
      type: 1,
      at: hoursAgo(30),
      createdAt: hoursAgo(5),
    });
    const threeDays = await insertAlert(w.t.db, { userId: w.ids.client, at: daysAgo(3) });
    await insertAlert(w.t.db, { userId: w.ids.client, at: daysAgo(31) });
    await insertAlert(w.t.db, { userId: w.ids.former, at: hoursAgo(1) });
    await insertAlert(w.t.db, { userId: w.ids.client, at: hoursAgo(1), deletedAt: hoursAgo(0.5) });
    await insertAlert(w.t.db, { ws: "harbor", userId: w.ids.client, at: hoursAgo(1) });
    expect(await unseen()).toBe(3);
    // staff2 became staff 2 days ago: the alert of 3 days ago was never new to them
    expect(await unseen(w.tok.staff2)).toBe(2);

    const seen = await w.t.call("POST", `${S}/notifications/seen`, { ids: [recent, threeDays] }, staff());
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual({ count: 1 });
    expect(await unseen()).toBe(1);
    expect(await unseen(w.tok.staff2)).toBe(2);
    const listed = await list();
    expect(
      listed.body.measurement_list.map((r: { id: number; is_seen: boolean }) => [r.id, r.is_seen]),
    ).toEqual([
      [recent, true],
      [threeDays, true],
    ]);
    expect(listed.body.sync_list[0]).toMatchObject({ id: sync, is_seen: false });
    const theirs = await list(lastWeek(), as(w.tok.staff2));
    expect(theirs.body.measurement_list.every((r: { is_seen: boolean }) => !r.is_seen)).toBe(true);
    // marking again changes nothing
    expect((await w.t.call("POST", `${S}/notifications/seen`, { ids: [recent] }, staff())).body).toEqual({
      count: 1,
    });
    expect((await w.t.call("POST", `${S}/notifications/seen`, { ids: [] }, staff())).body).toEqual({
      count: 1,
    });
  });

  it("ignores ids of other entities and ids that do not exist", async () => {
    const own = await insertAlert(w.t.db, { userId: w.ids.client, at: hoursAgo(1) });
    const harbor = await insertAlert(w.t.db, { ws: "harbor", userId: w.ids.client, at: hoursAgo(1) });
    const kaede = await insertAlert(w.t.db, { ws: "kaede", userId: w.ids.outsider, at: hoursAgo(1) });
    const res = await w.t.call(
      "POST",
      `${S}/notifications/seen`,
      { ids: [own, harbor, kaede, 999_999] },
      staff(),
    );
    expect(res.body).toEqual({ count: 0 });
    const marks = await w.t.db.select().from(notificationSeen);
    expect(marks.map((m) => [m.notificationId, m.userId])).toEqual([[own, w.ids.staff]]);
    const harborCount = await w.t.call("GET", "/staff/harbor/notifications/unseen", undefined, staff());
    expect(harborCount.body).toEqual({ count: 1 });
  });

  it.each([
    [
      "1,001 ids",
      { ids: Array.from({ length: 1001 }, (_, i) => i + 1) },
      "too-many-ids",
      "Too many items in one request.",
    ],
    ["id 0", { ids: [0] }, "invalid-input", "The input is not valid."],
    ["a text id", { ids: ["1"] }, "invalid-input", "The input is not valid."],
    ["no ids", {}, "invalid-input", "The input is not valid."],
  ])("refuses %s with 400", async (_name, body, code, detail) => {
    const res = await w.t.call("POST", `${S}/notifications/seen`, body, staff());
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code, detail });
    expect(await w.t.db.select().from(notificationSeen)).toEqual([]);
  });
});

describe("acknowledging", () => {
  it("records who, when, what was done and the note (trimmed), once", async () => {
    const id = await insertAlert(w.t.db, { userId: w.ids.client, at: hoursAgo(1) });
    const before = Date.now();
    const res = await acknowledge(id, { action: "cooled", note: "  Moved to the shade  " });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      acknowledged: {
        by: { uid: w.ids.staff, name: "Sato Staff" },
        action: "cooled",
        note: "Moved to the shade",
      },
    });
    const row = await rowOf(id);
    expect(row?.acknowledgedBy).toBe(w.ids.staff);
    expect(row?.ackAction).toBe("cooled");
    expect(row?.ackNote).toBe("Moved to the shade");
    expect(row?.acknowledgedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(res.body.acknowledged.at).toBe(row?.acknowledgedAt?.toISOString());

    const again = await acknowledge(id, { action: "rested" }, as(w.tok.staff2, "ja"));
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      code: "already-acknowledged",
      detail: "このアラートはすでに対応済みです。",
    });
    const en = await acknowledge(id, { action: "rested" });
    expect(en.body.detail).toBe("This alert has already been acknowledged.");
    expect((await rowOf(id))?.ackAction).toBe("cooled");
  });

  it("takes the note as optional", async () => {
    const id = await insertAlert(w.t.db, { userId: w.ids.client, at: hoursAgo(1) });
    const res = await acknowledge(id, { action: "medical" });
    expect(res.status).toBe(200);
    expect(res.body.acknowledged).toMatchObject({ action: "medical", note: "" });
  });

  it.each([
    [{ action: "ignored" }, "invalid-ack-action", "実施した対応を選んでください。", "action"],
    [{}, "invalid-ack-action", "実施した対応を選んでください。", "action"],
    [{ action: "other", note: "x".repeat(501) }, "too-long", undefined, "note"],
    [{ action: "other", note: 5 }, "invalid-input", undefined, "note"],
  ])("refuses %j with 400 and records nothing", async (body, code, jp, field) => {
    const id = await insertAlert(w.t.db, { userId: w.ids.client, at: hoursAgo(1) });
    const res = await acknowledge(id, body, as(w.tok.staff, "ja"));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code, field });
    if (jp) expect(res.body.detail).toBe(jp);
    expect((await rowOf(id))?.acknowledgedAt).toBeNull();
  });

  // each kind of alert takes its own actions (docs/decisions.md "Acknowledgement actions")
  const HEART = 5091;
  it.each([
    ["a heat-stress", "hydrated", "checked_on", {}],
    ["a heart-rate", "checked_on", "hydrated", { measure: HEART, value: 172 }],
    ["a blood-oxygen", "known_condition", "cooled", { measure: 5093, value: 86 }],
    ["a blood-pressure", "medical", "band_checked", { measure: 5095, value: 182 }],
    ["a skin-temperature", "refitted", "sent_home", { measure: 5092, value: 38.6 }],
    ["a respiratory-rate", "rested", "talked", { measure: 5094, value: 31 }],
    ["a strain-score", "referred", "checked_on", { measure: 5102, value: 40 }],
    ["an out-of-sync", "band_charging", "rested", { type: 1 as const }],
    ["an out-of-sync", "member_contacted", "medical", { type: 1 as const }],
  ])("%s alert: takes %s, refuses %s with 400 and changes nothing", async (_, fits, foreign, fixture) => {
    const refused = await insertAlert(w.t.db, { userId: w.ids.client, at: hoursAgo(1), ...fixture });
    const ja = await acknowledge(refused, { action: foreign, note: "x" }, as(w.tok.staff, "ja"));
    expect(ja.status).toBe(400);
    expect(ja.body).toEqual({
      code: "ack-action-not-fitting",
      field: "action",
      detail: "その対応はこの種類のアラートには選べません。表示されている対応から選んでください。",
    });
    const en = await acknowledge(refused, { action: foreign });
    expect(en.body.detail).toBe(
      "That action does not fit this kind of alert. Choose one of the actions offered for it.",
    );
    const untouched = await rowOf(refused);
    expect([untouched?.acknowledgedAt, untouched?.ackAction, untouched?.ackNote]).toEqual([null, null, null]);

    const ok = await acknowledge(refused, { action: fits });
    expect(ok.status).toBe(200);
    expect(ok.body.acknowledged).toMatchObject({ action: fits });
    expect((await rowOf(refused))?.ackAction).toBe(fits);
  });

  it("takes `other` for every kind of alert", async () => {
    for (const fixture of [{}, { measure: HEART }, { measure: 5103 }, { type: 1 as const }]) {
      const id = await insertAlert(w.t.db, { userId: w.ids.client, at: hoursAgo(1), ...fixture });
      const res = await acknowledge(id, { action: "other" });
      expect(res.status).toBe(200);
    }
  });

  it("answers 404, not 400, for a foreign action on an alert the caller cannot see", async () => {
    const harbor = await insertAlert(w.t.db, { ws: "harbor", userId: w.ids.client, at: hoursAgo(1) });
    const res = await acknowledge(harbor, { action: "band_checked" });
    expect(res.status).toBe(404);
  });

  it("accepts a note of exactly 500 characters", async () => {
    const id = await insertAlert(w.t.db, { userId: w.ids.client, at: hoursAgo(1) });
    const res = await acknowledge(id, { action: "other", note: "x".repeat(500) });
    expect(res.status).toBe(200);
  });

  it("answers 404 for another entity's, a removed, a former member's or an unknown alert, and changes nothing", async () => {
    const harbor = await insertAlert(w.t.db, { ws: "harbor", userId: w.ids.client, at: hoursAgo(1) });
    const kaede = await insertAlert(w.t.db, { ws: "kaede", userId: w.ids.outsider, at: hoursAgo(1) });
    const removed = await insertAlert(w.t.db, {
      userId: w.ids.client,
      at: hoursAgo(1),
      deletedAt: hoursAgo(0.5),
    });
    const former = await insertAlert(w.t.db, { userId: w.ids.former, at: hoursAgo(1) });
    for (const id of [harbor, kaede, removed, former, 999_999]) {
      const res = await acknowledge(id, { action: "rested" });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: "notification-not-found", detail: "The notification was not found." });
    }
    for (const id of ["abc", "0", "2147483648"]) {
      const res = await acknowledge(id, { action: "rested" }, as(w.tok.staff, "ja"));
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: "notification-not-found", detail: "通知が見つかりません。" });
    }
    const rows = await w.t.db
      .select()
      .from(notifications)
      .where(inArray(notifications.id, [harbor, kaede, removed, former]));
    expect(rows.map((r) => r.acknowledgedAt)).toEqual([null, null, null, null]);
  });
});

describe("removing", () => {
  it("removes the alert from everyone's list and the dot, once", async () => {
    const id = await insertAlert(w.t.db, { userId: w.ids.client, at: hoursAgo(1) });
    const kept = await insertAlert(w.t.db, { userId: w.ids.client, at: hoursAgo(2) });
    expect(await unseen(w.tok.staff2)).toBe(2);
    const res = await w.t.call("DELETE", `${S}/notifications/${id}`, undefined, staff());
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    const row = await rowOf(id);
    expect(row?.deletedBy).toBe(w.ids.staff);
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect(ids((await list()).body.measurement_list)).toEqual([kept]);
    expect(ids((await list(lastWeek(), as(w.tok.staff2))).body.measurement_list)).toEqual([kept]);
    expect(await unseen(w.tok.staff2)).toBe(1);
    const again = await w.t.call("DELETE", `${S}/notifications/${id}`, undefined, staff());
    expect(again.status).toBe(404);
    expect(again.body.code).toBe("notification-not-found");
    // acknowledging a removed alert is refused too
    const ack = await acknowledge(id, { action: "rested" });
    expect(ack.status).toBe(404);
  });

  it("answers 404 for another entity's alert (also one of an entity the caller staffs) and leaves it", async () => {
    const harbor = await insertAlert(w.t.db, { ws: "harbor", userId: w.ids.client, at: hoursAgo(1) });
    const kaede = await insertAlert(w.t.db, { ws: "kaede", userId: w.ids.outsider, at: hoursAgo(1) });
    const former = await insertAlert(w.t.db, { userId: w.ids.former, at: hoursAgo(1) });
    for (const id of [harbor, kaede, former]) {
      const res = await w.t.call("DELETE", `${S}/notifications/${id}`, undefined, as(w.tok.staff, "ja"));
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: "notification-not-found", detail: "通知が見つかりません。" });
    }
    const rows = await w.t.db
      .select()
      .from(notifications)
      .where(inArray(notifications.id, [harbor, kaede, former]));
    expect(rows.map((r) => r.deletedAt)).toEqual([null, null, null]);
    // kaede's staff still see theirs
    const theirs = await w.t.call(
      "GET",
      `/staff/kaede/notifications?${lastWeek()}`,
      undefined,
      as(w.tok.otherStaff),
    );
    expect(ids(theirs.body.measurement_list)).toEqual([kaede]);
  });
});

describe("who may call", () => {
  it("refuses anonymous (401), clients, another entity's staff and the admin (403); nothing changes", async () => {
    const id = await insertAlert(w.t.db, { userId: w.ids.client, at: hoursAgo(1) });
    const calls: [string, string, Record<string, unknown> | undefined][] = [
      ["GET", `${S}/notifications?${lastWeek()}`, undefined],
      ["GET", `${S}/notifications/unseen`, undefined],
      ["POST", `${S}/notifications/seen`, { ids: [id] }],
      ["POST", `${S}/notifications/${id}/acknowledge`, { action: "rested" }],
      ["DELETE", `${S}/notifications/${id}`, undefined],
    ];
    for (const [m, p, b] of calls) {
      expect((await w.t.call(m, p, b)).status).toBe(401);
      for (const token of [w.tok.client, w.tok.member, w.tok.otherStaff, w.tok.admin]) {
        const res = await w.t.call(m, p, b, { token });
        expect([m, p, res.status, res.body.code]).toEqual([m, p, 403, "forbidden"]);
      }
    }
    const row = await rowOf(id);
    expect([row?.acknowledgedAt, row?.deletedAt]).toEqual([null, null]);
    expect(await w.t.db.select().from(notificationSeen)).toEqual([]);
  });

  it("kaede's staff cannot reach sakura's alert under their own entity's path", async () => {
    const id = await insertAlert(w.t.db, { userId: w.ids.client, at: hoursAgo(1) });
    const ack = await w.t.call(
      "POST",
      `/staff/kaede/notifications/${id}/acknowledge`,
      { action: "rested" },
      as(w.tok.otherStaff),
    );
    expect(ack.status).toBe(404);
    const del = await w.t.call("DELETE", `/staff/kaede/notifications/${id}`, undefined, as(w.tok.otherStaff));
    expect(del.status).toBe(404);
    const row = await rowOf(id);
    expect([row?.acknowledgedAt, row?.deletedAt]).toEqual([null, null]);
  });
});

describe("entity IDs and the route table", () => {
  /**
   * Every route with `{workspace}` in its path is routed to for every entity ID that is not reserved: an ID equal
   * to a static segment of another route (`/staff/questions/:id`, `/admin/users/:workspace`) must not take the
   * request elsewhere. The app's routes are copied into a bare Fastify (same router) that answers which matched.
   */
  it("no valid, unreserved entity ID sends a workspace path to another route", async () => {
    const table = w.t.app.accessTable;
    const probe = Fastify();
    for (const r of table)
      probe.route({
        method: r.method as "GET",
        url: r.url,
        handler: async () => ({ key: `${r.method} ${r.url}` }),
      });
    const candidates = new Set(["sakura"]);
    for (const r of table)
      for (const segment of r.url.split("/"))
        if (/^[A-Za-z0-9]{3,20}$/.test(segment)) candidates.add(segment);
    const shadowed: string[] = [];
    let checked = 0;
    for (const r of table) {
      if (!r.url.includes("/:workspace")) continue;
      for (const id of candidates) {
        if (RESERVED_ENTITY_IDS.includes(id.toLowerCase())) continue;
        const url = r.url.replace(":workspace", id).replace(/:\w+/g, "1");
        const res = await probe.inject({ method: r.method as "GET", url });
        checked++;
        if (res.json().key !== `${r.method} ${r.url}`)
          shadowed.push(`${id}: ${r.method} ${r.url} → ${res.json().key}`);
      }
    }
    await probe.close();
    expect(checked).toBeGreaterThan(100);
    expect(table.some((r) => r.url === "/api/admin/:workspace/notifications")).toBe(true);
    expect(shadowed).toEqual([]);
  });

  it.each(["questions", "Users"])("refuses to create an entity with the reserved ID %s", async (id) => {
    const res = await w.t.call(
      "POST",
      "/entities",
      { workspace_name: id, name: "Reserved", description: "x", is_public: false, language: "en" },
      as(w.tok.admin, "ja"),
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: "entity-id-reserved",
      detail: "このエンティティIDは使用できません。別のIDを指定してください。",
      field: "workspace_name",
    });
  });
});
