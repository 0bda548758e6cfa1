import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "../../db/client";
import {
  alertStates,
  dataItems,
  dataShares,
  formRecipients,
  mailOutbox,
  notificationMails,
  notifications,
  reportTunings,
  users,
  vitalSamples,
  vitalSync,
} from "../../db/schema";
import { runAlertJobsOnce } from "../../test/alert-jobs";
import { startTestApp, type TestApp } from "../../test/app";
import { DEMO_PASSWORD } from "./accounts";
import { DEMO_BOARD, DEMO_MEMBERS, DEMO_WEEK_DAYS, demoMemberIds, seedDemoMembers } from "./seed-watch";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestApp;
let started: number;
let ids: Map<string, string>;
const id = (email: string) => ids.get(email) as string;
beforeAll(async () => {
  started = Date.now();
  t = await startTestApp({
    seed: true,
    demoMembers: true,
    demoForms: true,
    demoAlerts: true,
    demoDataItems: true,
  });
  ids = await demoMemberIds(t.db);
  // the week of 26 members: a few seconds alone, minutes on a machine shared by many test runs
}, 300_000);
afterAll(() => t.close());

describe("the demo members (issue 28 §4)", () => {
  it("fill both demo entities: 17 accepted members at sakura, 12 at Harbor, each signs in with the demo password", async () => {
    const staff = await t.signIn("staff@example.com");
    const listed = async (ws: string) =>
      (await t.call("GET", `/staff/${ws}/users`, undefined, { token: staff.idToken })).body as {
        email: string;
        is_pending: boolean;
        is_invited: boolean;
      }[];
    const accepted = (list: { is_pending: boolean; is_invited: boolean }[]) =>
      list.filter((m) => !m.is_pending && !m.is_invited);
    const sakura = await listed("sakura");
    const harbor = await listed("harbor");
    expect(accepted(sakura)).toHaveLength(17);
    expect(accepted(harbor)).toHaveLength(12);
    expect(DEMO_MEMBERS).toHaveLength(26);
    for (const m of DEMO_MEMBERS)
      expect((m.ws === "sakura" ? sakura : harbor).map((x) => x.email)).toContain(m.email);
    const kazuko = await t.signIn(DEMO_BOARD.sakura.redNow.email, DEMO_PASSWORD);
    expect(kazuko.user.uid).toBe(id(DEMO_BOARD.sakura.redNow.email));
  });

  it("hold a week of band data ending now, with a day and a night: a slower heart at night, steps by day", async () => {
    const withBand = DEMO_MEMBERS.filter((m) => m.story !== "never-synced" && m.story !== "silent");
    const spans = await rows<{ user_id: string; first: number; last: number; measures: number }>(
      t.db,
      sql`select ${vitalSamples.userId} as user_id, extract(epoch from min(${vitalSamples.at})) * 1000 as first,
          extract(epoch from max(${vitalSamples.at})) * 1000 as last, count(distinct ${vitalSamples.measure}) as measures
        from ${vitalSamples} where ${inArray(vitalSamples.userId, [...ids.values()])} group by 1`,
    );
    for (const m of withBand) {
      const span = spans.find((s) => s.user_id === id(m.email));
      expect(span, m.email).toBeDefined();
      expect(Number(span?.first)).toBeLessThan(started - (DEMO_WEEK_DAYS - 1) * DAY);
      expect(Number(span?.last)).toBeGreaterThan(started - 3 * HOUR);
      expect(Number(span?.measures)).toBeGreaterThanOrEqual(10);
    }
    // Tokyo's night (01:00–05:00) against its afternoon (13:00–17:00), over all members
    const [rhythm] = await rows<{ night_hr: number; day_hr: number; night_steps: number; day_steps: number }>(
      t.db,
      sql`with s as (select ${vitalSamples.measure} as measure, ${vitalSamples.value} as value,
            extract(hour from ${vitalSamples.at} at time zone 'Asia/Tokyo') as h
          from ${vitalSamples} where ${inArray(vitalSamples.userId, [...ids.values()])})
        select avg(value) filter (where measure = 5091 and h between 1 and 4) as night_hr,
          avg(value) filter (where measure = 5091 and h between 13 and 16) as day_hr,
          coalesce(sum(value) filter (where measure = 5097 and h between 1 and 4), 0) as night_steps,
          sum(value) filter (where measure = 5097 and h between 13 and 16) as day_steps
        from s`,
    );
    expect(Number(rhythm?.night_hr)).toBeLessThan(Number(rhythm?.day_hr) - 8);
    expect(Number(rhythm?.night_steps)).toBe(0);
    expect(Number(rhythm?.day_steps)).toBeGreaterThan(10_000);
  });

  it("put exactly the board's red members in the red now (heart rate at sakura, heat-stress at Harbor)", async () => {
    const red = await t.db
      .select({
        email: users.email,
        ws: alertStates.workspaceName,
        measure: alertStates.measure,
        value: alertStates.lastValue,
        at: alertStates.lastAt,
      })
      .from(alertStates)
      .innerJoin(users, eq(users.id, alertStates.userId))
      .where(eq(alertStates.inRed, true));
    expect(red.map((r) => [r.ws, r.email, r.measure])).toEqual(
      expect.arrayContaining([
        ["sakura", DEMO_BOARD.sakura.redNow.email, 5091],
        ["harbor", DEMO_BOARD.harbor.redNow.email, 5098],
      ]),
    );
    expect(red).toHaveLength(2);
    for (const r of red) {
      expect(r.value).toBeGreaterThanOrEqual(r.measure === 5091 ? 160 : 80);
      expect(r.at.getTime()).toBeGreaterThan(started - 2 * 60_000);
    }
    // each has its open alert, mailed and not acknowledged
    const open = await t.db
      .select()
      .from(notifications)
      .where(
        and(
          inArray(notifications.userId, [
            id(DEMO_BOARD.sakura.redNow.email),
            id(DEMO_BOARD.harbor.redNow.email),
          ]),
          isNull(notifications.clearedAt),
        ),
      );
    expect(open.map((n) => [n.measure, n.acknowledgedAt, n.mailedAt !== null])).toEqual(
      expect.arrayContaining([
        [5091, null, true],
        [5098, null, true],
      ]),
    );
  });

  it("have a silent band (stopped yesterday, an open out-of-sync alert) and one that never synced", async () => {
    for (const ws of ["sakura", "harbor"] as const) {
      const { silent, neverSynced } = DEMO_BOARD[ws];
      const [sync] = await t.db
        .select()
        .from(vitalSync)
        .where(eq(vitalSync.userId, id(silent.email)));
      const last = sync?.lastSyncAt.getTime() ?? 0;
      // 4 hours beyond the 24-hour out-of-sync length, on the 5-minute grid, whatever the time of day
      expect(last).toBeLessThan(started - 27 * HOUR);
      expect(last).toBeGreaterThan(started - 28 * HOUR - 5 * 60_000);
      const alerts = await t.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, id(silent.email)));
      expect(alerts.filter((a) => a.notificationType === 1 && a.clearedAt === null)).toHaveLength(1);
      expect(
        await t.db
          .select()
          .from(vitalSync)
          .where(eq(vitalSync.userId, id(neverSynced.email))),
      ).toEqual([]);
    }
  });

  it("tune one member's heart-rate ranges; keep acknowledged and open alerts, all mailed before the start", async () => {
    const tuned = await t.db
      .select()
      .from(reportTunings)
      .where(inArray(reportTunings.userId, [...ids.values()]));
    expect(tuned.map((x) => [x.workspaceName, x.measure, x.isTuned, x.maxValue])).toEqual([
      ["sakura", 5091, true, [0, 150, 170, 200]],
    ]);
    const alerts = await t.db
      .select()
      .from(notifications)
      .where(inArray(notifications.userId, [...ids.values()]));
    expect(alerts.filter((a) => a.acknowledgedAt !== null).length).toBeGreaterThanOrEqual(1);
    expect(alerts.filter((a) => a.acknowledgedAt === null).length).toBeGreaterThanOrEqual(4);
    expect(alerts.every((a) => a.mailedAt !== null && a.createdAt.getTime() > a.at.getTime())).toBe(true);
    const mailed = await t.db
      .select({ id: notificationMails.notificationId })
      .from(notificationMails)
      .innerJoin(mailOutbox, eq(mailOutbox.id, notificationMails.mailId));
    for (const a of alerts) expect(mailed.map((m) => m.id)).toContain(a.id);

    // a starting server's alert jobs mail nothing about them: they are history
    await runAlertJobsOnce(t);
    expect(t.smtp.mails).toEqual([]);
  });

  it("answer the demo forms in part, and share items with their entity", async () => {
    const recipients = await t.db
      .select({ answeredAt: formRecipients.answeredAt })
      .from(formRecipients)
      .where(inArray(formRecipients.userId, [...ids.values()]));
    // two sends of sakura's check to its 16 members, one of Harbor's to its 10
    expect(recipients).toHaveLength(42);
    const answered = recipients.filter((r) => r.answeredAt !== null).length;
    expect(answered).toBeGreaterThan(20);
    expect(answered).toBeLessThan(42);
    const shares = await t.db
      .select({ ws: dataShares.workspaceName })
      .from(dataShares)
      .innerJoin(dataItems, eq(dataItems.id, dataShares.itemId))
      .where(inArray(dataItems.userId, [...ids.values()]));
    expect(shares.filter((s) => s.ws === "sakura").length).toBe(4);
    expect(shares.filter((s) => s.ws === "harbor").length).toBe(3);
  });

  it("are replaced by a new seed, with everything they held", async () => {
    const before = [...ids.values()];
    await seedDemoMembers(t.db, Date.now(), DEMO_PASSWORD);
    const again = await demoMemberIds(t.db);
    expect(again.size).toBe(DEMO_MEMBERS.length);
    expect([...again.values()].some((x) => before.includes(x))).toBe(false);
    expect(await t.db.select().from(notifications).where(inArray(notifications.userId, before))).toEqual([]);
  });
});
