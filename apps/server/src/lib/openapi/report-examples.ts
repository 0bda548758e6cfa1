/*
 * The examples of the report operations (issue 30 §2): the API's real answers, after the band upload example
 * (operations.ts, `BAND_UPLOAD_EXAMPLE`: the demo client's heart rate and a sleep record on 2026-11-26 in Tokyo), to
 * the documented parameters, for the demo client and, to staff, the demo entity `sakura`; captured from the app.
 * openapi.test.ts parses each with its route's zod schemas and makes each call on the demo data: the answer must
 * equal its example but for the member's id and sync time and what depends on the day the test runs (the cards of
 * today's steps and last night's sleep). The KPI tiles count every measure (the short night is red), the report
 * one (heart rate).
 */

/** 2026-11-26T00:00:00+09:00, the day of the band upload example. */
const DAY = 1_795_618_800;
const TOKYO = "Asia/Tokyo";
const STAFF_QUERY = { workspace: "sakura", interval: 1, end_time: DAY + 12 * 3600, timezone: TOKYO };
const HEART_RATE = "00005091";

/** The entity's heart-rate ranges: the defaults (sending them back changes nothing). */
const HEART_RATE_RANGES = {
  maxValue: [0, 140, 160, 200],
  minValue: [0, 100, 140, 200],
  meanValue: [0, 80, 100, 200],
};

const STAFF_REPORT = {
  id: "00005091",
  name: "Heart rate",
  unit: "bpm",
  decimal: 0,
  direction: "high",
  scale: { min: 0, max: 200 },
  step: 0.1,
  interval: 1,
  timezone: "Asia/Tokyo",
  start_time: 1795618800,
  end_time: 1795662000,
  ranges: { maxValue: [0, 140, 160, 200], minValue: [0, 100, 140, 200], meanValue: [0, 80, 100, 200] },
  default_ranges: {
    maxValue: [0, 140, 160, 200],
    minValue: [0, 100, 140, 200],
    meanValue: [0, 80, 100, 200],
  },
  users: [
    {
      user: {
        uid: "6eec6ecd-6b64-4725-87eb-3b70e21deace",
        name: "Tanaka Hanako",
        email: "client@example.com",
      },
      report: {
        max: { value: 75, color: "green" },
        min: { value: 72, color: "green" },
        mean: { value: 73.5, color: "green" },
      },
      zone: "green",
      isTuned: false,
      customRanges: null,
      is_active: true,
      last_sync: 1795776229,
    },
  ],
  kpis: { members: 1, with_data: 1, red: 0, yellow: 0, equippingRate: 1, redZoneRate: 0, yellowZoneRate: 0 },
};

type Reading = { value: number | null; time: number | null; color: string | null };

/** What the report list shows of a measure the demo client's band has not sent yet. */
const NOT_SENT: Reading = { value: null, time: null, color: null };

/** A measure of the report list with its latest reading. */
const listed = (
  id: string,
  name: string,
  nameJp: string,
  unit: string,
  decimal: number,
  latest = NOT_SENT,
) => ({
  id,
  name,
  name_jp: nameJp,
  name_en: name,
  type: "time_series",
  value: latest.value,
  value_dbp: null,
  time: latest.time,
  unit,
  decimal,
  color: latest.color,
});

export const REPORT_EXAMPLES = {
  listOwnReports: {
    parameters: { timezone: TOKYO },
    answer: {
      report_list: [
        listed("00005091", "Heart rate", "心拍数", "bpm", 0, { value: 75, time: 1795651260, color: "green" }),
        listed("00005092", "Skin temperature", "皮膚温度", "°C", 1),
        listed("00005093", "Blood oxygen", "血中酸素", "%", 0),
        listed("00005094", "Respiratory rate", "呼吸数", "breaths/min", 0),
        listed("00005095", "Blood pressure", "血圧", "mmHg", 0),
        listed("00005097", "Steps", "歩数", "steps", 0),
        listed("00005098", "Heat-stress score", "暑熱ストレススコア", "pts", 0),
        listed("00005099", "Heart-rate variability", "心拍変動", "ms", 0),
        listed("00005100", "Sleep time", "睡眠時間", "hours", 1, {
          value: 1.5,
          time: 1795627800,
          color: "red",
        }),
        listed("00005102", "Strain score (JPSS)", "ストレススコア（JPSS）", "pts", 0),
        listed("00005103", "Melancholy score (BDI)", "憂うつスコア（BDI）", "pts", 0),
      ],
      last_sync: 1795776229,
      timezone: "Asia/Tokyo",
    },
  },
  getOwnReport: {
    parameters: {
      id: HEART_RATE,
      start_time: DAY,
      end_time: DAY + 86_400,
      interval: "daily",
      timezone: TOKYO,
    },
    answer: {
      id: "00005091",
      name: "Heart rate",
      type: "time_series",
      unit: "bpm",
      decimal: 0,
      interval: "daily",
      resolution: "hour",
      aggregation: "mean",
      direction: "high",
      timezone: "Asia/Tokyo",
      start_time: 1795618800,
      end_time: 1795705200,
      values: [[1795651200, 75, 72, 73.5]],
      values_dbp: null,
      sleep: null,
      y_min: null,
      y_max: null,
      y_step: null,
      min_value: 72,
      max_value: 75,
      img_url: null,
      scale: { min: 0, max: 200 },
      report_info: {
        maxValue: [0, 140, 160, 200],
        minValue: [0, 100, 140, 200],
        meanValue: [0, 80, 100, 200],
      },
    },
  },
  getStaffReportKpis: {
    parameters: STAFF_QUERY,
    answer: {
      members: 1,
      with_data: 1,
      red: 1,
      yellow: 0,
      equippingRate: 1,
      redZoneRate: 1,
      yellowZoneRate: 0,
      interval: 1,
      timezone: "Asia/Tokyo",
      start_time: 1795618800,
      end_time: 1795662000,
    },
  },
  getStaffReport: { parameters: { ...STAFF_QUERY, reportId: HEART_RATE }, answer: STAFF_REPORT },
  setReportRanges: {
    parameters: { ...STAFF_QUERY, reportId: HEART_RATE },
    example: HEART_RATE_RANGES,
    answer: STAFF_REPORT,
  },
} as const;
