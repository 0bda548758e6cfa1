import { describe, expect, it } from "vitest";
import { DIASTOLIC, MEASURES, measureOf, REPORT_IDS, REPORT_TILES } from "./measures";
import {
  isValidTimezone,
  KNOWN_ZONES_MAX,
  rememberedZoneCount,
  reportQuerySchema,
  staffReportQuerySchema,
  zoneRangesSchema,
} from "./schemas/vitals";
import {
  celsiusToFahrenheit,
  defaultRanges,
  fahrenheitToCelsius,
  isValidRange,
  usesFahrenheit,
  worseZone,
  zoneOf,
} from "./zones";

describe("measures", () => {
  it("has the twelve report codes of the spec, each described once", () => {
    expect(REPORT_IDS).toHaveLength(12);
    expect(MEASURES.map((m) => m.id)).toEqual([...REPORT_IDS]);
    expect(REPORT_TILES).toHaveLength(11);
    expect(REPORT_TILES).not.toContain(DIASTOLIC);
    for (const m of MEASURES) {
      expect(Number(m.id)).toBe(m.measure);
      expect(m.name.jp && m.name.en && m.unit.jp && m.unit.en).toBeTruthy();
      expect(m.scale.min).toBeLessThan(m.scale.max);
      expect(m.plausible.min).toBeLessThan(m.plausible.max);
    }
  });
  it("names each report code as §3 does", () => {
    expect(MEASURES.map((m) => [m.id, m.name.en])).toEqual([
      ["00005091", "Heart rate"],
      ["00005092", "Skin temperature"],
      ["00005093", "Blood oxygen"],
      ["00005094", "Respiratory rate"],
      ["00005095", "Blood pressure"],
      ["00005096", "Blood pressure (diastolic)"],
      ["00005097", "Steps"],
      ["00005098", "Heat-stress score"],
      ["00005099", "Heart-rate variability"],
      ["00005100", "Sleep time"],
      ["00005102", "Strain score (JPSS)"],
      ["00005103", "Melancholy score (BDI)"],
    ]);
    expect([...REPORT_TILES]).toEqual(REPORT_IDS.filter((id) => id !== "00005096"));
  });
  it("follows the y-axis rules of §9", () => {
    expect(measureOf("00005093").axis).toEqual({ min: 80, max: 100, step: 1 });
    expect(measureOf("00005100").axis).toMatchObject({ min: 0, max: 12 });
    expect(measureOf("00005100").unit.en).toBe("hours");
    expect(measureOf("00005097").unit.en).toBe("steps");
    expect(measureOf("00005097").aggregation).toBe("sum");
  });
});

describe("defaultRanges", () => {
  it("places §9's percentages along a scale starting at 0 as percentages of its maximum", () => {
    expect(defaultRanges(measureOf("00005091"))).toEqual({
      maxValue: [0, 140, 160, 200],
      minValue: [0, 100, 140, 200],
      meanValue: [0, 80, 100, 200],
    });
  });
  it("mirrors the cut points for measures where low values are bad", () => {
    expect(defaultRanges(measureOf("00005093"))).toEqual({
      maxValue: [80, 86, 90, 100],
      minValue: [80, 84, 86, 100],
      meanValue: [80, 90, 92, 100],
    });
  });
  it("gives valid ranges for every measure", () => {
    for (const m of MEASURES) {
      const r = defaultRanges(m);
      for (const range of [r.maxValue, r.minValue, r.meanValue]) expect(isValidRange(range)).toBe(true);
      expect(zoneRangesSchema.safeParse(r).success).toBe(true);
    }
  });
});

describe("zoneOf", () => {
  const r = [0, 10, 20, 30];
  it.each([
    [-5, "green"],
    [0, "green"],
    [9.99, "green"],
    [10, "yellow"],
    [19.9, "yellow"],
    [20, "red"],
    [30, "red"],
    [99, "red"],
  ] as const)("high: %d is %s", (v, zone) => {
    expect(zoneOf(v, r)).toBe(zone);
  });
  it.each([
    [5, "red"],
    [10, "yellow"],
    [25, "green"],
  ] as const)("low: %d is %s", (v, zone) => {
    expect(zoneOf(v, r, "low")).toBe(zone);
  });
  it("has no zone without a finite value", () => {
    expect(zoneOf(null, r)).toBeNull();
    expect(zoneOf(undefined, r)).toBeNull();
    expect(zoneOf(Number.NaN, r)).toBeNull();
  });
  it("takes the worse of two zones", () => {
    expect(worseZone("green", "red")).toBe("red");
    expect(worseZone("yellow", "green")).toBe("yellow");
    expect(worseZone(null, "green")).toBe("green");
    expect(worseZone(null, null)).toBeNull();
  });
});

describe("ranges, units and time zones", () => {
  it("accepts four non-decreasing finite numbers that span something", () => {
    expect(isValidRange([0, 1, 1, 2])).toBe(true);
    expect(isValidRange([0, 2, 1, 3])).toBe(false);
    expect(isValidRange([1, 1, 1, 1])).toBe(false);
    expect(isValidRange([0, 1, 2])).toBe(false);
    expect(
      zoneRangesSchema.safeParse({ maxValue: [0, 1, 2], minValue: [0, 1, 2, 3], meanValue: [0, 1, 2, 3] })
        .error?.issues[0]?.message,
    ).toBe("invalid-ranges");
  });
  it("uses °F in American, US and Pacific zones", () => {
    expect(usesFahrenheit("America/New_York")).toBe(true);
    expect(usesFahrenheit("US/Pacific")).toBe(true);
    expect(usesFahrenheit("Pacific/Honolulu")).toBe(true);
    expect(usesFahrenheit("Asia/Tokyo")).toBe(false);
    expect(celsiusToFahrenheit(37)).toBeCloseTo(98.6);
    expect(fahrenheitToCelsius(98.6)).toBeCloseTo(37);
  });
  it("accepts IANA names only", () => {
    for (const tz of ["Asia/Tokyo", "America/New_York", "UTC", "Asia/Kolkata", "Etc/GMT+9"])
      expect(isValidTimezone(tz), tz).toBe(true);
    for (const tz of ["Mars/Base", "UTC+9", "+09:00", "", "Asia/Tokyo; drop table"])
      expect(isValidTimezone(tz), tz).toBe(false);
  });
  it(`remembers at most ${KNOWN_ZONES_MAX.toLocaleString()} valid zone names, however many letter cases are sent`, () => {
    const name = "America/Argentina/ComodRivadavia";
    const letters = [...name].map((c, i) => [c, i] as const).filter(([c]) => /[a-z]/i.test(c));
    // each number picks upper or lower case for each letter: that many different, valid names
    const variant = (n: number) => {
      const chars = [...name];
      letters.forEach(([c, i], bit) => {
        chars[i] = (n >> bit) & 1 ? c.toUpperCase() : c.toLowerCase();
      });
      return chars.join("");
    };
    const count = KNOWN_ZONES_MAX + 500;
    for (let n = 0; n < count; n++) expect(isValidTimezone(variant(n))).toBe(true);
    expect(new Set(Array.from({ length: count }, (_, n) => variant(n))).size).toBe(count);
    expect(rememberedZoneCount()).toBe(KNOWN_ZONES_MAX);
    expect(isValidTimezone(variant(count + 1))).toBe(true);
    expect(rememberedZoneCount()).toBe(KNOWN_ZONES_MAX);
  });
  it("checks report windows", () => {
    const t0 = 1_700_000_000;
    const q = (o: object) =>
      reportQuerySchema.safeParse({ start_time: String(t0), end_time: String(t0 + 3600), ...o });
    expect(q({}).data).toMatchObject({ interval: "weekly", timezone: "Asia/Tokyo", end_time: t0 + 3600 });
    expect(q({ end_time: String(t0) }).error?.issues[0]?.message).toBe("invalid-time-range");
    expect(q({ interval: "hourly", end_time: String(t0 + 3 * 86400) }).error?.issues[0]?.message).toBe(
      "window-too-long-2",
    );
    expect(q({ interval: "minutely" }).error?.issues[0]?.message).toBe("invalid-interval");
    expect(q({ timezone: "Nowhere" }).error?.issues[0]?.message).toBe("invalid-timezone");
  });
  it("reads staff intervals as days or names", () => {
    expect(staffReportQuerySchema.parse({ interval: "30" }).interval).toBe(30);
    expect(staffReportQuerySchema.parse({ interval: "yearly" }).interval).toBe(365);
    expect(staffReportQuerySchema.parse({}).interval).toBe(7);
    expect(staffReportQuerySchema.safeParse({ interval: "2" }).error?.issues[0]?.message).toBe(
      "invalid-interval",
    );
  });
});
