import { and, asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { alertStates, memberships, notifications, reportRanges, reportTunings } from "../../../db/schema";
import { MINUTE } from "../../../jobs/clock";
import { worldPerFile } from "../../../test/per-file";
import { startAlertsWorld } from "../../../test/worlds/alerts-engine";

/**
 * Judging as data arrives (docs/decisions.md, "Alerts (issue 11)"), through POST /api/user/vitals: the test app
 * wires the evaluation into ingestion as the server does. Sample times are minutes of the last few hours.
 */
const w = worldPerFile(startAlertsWorld);
beforeEach(() => w.reset());

const HEAT = "00005098";
/** A minute of the last hours: `minute(0)` is three hours ago. */
const T0 = Math.floor(Date.now() / MINUTE) * MINUTE - 180 * MINUTE;
const minute = (i: number) => T0 + i * MINUTE;
const heat = (i: number, value: number) => ({ code: HEAT, at: minute(i), value });

async function alerts(ws = "harbor") {
  const found = await w.t.db
    .select()
    .from(notifications)
    .where(eq(notifications.workspaceName, ws))
    .orderBy(asc(notifications.id));
  return found.map((n) => ({
    user: n.userId,
    type: n.notificationType,
    measure: n.measure,
    value: n.value,
    at: n.at.getTime(),
    cleared: n.clearedAt?.getTime() ?? null,
    mailed: n.mailedAt,
  }));
}
const alert = (user: string, i: number, value: number, cleared: number | null = null, measure = 5098) => ({
  user,
  type: 2,
  measure,
  value,
  at: minute(i),
  cleared: cleared === null ? null : minute(cleared),
  mailed: null,
});

describe("measurement alerts at ingestion", () => {
  it("raise one alert per excursion: staying red across batches raises no second one", async () => {
    const id = w.ids.client2;
    await w.upload("client2", [heat(0, 40), heat(1, 85), heat(2, 90)]);
    expect(await alerts()).toEqual([alert(id, 1, 85)]);
    await w.upload("client2", [heat(3, 95), heat(4, 88)]);
    expect(await alerts()).toEqual([alert(id, 1, 85)]);
    // leaving red closes the alert at the sample that left; entering again raises a second alert
    await w.upload("client2", [heat(5, 60)]);
    expect(await alerts()).toEqual([alert(id, 1, 85, 5)]);
    await w.upload("client2", [heat(6, 82)]);
    expect(await alerts()).toEqual([alert(id, 1, 85, 5), alert(id, 6, 82)]);
    const [state] = await w.t.db.select().from(alertStates).where(eq(alertStates.userId, id));
    expect([state?.workspaceName, state?.measure, state?.inRed, state?.lastAt.getTime()]).toEqual([
      "harbor",
      5098,
      true,
      minute(6),
    ]);
  });

  it("entering red several times within one batch raises one alert per excursion, in time order", async () => {
    const id = w.ids.client2;
    // sent out of order: judged in time order
    await w.upload("client2", [heat(14, 30), heat(10, 81), heat(12, 50), heat(11, 83), heat(13, 99)]);
    expect(await alerts()).toEqual([alert(id, 10, 81, 12), alert(id, 13, 99, 14)]);
  });

  it("a late upload of older samples moves nothing; a retried batch raises nothing again", async () => {
    const id = w.ids.client2;
    await w.upload("client2", [heat(20, 30), heat(30, 40)]);
    await w.upload("client2", [heat(25, 95)]);
    expect(await alerts()).toEqual([]);
    await w.upload("client2", [heat(31, 90)]);
    const again = await w.upload("client2", [heat(31, 90)]);
    expect(again.body.accepted).toBe(0);
    expect(await alerts()).toEqual([alert(id, 31, 90)]);
  });

  it("a member of two entities gets an alert in each, judged by each entity's ranges", async () => {
    await w.t.db.insert(reportRanges).values({
      workspaceName: "sakura",
      measure: 5098,
      maxValue: [0, 80, 90, 100],
      minValue: [0, 50, 70, 100],
      meanValue: [0, 40, 50, 100],
    });
    await w.upload("client", [heat(40, 85), heat(41, 92)]);
    expect(await alerts("harbor")).toEqual([alert(w.ids.client, 40, 85)]);
    expect(await alerts("sakura")).toEqual([alert(w.ids.client, 41, 92)]);
  });

  it("judge each level measure by its worst statistic's range, and ignore steps and sleep", async () => {
    await w.upload("client2", [
      { code: "00005091", at: minute(50), value: 159 },
      { code: "00005091", at: minute(51), value: 160 },
      // blood oxygen is bad when low: red below 84 (the minValue range)
      { code: "00005093", at: minute(50), value: 84 },
      { code: "00005093", at: minute(51), value: 83 },
      // steps are a day's total: zero steps in a minute is no alert
      { code: "00005097", at: minute(50), value: 0 },
    ]);
    expect(await alerts()).toEqual([
      alert(w.ids.client2, 51, 160, null, 5091),
      alert(w.ids.client2, 51, 83, null, 5093),
    ]);
  });
});

describe("the ranges that apply", () => {
  const harborHeat = {
    workspaceName: "harbor",
    measure: 5098,
    maxValue: [0, 50, 60, 100],
    minValue: [0, 40, 50, 100],
    meanValue: [0, 30, 40, 100],
  };
  const fresh = async () => {
    await w.t.db.delete(notifications);
    await w.t.db.delete(alertStates);
  };

  it("are the member's tuned ranges while tuning is on, else the entity's general ranges, else the defaults", async () => {
    const id = w.ids.client2;
    // defaults of §9: red from 80
    await w.upload("client2", [heat(60, 79)]);
    expect(await alerts()).toEqual([]);
    await w.upload("client2", [heat(61, 80)]);
    expect(await alerts()).toEqual([alert(id, 61, 80)]);

    // the entity's general ranges: red from 60
    await fresh();
    await w.t.db.insert(reportRanges).values(harborHeat);
    await w.upload("client2", [heat(62, 59), heat(63, 65)]);
    expect(await alerts()).toEqual([alert(id, 63, 65)]);

    // the member's own ranges while tuned: red from 90, whatever the general ranges say
    await fresh();
    await w.t.db.insert(reportTunings).values({
      ...harborHeat,
      userId: id,
      isTuned: true,
      maxValue: [0, 85, 90, 100],
    });
    await w.upload("client2", [heat(64, 89)]);
    expect(await alerts()).toEqual([]);
    await w.upload("client2", [heat(65, 50), heat(66, 90)]);
    expect(await alerts()).toEqual([alert(id, 66, 90)]);

    // tuning switched off (own ranges kept): the general ranges apply again
    await fresh();
    await w.t.db.update(reportTunings).set({ isTuned: false }).where(eq(reportTunings.userId, id));
    await w.upload("client2", [heat(67, 50), heat(68, 65)]);
    expect(await alerts()).toEqual([alert(id, 68, 65)]);
    // another member of the entity was never tuned: the general ranges
    await w.upload("client", [heat(68, 61)]);
    expect((await alerts()).map((a) => [a.user, a.value])).toEqual([
      [id, 65],
      [w.ids.client, 61],
    ]);
  });
});

describe("whose samples raise alerts", () => {
  it("only samples from consent on: nothing before accepted_at", async () => {
    const id = w.ids.client2;
    const harborClient2 = and(eq(memberships.workspaceName, "harbor"), eq(memberships.userId, id));
    const [before] = await w.t.db.select().from(memberships).where(harborClient2);
    try {
      await w.t.db
        .update(memberships)
        .set({ acceptedAt: new Date(minute(71)) })
        .where(harborClient2);
      await w.upload("client2", [heat(70, 95)]);
      expect(await alerts()).toEqual([]);
      // the sample before consent did not count as red: the first red one after it is an excursion
      await w.upload("client2", [heat(72, 96)]);
      expect(await alerts()).toEqual([alert(id, 72, 96)]);
    } finally {
      await w.t.db.update(memberships).set({ acceptedAt: before?.acceptedAt }).where(harborClient2);
    }
  });

  it("only accepted, active client members: not a pending applicant, an outsider, staff or a disabled member", async () => {
    await w.upload("client3", [heat(80, 99)]); // pending application to sakura
    await w.upload("outsider", [heat(80, 99)]);
    await w.upload("staffEn", [heat(80, 99)]); // staff of harbor, not a member
    const harborClient2 = and(eq(memberships.workspaceName, "harbor"), eq(memberships.userId, w.ids.client2));
    await w.t.db.update(memberships).set({ isActive: false }).where(harborClient2);
    try {
      await w.upload("client2", [heat(80, 99)]);
    } finally {
      await w.t.db.update(memberships).set({ isActive: true }).where(harborClient2);
    }
    expect(await w.t.db.select().from(notifications)).toEqual([]);
    expect(await w.t.db.select().from(alertStates)).toEqual([]);
  });
});
