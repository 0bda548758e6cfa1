import { describe, expect, it } from "vitest";
import { rawKeptFrom } from "./rawKept";

const NOW = Date.parse("2026-11-27T05:00:00Z");

describe("the first day with raw samples, as the CSV dialogs say it", () => {
  it("is the retention's cutoff: the start of today's UTC day, that many days before", () => {
    expect(rawKeptFrom({ days: 90 }, NOW)).toBe("2026-08-29");
    expect(rawKeptFrom({ days: 400, raw_from: null }, NOW)).toBe("2025-10-23");
  });

  it("is the day retention left them from when that is later (a lengthened setting brings nothing back)", () => {
    expect(rawKeptFrom({ days: 400, raw_from: "2026-08-01T00:00:00.000Z" }, NOW)).toBe("2026-08-01");
    expect(rawKeptFrom({ days: 90, raw_from: "2026-03-01T00:00:00.000Z" }, NOW)).toBe("2026-08-29");
  });
});
