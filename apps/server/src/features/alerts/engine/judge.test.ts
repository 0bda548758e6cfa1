import { defaultRanges, HEAT_STRESS, measureOf } from "@mimamori/shared";
import { describe, expect, it } from "vitest";
import { isRed, judgeMeasure } from "./judge";

const heat = measureOf(HEAT_STRESS);
const red = (v: number) => isRed(v, defaultRanges(heat), heat.direction);
const s = (at: number, value: number) => ({ measure: heat.measure, at, value });

describe("isRed", () => {
  it("judges high-is-bad measures by the maxValue range, low-is-bad ones by the minValue range", () => {
    // heat stress: maxValue [0, 70, 80, 100], red from 80 up
    expect([79.9, 80, 100].map(red)).toEqual([false, true, true]);
    const spo2 = measureOf("00005093");
    const ranges = defaultRanges(spo2);
    expect([ranges.minValue, ranges.maxValue]).toEqual([
      [80, 84, 86, 100],
      [80, 86, 90, 100],
    ]);
    // blood oxygen: minValue [80, 84, 86, 100], red below 84 (the maxValue range would say below 86)
    expect([83, 84, 85].map((v) => isRed(v, ranges, spo2.direction))).toEqual([true, false, false]);
  });
});

describe("judgeMeasure", () => {
  it("raises one alert per excursion, in time order, and closes each on the step out of red", () => {
    const j = judgeMeasure([s(1, 50), s(2, 85), s(3, 90), s(4, 60), s(5, 81), s(6, 82)], undefined, 0, red);
    expect(j.raised).toEqual([
      { measure: 5098, at: 2, value: 85, clearedAt: 4 },
      { measure: 5098, at: 5, value: 81, clearedAt: null },
    ]);
    expect(j.priorClearedAt).toBeNull();
    // the latest judged sample's value too (the watch board grades it)
    expect(j.state).toEqual({ inRed: true, lastAt: 6, lastValue: 82 });
  });

  it("raises nothing while the stored state is already red, and reports when that excursion ended", () => {
    const still = judgeMeasure([s(11, 95)], { inRed: true, lastAt: 10 }, 0, red);
    expect([still.raised, still.priorClearedAt, still.state]).toEqual([
      [],
      null,
      { inRed: true, lastAt: 11, lastValue: 95 },
    ]);
    const left = judgeMeasure([s(11, 60), s(12, 90)], { inRed: true, lastAt: 10 }, 0, red);
    expect(left.priorClearedAt).toBe(11);
    expect(left.raised).toEqual([{ measure: 5098, at: 12, value: 90, clearedAt: null }]);
  });

  it("skips samples before consent and samples not newer than the latest judged one", () => {
    const j = judgeMeasure([s(5, 90), s(10, 90), s(20, 90)], { inRed: false, lastAt: 10 }, 8, red);
    expect(j.raised).toEqual([{ measure: 5098, at: 20, value: 90, clearedAt: null }]);
    const late = judgeMeasure([s(3, 90), s(10, 95)], { inRed: false, lastAt: 10 }, 0, red);
    expect([late.raised, late.state]).toEqual([[], null]);
    const early = judgeMeasure([s(3, 90)], undefined, 8, red);
    expect([early.raised, early.state]).toEqual([[], null]);
  });
});
