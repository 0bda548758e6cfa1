import type { Board } from "@mimamori/shared";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { changesOf } from "../../db/changes";
import {
  alertStates,
  formRecipients,
  formSends,
  forms,
  notificationSettings,
  notifications,
  vitalSync,
} from "../../db/schema";
import { gradeUngradedStates } from "../../db/state-zones";
import { HOUR, MINUTE } from "../../jobs/clock";
import { localMidnightMs } from "../../lib/time-sql";
import { perFile } from "../../test/per-file";
import { type Person, startBoardWorld, type TestEntity } from "../../test/worlds/board";

/**
 * The watch board's rules (issue 28 §1; docs/decisions.md "The watch board"), over HTTP on the real app: each test
 * makes its own entity, its members upload through POST /api/user/vitals (the alert engine keeps their latest
 * judged values), staff read GET /api/staff/{ws}/board.
 */
const b = perFile(startBoardWorld, (world) => world.w.t.close());

const HR = "00005091";
const HEAT = "00005098";
const SPO2 = "00005093";
/** A minute of the last hours: `minute(0)` is three hours ago. */
const T0 = Math.floor(Date.now() / MINUTE) * MINUTE - 180 * MINUTE;
const minute = (i: number) => T0 + i * MINUTE;
const iso = (ms: number) => new Date(ms).toISOString();

async function board(e: TestEntity, query = "", lang: "en" | "ja" = "en"): Promise<Board> {
  const res = await b.w.t.call("GET", `/staff/${e.ws}/board?timezone=Asia/Tokyo${query}`, undefined, {
    token: e.staff.token,
    lang,
  });
  expect(res.status).toBe(200);
  return res.body as Board;
}
const who = (rows: { user: { uid: string } }[]) => rows.map((r) => r.user.uid);

describe("red and yellow now", () => {
  it("lists members in red with value, unit, time and since; heat-stress first; then yellow", async () => {
    const e = await b.entity();
    const [a, c, d] = e.members as [Person, Person, Person];
    await b.upload(a, [
      { code: HR, at: minute(9), value: 70 },
      { code: HR, at: minute(10), value: 170 },
      { code: HR, at: minute(11), value: 175 },
    ]);
    await b.upload(c, [{ code: HEAT, at: minute(5), value: 85 }]);
    await b.upload(d, [{ code: HR, at: minute(20), value: 150 }]);
    const r = await board(e);
    expect(r.zones_total).toEqual({ red: 2, yellow: 1 });
    expect(r.zones.map((z) => [z.user.uid, z.report_id, z.zone])).toEqual([
      [c.id, HEAT, "red"],
      [a.id, HR, "red"],
      [d.id, HR, "yellow"],
    ]);
    // the latest sample's value and time; red since the step into red (the open alert)
    expect(r.zones[1]).toEqual({
      user: { uid: a.id, name: a.name, email: a.email },
      report_id: HR,
      zone: "red",
      value: 175,
      unit: "bpm",
      at: iso(minute(11)),
      since: iso(minute(10)),
      ranges: "default",
      snoozed_until: null,
    });
    expect(r.zones[0]?.unit).toBe("pts");
    expect(r.zones[2]?.since).toBeNull();
    expect(r.entity).toEqual({
      workspace_name: e.ws,
      name: e.ws.replace("board", "Board "),
      time_zone: "Asia/Tokyo",
    });
    // Japanese units for a Japanese reader
    expect((await board(e, "", "ja")).zones[0]?.unit).toBe("点");
  });

  it("reads the latest value: a later green value, and an older red one arriving late, show nothing", async () => {
    const e = await b.entity({ members: 1 });
    const [a] = e.members as [Person];
    await b.upload(a, [{ code: HR, at: minute(10), value: 170 }]);
    expect(who((await board(e)).zones)).toEqual([a.id]);
    await b.upload(a, [{ code: HR, at: minute(11), value: 72 }]);
    expect((await board(e)).zones).toEqual([]);
    await b.upload(a, [{ code: HR, at: minute(5), value: 190 }]);
    expect((await board(e)).zones).toEqual([]);
  });

  it("grades by the member's tuned ranges, else the entity's, else the defaults", async () => {
    const e = await b.entity({ members: 3 });
    const [a, c, d] = e.members as [Person, Person, Person];
    await b.upload(a, [{ code: HR, at: minute(10), value: 150 }]);
    await b.upload(c, [{ code: HR, at: minute(11), value: 150 }]);
    // blood oxygen: low is bad (red below 84 % by default)
    await b.upload(d, [{ code: SPO2, at: minute(10), value: 83 }]);
    let r = await board(e);
    expect(r.zones.map((z) => [z.user.uid, z.zone, z.ranges])).toEqual([
      [d.id, "red", "default"],
      [c.id, "yellow", "default"],
      [a.id, "yellow", "default"],
    ]);
    const ranges = (max: number[]) => ({
      maxValue: max,
      minValue: [0, 100, 140, 200],
      meanValue: [0, 80, 100, 200],
    });
    const staff = { token: e.staff.token };
    const q = "?timezone=Asia/Tokyo&interval=7";
    // the entity's: red from 145
    let res = await b.w.t.call(
      "POST",
      `/staff/${e.ws}/reports_v2/${HR}${q}`,
      ranges([0, 120, 145, 200]),
      staff,
    );
    expect(res.status).toBe(200);
    r = await board(e);
    expect(r.zones.filter((z) => z.report_id === HR).map((z) => [z.user.uid, z.zone, z.ranges])).toEqual([
      [c.id, "red", "entity"],
      [a.id, "red", "entity"],
    ]);
    // a's own: yellow from 155, so 150 is green
    res = await b.w.t.call(
      "POST",
      `/staff/${e.ws}/reports_v2/${HR}/tuning/${a.id}${q}`,
      ranges([0, 155, 170, 200]),
      staff,
    );
    expect(res.status).toBe(200);
    r = await board(e);
    expect(r.zones.filter((z) => z.report_id === HR).map((z) => [z.user.uid, z.zone, z.ranges])).toEqual([
      [c.id, "red", "entity"],
    ]);
    // tuning off: the entity's ranges again
    res = await b.w.t.call(
      "PUT",
      `/staff/${e.ws}/reports_v2/${HR}/tuning/${a.id}${q}`,
      { isTuned: false },
      staff,
    );
    expect(res.status).toBe(200);
    expect(who((await board(e)).zones.filter((z) => z.report_id === HR)).sort()).toEqual([a.id, c.id].sort());
  });

  it("reads the zone the engine kept (graded again on a range change), and grades states kept without one", async () => {
    const e = await b.entity({ members: 2 });
    const [a, c] = e.members as [Person, Person];
    await b.upload(a, [{ code: HR, at: minute(10), value: 150 }]);
    await b.upload(c, [{ code: HR, at: minute(10), value: 170 }]);
    const kept = async () =>
      Object.fromEntries(
        (
          await b.w.t.db
            .select({ uid: alertStates.userId, zone: alertStates.zone })
            .from(alertStates)
            .where(and(eq(alertStates.workspaceName, e.ws), eq(alertStates.measure, 5091)))
        ).map((x) => [x.uid, x.zone]),
      );
    expect(await kept()).toEqual({ [a.id]: "yellow", [c.id]: "red" });
    // the entity's ranges make 150 green: graded again with the change
    const res = await b.w.t.call(
      "POST",
      `/staff/${e.ws}/reports_v2/${HR}?timezone=Asia/Tokyo&interval=7`,
      { maxValue: [0, 155, 165, 200], minValue: [0, 100, 140, 200], meanValue: [0, 80, 100, 200] },
      { token: e.staff.token },
    );
    expect(res.status).toBe(200);
    expect(await kept()).toEqual({ [a.id]: "green", [c.id]: "red" });
    expect(who((await board(e)).zones)).toEqual([c.id]);
    // the board believes the kept zone: a state kept green is not read at all
    await b.w.t.db.update(alertStates).set({ zone: "green" }).where(eq(alertStates.userId, c.id));
    changesOf(b.w.t.db).everything(); // written behind the app's back: its kept answers are dropped by hand
    expect((await board(e, "&report_id=00005091")).zones).toEqual([]);
    // a state kept before zones were (migration 0011) is graded by the board, then once at the next start
    await b.w.t.db.update(alertStates).set({ zone: null }).where(eq(alertStates.workspaceName, e.ws));
    changesOf(b.w.t.db).everything();
    expect(who((await board(e, "&report_id=00005091")).zones)).toEqual([c.id]);
    expect(await gradeUngradedStates(b.w.t.db)).toBeGreaterThan(0);
    expect(await kept()).toEqual({ [a.id]: "green", [c.id]: "red" });
  });

  it("filters by measure: only that measure's rows and alerts", async () => {
    const e = await b.entity({ members: 2 });
    const [a, c] = e.members as [Person, Person];
    await b.upload(a, [{ code: HR, at: minute(10), value: 170 }]);
    await b.upload(c, [{ code: HEAT, at: minute(11), value: 90 }]);
    const all = await board(e);
    expect(all.zones).toHaveLength(2);
    expect(all.open_alerts).toHaveLength(2);
    const heat = await board(e, `&report_id=${HEAT}`);
    expect(heat.zones.map((z) => [z.user.uid, z.report_id])).toEqual([[c.id, HEAT]]);
    expect(heat.open_alerts.map((x) => [x.user.uid, x.report_id])).toEqual([[c.id, HEAT]]);
    expect(heat.zones_total).toEqual({ red: 1, yellow: 0 });
  });

  it("shows nothing from before a member's consent, and nothing of invited or pending people", async () => {
    const e = await b.entity({ members: 1, consentAgo: 60 * MINUTE, unaccepted: true });
    const [a] = e.members as [Person];
    // two hours ago: before a's consent an hour ago
    await b.upload(a, [{ code: HR, at: Date.now() - 2 * HOUR, value: 180 }]);
    for (const p of [e.invited, e.pending] as Person[])
      await b.upload(p, [{ code: HR, at: Date.now() - 10 * MINUTE, value: 180 }]);
    const r = await board(e);
    expect(r.zones).toEqual([]);
    expect(r.open_alerts).toEqual([]);
    expect(r.wear.members).toBe(1);
    expect(r.wear.week.map((d) => d.members)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    // a's band synced just now (old data); the others are not the entity's members
    expect(r.not_syncing).toEqual([]);
    expect(r.not_syncing_total).toBe(0);
    // after consent it shows
    await b.upload(a, [{ code: HR, at: Date.now() - 5 * MINUTE, value: 181 }]);
    expect(who((await board(e)).zones)).toEqual([a.id]);
  });
});

describe("not syncing", () => {
  it("lists members silent longer than the entity's setting, longest first, and those who never synced last", async () => {
    const e = await b.entity({ members: 4 });
    const [a, c, d, f] = e.members as [Person, Person, Person, Person];
    for (const m of [a, c, d]) await b.upload(m, [{ code: HR, at: minute(170), value: 70 }]);
    const setSync = (m: Person, ago: number) =>
      b.w.t.db
        .update(vitalSync)
        .set({ lastSyncAt: new Date(Date.now() - ago) })
        .where(eq(vitalSync.userId, m.id));
    await setSync(a, 30 * MINUTE);
    await setSync(c, 2 * HOUR);
    await setSync(d, 30 * HOUR);
    // default: 24 hours
    let r = await board(e);
    expect(r.sync_length_hours).toBe(24);
    expect(r.not_syncing.map((s) => s.user.uid)).toEqual([d.id, f.id]);
    expect(r.not_syncing[1]?.last_sync_at).toBeNull();
    expect(r.not_syncing_total).toBe(2);
    // one hour: c too, before d? no: d has been silent longest
    await b.w.t.db
      .insert(notificationSettings)
      .values({ workspaceName: e.ws, notificationType: 1, frequencyId: 1, syncLengthOptionId: 1 });
    r = await board(e, `&report_id=${HR}`); // another answer than the kept one
    expect(r.sync_length_hours).toBe(1);
    expect(r.not_syncing.map((s) => s.user.uid)).toEqual([d.id, c.id, f.id]);
  });
});

describe("open alerts", () => {
  it("lists unacknowledged alerts that are not removed, newest first, with the escalation time", async () => {
    const e = await b.entity({ members: 3 });
    const [a, c, d] = e.members as [Person, Person, Person];
    await b.w.t.db
      .insert(notificationSettings)
      .values({ workspaceName: e.ws, notificationType: 2, frequencyId: 1, escalationMinutes: 10 });
    await b.upload(a, [{ code: HEAT, at: minute(10), value: 85 }]);
    await b.upload(c, [{ code: HEAT, at: minute(11), value: 86 }]);
    await b.upload(d, [{ code: HR, at: minute(12), value: 170 }]);
    const ids = (
      await b.w.t.db.select().from(notifications).where(eq(notifications.workspaceName, e.ws))
    ).sort((x, y) => x.id - y.id);
    const [na, nc] = ids;
    const staff = { token: e.staff.token };
    expect(
      (
        await b.w.t.call(
          "POST",
          `/staff/${e.ws}/notifications/${na?.id}/acknowledge`,
          { action: "rested", note: "" },
          staff,
        )
      ).status,
    ).toBe(200);
    expect(
      (await b.w.t.call("DELETE", `/staff/${e.ws}/notifications/${nc?.id}`, undefined, staff)).status,
    ).toBe(204);
    const r = await board(e);
    expect(r.open_alerts_total).toBe(1);
    const [open] = r.open_alerts;
    const nd = ids[2];
    expect(open).toEqual({
      id: nd?.id,
      notification_type: 2,
      user: { uid: d.id, name: d.name, email: d.email },
      report_id: HR,
      value: 170,
      unit: "bpm",
      time: iso(minute(12)),
      created_at: nd?.createdAt.toISOString(),
      mailed: [],
      snoozed: false,
      // heart rate does not escalate
      escalates_at: null,
      escalated_at: null,
    });
    // a heat-stress alert escalates at created + the entity's minutes
    await b.upload(a, [
      { code: HEAT, at: minute(20), value: 50 },
      { code: HEAT, at: minute(21), value: 90 },
    ]);
    const heat = (await board(e)).open_alerts.find((x) => x.report_id === HEAT);
    expect(heat && Date.parse(heat.escalates_at ?? "") - Date.parse(heat.created_at)).toBe(10 * MINUTE);
  });
});

describe("forms waiting and wear", () => {
  it("counts answered / sent per send with answers outstanding, overdue after the reminder time", async () => {
    const e = await b.entity({ members: 3 });
    const [a, c, d] = e.members as [Person, Person, Person];
    const db = b.w.t.db;
    const [form] = await db
      .insert(forms)
      .values({ workspaceName: e.ws, name: "Daily check", description: "" })
      .returning();
    if (!form) throw new Error("no form");
    const snapshot = { name: "Daily check", description: "", questions: [] };
    const send = async (order: number, sentAgo: number, reminderAgo: number | null, answered: Person[]) => {
      await db.insert(formSends).values({
        formId: form.id,
        sentOrder: order,
        sentAt: new Date(Date.now() - sentAgo),
        snapshot,
        reminderDueAt: reminderAgo === null ? null : new Date(Date.now() - reminderAgo),
      });
      await db.insert(formRecipients).values(
        [a, c, d].map((m) => ({
          formId: form.id,
          sentOrder: order,
          userId: m.id,
          answeredAt: answered.includes(m) ? new Date() : null,
        })),
      );
    };
    await send(1, 3 * HOUR, 1 * HOUR, [a]); // reminder due an hour ago: 2 overdue
    await send(2, 2 * HOUR, -5 * HOUR, [a, c]); // reminder still to come
    await send(3, 1 * HOUR, null, [a, c, d]); // all answered: not waiting
    await send(4, 8 * 24 * HOUR, null, []); // older than a week
    const r = await board(e);
    expect(r.forms_waiting.map((f) => [f.sent_order, f.answered, f.total, f.overdue, f.name])).toEqual([
      [2, 2, 3, 0, "Daily check"],
      [1, 1, 3, 2, "Daily check"],
    ]);
    expect(r.forms_waiting_total).toBe(2);
    expect(r.forms_waiting[0]?.form_id).toBe(form.id);
  });

  it("counts members with heart-rate data per local day of the seven ending today", async () => {
    const e = await b.entity({ members: 3, consentAgo: 5 * 24 * HOUR });
    const [a, c] = e.members as [Person, Person];
    const now = Date.now();
    const today = localMidnightMs(now, "Asia/Tokyo");
    const recent = Math.max(today, now - 10 * MINUTE);
    await b.upload(a, [
      { code: HR, at: recent, value: 70 },
      { code: HR, at: today - 12 * HOUR, value: 70 },
    ]);
    // c: yesterday, and six days ago (before consent five days ago: not counted)
    await b.upload(c, [
      { code: HR, at: today - 2 * HOUR, value: 71 },
      { code: HR, at: today - 5 * 24 * HOUR - 6 * HOUR, value: 71 },
    ]);
    const r = await board(e);
    expect(r.wear.members).toBe(3);
    expect(r.wear.today).toBe(1);
    expect(r.wear.week.map((d) => d.members)).toEqual([0, 0, 0, 0, 0, 2, 1]);
    const dates = Array.from({ length: 7 }, (_, i) =>
      new Date(localMidnightMs(now, "Asia/Tokyo", 6 - i) + 9 * HOUR).toISOString().slice(0, 10),
    );
    expect(r.wear.week.map((d) => d.date)).toEqual(dates);
  });
});

describe("the query", () => {
  it("refuses an unknown zone or measure in the caller's language", async () => {
    const e = await b.entity({ members: 1 });
    let res = await b.w.t.call("GET", `/staff/${e.ws}/board?timezone=Mars/Base`, undefined, {
      token: e.staff.token,
    });
    expect([res.status, res.body.code]).toEqual([400, "invalid-timezone"]);
    res = await b.w.t.call("GET", `/staff/${e.ws}/board`, undefined, { token: e.staff.token, lang: "ja" });
    expect([res.status, res.body.code, res.body.detail]).toEqual([
      400,
      "invalid-timezone",
      "タイムゾーンが正しくありません（例: Asia/Tokyo）。",
    ]);
    res = await b.w.t.call("GET", `/staff/${e.ws}/board?timezone=Asia/Tokyo&report_id=00009999`, undefined, {
      token: e.staff.token,
    });
    expect([res.status, res.body.code]).toEqual([400, "unknown-report"]);
  });
});

describe("a read as of a live event", () => {
  it("may be given the board computed for the event: later uploads wait for the next event; a stale or made-up as_of does not", async () => {
    // the board is one answer a minute: keep the test's reads within one
    const left = MINUTE - (Date.now() % MINUTE);
    if (left < 10_000) await new Promise((r) => setTimeout(r, left + 100));
    const e = await b.entity({ members: 2 });
    const [a, c] = e.members as [Person, Person];
    const changes = changesOf(b.w.t.db);
    const asOf = (token: string) => `&as_of=${encodeURIComponent(token)}`;
    await b.upload(a, [{ code: HR, at: minute(10), value: 170 }]);
    // the entity's event goes out (features/events/hub.ts does this as it sends one)
    const event = changes.announce(e.ws);
    expect(who((await board(e, asOf(event))).zones)).toEqual([a.id]);
    // an upload after the event: a read as of the event is given the event's board, one without sees the upload
    await b.upload(c, [{ code: HR, at: minute(10), value: 180 }]);
    expect(who((await board(e, asOf(event))).zones)).toEqual([a.id]);
    expect(who((await board(e)).zones).sort()).toEqual([a.id, c.id].sort());
    expect(who((await board(e, asOf(event))).zones).sort()).toEqual([a.id, c.id].sort());
    // another upload: as of an older event, another entity's, or a made-up one, the board is as fresh as without
    await b.upload(a, [{ code: HR, at: minute(11), value: 72 }]);
    const next = changes.announce(e.ws);
    expect(who((await board(e, asOf(event))).zones)).toEqual([c.id]);
    await b.upload(c, [{ code: HR, at: minute(11), value: 72 }]);
    const other = await b.entity({ members: 1 });
    for (const token of [event, changes.announce(other.ws), "00000000.1", "x"])
      expect((await board(e, asOf(token))).zones).toEqual([]);
    // the newest event's as_of is given the newest board computed since it
    expect((await board(e, asOf(next))).zones).toEqual([]);
  });

  it("refuses an as_of longer than 64 characters in the caller's language", async () => {
    const e = await b.entity({ members: 1 });
    const res = await b.w.t.call(
      "GET",
      `/staff/${e.ws}/board?timezone=Asia/Tokyo&as_of=${"a".repeat(65)}`,
      undefined,
      { token: e.staff.token, lang: "ja" },
    );
    expect([res.status, res.body.code, res.body.detail]).toEqual([
      400,
      "invalid-input",
      "入力内容が正しくありません。",
    ]);
    expect((await board(e, `&as_of=${"a".repeat(64)}`)).zones).toEqual([]);
  });
});
