import { type Board, type HeatRecord, REALTIME_FREQUENCY_ID } from "@mimamori/shared";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { memberSnoozes, notificationSettings, notifications } from "../../db/schema";
import { MINUTE, manualClock } from "../../jobs/clock";
import { perFile } from "../../test/per-file";
import { userIdOf } from "../../test/users";
import { type Person, startBoardWorld, type TestEntity } from "../../test/worlds/board";

/**
 * Snoozes (issue 28 §1, §5; docs/decisions.md "The watch board"): created and ended by an entity's staff for its
 * accepted members; alerts raised meanwhile are recorded but mailed by none of the real-time, digest or escalation
 * jobs (run here on a manual clock with the mail worker, as the engine's delivery tests do), and the heat-illness
 * record names the snooze.
 */
const b = perFile(startBoardWorld, (world) => world.w.t.close());

const HR = "00005091";
const HEAT = "00005098";
const T0 = Math.floor(Date.now() / MINUTE) * MINUTE - 180 * MINUTE;
const minute = (i: number) => T0 + i * MINUTE;

const snooze = (
  e: TestEntity,
  body: Record<string, unknown>,
  lang: "en" | "ja" = "en",
  token = e.staff.token,
) => b.w.t.call("POST", `/staff/${e.ws}/snoozes`, body, { token, lang });
const end = (e: TestEntity, id: number, token = e.staff.token) =>
  b.w.t.call("DELETE", `/staff/${e.ws}/snoozes/${id}`, undefined, { token });
const board = async (e: TestEntity, query = "") => {
  const res = await b.w.t.call("GET", `/staff/${e.ws}/board?timezone=Asia/Tokyo${query}`, undefined, {
    token: e.staff.token,
  });
  expect(res.status).toBe(200);
  return res.body as Board;
};
const alertsOf = (ws: string) =>
  b.w.t.db
    .select()
    .from(notifications)
    .where(eq(notifications.workspaceName, ws))
    .orderBy(asc(notifications.id));
const mailsTo = (p: Person) => b.w.t.smtp.mails.filter((m) => m.to.includes(p.email));

describe("creating and ending", () => {
  it("snoozes a member's measure from now, lists it on the board and ends it early", async () => {
    const e = await b.entity({ members: 1 });
    const [a] = e.members as [Person];
    await b.upload(a, [{ code: HR, at: minute(10), value: 170 }]);
    const before = Date.now();
    const res = await snooze(e, {
      user_id: a.id,
      report_id: HR,
      minutes: 120,
      reason: "  Known exercise session ",
    });
    expect(res.status).toBe(201);
    const s = res.body;
    expect(s).toMatchObject({
      user: { uid: a.id, name: a.name, email: a.email },
      report_id: HR,
      reason: "Known exercise session",
      by: { uid: e.staff.id, name: e.staff.name },
    });
    const starts = Date.parse(s.starts_at);
    expect(starts).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(s.until) - starts).toBe(120 * MINUTE);
    let r = await board(e);
    expect(r.snoozes).toEqual([s]);
    expect(r.snoozes_total).toBe(1);
    expect(r.zones[0]?.snoozed_until).toBe(s.until);
    // ended early: off the board, and not found a second time
    expect((await end(e, s.id)).status).toBe(204);
    r = await board(e);
    expect(r.snoozes).toEqual([]);
    expect(r.zones[0]?.snoozed_until).toBeNull();
    const again = await end(e, s.id);
    expect([again.status, again.body.code]).toEqual([404, "snooze-not-found"]);
  });

  it("refuses lengths outside the limits, in the caller's language, and changes nothing", async () => {
    const e = await b.entity({ members: 1 });
    const [a] = e.members as [Person];
    const body = (report_id: string, minutes: unknown) => ({
      user_id: a.id,
      report_id,
      minutes,
      reason: "Fever",
    });
    let res = await snooze(e, body(HEAT, 61));
    expect([res.status, res.body.code, res.body.detail]).toEqual([
      400,
      "snooze-heat-stress-too-long",
      "A heat-stress snooze can last at most one hour.",
    ]);
    res = await snooze(e, body(HEAT, 61), "ja");
    expect([res.status, res.body.code, res.body.detail]).toEqual([
      400,
      "snooze-heat-stress-too-long",
      "暑熱ストレスの通知の一時停止は最長1時間です。",
    ]);
    res = await snooze(e, body(HR, 10081));
    expect([res.status, res.body.code, res.body.detail]).toEqual([
      400,
      "snooze-too-long",
      "A snooze can last at most 7 days.",
    ]);
    res = await snooze(e, body(HR, 10081), "ja");
    expect(res.body.detail).toBe("通知の一時停止は最長7日間です。");
    for (const minutes of [0, -5, 1.5, "30"]) {
      res = await snooze(e, body(HR, minutes));
      expect([res.status, res.body.code]).toEqual([400, "invalid-snooze-length"]);
    }
    res = await snooze(e, { user_id: a.id, report_id: HR, minutes: 30, reason: "  " });
    expect([res.status, res.body.code]).toEqual([400, "required"]);
    expect(await b.w.t.db.select().from(memberSnoozes).where(eq(memberSnoozes.workspaceName, e.ws))).toEqual(
      [],
    );
    // the limits themselves are accepted
    expect((await snooze(e, body(HEAT, 60))).status).toBe(201);
    expect((await snooze(e, body(HR, 10080))).status).toBe(201);
  });

  it("is only for the entity's accepted members, and only the entity's own snoozes can be ended", async () => {
    const e = await b.entity({ members: 1, unaccepted: true });
    const other = await b.entity({ members: 1 });
    const [a] = e.members as [Person];
    const [stranger] = other.members as [Person];
    for (const p of [stranger, e.invited, e.pending] as Person[]) {
      const res = await snooze(e, { user_id: p.id, report_id: HR, minutes: 30, reason: "Fever" });
      expect([res.status, res.body.code, res.body.detail]).toEqual([
        404,
        "member-not-found",
        "User not found in this entity.",
      ]);
    }
    const theirs = await snooze(other, { user_id: stranger.id, report_id: HR, minutes: 30, reason: "Fever" });
    expect(theirs.status).toBe(201);
    const res = await end(e, theirs.body.id);
    expect([res.status, res.body.code]).toEqual([404, "snooze-not-found"]);
    const [row] = await b.w.t.db.select().from(memberSnoozes).where(eq(memberSnoozes.id, theirs.body.id));
    expect(row?.endedAt).toBeNull();
    // the other entity's board does not list it either
    expect((await board(e)).snoozes).toEqual([]);
    // removing the member removes their snoozes
    const mine = await snooze(e, { user_id: a.id, report_id: HR, minutes: 30, reason: "Fever" });
    expect(mine.status).toBe(201);
    expect(
      (await b.w.t.call("DELETE", `/staff/${e.ws}/users/${a.id}`, undefined, { token: e.staff.token }))
        .status,
    ).toBe(200);
    expect(await b.w.t.db.select().from(memberSnoozes).where(eq(memberSnoozes.workspaceName, e.ws))).toEqual(
      [],
    );
  });
});

describe("alerts during a snooze", () => {
  it("are recorded and listed but not mailed in real time, in a digest or as an escalation; mailed again after", async () => {
    const e = await b.entity({ members: 2 });
    const [a, c] = e.members as [Person, Person];
    await b.w.t.db.insert(notificationSettings).values({
      workspaceName: e.ws,
      notificationType: 2,
      frequencyId: REALTIME_FREQUENCY_ID,
      escalationMinutes: 5,
    });
    const s = await snooze(e, {
      user_id: a.id,
      report_id: HEAT,
      minutes: 60,
      reason: "Known exercise session",
    });
    expect(s.status).toBe(201);
    // a's heat-stress alert during the snooze; c's at the same time is not snoozed
    await b.upload(a, [{ code: HEAT, at: minute(10), value: 90 }]);
    await b.upload(c, [{ code: HEAT, at: minute(10), value: 91 }]);
    const clock = manualClock(new Date(Date.now() + 1000));
    const server = b.w.instance(clock);
    await server.tick();
    clock.advance(15_000);
    await server.tick();
    const [snoozed, plain] = await alertsOf(e.ws);
    expect(snoozed?.userId).toBe(a.id);
    expect(snoozed?.snoozeId).toBe(s.body.id);
    expect(plain?.snoozeId).toBeNull();
    // the staff were told of c only
    expect(mailsTo(e.staff)).toHaveLength(1);
    expect(mailsTo(e.staff)[0]?.text).toContain(c.name);
    expect(mailsTo(e.staff)[0]?.text).not.toContain(a.name);
    // ten minutes on: the unacknowledged unsnoozed alert escalates, the snoozed one does not
    clock.advance(10 * MINUTE);
    await server.tick();
    clock.advance(15_000);
    await server.tick();
    const [snoozedAfter, plainAfter] = await alertsOf(e.ws);
    expect(snoozedAfter?.escalatedAt).toBeNull();
    expect(plainAfter?.escalatedAt).not.toBeNull();
    expect(mailsTo(e.staff).some((m) => m.text.includes(a.name))).toBe(false);
    // listed for staff, shown on the board as snoozed
    const list = await b.w.t.call(
      "GET",
      `/staff/${e.ws}/notifications?start_time=${Math.floor(Date.now() / 1000) - 3600}&end_time=${Math.floor(Date.now() / 1000) + 3600}`,
      undefined,
      { token: e.staff.token },
    );
    expect(list.status).toBe(200);
    expect(list.body.measurement_list.map((n: { user: { uid: string } }) => n.user.uid).sort()).toEqual(
      [a.id, c.id].sort(),
    );
    const open = (await board(e)).open_alerts;
    expect(open.find((x) => x.user.uid === a.id)).toMatchObject({
      snoozed: true,
      mailed: [],
      escalates_at: null,
    });
    expect(open.find((x) => x.user.uid === c.id)?.mailed.map((m) => [m.name, m.kind])).toEqual(
      expect.arrayContaining([
        [e.staff.name, "alert"],
        [e.staff.name, "escalation"],
      ]),
    );
    // the heat-illness record names the snooze and its reason
    const q = `start_time=${Math.floor(minute(0) / 1000)}&end_time=${Math.floor(minute(60) / 1000)}`;
    const record = await b.w.t.call("GET", `/staff/${e.ws}/heat_illness_record?${q}`, undefined, {
      token: e.staff.token,
    });
    expect(record.status).toBe(200);
    const rows = (record.body as HeatRecord).rows;
    expect(rows.find((r) => r.user.uid === a.id)?.snooze).toEqual({
      reason: "Known exercise session",
      until: s.body.until,
      by: { uid: e.staff.id, name: e.staff.name },
    });
    expect(rows.find((r) => r.user.uid === c.id)?.snooze).toBeNull();
    const csv = await b.w.t.call("GET", `/staff/${e.ws}/heat_illness_record?${q}&format=csv`, undefined, {
      token: e.staff.token,
    });
    expect(csv.status).toBe(200);
    expect(String(csv.body)).toContain("Snoozed (reason, until, by)");
    expect(String(csv.body)).toContain(`Known exercise session (`);
    // ended: the next excursion is mailed
    expect((await end(e, s.body.id)).status).toBe(204);
    await b.upload(a, [
      { code: HEAT, at: minute(20), value: 40 },
      { code: HEAT, at: minute(21), value: 92 },
    ]);
    clock.set(new Date(Date.now() + 1000));
    await server.tick();
    clock.advance(15_000);
    await server.tick();
    const last = (await alertsOf(e.ws)).at(-1);
    expect(last?.userId).toBe(a.id);
    expect(last?.snoozeId).toBeNull();
    expect(mailsTo(e.staff).some((m) => m.text.includes(a.name))).toBe(true);
    await server.close();
  }, 180_000);

  it("are left out of the digest too", async () => {
    const e = await b.entity({ members: 2 });
    const [a, c] = e.members as [Person, Person];
    // "1 time": the digest at 12:00 on the entity's clock (Tokyo, 03:00 UTC)
    await b.w.t.db
      .insert(notificationSettings)
      .values({ workspaceName: e.ws, notificationType: 2, frequencyId: 1 });
    expect((await snooze(e, { user_id: a.id, report_id: HEAT, minutes: 60, reason: "Fever" })).status).toBe(
      201,
    );
    await b.upload(a, [{ code: HEAT, at: minute(40), value: 93 }]);
    await b.upload(c, [{ code: HEAT, at: minute(40), value: 94 }]);
    const start = Date.now();
    const day = Math.floor(start / (24 * 60 * MINUTE)) * 24 * 60 * MINUTE + 3 * 60 * MINUTE;
    const noon = day > start ? day : day + 24 * 60 * MINUTE;
    const server = b.w.instance(manualClock(new Date(noon)));
    await server.tick();
    await server.tick();
    const digest = mailsTo(e.staff);
    expect(digest).toHaveLength(1);
    expect(digest[0]?.text).toContain(c.name);
    expect(digest[0]?.text).not.toContain(a.name);
    // both are done: none waits for the next digest
    expect((await alertsOf(e.ws)).every((n) => n.mailedAt !== null)).toBe(true);
    await server.close();
  }, 180_000);

  it("snoozes one measure of one member for one entity only", async () => {
    const e = await b.entity({ members: 1 });
    const [a] = e.members as [Person];
    expect((await snooze(e, { user_id: a.id, report_id: HEAT, minutes: 30, reason: "Fever" })).status).toBe(
      201,
    );
    await b.upload(a, [
      { code: HEAT, at: minute(30), value: 90 },
      { code: HR, at: minute(30), value: 170 },
    ]);
    const found = await alertsOf(e.ws);
    expect(found.map((n) => [n.measure, n.snoozeId !== null]).sort()).toEqual([
      [5091, false],
      [5098, true],
    ]);
  });
});

describe("authorization", () => {
  it("lets only the entity's staff read the board and snooze: not clients, other staff, admins or anonymous callers", async () => {
    const e = await b.entity({ members: 1 });
    const other = await b.entity({ members: 1 });
    const [a] = e.members as [Person];
    const callers: [string, string | undefined, number][] = [
      ["member", a.token, 403],
      ["client", await b.token(await userIdOf(b.w.t.db, "client@example.com")), 403],
      ["other entity's staff", other.staff.token, 403],
      ["admin", await b.token(await userIdOf(b.w.t.db, "admin@example.com")), 403],
      ["anonymous", undefined, 401],
    ];
    const mine = await snooze(e, { user_id: a.id, report_id: HR, minutes: 30, reason: "Fever" });
    expect(mine.status).toBe(201);
    for (const [name, token, status] of callers) {
      const calls = [
        await b.w.t.call("GET", `/staff/${e.ws}/board?timezone=Asia/Tokyo`, undefined, { token }),
        await b.w.t.call(
          "POST",
          `/staff/${e.ws}/snoozes`,
          { user_id: a.id, report_id: HR, minutes: 30, reason: "Fever" },
          { token },
        ),
        await b.w.t.call("DELETE", `/staff/${e.ws}/snoozes/${mine.body.id}`, undefined, { token }),
      ];
      expect([name, ...calls.map((c) => c.status)]).toEqual([name, status, status, status]);
    }
    // nothing changed: one snooze, still running
    const rows = await b.w.t.db.select().from(memberSnoozes).where(eq(memberSnoozes.workspaceName, e.ws));
    expect(rows.map((r) => r.endedAt)).toEqual([null]);
    // the Japanese staff member of the entity may
    expect(
      (
        await b.w.t.call("GET", `/staff/${e.ws}/board?timezone=Asia/Tokyo`, undefined, {
          token: e.staffJp.token,
        })
      ).status,
    ).toBe(200);
  });
});
