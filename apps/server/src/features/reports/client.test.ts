import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/app";
import { download } from "../../test/download";
import { csvRows, DAY1, DAY2, dayOfData, sec, upload } from "../../test/worlds/reports";

let t: TestApp;
let token: string;
let token2: string;
beforeAll(async () => {
  t = await startTestApp({ seed: true });
  token = (await t.signIn("client@example.com")).idToken;
  token2 = (await t.signIn("client2@example.com")).idToken;
  await upload(t, token, dayOfData());
});
afterAll(() => t.close());

type Row = [number, number | null, number | null, number | null];
const detail = (id: string, q: string, tok: string | undefined = token) =>
  t.call("GET", `/user/reports/resq_band/${id}?${q}`, undefined, { token: tok });
const tokyoDay = `start_time=${DAY1}&end_time=${DAY2}&timezone=Asia/Tokyo`;

describe("GET /user/reports/resq_band", () => {
  it("lists eleven cards without values before any upload", async () => {
    const res = await t.call("GET", "/user/reports/resq_band?timezone=Asia/Tokyo", undefined, {
      token: token2,
    });
    expect(res.status).toBe(200);
    expect(res.body.report_list).toHaveLength(11);
    expect(res.body.last_sync).toBeNull();
    for (const c of res.body.report_list)
      expect(c).toMatchObject({ value: null, color: null, type: "time_series" });
  });

  it("shows the latest values, today's steps and last night's sleep, coloured by zone", async () => {
    const now = Math.floor(Date.now() / 1000);
    await upload(t, token2, {
      samples: [
        { code: "00005091", time: now - 120, value: 150 },
        { code: "00005091", time: now - 60, value: 72 },
        { code: "00005095", time: now - 60, value: 121 },
        { code: "00005096", time: now - 60, value: 79 },
        { code: "00005097", time: now - 1, value: 1234 },
        { code: "00005092", time: now - 60, value: 37 },
      ],
      sleep: [{ start: now - 4 * 3600, end: now - 3600, stage: "light" }],
    });
    const res = await t.call("GET", "/user/reports/resq_band?timezone=Asia/Tokyo", undefined, {
      token: token2,
      lang: "ja",
    });
    const card = (id: string) => res.body.report_list.find((c: { id: string }) => c.id === id);
    expect(res.body.last_sync).toBeGreaterThanOrEqual(now - 5);
    expect(card("00005091")).toMatchObject({ value: 72, color: "green", unit: "bpm", name: "心拍数" });
    expect(card("00005095")).toMatchObject({ value: 121, value_dbp: 79 });
    expect(card("00005097")).toMatchObject({ value: 1234, unit: "歩" });
    expect(card("00005100")).toMatchObject({ value: 3, unit: "時間", color: "red" });
    expect(card("00005092")).toMatchObject({ value: 37, unit: "°C", color: "red" });
    const us = await t.call("GET", "/user/reports/resq_band?timezone=America/New_York", undefined, {
      token: token2,
    });
    expect(us.body.report_list.find((c: { id: string }) => c.id === "00005092")).toMatchObject({
      value: 98.6,
      unit: "°F",
      color: "red",
    });
  });
});

describe("GET /user/reports/resq_band/{id}", () => {
  it("gives hourly points for a day, with min/max/mean and the zone ranges", async () => {
    const res = await detail("00005091", `${tokyoDay}&interval=daily`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: "00005091",
      unit: "bpm",
      decimal: 0,
      resolution: "hour",
      values_dbp: null,
      y_min: null,
      max_value: 170,
      min_value: 60,
      report_info: {
        maxValue: [0, 140, 160, 200],
        minValue: [0, 100, 140, 200],
        meanValue: [0, 80, 100, 200],
      },
    });
    const values = res.body.values as Row[];
    expect(values).toHaveLength(24);
    expect(values[0]).toEqual([DAY1, 60, 60, 60]);
    // the 23:30 (83) and 23:45 (170) samples make the last hour
    expect(values[23]).toEqual([DAY1 + 23 * 3600, 170, 83, (83 + 83 + 170) / 3]);
  });

  it("puts a sample at 23:45 in Tokyo in that Tokyo day, not the next", async () => {
    const q = `start_time=${DAY1}&end_time=${DAY2 + 86400}&interval=monthly`;
    const tokyo = (await detail("00005091", `${q}&timezone=Asia/Tokyo`)).body.values as Row[];
    expect(tokyo.map((r) => r[0])).toEqual([DAY1, DAY2]);
    expect(tokyo[0]?.[1]).toBe(170);
    expect(tokyo[1]).toEqual([DAY2, 55, 55, 55]);
    // in UTC the 23:45 and 00:30 Tokyo samples (14:45Z and 15:30Z) fall on the same day
    const utc = (
      await detail(
        "00005091",
        `start_time=${DAY1 - 86400}&end_time=${DAY2 + 86400}&interval=monthly&timezone=UTC`,
      )
    ).body.values as Row[];
    expect(utc.find((r) => r[0] === sec("2024-05-01T00:00Z"))?.slice(1, 3)).toEqual([170, 55]);
  });

  it("gives every sample for an hourly window", async () => {
    const res = await detail(
      "00005091",
      `start_time=${DAY1}&end_time=${DAY1 + 3600}&interval=hourly&timezone=Asia/Tokyo`,
    );
    expect(res.body.resolution).toBe("raw");
    expect(res.body.values).toEqual([
      [DAY1, 60, 60, 60],
      [DAY1 + 1800, 60, 60, 60],
    ]);
  });

  it("draws diastolic with systolic blood pressure", async () => {
    const res = await detail("00005095", `${tokyoDay}&interval=weekly`);
    const at8 = sec("2024-05-01T08:00+09:00");
    expect(res.body.values).toEqual([[at8, 128, 128, 128]]);
    expect(res.body.values_dbp).toEqual([[at8, 84, 84, 84]]);
    expect((await detail("00005096", `${tokyoDay}&interval=weekly`)).body.values).toEqual([
      [at8, 84, 84, 84],
    ]);
  });

  it("totals steps per period", async () => {
    const res = await detail("00005097", `${tokyoDay}&interval=daily`);
    expect(res.body).toMatchObject({ aggregation: "sum", unit: "steps", y_min: 0 });
    expect(res.body.values).toEqual([[sec("2024-05-01T09:00+09:00"), 300, null, null]]);
    const month = await detail("00005097", `${tokyoDay}&interval=monthly`);
    expect(month.body.values).toEqual([[DAY1, 300, null, null]]);
  });

  it("shows sleep per night in hours, with the segments of a short window", async () => {
    const res = await detail("00005100", `${tokyoDay}&interval=daily`);
    expect(res.body).toMatchObject({ aggregation: "sleep", unit: "hours", y_min: 0, y_max: 12, decimal: 1 });
    expect(res.body.values).toEqual([[DAY1, 7, 2, 3]]);
    expect(res.body.sleep).toHaveLength(4);
    expect(res.body.sleep[1]).toMatchObject({ stage: "deep", length: 2 });
    const week = await detail(
      "00005100",
      `start_time=${DAY1 - 6 * 86400}&end_time=${DAY2}&interval=weekly&timezone=Asia/Tokyo`,
    );
    expect(week.body.sleep).toBeNull();
    expect(week.body.values).toEqual([[DAY1, 7, 2, 3]]);
  });

  it("starts the blood-oxygen axis at 80 with step 1", async () => {
    const res = await detail("00005093", `${tokyoDay}&interval=daily`);
    expect(res.body).toMatchObject({ y_min: 80, y_max: 100, y_step: 1, direction: "low" });
    expect(res.body.report_info.meanValue).toEqual([80, 90, 92, 100]);
  });

  it("converts skin temperature to °F in American zones", async () => {
    const res = await detail(
      "00005092",
      `start_time=${DAY1 - 86400}&end_time=${DAY2}&interval=weekly&timezone=America/New_York`,
    );
    expect(res.body.unit).toBe("°F");
    expect(res.body.values[0].slice(1)).toEqual([93.2, 93.2, 93.2]);
    expect(res.body.report_info.meanValue).toEqual([89.6, 95.4, 96.8, 104]);
  });

  it("shows only the caller's own data", async () => {
    const res = await detail("00005091", `${tokyoDay}&interval=daily`, token2);
    expect(res.status).toBe(200);
    expect(res.body.values).toEqual([]);
    expect(res.body.max_value).toBeNull();
  });

  it.each([
    ["00005091", `${tokyoDay}&interval=daily`.replace("Asia/Tokyo", "Mars/Base"), "invalid-timezone"],
    ["00005091", `${tokyoDay}&interval=minutely`, "invalid-interval"],
    ["00009999", tokyoDay, "unknown-report"],
    ["00005091", `start_time=${DAY2}&end_time=${DAY1}`, "invalid-time-range"],
    ["00005091", `start_time=${DAY1}&end_time=${DAY1 + 5 * 86400}&interval=hourly`, "window-too-long-2"],
    ["00005091", `end_time=${DAY2}`, "invalid-time"],
    ["00005091", `start_time=abc&end_time=${DAY2}`, "invalid-time"],
  ])("answers 400 for %s?%s (%s)", async (id, q, code) => {
    const res = await detail(id, q);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(code);
  });

  it("needs a signed-in user", async () => {
    for (const path of [
      "/user/reports/resq_band",
      `/user/reports/resq_band/00005091?${tokyoDay}`,
      `/user/reports/resq_band/00005091/download?${tokyoDay}`,
    ])
      expect((await t.call("GET", path)).status).toBe(401);
  });
});

describe("DST days in America/New_York", () => {
  const ny = (start: number, end: number, interval: string) =>
    detail("00005097", `start_time=${start}&end_time=${end}&interval=${interval}&timezone=America/New_York`);

  it("has 23 hourly points on the day clocks go forward and 25 on the day they go back", async () => {
    const [springFrom, springTo] = [sec("2024-03-10T00:00-05:00"), sec("2024-03-11T00:00-04:00")];
    const [autumnFrom, autumnTo] = [sec("2024-11-03T00:00-04:00"), sec("2024-11-04T00:00-05:00")];
    expect((springTo - springFrom) / 3600).toBe(23);
    expect((autumnTo - autumnFrom) / 3600).toBe(25);
    const steps = (from: number, to: number) =>
      Array.from({ length: (to - from) / 1800 }, (_, i) => ({
        code: "00005097",
        time: from + i * 1800,
        value: 10,
      }));
    await upload(t, token, { samples: [...steps(springFrom, springTo), ...steps(autumnFrom, autumnTo)] });

    const s = (await ny(springFrom, springTo, "daily")).body.values as Row[];
    expect(s).toHaveLength(23);
    expect(s.every((r) => r[1] === 20)).toBe(true);
    const a = (await ny(autumnFrom, autumnTo, "daily")).body.values as Row[];
    expect(a).toHaveLength(25);
    // 01:00 happens twice: two points an hour apart
    expect(a[1]?.[0]).toBe(sec("2024-11-03T01:00-04:00"));
    expect(a[2]?.[0]).toBe(sec("2024-11-03T01:00-05:00"));

    const days = (await ny(springFrom - 86400, autumnTo + 86400, "monthly")).body.values as Row[];
    expect(days.find((r) => r[0] === springFrom)?.[1]).toBe(23 * 20);
    expect(days.find((r) => r[0] === autumnFrom)?.[1]).toBe(25 * 20);
    expect(days.find((r) => r[0] === springTo)).toBeUndefined();
  });
});

describe("GET /user/reports/resq_band/{id}/download", () => {
  it("downloads the caller's own data as CSV", async () => {
    const res = await download(
      t,
      `/user/reports/resq_band/00005091/download?${tokyoDay}&interval=1hour`,
      token,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const rows = csvRows(res.text);
    expect(rows[0]).toEqual(["Date (Asia/Tokyo)", "Max (bpm)", "Min (bpm)", "Mean (bpm)"]);
    expect(rows[1]).toEqual(["2024/05/01 00:00", "60", "60", "60"]);
    expect(rows).toHaveLength(25);
  });
});
