import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oneRow } from "../../db/client";
import { reportRanges } from "../../db/schema";
import { startTestApp, type TestApp } from "../../test/app";
import { type Role, roleTokens } from "../../test/roles";
import { consentSince, DAY1, DAY2, dayOfData, upload } from "../../test/worlds/reports";

let t: TestApp;
let tok: Record<Role, string | undefined>;
const uid = { client: "", client2: "", client3: "" };
beforeAll(async () => {
  t = await startTestApp({ seed: true });
  tok = await roleTokens(t);
  await consentSince(t);
  for (const name of ["client", "client2", "client3"] as const) {
    const s = await t.signIn(`${name}@example.com`);
    uid[name] = s.user.uid;
    await upload(t, s.idToken, dayOfData(name === "client2" ? 40 : 0));
  }
});
afterAll(() => t.close());

const day1 = `timezone=Asia/Tokyo&interval=1&end_time=${DAY2 - 1}`;
const get = (path: string, token = tok.staff) => t.call("GET", path, undefined, { token });
type User = {
  user: { uid: string };
  report: Record<string, { value: number; color: string }>;
  isTuned: boolean;
  customRanges: unknown;
};
const userOf = (body: { users: User[] }, id: string) => {
  const user = body.users.find((u) => u.user.uid === id);
  if (!user) throw new Error(`user ${id} is not in the report`);
  return user;
};

describe("staff reports: authorization", () => {
  it.each([
    ["anonymous", 401],
    ["client", 403],
    ["admin", 403],
    ["otherStaff", 403],
    ["outsider", 403],
  ] as const)("%s gets %i on every call", async (role, status) => {
    const o = { token: tok[role] };
    const ranges = { maxValue: [0, 1, 2, 3], minValue: [0, 1, 2, 3], meanValue: [0, 1, 2, 3] };
    const u = uid.client;
    const q = `start_time=${DAY1}&end_time=${DAY2}`;
    const calls = await Promise.all([
      t.call("GET", "/staff/sakura/reports_v2/00005091", undefined, o),
      t.call("GET", "/staff/sakura/reports_v2/kpis", undefined, o),
      t.call("POST", "/staff/sakura/reports_v2/00005091", ranges, o),
      t.call("POST", `/staff/sakura/reports_v2/00005091/tuning/${u}`, ranges, o),
      t.call("PUT", `/staff/sakura/reports_v2/00005091/tuning/${u}`, { isTuned: true }, o),
      t.call("GET", `/staff/sakura/reports/00005091/${u}?${q}`, undefined, o),
      t.call("GET", `/staff/sakura/reports/00005091/${u}/download?${q}`, undefined, o),
    ]);
    expect(calls.map((c) => c.status)).toEqual(calls.map(() => status));
  });

  it("reads and tunes only accepted members of the staff's own entity", async () => {
    const q = `start_time=${DAY1}&end_time=${DAY2}`;
    // client2 belongs to harbor only; client3's application to sakura is pending
    for (const u of [uid.client2, uid.client3, "00000000-0000-4000-8000-000000000000"]) {
      for (const res of [
        await get(`/staff/sakura/reports/00005091/${u}?${q}`),
        await get(`/staff/sakura/reports/00005091/${u}/download?${q}`),
        await t.call(
          "PUT",
          `/staff/sakura/reports_v2/00005091/tuning/${u}`,
          { isTuned: true },
          { token: tok.staff },
        ),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body.code).toBe("member-not-found");
      }
    }
    expect((await get(`/staff/harbor/reports/00005091/${uid.client2}?${q}`)).status).toBe(200);
  });
});

describe("GET /staff/{ws}/reports_v2/{reportId}", () => {
  it("lists the accepted members with max/min/mean coloured by the general ranges", async () => {
    const res = await get(`/staff/sakura/reports_v2/00005091?${day1}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: "00005091",
      interval: 1,
      start_time: DAY1,
      step: 0.1,
      direction: "high",
    });
    expect(res.body.ranges).toEqual(res.body.default_ranges);
    expect(res.body.users.map((u: User) => u.user.uid)).toEqual([uid.client]);
    const mean =
      (48 * 60 +
        2 *
          (0 +
            1 +
            2 +
            3 +
            4 +
            5 +
            6 +
            7 +
            8 +
            9 +
            10 +
            11 +
            12 +
            13 +
            14 +
            15 +
            16 +
            17 +
            18 +
            19 +
            20 +
            21 +
            22 +
            23) +
        170) /
      49;
    expect(userOf(res.body, uid.client)).toMatchObject({
      report: {
        max: { value: 170, color: "red" },
        min: { value: 60, color: "green" },
        mean: { color: "green" },
      },
      zone: "red",
      isTuned: false,
      customRanges: null,
    });
    expect(userOf(res.body, uid.client).report.mean?.value).toBeCloseTo(mean, 2);
    expect(res.body.kpis).toEqual({
      members: 1,
      with_data: 1,
      red: 1,
      yellow: 0,
      equippingRate: 1,
      redZoneRate: 1,
      yellowZoneRate: 0,
    });
  });

  it("spans several local days for weekly, reading whole UTC days from day buckets", async () => {
    const res = await get(
      `/staff/harbor/reports_v2/00005091?timezone=Asia/Tokyo&interval=weekly&end_time=${DAY2 + 3600}`,
    );
    expect(res.body.start_time).toBe(DAY2 - 6 * 86400);
    const u = userOf(res.body, uid.client);
    // the 00:30 sample of day 2 (55) is inside the week
    expect([u.report.max?.value, u.report.min?.value]).toEqual([170, 55]);
    expect(res.body.users).toHaveLength(2);
  });

  it("totals steps per day and sleep per night before max/min/mean", async () => {
    const steps = await get(`/staff/sakura/reports_v2/00005097?${day1}`);
    expect(userOf(steps.body, uid.client).report.max).toEqual({ value: 300, color: "red" });
    const sleep = await get(`/staff/sakura/reports_v2/00005100?${day1}`);
    expect(userOf(sleep.body, uid.client).report.mean).toEqual({ value: 7, color: "green" });
  });

  it("answers 400 for a bad interval, time zone or report", async () => {
    expect((await get("/staff/sakura/reports_v2/00005091?interval=2")).body.code).toBe("invalid-interval");
    expect((await get("/staff/sakura/reports_v2/00005091?timezone=Nowhere")).body.code).toBe(
      "invalid-timezone",
    );
    expect((await get("/staff/sakura/reports_v2/12345678")).body.code).toBe("unknown-report");
  });
});

describe("general ranges and tuning", () => {
  const wide = { maxValue: [0, 175, 185, 200], minValue: [0, 100, 140, 200], meanValue: [0, 80, 100, 200] };

  it("saves the entity's general ranges and colours by them", async () => {
    const res = await t.call(
      "POST",
      `/staff/sakura/reports_v2/00005091?${day1}`,
      { ...wide, interval: 1 },
      { token: tok.staff },
    );
    expect(res.status).toBe(200);
    expect(res.body.ranges).toEqual(wide);
    expect(userOf(res.body, uid.client).report.max?.color).toBe("green");
    // the other entity keeps the defaults
    expect((await get(`/staff/harbor/reports_v2/00005091?${day1}`)).body.ranges.maxValue).toEqual([
      0, 140, 160, 200,
    ]);
  });

  it.each([
    [{ ...wide, maxValue: [0, 190, 180, 200] }],
    [{ ...wide, maxValue: [0, 1, 2] }],
    [{ ...wide, meanValue: [5, 5, 5, 5] }],
    [{ ...wide, minValue: ["a", 1, 2, 3] }],
  ])("refuses ranges that are not four increasing numbers", async (body) => {
    const res = await t.call("POST", "/staff/sakura/reports_v2/00005091", body, { token: tok.staff });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("invalid-ranges");
  });

  it("tunes one member, switches tuning off and on again", async () => {
    const own = { maxValue: [0, 100, 120, 200], minValue: [0, 50, 55, 200], meanValue: [0, 65, 70, 200] };
    const path = `/staff/sakura/reports_v2/00005091/tuning/${uid.client}?${day1}`;
    const tuned = await t.call("POST", path, own, { token: tok.staff });
    expect(tuned.status).toBe(200);
    expect(userOf(tuned.body, uid.client)).toMatchObject({
      isTuned: true,
      customRanges: own,
      report: { max: { color: "red" }, min: { color: "red" }, mean: { color: "red" } },
    });
    const off = await t.call("PUT", path, { isTuned: false }, { token: tok.staff });
    expect(userOf(off.body, uid.client)).toMatchObject({
      isTuned: false,
      customRanges: own,
      report: { max: { color: "green" } },
    });
    const detail = await get(
      `/staff/sakura/reports/00005091/${uid.client}?start_time=${DAY1}&end_time=${DAY2}`,
    );
    expect(detail.body.report_info).toEqual(wide);
    const on = await t.call("PUT", path, { isTuned: true }, { token: tok.staff });
    expect(userOf(on.body, uid.client)).toMatchObject({ isTuned: true, customRanges: own });
    const tunedDetail = await get(
      `/staff/sakura/reports/00005091/${uid.client}?start_time=${DAY1}&end_time=${DAY2}`,
    );
    expect(tunedDetail.body.report_info).toEqual(own);
    expect((await t.call("PUT", path, { isTuned: "yes" }, { token: tok.staff })).status).toBe(400);
  });

  it("switching tuning on without own ranges starts from the general ones", async () => {
    const res = await t.call(
      "PUT",
      `/staff/harbor/reports_v2/00005092/tuning/${uid.client2}?${day1}`,
      { isTuned: true },
      { token: tok.staff },
    );
    expect(userOf(res.body, uid.client2).customRanges).toEqual(res.body.ranges);
  });

  it("takes and shows temperature ranges in °F in American zones, stored in °C", async () => {
    const f = {
      maxValue: [89.6, 100, 102, 104],
      minValue: [89.6, 98, 100, 104],
      meanValue: [89.6, 96, 98, 104],
    };
    const res = await t.call("POST", "/staff/harbor/reports_v2/00005092?timezone=America/New_York", f, {
      token: tok.staff,
    });
    expect(res.body).toMatchObject({ unit: "°F", ranges: f, scale: { min: 89.6, max: 104 } });
    const stored = await oneRow<{ mean: number[] }>(
      t.db,
      sql`select mean_value as mean from ${reportRanges} where workspace_name = 'harbor' and measure = 5092`,
    );
    expect(stored.mean.map((v) => Math.round(v * 10) / 10)).toEqual([32, 35.6, 36.7, 40]);
    expect(
      (await get("/staff/harbor/reports_v2/00005092?timezone=Asia/Tokyo")).body.ranges.meanValue,
    ).toEqual([32, 35.6, 36.7, 40]);
  });
});

describe("GET /staff/{ws}/reports_v2/kpis", () => {
  it("rates equipping, red and yellow zones over every report", async () => {
    const res = await get(`/staff/harbor/reports_v2/kpis?${day1}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ members: 2, with_data: 2, interval: 1, start_time: DAY1 });
    // heart rate reaches 170 for both: red
    expect(res.body).toMatchObject({ red: 2, redZoneRate: 1, equippingRate: 1 });
    const none = await get(
      "/staff/harbor/reports_v2/kpis?interval=1&timezone=Asia/Tokyo&end_time=1500000000",
    );
    expect(none.body).toMatchObject({ members: 2, with_data: 0, equippingRate: 0, redZoneRate: null });
  });
});

describe("identical staff reads at once (coalesce.ts)", () => {
  it("answer alike, gzipped or not, and a read sent after a write sees that write", async () => {
    const path = `/staff/harbor/reports_v2/00005091?${day1}`;
    const wide = { maxValue: [0, 175, 185, 200], minValue: [0, 100, 140, 200], meanValue: [0, 80, 100, 200] };
    const identity = { token: tok.staff, headers: { "accept-encoding": "identity" } };
    const [a, b, c] = await Promise.all([get(path), get(path), t.call("GET", path, undefined, identity)]);
    expect(a.status).toBe(200);
    expect(a.headers.get("content-encoding")).toBe("gzip");
    expect(c.headers.get("content-encoding")).toBeNull();
    expect(b.body).toEqual(a.body);
    expect(c.body).toEqual(a.body);
    expect(a.body.ranges).toEqual(a.body.default_ranges);
    // a read under way while the entity's ranges change may show either; one sent after the change shows it
    const during = get(path);
    const saved = await t.call("POST", path, { ...wide, interval: 1 }, { token: tok.staff });
    expect(saved.status).toBe(200);
    const [after] = await Promise.all([get(path), get(path), during]);
    expect(after.body.ranges).toEqual(wide);
  });
});

describe("kept answers (answer-cache.ts, db/changes.ts)", () => {
  const temp = `/staff/harbor/reports_v2/00005092?${day1}`;
  const maxOf = (body: { users: User[] }, id: string) => userOf(body, id).report.max?.value;

  it("an upload changes its member's entity's kept report at once", async () => {
    const before = await get(temp);
    expect(maxOf(before.body, uid.client2)).toBe(34);
    // the upload route marks only the member's entities changed (storeBatch), never everything
    const s = await t.signIn("client2@example.com");
    await upload(t, s.idToken, {
      samples: [{ code: "00005092", time: DAY1 + 13 * 3600, value: 38.5 }],
      sleep: [],
    });
    const after = await get(temp);
    expect(maxOf(after.body, uid.client2)).toBe(38.5);
  });

  it("never serves one entity's kept answer to another, nor past the access check", async () => {
    const harbor = await get(temp);
    const sakura = await get(`/staff/sakura/reports_v2/00005092?${day1}`);
    expect(harbor.body.users.map((u: User) => u.user.uid)).toContain(uid.client2);
    expect(sakura.body.users.map((u: User) => u.user.uid)).not.toContain(uid.client2);
    expect((await get(temp, tok.otherStaff)).status).toBe(403);
    expect((await get(temp, tok.client)).status).toBe(403);
  });

  it("a member who quits is gone from the next read (consent ends with the membership)", async () => {
    expect((await get(temp)).body.users.map((u: User) => u.user.uid)).toContain(uid.client2);
    const s = await t.signIn("client2@example.com");
    const quit = await t.call("DELETE", "/user/entities/harbor", undefined, { token: s.idToken });
    expect(quit.status).toBe(200);
    const after = await get(temp);
    expect(after.body.users.map((u: User) => u.user.uid)).not.toContain(uid.client2);
  });

  it("an open window ends at the start of the current minute, the same for every read in it", async () => {
    const open = "/staff/sakura/reports_v2/00005091?timezone=Asia/Tokyo&interval=7";
    const before = Math.floor(Date.now() / 60_000) * 60;
    const [a, k] = await Promise.all([get(open), get("/staff/sakura/reports_v2/kpis?timezone=Asia/Tokyo")]);
    const after = Math.floor(Date.now() / 60_000) * 60;
    expect(a.body.end_time % 60).toBe(0);
    expect(a.body.end_time).toBeGreaterThanOrEqual(before);
    expect(a.body.end_time).toBeLessThanOrEqual(after);
    expect(k.body.end_time % 60).toBe(0);
  });
});
