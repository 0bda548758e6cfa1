import { describe, expect, it } from "vitest";
import { alertSettingEndpoints } from "../../../api/alerts";
import { adminNotifType, DEFAULT_DAYS, defaultPeriod, downloadQuery, fallbackName } from "./alertsDownload";

const DAY = 86_400;
// 2025-07-01T00:00:00Z
const T = 1_751_328_000;

describe("adminNotifType (NOTIF-17)", () => {
  it("uses the admin call's numbering: 1 measurement, 2 synchronization", () => {
    expect(adminNotifType("measurement")).toBe(1);
    expect(adminNotifType("sync")).toBe(2);
  });
});

describe("defaultPeriod", () => {
  it("is the last 30 days up to the next whole minute", () => {
    expect(DEFAULT_DAYS).toBe(30);
    expect(defaultPeriod(T + 30)).toEqual({ start: T + 60 - 30 * DAY, end: T + 60 });
    expect(defaultPeriod(T)).toEqual({ start: T - 30 * DAY, end: T });
  });
});

describe("downloadQuery", () => {
  it("gives the query of a valid period", () => {
    expect(downloadQuery(T - 30 * DAY, T, "sync")).toEqual({
      query: { start_time: T - 30 * DAY, end_time: T, notif_type: 2 },
    });
    expect(downloadQuery(T - 366 * DAY, T, "measurement")).toEqual({
      query: { start_time: T - 366 * DAY, end_time: T, notif_type: 1 },
    });
  });

  it("refuses an end before or at the start", () => {
    expect(downloadQuery(T, T - 60, "sync")).toEqual({ errors: { to: "invalid-time-range" } });
    expect(downloadQuery(T, T, "sync")).toEqual({ errors: { to: "invalid-time-range" } });
  });

  it("refuses more than 366 days with the shared window message", () => {
    expect(downloadQuery(T - 367 * DAY, T, "measurement")).toEqual({ errors: { to: "window-too-long-366" } });
  });

  it("asks for both ends", () => {
    expect(downloadQuery(null, T, "sync")).toEqual({ errors: { from: "required", to: undefined } });
    expect(downloadQuery(T, null, "sync")).toEqual({ errors: { from: undefined, to: "required" } });
  });
});

describe("the admin download call", () => {
  it("names the entity and the period in epoch seconds", () => {
    expect(
      alertSettingEndpoints.adminAlertsCsvPath("sakura 1", {
        start_time: T - DAY,
        end_time: T,
        notif_type: 1,
      }),
    ).toBe(`/admin/sakura%201/notifications?start_time=${T - DAY}&end_time=${T}&notif_type=1`);
    expect(fallbackName("sakura", "measurement")).toBe("notifications-sakura-measurement.csv");
  });
});
