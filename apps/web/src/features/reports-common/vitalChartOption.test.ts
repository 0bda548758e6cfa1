import { defaultRanges, measureOf, type Report, type ReportId } from "@mimamori/shared";
import { describe, expect, it } from "vitest";
import {
  bandsOf,
  type ChartLabels,
  chartOption,
  decimalsOf,
  overview,
  seriesOf,
  summaryRows,
  yAxisOf,
  zoneColoursOf,
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
  it("draws max, mean and min lines of a level with the zone bands, without animation", () => {
    const r = report("00005091", [
      [DAY, 120, 60, 80],
      [DAY + 3600, 170, 65, 90],
    ]);
    const o = chartOption(r, labels, { timezone: TZ, language: "en" });
    expect(o.animation).toBe(false);
    expect(o.series.map((s: { name: string }) => s.name)).toEqual(["Max", "Mean", "Min"]);
    expect(o.series[0].data[1]).toEqual([(DAY + 3600) * 1000, 170]);
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
    expect(o.series[0].markArea.data).toHaveLength(3);
    expect(zoneColoursOf(r)).toEqual(["green", "yellow", "red"]);
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
