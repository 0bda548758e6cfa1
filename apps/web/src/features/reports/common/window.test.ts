import { describe, expect, it } from "vitest";
import {
  addWall,
  adjustStart,
  canGoNext,
  defaultWindow,
  formatStamp,
  fromDateTimeInput,
  fromInputs,
  fromWall,
  hourEditable,
  latestStart,
  page,
  pagingIndex,
  periodErrors,
  shiftStart,
  toDateTimeInput,
  toInputs,
  windowEnd,
  windowForInterval,
  windowFromParams,
} from "./window";

const TOKYO = "Asia/Tokyo";
const NY = "America/New_York";
/** Unix seconds of an ISO time with offset. */
const s = (iso: string) => Date.parse(iso) / 1000;
const tokyo = (t: number) => formatStamp(t, TOKYO);
const ny = (t: number) => formatStamp(t, NY);

// Wednesday 15 May 2024, 14:37 in Tokyo
const NOW = s("2024-05-15T14:37:12+09:00");

describe("default window (§4)", () => {
  it("starts 6 days before today at local midnight, weekly", () => {
    const w = defaultWindow("00005091", NOW, TOKYO);
    expect(w.interval).toBe("weekly");
    expect(tokyo(w.start)).toBe("2024/05/09 00:00");
    // the 7-day window ends with today
    expect(tokyo(windowEnd(w.start, w.interval, TOKYO))).toBe("2024/05/16 00:00");
  });

  it("is daily from today for sleep in the mobile view only", () => {
    expect(defaultWindow("00005100", NOW, TOKYO, { mobile: true })).toEqual({
      interval: "daily",
      start: s("2024-05-15T00:00+09:00"),
    });
    expect(defaultWindow("00005100", NOW, TOKYO).interval).toBe("weekly");
    expect(defaultWindow("00005091", NOW, TOKYO, { mobile: true }).interval).toBe("weekly");
  });
});

describe("previous and next (§4: one interval unit)", () => {
  const start = s("2024-05-09T00:00+09:00");
  it.each([
    ["hourly", "2024/05/08 23:00", "2024/05/09 01:00"],
    ["daily", "2024/05/08 00:00", "2024/05/10 00:00"],
    ["weekly", "2024/05/02 00:00", "2024/05/16 00:00"],
    ["monthly", "2024/04/09 00:00", "2024/06/09 00:00"],
    ["yearly", "2023/05/09 00:00", "2025/05/09 00:00"],
  ] as const)("%s moves by one unit", (interval, prev, next) => {
    expect(tokyo(shiftStart(start, interval, -1, TOKYO))).toBe(prev);
    expect(tokyo(shiftStart(start, interval, 1, TOKYO))).toBe(next);
  });

  it("keeps local midnight across a daylight-saving change", () => {
    // New York springs forward on 10 March 2024 and falls back on 3 November 2024
    const mon = s("2024-03-11T00:00-04:00");
    expect(ny(shiftStart(mon, "weekly", -1, NY))).toBe("2024/03/04 00:00");
    expect(ny(shiftStart(mon, "daily", -1, NY))).toBe("2024/03/10 00:00");
    const nov = s("2024-11-01T00:00-04:00");
    expect(ny(shiftStart(nov, "weekly", 1, NY))).toBe("2024/11/08 00:00");
    // the day of the change is 23 or 25 hours long
    const spring = s("2024-03-10T00:00-05:00");
    expect(windowEnd(spring, "daily", NY) - spring).toBe(23 * 3600);
    const autumn = s("2024-11-03T00:00-04:00");
    expect(windowEnd(autumn, "daily", NY) - autumn).toBe(25 * 3600);
  });

  it("clamps the day of a month step", () => {
    expect(addWall({ year: 2024, month: 3, day: 31, hour: 0, minute: 0 }, "month", -1)).toMatchObject({
      month: 2,
      day: 29,
    });
    expect(tokyo(shiftStart(s("2024-01-31T00:00+09:00"), "monthly", 1, TOKYO))).toBe("2024/02/29 00:00");
  });

  it("never pages below index 1 (no window after the current one)", () => {
    const w = defaultWindow("00005091", NOW, TOKYO);
    expect(pagingIndex(w, NOW, TOKYO)).toBe(1);
    expect(canGoNext(w, NOW, TOKYO)).toBe(false);
    expect(page(w, 1, NOW, TOKYO)).toEqual(w);
    const back = page(page(w, -1, NOW, TOKYO), -1, NOW, TOKYO);
    expect(tokyo(back.start)).toBe("2024/04/25 00:00");
    expect(pagingIndex(back, NOW, TOKYO)).toBe(3);
    expect(canGoNext(back, NOW, TOKYO)).toBe(true);
    expect(page(page(back, 1, NOW, TOKYO), 1, NOW, TOKYO)).toEqual(w);
  });

  it("counts the index of far windows without drifting", () => {
    const hour = { interval: "hourly" as const, start: s("2024-05-14T14:00+09:00") };
    expect(pagingIndex(hour, NOW, TOKYO)).toBe(25);
    const year = { interval: "yearly" as const, start: s("2020-01-01T00:00+09:00") };
    expect(pagingIndex(year, NOW, TOKYO)).toBe(5);
    const month = { interval: "monthly" as const, start: s("2023-05-16T00:00+09:00") };
    expect(pagingIndex(month, NOW, TOKYO)).toBe(12);
    expect(pagingIndex({ interval: "daily", start: NOW + 86400 }, NOW, TOKYO)).toBe(1);
  });
});

describe("filter dialog (§4)", () => {
  it("lets the start hour be chosen only for hourly and daily", () => {
    expect(["hourly", "daily", "weekly", "monthly", "yearly"].map((i) => hourEditable(i as never))).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    const at = s("2024-05-10T13:20+09:00");
    expect(adjustStart(at, "hourly", NOW, TOKYO)).toBe(at);
    expect(adjustStart(at, "daily", NOW, TOKYO)).toBe(at);
  });

  it("resets the time to 00:00 otherwise", () => {
    expect(tokyo(adjustStart(s("2024-05-01T13:20+09:00"), "weekly", NOW, TOKYO))).toBe("2024/05/01 00:00");
    expect(tokyo(adjustStart(s("2024-03-01T13:20+09:00"), "monthly", NOW, TOKYO))).toBe("2024/03/01 00:00");
  });

  it("moves a weekly start back to 6 days ago when it is later", () => {
    expect(tokyo(adjustStart(s("2024-05-13T00:00+09:00"), "weekly", NOW, TOKYO))).toBe("2024/05/09 00:00");
    expect(tokyo(adjustStart(s("2024-05-09T10:00+09:00"), "weekly", NOW, TOKYO))).toBe("2024/05/09 00:00");
    // an earlier start stays
    expect(tokyo(adjustStart(s("2024-05-08T10:00+09:00"), "weekly", NOW, TOKYO))).toBe("2024/05/08 00:00");
  });

  it("moves a monthly start back to one month ago plus one day when it is later", () => {
    expect(tokyo(adjustStart(s("2024-05-01T00:00+09:00"), "monthly", NOW, TOKYO))).toBe("2024/04/16 00:00");
    expect(tokyo(adjustStart(s("2024-04-10T00:00+09:00"), "monthly", NOW, TOKYO))).toBe("2024/04/10 00:00");
    const monthEnd = latestStart("monthly", s("2024-03-31T08:00+09:00"), TOKYO);
    expect(tokyo(monthEnd)).toBe("2024/03/01 00:00");
  });

  it("starts a yearly window on 1 January of the chosen year", () => {
    expect(tokyo(adjustStart(s("2023-08-20T13:00+09:00"), "yearly", NOW, TOKYO))).toBe("2023/01/01 00:00");
    expect(ny(adjustStart(s("2024-07-04T12:00-04:00"), "yearly", NOW, NY))).toBe("2024/01/01 00:00");
  });
});

describe("inputs and URL", () => {
  it("converts date and time inputs in the zone", () => {
    const t = fromInputs("2024-05-10", "13:20", TOKYO) as number;
    expect(t).toBe(s("2024-05-10T13:20+09:00"));
    expect(toInputs(t, TOKYO)).toEqual({ date: "2024-05-10", time: "13:20" });
    expect(fromInputs("2024-02-30", "00:00", TOKYO)).toBeNull();
    expect(fromInputs("", "00:00", TOKYO)).toBeNull();
    expect(fromInputs("2024-05-10", "", TOKYO)).toBe(s("2024-05-10T00:00+09:00"));
  });

  it("maps a wall time skipped by daylight saving to a real instant", () => {
    expect(ny(fromWall({ year: 2024, month: 3, day: 10, hour: 2, minute: 30 }, NY) / 1000)).toBe(
      "2024/03/10 03:30",
    );
    // the repeated autumn hour resolves to its first occurrence
    expect(fromWall({ year: 2024, month: 11, day: 3, hour: 1, minute: 30 }, NY) / 1000).toBe(
      s("2024-11-03T01:30-04:00"),
    );
  });

  it("reads the window from the query, falling back for anything invalid", () => {
    const fallback = defaultWindow("00005091", NOW, TOKYO);
    const all = ["hourly", "daily", "weekly", "monthly", "yearly"] as const;
    const read = (q: string) => windowFromParams(new URLSearchParams(q), fallback, all, NOW, TOKYO);
    expect(read("")).toEqual(fallback);
    expect(read("interval=fortnightly&start=1715000000")).toEqual(fallback);
    expect(read("interval=daily&start=1715000000")).toEqual({ interval: "daily", start: 1715000000 });
    expect(read("interval=monthly")).toEqual(windowForInterval("monthly", NOW, TOKYO));
    expect(read("interval=monthly&start=abc")).toEqual(windowForInterval("monthly", NOW, TOKYO));
  });
});

describe("datetime-local inputs", () => {
  it("round-trip unix seconds through the input value in the given zone", () => {
    const t = Date.UTC(2026, 10, 22, 15, 30) / 1000; // 2026-11-23 00:30 in Tokyo
    expect(toDateTimeInput(t, "Asia/Tokyo")).toBe("2026-11-23T00:30");
    expect(fromDateTimeInput("2026-11-23T00:30", "Asia/Tokyo")).toBe(t);
    expect(fromDateTimeInput("2026-11-22T10:30", "America/New_York")).toBe(t);
  });
  it("is null for an empty or invalid value", () => {
    expect(fromDateTimeInput("", "Asia/Tokyo")).toBeNull();
    expect(fromDateTimeInput("2026-02-30T10:00", "Asia/Tokyo")).toBeNull();
  });
});

describe("periodErrors", () => {
  const now = Math.floor(Date.now() / 1000);
  it("asks for both date-times", () => {
    expect(periodErrors(null, null, 31)).toEqual({ from: "required", to: "required" });
    expect(periodErrors(now, null, 31)).toEqual({ from: undefined, to: "required" });
  });
  it("checks the order, the limit of the download and the years the server answers", () => {
    expect(periodErrors(now - 31 * 86400, now, 31)).toEqual({});
    expect(periodErrors(now, now - 60, 31)).toEqual({ to: "invalid-time-range" });
    expect(periodErrors(now - 32 * 86400, now, 31)).toEqual({ to: "window-too-long-31" });
    expect(periodErrors(now - 367 * 86400, now, 366)).toEqual({ to: "window-too-long-366" });
    expect(periodErrors(0, now, 31)).toEqual({ from: "time-too-early" });
    expect(periodErrors(now, now + 2 * 365 * 86400, 1827)).toEqual({ to: "time-too-far-ahead" });
  });
});
