import { describe, expect, it } from "vitest";
import { bucketStart, coverRange, LEVELS, localHourLevels, nextBucket, zoneOffsetMinutes } from "./levels";

const t = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

describe("bucketStart and nextBucket", () => {
  it("align to UTC hours, days and calendar months", () => {
    const x = t("2024-02-29T13:47:12.345Z");
    expect(iso(bucketStart("hour", x))).toBe("2024-02-29T13:00:00.000Z");
    expect(iso(bucketStart("day", x))).toBe("2024-02-29T00:00:00.000Z");
    expect(iso(bucketStart("month", x))).toBe("2024-02-01T00:00:00.000Z");
    expect(iso(nextBucket("month", t("2024-02-01T00:00:00Z")))).toBe("2024-03-01T00:00:00.000Z");
    expect(iso(nextBucket("month", t("2024-12-01T00:00:00Z")))).toBe("2025-01-01T00:00:00.000Z");
  });
});

describe("coverRange", () => {
  it("uses months inside, then days, hours and raw samples towards the edges", () => {
    const pieces = coverRange(t("2024-01-30T14:45:00Z"), t("2024-04-02T01:30:00.5Z"));
    expect(pieces.map((p) => [p.level, iso(p.from), iso(p.to)])).toEqual([
      ["raw", "2024-01-30T14:45:00.000Z", "2024-01-30T15:00:00.000Z"],
      ["hour", "2024-01-30T15:00:00.000Z", "2024-01-31T00:00:00.000Z"],
      ["day", "2024-01-31T00:00:00.000Z", "2024-02-01T00:00:00.000Z"],
      ["month", "2024-02-01T00:00:00.000Z", "2024-04-01T00:00:00.000Z"],
      ["day", "2024-04-01T00:00:00.000Z", "2024-04-02T00:00:00.000Z"],
      ["hour", "2024-04-02T00:00:00.000Z", "2024-04-02T01:00:00.000Z"],
      ["raw", "2024-04-02T01:00:00.000Z", "2024-04-02T01:30:00.500Z"],
    ]);
  });

  it("covers random windows exactly, without gaps or overlaps, with aligned pieces", () => {
    let seed = 7;
    const rnd = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 500; i++) {
      const from = Math.round(t("2023-01-01T00:00:00Z") + rnd() * 400 * 86_400_000);
      const to = Math.round(from + rnd() * rnd() * 400 * 86_400_000);
      const pieces = coverRange(from, to);
      let at = from;
      for (const p of pieces) {
        expect(p.from).toBe(at);
        expect(p.to).toBeGreaterThan(p.from);
        if (p.level === "raw") expect(p.to - p.from).toBeLessThan(3_600_000);
        else {
          expect(bucketStart(p.level, p.from)).toBe(p.from);
          expect(bucketStart(p.level, p.to)).toBe(p.to);
        }
        at = p.to;
      }
      expect(at).toBe(Math.max(from, to));
      // at most one run per level on each side of the coarsest
      expect(pieces.length).toBeLessThanOrEqual(2 * LEVELS.length + 1);
    }
  });

  it("stays at the levels it is given", () => {
    const pieces = coverRange(t("2024-01-01T00:15:00Z"), t("2024-01-03T00:00:00Z"), ["hour"]);
    expect(pieces.map((p) => p.level)).toEqual(["raw", "hour"]);
    expect(coverRange(t("2024-01-01T00:15:00Z"), t("2024-01-03T00:00:00Z"), []).map((p) => p.level)).toEqual([
      "raw",
    ]);
  });
});

describe("local hours", () => {
  it("reads zone offsets, daylight saving included", () => {
    expect(zoneOffsetMinutes("Asia/Tokyo", t("2024-07-01T00:00:00Z"))).toBe(540);
    expect(zoneOffsetMinutes("America/New_York", t("2024-01-15T00:00:00Z"))).toBe(-300);
    expect(zoneOffsetMinutes("America/New_York", t("2024-07-15T00:00:00Z"))).toBe(-240);
    expect(zoneOffsetMinutes("Asia/Kathmandu", t("2024-07-15T00:00:00Z"))).toBe(345);
    expect(zoneOffsetMinutes("UTC", t("2024-07-15T00:00:00Z"))).toBe(0);
  });

  it("uses hour buckets only where every offset of the window is whole hours, raw samples elsewhere", () => {
    const a = t("2024-01-01T00:00:00Z");
    const b = t("2024-12-31T00:00:00Z");
    expect(localHourLevels("Asia/Tokyo", a, b)).toEqual(["hour"]);
    expect(localHourLevels("America/New_York", a, b)).toEqual(["hour"]);
    expect(localHourLevels("Asia/Kolkata", a, b)).toEqual([]);
    expect(localHourLevels("America/St_Johns", a, b)).toEqual([]);
    // Lord Howe Island moves by 30 minutes in summer only
    expect(
      localHourLevels("Australia/Lord_Howe", t("2024-06-01T00:00:00Z"), t("2024-06-30T00:00:00Z")),
    ).toEqual([]);
  });
});
