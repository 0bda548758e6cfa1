import { defaultRanges, measureOf, type Report, type ReportId } from "@mimamori/shared";
import { describe, expect, it } from "vitest";
import {
  bandsOf,
  type ChartLabels,
  chartOption,
  decimalsOf,
  defaultZoneLine,
  drawnBands,
  overview,
  seriesOf,
  summaryRows,
  yAxisOf,
  zoneColoursOf,
  zoneLinesOf,
} from "./vitalChartOption";

const TZ = "Asia/Tokyo";
const DAY = Date.parse("2024-05-09T00:00+09:00") / 1000;
const labels: ChartLabels = {
  max: "Max",
  min: "Min",
  mean: "Mean",
  value: "Value",
  systolic: "Systolic",
  diastolic: "Diastolic",
  total: "Total",
  deep: "Deep",
  light: "Light",
  rem: "REM",
  awake: "Awake",
  stages: "Stages",
  zones: { green: "Green", yellow: "Yellow", red: "Red" },
};

function report(id: ReportId, values: Report["values"], extra: Partial<Report> = {}): Report {
  const m = measureOf(id);
  return {
    id,
    name: m.name.en,
    type: m.type,
    unit: m.unit.en,
    decimal: m.decimals,
    interval: "weekly",
    resolution: m.aggregation === "sleep" ? "day" : "hour",
    aggregation: m.aggregation,
    direction: m.direction,
    timezone: TZ,
    start_time: DAY,
    end_time: DAY + 7 * 86400,
    values,
    values_dbp: null,
    sleep: null,
    y_min: m.axis.min,
    y_max: m.axis.max,
    y_step: m.axis.step,
    min_value: null,
    max_value: null,
    img_url: null,
    scale: m.scale,
    report_info: defaultRanges(m),
    ...extra,
  };
}

describe("vital chart option", () => {
  it("draws max, mean and min lines of a level without animation; all of them without zone bands", () => {
    const r = report("00005091", [
      [DAY, 120, 60, 80],
      [DAY + 3600, 170, 65, 90],
    ]);
    const o = chartOption(r, labels, { timezone: TZ, language: "en", zoneLine: "all" });
    expect(o.animation).toBe(false);
    expect(o.series.map((s: { name: string }) => s.name)).toEqual(["Max", "Mean", "Min"]);
    expect(o.series[0].data[1]).toEqual([(DAY + 3600) * 1000, 170]);
    expect(o.series.some((s: { markArea?: unknown }) => s.markArea)).toBe(false);
    expect(o.xAxis.min).toBe(DAY * 1000);
    expect(o.xAxis.max).toBe((DAY + 7 * 86400) * 1000);
    // heart rate mean range [0, 80, 100, 200]: green below 80, yellow 80–100, red above
    const axis = yAxisOf(r, seriesOf(r, labels));
    expect(axis.min).toBeLessThanOrEqual(60);
    expect(axis.max).toBeGreaterThanOrEqual(170);
    expect(bandsOf(r, axis)).toEqual([
      { zone: "green", from: axis.min, to: 80 },
      { zone: "yellow", from: 80, to: 100 },
      { zone: "red", from: 100, to: axis.max },
    ]);
    // by default the mean line alone, over the mean's bands
    const mean = chartOption(r, labels, { timezone: TZ, language: "en" });
    expect(mean.series.map((s: { name: string }) => s.name)).toEqual(["Mean"]);
    expect(mean.series[0].markArea.data).toHaveLength(3);
    expect(zoneColoursOf(r)).toEqual(["green", "yellow", "red"]);
  });

  it("draws each line only over its own ranges: a max of 120 bpm with red from 160 is not in a red band", () => {
    // heart-rate defaults: max [0, 140, 160, 200], mean [0, 80, 100, 200], min [0, 100, 120, 200]
    // a week of daily maxima of 120 bpm, and one day up to 170 so that the axis reaches the red band
    const days: Report["values"] = Array.from({ length: 7 }, (_, i) => [
      DAY + i * 86400,
      i === 6 ? 170 : 120,
      55,
      72,
    ]);
    const r = report("00005091", days, { interval: "monthly", resolution: "day" });
    expect(r.report_info.maxValue).toEqual([0, 140, 160, 200]);
    expect(zoneLinesOf(r)).toEqual(["max", "mean", "min", "all"]);
    expect(defaultZoneLine(r)).toBe("mean");

    const o = chartOption(r, labels, { timezone: TZ, language: "en", zoneLine: "max" });
    // the max line is the only line drawn, and the bands behind it are the max ranges' own edges
    expect(o.series.map((s: { name: string }) => s.name)).toEqual(["Max"]);
    const areas = o.series[0].markArea.data as [
      { yAxis: number; itemStyle: { color: string } },
      { yAxis: number },
    ][];
    const axis = { min: o.yAxis.min as number, max: o.yAxis.max as number };
    const bands = drawnBands(r, "max");
    expect(axis.max).toBeGreaterThan(160);
    expect(bands.map((b) => [b.zone, b.from, b.to])).toEqual([
      ["green", axis.min, 140],
      ["yellow", 140, 160],
      ["red", 160, axis.max],
    ]);
    expect(areas.map(([from, to]) => [from.yAxis, to.yAxis])).toEqual(bands.map((b) => [b.from, b.to]));
    // every drawn max point lies in the green band, none inside a red one
    const red = bands.filter((b) => b.zone === "red");
    const maxima = (o.series[0].data as [number, number][]).map(([, v]) => v);
    expect(maxima.filter((v) => v === 120)).toHaveLength(6);
    for (const v of maxima.filter((v) => v === 120)) {
      expect(red.some((b) => v >= b.from && v <= b.to)).toBe(false);
      expect(bands.find((b) => v >= b.from && v < b.to)?.zone).toBe("green");
    }
    // the day that did reach 170 is drawn in red
    expect(bands.find((b) => 170 >= b.from && 170 <= b.to)?.zone).toBe("red");

    // the mean's bands (red from 100) are drawn behind the mean line only: no max point over them
    const m = chartOption(r, labels, { timezone: TZ, language: "en", zoneLine: "mean" });
    expect(m.series.map((s: { name: string }) => s.name)).toEqual(["Mean"]);
    expect(drawnBands(r, "mean").find((b) => b.zone === "red")?.from).toBe(100);
    // and the min line over the min ranges
    const lo = chartOption(r, labels, { timezone: TZ, language: "en", zoneLine: "min" });
    expect(lo.series.map((s: { name: string }) => s.name)).toEqual(["Min"]);
    expect(drawnBands(r, "min").map((b) => b.to)).toContain(100);
    // the axis stays where it is whichever zones are shown
    expect([m.yAxis.min, m.yAxis.max, lo.yAxis.min, lo.yAxis.max]).toEqual([
      axis.min,
      axis.max,
      axis.min,
      axis.max,
    ]);
  });

  it("reads a raw sample as the alerts do, and blood pressure against the systolic ranges", () => {
    const raw = report("00005091", [[DAY, 120, 120, 120]], { resolution: "raw", interval: "hourly" });
    expect(zoneLinesOf(raw)).toEqual(["max", "mean", "min"]);
    expect(defaultZoneLine(raw)).toBe("max");
    expect(defaultZoneLine(report("00005093", [], { resolution: "raw" }))).toBe("min");
    const bp = report("00005095", [[DAY, 140, 110, 125]], { values_dbp: [[DAY, 90, 70, 80]] });
    const o = chartOption(bp, labels, { timezone: TZ, language: "en", zoneLine: "max" });
    expect(o.series.map((s: { name: string }) => s.name)).toEqual(["Systolic Max"]);
    const all = chartOption(bp, labels, { timezone: TZ, language: "en", zoneLine: "all" });
    expect(all.series).toHaveLength(6);
    expect(drawnBands(bp, "all")).toEqual([]);
    // steps and sleep have no selector
    expect(zoneLinesOf(report("00005097", []))).toEqual([]);
  });

  it("steps the y axis from bound to bound, labelled with the decimals the step needs", () => {
    const r = report("00005091", [[DAY, 68, 55, 60]], { resolution: "raw", interval: "hourly" });
    const axis = yAxisOf(r, seriesOf(r, labels));
    const steps = (axis.max - axis.min) / (axis.interval as number);
    expect(Math.abs(steps - Math.round(steps))).toBeLessThan(1e-9);
    expect(decimalsOf(2.5)).toBe(1);
    expect(decimalsOf(0.25)).toBe(2);
    expect(decimalsOf(5)).toBe(0);
  });

  it("shows one line per reading at raw resolution", () => {
    const r = report("00005091", [[DAY, 70, 70, 70]], { resolution: "raw", interval: "hourly" });
    expect(seriesOf(r, labels).map((s) => s.name)).toEqual(["Value"]);
  });

  it("draws systolic and diastolic pressure together", () => {
    const r = report("00005095", [[DAY, 140, 110, 125]], {
      values_dbp: [[DAY, 90, 70, 80]],
    });
    const names = seriesOf(r, labels).map((s) => s.name);
    expect(names).toEqual([
      "Systolic Max",
      "Systolic Mean",
      "Systolic Min",
      "Diastolic Max",
      "Diastolic Mean",
      "Diastolic Min",
    ]);
    const axis = yAxisOf(r, seriesOf(r, labels));
    expect(axis.min).toBeLessThanOrEqual(70);
    expect(axis.max).toBeGreaterThanOrEqual(140);
  });

  it("starts blood oxygen at 80 in steps of 1", () => {
    const r = report("00005093", [[DAY, 99, 95, 97]]);
    expect(yAxisOf(r, seriesOf(r, labels))).toEqual({ min: 80, max: 100, interval: 1 });
    const o = chartOption(r, labels, { timezone: TZ, language: "en", compact: true });
    expect(o.yAxis.min).toBe(80);
    expect(o.yAxis.interval).toBe(1);
    // on a phone every other label is left out so that they do not overlap
    expect(o.yAxis.axisLabel.formatter(81)).toBe("");
    expect(o.yAxis.axisLabel.formatter(82)).toBe("82");
  });

  it("shows sleep as deep, light and REM hours on a 0–12 axis", () => {
    const r = report("00005100", [[DAY, 7, 2, 3.5]], { interval: "weekly" });
    const s = seriesOf(r, labels);
    expect(s.map((x) => [x.name, x.kind, x.stack])).toEqual([
      ["Deep", "bar", "sleep"],
      ["Light", "bar", "sleep"],
      ["REM", "bar", "sleep"],
    ]);
    // the night's bar sits in the middle of its day
    expect(s[0]?.points[0]).toEqual([DAY * 1000 + 43_200_000, 2]);
    expect(s[2]?.points[0]?.[1]).toBe(1.5);
    expect(yAxisOf(r, s)).toEqual({ min: 0, max: 12, interval: 2 });
    expect(overview(r)).toMatchObject({ high: 7, low: 7, mean: 7 });
  });

  it("shows steps as totals from 0; zones only for daily totals", () => {
    const hourly = report("00005097", [
      [DAY, 300, null, null],
      [DAY + 3600, 500, null, null],
    ]);
    expect(seriesOf(hourly, labels).map((x) => [x.name, x.kind])).toEqual([["Total", "bar"]]);
    expect(yAxisOf(hourly, seriesOf(hourly, labels)).min).toBe(0);
    expect(bandsOf(hourly, { min: 0, max: 1000, interval: null })).toEqual([]);
    expect(overview(hourly).total).toBe(800);
    const daily = report("00005097", [[DAY, 8000, null, null]], { resolution: "day", interval: "monthly" });
    expect(bandsOf(daily, { min: 0, max: 10000, interval: null }).map((b) => b.zone)).toEqual([
      "red",
      "yellow",
      "green",
    ]);
  });

  it("keeps an empty chart on the zone scale", () => {
    const r = report("00005091", []);
    const axis = yAxisOf(r, seriesOf(r, labels));
    expect(axis.min).toBeLessThanOrEqual(0);
    expect(axis.max).toBeGreaterThanOrEqual(200);
  });

  it("groups many points for the text alternative", () => {
    const values: Report["values"] = Array.from({ length: 7 * 24 }, (_, i) => [
      DAY + i * 3600,
      100 + (i % 24),
      50,
      70,
    ]);
    const r = report("00005091", values);
    const rows = summaryRows(r, seriesOf(r, labels), TZ);
    expect(rows).toHaveLength(7);
    expect(rows[0]).toEqual({ label: "2024/05/09", values: [123, 70, 50] });
    const few = report("00005091", values.slice(0, 3));
    expect(summaryRows(few, seriesOf(few, labels), TZ)[1]?.label).toBe("2024/05/09 01:00");
  });
});
