import type { FormSchedule } from "@mimamori/shared";
import { describe, expect, it } from "vitest";
import { fieldsOf, scheduleBody, weekdayNames } from "./schedule";

const saved: FormSchedule = {
  id: 3,
  kind: "weekly",
  weekdays: [5, 1],
  time: "08:30",
  time_zone: "Asia/Tokyo",
  all_members: false,
  users: ["6f1c8e0a-6b7e-4c3e-9a57-1f0b6a2b9c11"],
  reminder_after_hours: 24,
  active: false,
  next_run_at: null,
};

describe("schedule fields", () => {
  it("start a new schedule weekly on Monday at 09:00 for all members, active, without reminder", () => {
    expect(fieldsOf(null)).toEqual({
      kind: "weekly",
      weekdays: [1],
      time: "09:00",
      all_members: true,
      users: [],
      reminder: "",
      active: true,
    });
  });

  it("round-trip a saved schedule into the same body", () => {
    expect(scheduleBody(fieldsOf(saved))).toEqual({
      body: {
        kind: "weekly",
        weekdays: [1, 5],
        time: "08:30",
        all_members: false,
        users: ["6f1c8e0a-6b7e-4c3e-9a57-1f0b6a2b9c11"],
        reminder_after_hours: 24,
        active: false,
      },
      issues: {},
    });
  });

  it("send no weekdays for a daily send and no list for an all-members send", () => {
    const f = { ...fieldsOf(saved), kind: "daily" as const, all_members: true };
    expect(scheduleBody(f).body).toMatchObject({ kind: "daily", weekdays: [], all_members: true, users: [] });
  });

  it("refuse a weekly send without weekdays, a bad time, no chosen members and a reminder out of 1–168", () => {
    const f = {
      ...fieldsOf(null),
      weekdays: [],
      time: "24:00",
      all_members: false,
      users: [],
      reminder: "169",
    };
    expect(scheduleBody(f)).toEqual({
      body: null,
      issues: {
        weekdays: "weekdays-required",
        time: "invalid-clock-time",
        users: "no-recipients",
        reminder: "invalid-input",
      },
    });
  });

  it("refuse a reminder that is not a whole number of hours", () => {
    expect(scheduleBody({ ...fieldsOf(null), reminder: "1.5" }).issues).toEqual({
      reminder: "invalid-input",
    });
    expect(scheduleBody({ ...fieldsOf(null), reminder: "abc" }).issues).toEqual({
      reminder: "invalid-input",
    });
    expect(scheduleBody({ ...fieldsOf(null), reminder: "0" }).issues).toEqual({ reminder: "invalid-input" });
    expect(scheduleBody({ ...fieldsOf(null), reminder: "168" }).body?.reminder_after_hours).toBe(168);
  });
});

describe("weekdayNames", () => {
  it("start on Sunday in both languages", () => {
    expect(weekdayNames("en", "short")).toEqual(["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]);
    expect(weekdayNames("jp", "short")).toEqual(["日", "月", "火", "水", "木", "金", "土"]);
    expect(weekdayNames("en", "long")[0]).toBe("Sunday");
  });
});
