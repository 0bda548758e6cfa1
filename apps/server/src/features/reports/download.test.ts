import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/app";
import { download } from "../../test/download";
import { type Role, roleTokens } from "../../test/roles";
import { consentSince, csvRows, DAY1, DAY2, dayOfData, sec, upload } from "../../test/worlds/reports";

let t: TestApp;
let tok: Record<Role, string | undefined>;
const uid = { client: "", client2: "" };
beforeAll(async () => {
  t = await startTestApp({ seed: true });
  tok = await roleTokens(t);
  await consentSince(t);
  for (const name of ["client", "client2"] as const) {
    const s = await t.signIn(`${name}@example.com`);
    uid[name] = s.user.uid;
    await upload(t, s.idToken, dayOfData());
  }
});
afterAll(() => t.close());

const win = `start_time=${DAY1}&end_time=${DAY2}&timezone=Asia/Tokyo`;
const staffCsv = (id: string, q: string, lang = "en") =>
  download(t, `/staff/sakura/reports/${id}/${uid.client}/download?${q}`, tok.staff, lang);

describe("GET /staff/{ws}/reports/{reportId}/{uid}/download", () => {
  it("streams UTF-8 CSV with a BOM, 10-minute rows by default, local dates YYYY/MM/DD HH:mm", async () => {
    const res = await staffCsv("00005091", win);
    expect(res.status).toBe(200);
    expect([...res.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="00005091_10m_[0-9a-f]{8}\.csv"$/,
    );
    expect(res.headers.get("content-length")).toBeNull();
    const rows = csvRows(res.text);
    expect(rows[0]).toEqual(["Date (Asia/Tokyo)", "Max (bpm)", "Min (bpm)", "Mean (bpm)"]);
    expect(rows[1]).toEqual(["2024/05/01 00:00", "60", "60", "60"]);
    expect(rows.at(-1)).toEqual(["2024/05/01 23:40", "170", "170", "170"]);
    expect(rows).toHaveLength(1 + 49);
    for (const r of rows.slice(1)) expect(r[0]).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/);
  });

  it.each([
    ["raw", 50, ["2024/05/01 23:45", "170"]],
    ["1hour", 25, ["2024/05/01 23:00", "170", "83", "112"]],
    ["1day", 2, ["2024/05/01 00:00", "170", "60", "73.5"]],
    ["1month", 2, ["2024/05/01 00:00", "170", "60", "73.5"]],
  ])("gives %s rows", async (interval, n, last) => {
    const rows = csvRows((await staffCsv("00005091", `${win}&interval=${interval}`)).text);
    expect(rows).toHaveLength(n);
    expect(rows.at(-1)).toEqual(last);
  });

  it("writes local times of the requested zone", async () => {
    const rows = csvRows(
      (await staffCsv("00005091", `${win}&interval=raw`.replace("Asia/Tokyo", "UTC"))).text,
    );
    expect(rows[0]).toEqual(["Date (UTC)", "Value (bpm)"]);
    expect(rows[1]).toEqual(["2024/04/30 15:00", "60"]);
  });

  it("has both pressures for blood pressure, totals for steps and raw segments for sleep", async () => {
    expect(csvRows((await staffCsv("00005095", `${win}&interval=raw`)).text)).toEqual([
      ["Date (Asia/Tokyo)", "Blood pressure Value (mmHg)", "Blood pressure (diastolic) Value (mmHg)"],
      ["2024/05/01 08:00", "128", "84"],
    ]);
    expect(csvRows((await staffCsv("00005097", `${win}&interval=1day`)).text)).toEqual([
      ["Date (Asia/Tokyo)", "Total (steps)"],
      ["2024/05/01 00:00", "300"],
    ]);
    const sleep = csvRows((await staffCsv("00005100", `start_time=${DAY1 - 86400}&end_time=${DAY2}`)).text);
    expect(sleep[0]).toEqual(["Start (Asia/Tokyo)", "End (Asia/Tokyo)", "Stage", "Hours"]);
    expect(sleep[1]).toEqual(["2024/04/30 23:00", "2024/05/01 01:00", "light", "2"]);
    expect(sleep).toHaveLength(5);
    const nights = csvRows((await staffCsv("00005100", `${win}&interval=1day`)).text);
    expect(nights[1]).toEqual(["2024/05/01 00:00", "7", "2", "3", "2", "0"]);
  });

  it("labels columns in Japanese for Japanese callers", async () => {
    const rows = csvRows((await staffCsv("00005091", win, "ja")).text);
    expect(rows[0]).toEqual(["日時（Asia/Tokyo）", "最大 (bpm)", "最小 (bpm)", "平均 (bpm)"]);
  });

  it("answers 400 for a bad interval or window", async () => {
    expect((await staffCsv("00005091", `${win}&interval=5m`)).status).toBe(400);
    expect((await staffCsv("00005091", `start_time=${DAY2}&end_time=${DAY1}`)).status).toBe(400);
  });
});

describe("admin exports", () => {
  const q = (o: string) => `start_time=${DAY1 - 86400}&end_time=${DAY2 + 86400}&timezone=Asia/Tokyo&${o}`;
  const mine = (o: string) => download(t, `/admin/users/data/${uid.client}/download?${q(o)}`, tok.admin);

  it("is for super users only", async () => {
    for (const role of ["anonymous", "client", "staff", "otherStaff"] as const) {
      const want = role === "anonymous" ? 401 : 403;
      const one = await download(t, `/admin/users/data/${uid.client}/download?${q("")}`, tok[role]);
      expect(one.status).toBe(want);
      expect((await download(t, `/admin/users/data/download?${q("")}`, tok[role])).status).toBe(want);
    }
  });

  it("exports one user's raw samples and hour buckets", async () => {
    const raw = csvRows((await mine("data_type=Vital&db_type=Raw")).text);
    expect(raw[0]).toEqual(["Date", "report_id", "Measure", "Value", "Unit"]);
    expect(raw[1]).toEqual(["2024/05/01 00:00", "00005091", "Heart rate", "60", "bpm"]);
    expect(raw).toHaveLength(1 + dayOfData().samples.length);
    const pre = csvRows((await mine("data_type=Vital&db_type=Preprocessed")).text);
    expect(pre[0]).toEqual(["Date", "report_id", "Measure", "Max", "Min", "Mean", "Sum", "Count", "Unit"]);
    // the 09:00 hour holds the steps of 09:00 (100) and 09:15 (200)
    expect(pre.find((r) => r[0] === "2024/05/01 09:00" && r[1] === "00005097")).toEqual([
      "2024/05/01 09:00",
      "00005097",
      "Steps",
      "200",
      "100",
      "150",
      "300",
      "2",
      "steps",
    ]);
  });

  it("exports sleep segments and sessions", async () => {
    const raw = csvRows((await mine("data_type=Sleep&db_type=Raw")).text);
    expect(raw).toHaveLength(5);
    const sessions = csvRows((await mine("data_type=Sleep&db_type=Preprocessed")).text);
    expect(sessions).toEqual([
      [
        "Date",
        "Start",
        "End",
        "Total (Hours)",
        "Deep sleep (Hours)",
        "Light sleep (Hours)",
        "REM sleep (Hours)",
        "Awake (Hours)",
      ],
      ["2024/05/01", "2024/04/30 23:00", "2024/05/01 06:00", "7", "2", "3", "2", "0"],
    ]);
  });

  it("answers {headers, values} as JSON when asked", async () => {
    const res = await mine("data_type=Vital&db_type=Raw&format=json");
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const body = JSON.parse(res.text);
    expect(body.headers).toEqual(["Date", "report_id", "Measure", "Value", "Unit"]);
    expect(body.values[0]).toEqual(["2024/05/01 00:00", "00005091", "Heart rate", 60, "bpm"]);
  });

  it("exports every user's data with uid, name and email", async () => {
    const res = await download(
      t,
      `/admin/users/data/download?${q("data_type=Vital&db_type=Raw")}`,
      tok.admin,
    );
    expect(res.status).toBe(200);
    const rows = csvRows(res.text);
    expect(rows[0]?.slice(0, 4)).toEqual(["uid", "Name", "Email", "Date"]);
    const users = new Set(rows.slice(1).map((r) => r[2]));
    expect(users).toEqual(new Set(["client@example.com", "client2@example.com"]));
    expect(rows).toHaveLength(1 + 2 * dayOfData().samples.length);
  });

  it("answers 404 for an unknown user and 400 for bad parameters", async () => {
    const none = await download(
      t,
      `/admin/users/data/00000000-0000-4000-8000-000000000000/download?${q("")}`,
      tok.admin,
    );
    expect(none.status).toBe(404);
    expect((await mine("data_type=Pulse")).status).toBe(400);
    expect((await mine("timezone=Nowhere")).status).toBe(400);
  });

  it("keeps times as of the zone, e.g. the 08:00 Tokyo reading is 19:00 the day before in New York", async () => {
    const res = await download(
      t,
      `/admin/users/data/${uid.client}/download?start_time=${DAY1}&end_time=${DAY2}&timezone=America/New_York`,
      tok.admin,
    );
    const bp = csvRows(res.text).find((r) => r[1] === "00005095");
    expect(bp?.[0]).toBe("2024/04/30 19:00");
    expect(sec("2024-04-30T19:00-04:00")).toBe(sec("2024-05-01T08:00+09:00"));
  });
});
