import { describe, expect, it } from "vitest";
import { MESSAGES } from "./messages";
import {
  ADMIN_EXPORT_MAX_DAYS,
  CSV_INTERVALS,
  CSV_MAX_DAYS,
  INTERVAL_DAYS,
  INTERVAL_MAX_DAYS,
  REPORT_INTERVALS,
  STAFF_INTERVAL_DAYS,
  WINDOW_LIMIT_DAYS,
  WINDOW_MAX_AHEAD_S,
  WINDOW_MIN_TIME_S,
  windowError,
} from "./report-windows";
import { adminExportQuerySchema, csvQuerySchema } from "./schemas/vitals";

const DAY = 86400;
const now = 1_800_000_000;

describe("intervals of §4, §7 and §9", () => {
  it("are hourly to yearly; daily 1, weekly 7, monthly 30, yearly 365 days; CSV 10m, 1hour, raw, 1day, 1month", () => {
    expect([...REPORT_INTERVALS]).toEqual(["hourly", "daily", "weekly", "monthly", "yearly"]);
    expect(INTERVAL_DAYS).toEqual({ daily: 1, weekly: 7, monthly: 30, yearly: 365 });
    expect([...STAFF_INTERVAL_DAYS]).toEqual([1, 7, 30, 365]);
    expect([...CSV_INTERVALS]).toEqual(["10m", "1hour", "raw", "1day", "1month"]);
  });
});

describe("windowError", () => {
  it("accepts a window up to the limit, plus the hour of an autumn clock change", () => {
    expect(windowError(now - 31 * DAY, now, 31, now)).toBeNull();
    expect(windowError(now - 31 * DAY - 3600, now, 31, now)).toBeNull();
    expect(windowError(now - 31 * DAY - 3601, now, 31, now)).toBe("window-too-long-31");
  });

  it("refuses a reversed or empty window", () => {
    expect(windowError(now, now - 1, 31, now)).toBe("invalid-time-range");
    expect(windowError(now, now, 31, now)).toBe("invalid-time-range");
  });

  it("refuses times before 2000 or more than a year ahead", () => {
    expect(windowError(0, now, 31, now)).toBe("time-too-early");
    expect(windowError(WINDOW_MIN_TIME_S - 1, WINDOW_MIN_TIME_S + DAY, 31, now)).toBe("time-too-early");
    expect(windowError(WINDOW_MIN_TIME_S, WINDOW_MIN_TIME_S + DAY, 31, now)).toBeNull();
    expect(windowError(now, now + WINDOW_MAX_AHEAD_S + 1, 1827, now)).toBe("time-too-far-ahead");
    expect(windowError(now, 99_999_999_999, 1827, now)).toBe("time-too-far-ahead");
    expect(windowError(Number.NaN, now, 31, now)).toBe("invalid-time");
  });

  it("has a message naming every limit in both languages", () => {
    const used = [
      ...Object.values(INTERVAL_MAX_DAYS),
      ...Object.values(CSV_MAX_DAYS),
      ...Object.values(ADMIN_EXPORT_MAX_DAYS).flatMap((x) => Object.values(x)),
    ];
    for (const d of used) expect(WINDOW_LIMIT_DAYS).toContain(d);
    expect(MESSAGES["window-too-long-31"]).toEqual({
      en: "The period is too long: at most 31 days.",
      jp: "期間が長すぎます。31日以内で指定してください。",
    });
    expect(MESSAGES["window-too-long-1827"].en).toBe("The period is too long: at most 5 years (1,827 days).");
  });
});

describe("download query schemas", () => {
  const t = Math.floor(Date.now() / 1000);
  const first = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;
  it("limit the per-user CSV by interval", () => {
    const q = (days: number, interval?: string) =>
      csvQuerySchema.safeParse({ start_time: t - days * DAY, end_time: t, interval });
    expect(q(31).success).toBe(true);
    expect(first(q(32))).toBe("window-too-long-31");
    expect(first(q(32, "raw"))).toBe("window-too-long-31");
    expect(q(366, "1hour").success).toBe(true);
    expect(first(q(367, "1hour"))).toBe("window-too-long-366");
    expect(q(1827, "1month").success).toBe(true);
    expect(first(q(1828, "1day"))).toBe("window-too-long-1827");
  });
  it("limit admin exports by data and db type", () => {
    const q = (days: number, data_type: string, db_type: string) =>
      adminExportQuerySchema.safeParse({ start_time: t - days * DAY, end_time: t, data_type, db_type });
    expect(first(q(32, "Vital", "Raw"))).toBe("window-too-long-31");
    expect(first(q(367, "Vital", "Preprocessed"))).toBe("window-too-long-366");
    expect(first(q(367, "Sleep", "Raw"))).toBe("window-too-long-366");
    expect(q(1827, "Sleep", "Preprocessed").success).toBe(true);
  });
});
