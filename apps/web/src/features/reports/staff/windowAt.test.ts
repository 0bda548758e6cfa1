import { describe, expect, it } from "vitest";
import { formatStamp, windowEnd } from "../common/window";
import { atOf, windowAt } from "./windowAt";

const s = (iso: string) => Date.parse(iso) / 1000;
const NOW = s("2025-07-01T15:00:00+09:00");

describe("atOf (the alert time of a member report link)", () => {
  it("reads epoch seconds", () => {
    expect(atOf(String(s("2025-07-01T13:05:00+09:00")), NOW)).toBe(1751342700);
  });

  it.each([
    ["missing", null],
    ["empty", ""],
    ["not a number", "noon"],
    ["negative", "-1751342700"],
    ["fractional", "1751342700.5"],
    ["milliseconds", "1751342700000"],
    ["before band data (2009)", String(s("2009-12-31T00:00:00Z"))],
    ["more than a year ahead", String(NOW + 368 * 86400)],
  ])("ignores an invalid at: %s", (_, raw) => {
    expect(atOf(raw, NOW)).toBeNull();
  });
});

describe("windowAt (the chart window around an alert)", () => {
  it("is a daily window with the alert in its middle, starting on the hour", () => {
    const at = s("2025-07-01T13:05:00+09:00");
    const w = windowAt(at, "Asia/Tokyo");
    expect(w.interval).toBe("daily");
    expect(formatStamp(w.start, "Asia/Tokyo")).toBe("2025/07/01 01:00");
    expect(formatStamp(windowEnd(w.start, w.interval, "Asia/Tokyo"), "Asia/Tokyo")).toBe("2025/07/02 01:00");
    expect(w.start < at && at < windowEnd(w.start, w.interval, "Asia/Tokyo")).toBe(true);
  });

  it("works on the viewer's clock in a half-hour zone", () => {
    const at = s("2025-07-01T09:40:00+05:30");
    const w = windowAt(at, "Asia/Kolkata");
    expect(formatStamp(w.start, "Asia/Kolkata")).toBe("2025/06/30 21:00");
  });
});
