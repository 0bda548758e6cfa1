import { describe, expect, it } from "vitest";
import { cronExpression, nextRunAt, type ScheduleTiming } from "./schedule-time";

const tokyoDaily: ScheduleTiming = {
  kind: "daily",
  weekdays: [],
  localTime: "09:00",
  timeZone: "Asia/Tokyo",
};
const at = (iso: string) => new Date(iso);
const next = (s: ScheduleTiming, after: string) => nextRunAt(s, at(after))?.toISOString() ?? null;

describe("cronExpression", () => {
  it("writes daily and weekly schedules on the local clock", () => {
    expect(cronExpression(tokyoDaily)).toBe("0 9 * * *");
    expect(cronExpression({ kind: "daily", weekdays: [2], localTime: "23:05" })).toBe("5 23 * * *");
    expect(cronExpression({ kind: "weekly", weekdays: [5, 1, 3, 1], localTime: "07:30" })).toBe(
      "30 7 * * 1,3,5",
    );
  });

  it("refuses a weekly schedule without weekdays and a malformed time", () => {
    expect(() => cronExpression({ kind: "weekly", weekdays: [], localTime: "07:30" })).toThrow(
      "a weekly schedule needs at least one weekday",
    );
    expect(() => cronExpression({ kind: "daily", weekdays: [], localTime: "24:00" })).toThrow(
      "schedule time 24:00 is not HH:mm",
    );
  });
});

describe("nextRunAt", () => {
  it("runs a Tokyo 09:00 daily schedule at 00:00 UTC, strictly after the given instant", () => {
    expect(next(tokyoDaily, "2026-03-01T23:59:59.000Z")).toBe("2026-03-02T00:00:00.000Z");
    expect(next(tokyoDaily, "2026-03-02T00:00:00.000Z")).toBe("2026-03-03T00:00:00.000Z");
    expect(next(tokyoDaily, "2026-03-02T12:00:00.000Z")).toBe("2026-03-03T00:00:00.000Z");
  });

  it("runs a weekly schedule on its weekdays only (0 Sunday … 6 Saturday)", () => {
    // Mondays and Fridays at 18:00 in Tokyo (09:00 UTC); 2026-03-03 is a Tuesday
    const s: ScheduleTiming = {
      kind: "weekly",
      weekdays: [1, 5],
      localTime: "18:00",
      timeZone: "Asia/Tokyo",
    };
    expect(next(s, "2026-03-03T00:00:00.000Z")).toBe("2026-03-06T09:00:00.000Z");
    expect(next(s, "2026-03-06T09:00:00.000Z")).toBe("2026-03-09T09:00:00.000Z");
    const sunday: ScheduleTiming = { ...s, weekdays: [0], localTime: "00:00" };
    expect(next(sunday, "2026-03-03T00:00:00.000Z")).toBe("2026-03-07T15:00:00.000Z");
  });

  it("keeps the local time across daylight saving time (America/New_York)", () => {
    const ny: ScheduleTiming = {
      kind: "daily",
      weekdays: [],
      localTime: "09:00",
      timeZone: "America/New_York",
    };
    // EST (UTC−5) before 2026-03-08, EDT (UTC−4) from then on
    expect(next(ny, "2026-03-07T00:00:00.000Z")).toBe("2026-03-07T14:00:00.000Z");
    expect(next(ny, "2026-03-07T14:00:00.000Z")).toBe("2026-03-08T13:00:00.000Z");
    // and back in November
    expect(next(ny, "2026-11-01T00:00:00.000Z")).toBe("2026-11-01T14:00:00.000Z");
  });

  it("answers null for a schedule that cannot run", () => {
    expect(nextRunAt({ ...tokyoDaily, kind: "weekly", weekdays: [] }, new Date())).toBeNull();
    expect(nextRunAt({ ...tokyoDaily, localTime: "9:00" }, new Date())).toBeNull();
    expect(nextRunAt({ ...tokyoDaily, timeZone: "Mars/Olympus" }, new Date())).toBeNull();
  });
});
