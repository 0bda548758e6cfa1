import { describe, expect, it } from "vitest";
import { distributionBars, matchingTexts } from "./summary";

const items = [
  { text: "Knee hurts after the walk", answered_at: "2026-11-24T12:00:00.000Z" },
  { text: "膝が痛い　ＡＢＣ", answered_at: "2026-11-23T12:00:00.000Z" },
  { text: "All good", answered_at: "2026-11-22T12:00:00.000Z" },
];

describe("free-text answers of the summary", () => {
  it("keeps every answer, in its order, for an empty search", () => {
    expect(matchingTexts(items, "  ")).toEqual(items);
  });

  it("narrows to the answers holding every word, whatever the case or width", () => {
    expect(matchingTexts(items, "KNEE walk").map((i) => i.text)).toEqual(["Knee hurts after the walk"]);
    expect(matchingTexts(items, "abc").map((i) => i.text)).toEqual(["膝が痛い　ＡＢＣ"]);
    expect(matchingTexts(items, "膝").map((i) => i.text)).toEqual(["膝が痛い　ＡＢＣ"]);
    expect(matchingTexts(items, "knee good")).toEqual([]);
  });
});

describe("date and time distributions of the summary", () => {
  it("labels days, months and hours in the language, bars against the largest count", () => {
    const days = {
      unit: "day" as const,
      buckets: [
        { key: "2026-11-20", count: 2 },
        { key: "2026-11-24", count: 1 },
      ],
    };
    expect(distributionBars(days, "jp")).toEqual([
      { key: "2026-11-20", label: "2026/11/20", count: 2, share: 1 },
      { key: "2026-11-24", label: "2026/11/24", count: 1, share: 0.5 },
    ]);
    expect(distributionBars(days, "en").map((b) => b.label)).toEqual(["Nov 20, 2026", "Nov 24, 2026"]);
    const months = { unit: "month" as const, buckets: [{ key: "2026-11", count: 4 }] };
    expect(distributionBars(months, "jp")[0]?.label).toBe("2026/11");
    expect(distributionBars(months, "en")[0]?.label).toBe("Nov 2026");
    const hours = {
      unit: "hour" as const,
      buckets: [
        { key: "21", count: 0 },
        { key: "22", count: 3 },
      ],
    };
    expect(distributionBars(hours, "en")).toEqual([
      { key: "21", label: "21:00–21:59", count: 0, share: 0 },
      { key: "22", label: "22:00–22:59", count: 3, share: 1 },
    ]);
    expect(distributionBars({ unit: "hour", buckets: [] }, "en")).toEqual([]);
  });
});
