import type { Language, Report, Zone } from "@mimamori/shared";
import { localeOf, zoneColours } from "@mimamori/shared";
import { formatStamp, toWall } from "./window";

/**
 * The ECharts option of a vital report, as a pure function (unit-tested without a canvas): max/min/mean
 * lines with the zone bands, blood pressure with systolic and diastolic together, steps as totals (bars),
 * sleep as stacked deep/light/REM hours on a 0–12 axis, SpO2 from 80 in steps of 1 (axes of §9).
 */

export interface ChartLabels {
  max: string;
  min: string;
  mean: string;
  value: string;
  systolic: string;
  diastolic: string;
  total: string;
  deep: string;
  light: string;
  rem: string;
  awake: string;
  /** Title of the night's stage line. */
  stages: string;
  zones: Record<Zone, string>;
}

export interface ChartContext {
  timezone: string;
  language: Language;
  /** Phone layout: fewer axis labels. */
  compact?: boolean;
  /** Whose ranges the zone bands show (see `zoneLinesOf`); the report's default when left out. */
  zoneLine?: ZoneLine;
}

/**
 * Which line the zone bands belong to. Each statistic has its own ranges (max against `maxValue`, min against
 * `minValue`, mean against `meanValue`), and a band drawn behind a line it does not belong to would show that
 * line's points in zones they are not in: with a statistic chosen only its line is drawn over its bands;
 * `all` draws every line without bands (docs/decisions.md, "Chart zones").
 */
export type ZoneLine = "max" | "mean" | "min" | "all";
const RANGE_OF: Record<Exclude<ZoneLine, "all">, keyof Report["report_info"]> = {
  max: "maxValue",
  mean: "meanValue",
  min: "minValue",
};

/** The choices of a report's zone selector; empty when the report has one reading of its bars (steps, sleep). */
export function zoneLinesOf(report: Report): ZoneLine[] {
  if (report.aggregation !== "mean") return [];
  return report.resolution === "raw" ? ["max", "mean", "min"] : ["max", "mean", "min", "all"];
}

/**
 * The selector's first choice: the mean line; a raw sample is read as the alerts read it, against the range of
 * the statistic it would make worst (max where high is bad, min where low is bad).
 */
export function defaultZoneLine(report: Report): ZoneLine {
  if (report.resolution !== "raw") return "mean";
  return report.direction === "high" ? "max" : "min";
}

/** The zone range the bands use: the chosen statistic's; totals and nights use the mean range. */
export function zoneRangeOf(report: Report, line: ZoneLine): Report["report_info"]["meanValue"] | null {
  if (report.aggregation !== "mean") return report.report_info.meanValue;
  if (line === "all") return null;
  return report.report_info[RANGE_OF[line]];
}

/** One drawn series: name, colour, kind and its points [ms, value]. */
export interface SeriesSpec {
  key: string;
  name: string;
  color: string;
  kind: "line" | "bar";
  dashed?: boolean;
  stack?: string;
  points: [number, number | null][];
}

export const ZONE_FILL: Record<Zone, string> = {
  green: "rgba(46, 125, 50, 0.10)",
  yellow: "rgba(237, 167, 0, 0.16)",
  red: "rgba(198, 40, 40, 0.10)",
};
/** Swatch colours of the zone legend drawn beside the chart (opaque versions of the fills). */
export const ZONE_SWATCH: Record<Zone, string> = { green: "#dcecdd", yellow: "#fbecc0", red: "#f6d9d9" };

const HOUR_MS = 3600_000;
const DAY_MS = 86400_000;

export function formatValue(v: number, decimals: number, language: Language): string {
  return new Intl.NumberFormat(localeOf(language), {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(v);
}

/** Where a point is drawn: bars sit in the middle of their hour or day, lines at their time. */
function drawnAt(report: Report, t: number, bar: boolean): number {
  if (!bar) return t * 1000;
  const width = report.resolution === "hour" ? HOUR_MS : report.resolution === "day" ? DAY_MS : 0;
  return t * 1000 + width / 2;
}

/** The series of a report, in drawing order. */
export function seriesOf(report: Report, labels: ChartLabels): SeriesSpec[] {
  const rows = report.values;
  const pts = (i: 1 | 2 | 3, bar = false) =>
    rows.map((r): [number, number | null] => [drawnAt(report, r[0], bar), r[i]]);
  if (report.aggregation === "sleep") {
    const rem = rows.map((r): [number, number | null] => {
      const [, total, deep, light] = r;
      if (total === null) return [drawnAt(report, r[0], true), null];
      return [drawnAt(report, r[0], true), Math.max(0, round(total - (deep ?? 0) - (light ?? 0), 3))];
    });
    return [
      { key: "deep", name: labels.deep, color: "#283593", kind: "bar", stack: "sleep", points: pts(2, true) },
      {
        key: "light",
        name: labels.light,
        color: "#5c6bc0",
        kind: "bar",
        stack: "sleep",
        points: pts(3, true),
      },
      { key: "rem", name: labels.rem, color: "#9fa8da", kind: "bar", stack: "sleep", points: rem },
    ];
  }
  if (report.aggregation === "sum") {
    return [{ key: "total", name: labels.total, color: "#8b0000", kind: "bar", points: pts(1, true) }];
  }
  const raw = report.resolution === "raw";
  const levels = (prefix: string, rowsOf: Report["values"], palette: [string, string, string]) => {
    const p = (i: 1 | 2 | 3) => rowsOf.map((r): [number, number | null] => [r[0] * 1000, r[i]]);
    const named = (label: string) => (prefix ? `${prefix} ${label}` : label);
    if (raw)
      return [
        {
          key: `${prefix}value`,
          name: prefix || labels.value,
          color: palette[0],
          kind: "line" as const,
          points: p(3),
        },
      ];
    return [
      {
        key: `${prefix}max`,
        name: named(labels.max),
        color: palette[0],
        kind: "line" as const,
        dashed: true,
        points: p(1),
      },
      {
        key: `${prefix}mean`,
        name: named(labels.mean),
        color: palette[1],
        kind: "line" as const,
        points: p(3),
      },
      {
        key: `${prefix}min`,
        name: named(labels.min),
        color: palette[2],
        kind: "line" as const,
        dashed: true,
        points: p(2),
      },
    ];
  };
  if (report.values_dbp) {
    return [
      ...levels(labels.systolic, rows, ["#b71c1c", "#8b0000", "#e57373"]),
      ...levels(labels.diastolic, report.values_dbp, ["#0d47a1", "#1565c0", "#64b5f6"]),
    ];
  }
  return levels("", rows, ["#8b0000", "#37474f", "#1565c0"]);
}

function round(v: number, places: number) {
  const f = 10 ** places;
  return Math.round(v * f) / f;
}

/** A "nice" step for an axis spanning `span` with about `ticks` intervals. */
function niceStep(span: number, ticks: number): number {
  const raw = span / ticks;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const n = raw / mag;
  return (n <= 1 ? 1 : n <= 2 ? 2 : n <= 2.5 ? 2.5 : n <= 5 ? 5 : 10) * mag;
}

/** Decimals needed to write the ticks of a step (2.5 → 1, 0.25 → 2, 5 → 0). */
export function decimalsOf(step: number | null): number {
  if (!step) return 0;
  for (let d = 0; d < 4; d++) if (Math.abs(Math.round(step * 10 ** d) - step * 10 ** d) < 1e-9) return d;
  return 4;
}

export interface Axis {
  min: number;
  max: number;
  /** Tick step; null lets the chart choose. */
  interval: number | null;
}

/**
 * The y axis: the report's fixed bounds when it has them (SpO2 80–100 step 1, sleep 0–12), else the data's
 * extent with some room, rounded to a nice step; without data the zone scale.
 */
export function yAxisOf(report: Report, series: SeriesSpec[]): Axis {
  if (report.aggregation === "sleep") return { min: report.y_min ?? 0, max: report.y_max ?? 12, interval: 2 };
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const s of series)
    for (const [, v] of s.points)
      if (v !== null) {
        lo = Math.min(lo, v);
        hi = Math.max(hi, v);
      }
  if (!Number.isFinite(lo)) {
    lo = report.scale.min;
    hi = report.scale.max;
  }
  if (report.y_min !== null && report.y_max !== null) {
    return { min: report.y_min, max: report.y_max, interval: report.y_step };
  }
  const span = Math.max(hi - lo, Math.abs(hi) * 0.1, 10 ** -report.decimal * 10);
  const nice = niceStep(span * 1.2, 5);
  // whole-number measures get whole-number ticks
  const step = report.decimal === 0 && !Number.isInteger(nice) ? Math.ceil(nice) : nice;
  const min = report.y_min ?? Math.floor((lo - span * 0.1) / step) * step;
  const max = report.y_max ?? Math.max(Math.ceil((hi + span * 0.1) / step) * step, min + step);
  // the ticks step from bound to bound, so that no label crowds the axis ends
  return { min: round(min, 6), max: round(max, 6), interval: report.y_step ?? round(step, 6) };
}

/** The zone bands inside [axis.min, axis.max]: below r1 the first colour, r1–r2 the second, above r2 the third. */
export function bandsOf(
  report: Report,
  axis: Axis,
  line: ZoneLine = defaultZoneLine(report),
): { zone: Zone; from: number; to: number }[] {
  // hourly step counts cannot be judged by ranges of daily totals
  if (report.aggregation === "sum" && report.resolution !== "day") return [];
  const range = zoneRangeOf(report, line);
  if (!range) return [];
  const [, r1, r2] = range;
  const [first, second, third] = zoneColours(report.direction);
  const bands = [
    { zone: first, from: Number.NEGATIVE_INFINITY, to: r1 },
    { zone: second, from: r1, to: r2 },
    { zone: third, from: r2, to: Number.POSITIVE_INFINITY },
  ];
  return bands
    .map((b) => ({ zone: b.zone, from: Math.max(b.from, axis.min), to: Math.min(b.to, axis.max) }))
    .filter((b) => b.to > b.from);
}

/** Axis label of a time: hours for windows up to two days, dates beyond, months for a year. */
export function timeLabel(ms: number, spanMs: number, tz: string): string {
  const w = toWall(ms, tz);
  const p = (n: number) => String(n).padStart(2, "0");
  if (spanMs <= 2 * DAY_MS)
    return w.hour === 0 && w.minute === 0 ? `${p(w.month)}/${p(w.day)}` : `${p(w.hour)}:${p(w.minute)}`;
  if (spanMs <= 62 * DAY_MS) return `${p(w.month)}/${p(w.day)}`;
  return `${w.year}/${p(w.month)}`;
}

/** Tooltip heading of a point: the night for sleep, the day for daily points, else date and time. */
export function pointLabel(report: Report, ms: number, tz: string): string {
  const bar = report.aggregation !== "mean";
  const t =
    bar && report.resolution !== "raw" ? ms - (report.resolution === "hour" ? HOUR_MS : DAY_MS) / 2 : ms;
  const daily = report.aggregation === "sleep" || report.resolution === "day";
  return formatStamp(Math.round(t / 1000), tz, !daily);
}

// biome-ignore lint/suspicious/noExplicitAny: the ECharts option is a loosely typed object
type Option = Record<string, any>;

const STAGE_ORDER = ["deep", "light", "rem", "awake"] as const;

/** Sleep windows of up to two days come with the night's stage segments, drawn under the totals. */
export function hasStages(report: Report): boolean {
  return report.aggregation === "sleep" && (report.sleep?.length ?? 0) > 0;
}

/** The stage line of a night: each segment a level, gaps of more than a minute left open. */
export function stagePoints(report: Report, labels: ChartLabels): [number, string | null][] {
  const name = (s: (typeof STAGE_ORDER)[number]) => labels[s];
  const out: [number, string | null][] = [];
  let lastEnd: number | null = null;
  for (const seg of report.sleep ?? []) {
    if (lastEnd !== null && seg.start - lastEnd > 60) out.push([lastEnd * 1000 + 1, null]);
    out.push([seg.start * 1000, name(seg.stage)], [seg.end * 1000, name(seg.stage)]);
    lastEnd = seg.end;
  }
  return out;
}

type TipParam = {
  seriesId?: string;
  seriesName: string;
  value: [number, number | string | null];
  marker: string;
};

/**
 * The lines drawn for a zone choice: with a statistic chosen, only its line (systolic's for blood pressure,
 * whose report carries the systolic ranges; a raw chart's one line); every line for `all`.
 */
export function drawnSeries(report: Report, series: SeriesSpec[], line: ZoneLine): SeriesSpec[] {
  if (report.aggregation !== "mean" || report.resolution === "raw" || line === "all") return series;
  // the first three lines are the report's own (systolic's where diastolic follows)
  return series.filter((s, i) => i < 3 && s.key.endsWith(line));
}

export function chartOption(report: Report, labels: ChartLabels, ctx: ChartContext): Option {
  const zoneLine = ctx.zoneLine ?? defaultZoneLine(report);
  const all = seriesOf(report, labels);
  // the axis fits every line, so that switching the zones never moves it
  const axis = yAxisOf(report, all);
  const series = drawnSeries(report, all, zoneLine);
  const bands = bandsOf(report, axis, zoneLine);
  const spanMs = (report.end_time - report.start_time) * 1000;
  const sleep = report.aggregation === "sleep";
  const stages = hasStages(report) ? stagePoints(report, labels) : null;
  const fmt = (v: number) => formatValue(v, sleep ? 1 : report.decimal, ctx.language);
  const unit = report.unit;
  const onlyEvery2 = ctx.compact && axis.interval === 1;
  const top = ctx.compact ? 64 : 56;
  const muted = "rgba(0,0,0,0.7)";

  const main = {
    grid: { left: 8, right: 16, top, bottom: stages ? "42%" : 8, containLabel: true },
    xAxis: {
      type: "time",
      min: report.start_time * 1000,
      max: report.end_time * 1000,
      // nights are days: no hour ticks under a night's bar
      ...(sleep ? { minInterval: DAY_MS } : {}),
      axisLabel: {
        hideOverlap: true,
        color: muted,
        formatter: (v: number) =>
          sleep ? timeLabel(v, 62 * DAY_MS, ctx.timezone) : timeLabel(v, spanMs, ctx.timezone),
      },
      splitLine: { show: false },
    },
    yAxis: {
      type: "value",
      name: unit,
      nameTextStyle: { color: muted, align: "left" },
      min: axis.min,
      max: axis.max,
      ...(axis.interval ? { interval: axis.interval } : {}),
      axisLabel: {
        color: muted,
        formatter: (v: number) =>
          onlyEvery2 && Math.round(v) % 2 !== 0
            ? ""
            : formatValue(v, decimalsOf(axis.interval), ctx.language),
      },
      splitLine: { lineStyle: { color: "rgba(0,0,0,0.08)" } },
    },
  };

  const drawn = series.map((s, i) => ({
    type: s.kind,
    name: s.name,
    data: s.points,
    color: s.color,
    ...(s.kind === "line"
      ? {
          showSymbol: s.points.length <= 48,
          symbolSize: 5,
          connectNulls: false,
          lineStyle: { width: s.dashed ? 1.5 : 2.5, type: s.dashed ? "dashed" : "solid" },
        }
      : { stack: s.stack, barMaxWidth: 28 }),
    ...(i === 0 && bands.length
      ? {
          markArea: {
            silent: true,
            data: bands.map((b) => [
              { yAxis: b.from, itemStyle: { color: ZONE_FILL[b.zone] } },
              { yAxis: b.to },
            ]),
          },
        }
      : {}),
  }));

  const tooltip = {
    trigger: "axis",
    confine: true,
    formatter: (params: TipParam[]) => {
      const first = params[0];
      if (!first) return "";
      if (first.seriesId === "stages") {
        const p = first;
        return `${escapeHtml(formatStamp(Math.round(p.value[0] / 1000), ctx.timezone))}<br/>${p.marker}${escapeHtml(String(p.value[1] ?? ""))}`;
      }
      const head = pointLabel(report, first.value[0], ctx.timezone);
      const values = params.filter((p) => typeof p.value[1] === "number");
      const lines = values.map(
        (p) => `${p.marker}${escapeHtml(p.seriesName)}: ${fmt(p.value[1] as number)} ${escapeHtml(unit)}`,
      );
      if (sleep && values.length) {
        const total = values.reduce((a, p) => a + (p.value[1] as number), 0);
        lines.push(`${escapeHtml(labels.total)}: ${fmt(total)} ${escapeHtml(unit)}`);
      }
      return [escapeHtml(head), ...lines].join("<br/>");
    },
  };

  const legend = {
    top: 0,
    type: "scroll",
    itemWidth: 18,
    textStyle: { color: "rgba(0,0,0,0.87)" },
    data: series.map((s) => s.name),
  };

  if (!stages) {
    return { animation: false, ...main, legend, tooltip, series: drawn };
  }
  const first = (report.sleep?.[0]?.start ?? report.start_time) * 1000;
  const last = (report.sleep?.at(-1)?.end ?? report.end_time) * 1000;
  return {
    animation: false,
    legend,
    tooltip,
    grid: [main.grid, { left: 8, right: 16, top: "66%", bottom: 8, containLabel: true }],
    xAxis: [
      main.xAxis,
      {
        type: "time",
        gridIndex: 1,
        min: first,
        max: last,
        axisLabel: {
          hideOverlap: true,
          color: muted,
          formatter: (v: number) => timeLabel(v, 0, ctx.timezone),
        },
        splitLine: { show: false },
      },
    ],
    yAxis: [
      main.yAxis,
      {
        type: "category",
        gridIndex: 1,
        data: STAGE_ORDER.map((st) => labels[st]),
        axisLabel: { color: muted },
        splitLine: { show: true, lineStyle: { color: "rgba(0,0,0,0.08)" } },
      },
    ],
    series: [
      ...drawn,
      {
        id: "stages",
        type: "line",
        name: labels.stages,
        xAxisIndex: 1,
        yAxisIndex: 1,
        data: stages,
        color: "#283593",
        showSymbol: false,
        connectNulls: false,
        lineStyle: { width: 2 },
      },
    ],
  };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A row of the chart's text alternative. */
export interface SummaryRow {
  label: string;
  values: (number | null)[];
}

/**
 * The values behind the chart as table rows (the text alternative of the canvas): every point when there are
 * few, else grouped by hour (windows up to two days), day (up to 62 days) or month, with the group's
 * highest, lowest and average (totals for steps; averages per night for sleep).
 */
export function summaryRows(report: Report, series: SeriesSpec[], tz: string): SummaryRow[] {
  const times = [...new Set(series.flatMap((s) => s.points.map((p) => p[0])))].sort((a, b) => a - b);
  const byTime = series.map((s) => new Map(s.points));
  const spanMs = (report.end_time - report.start_time) * 1000;
  const bar = report.aggregation !== "mean";
  const label = (ms: number) => pointLabel(report, ms, tz);
  if (times.length <= 62)
    return times.map((t) => ({ label: label(t), values: byTime.map((m) => m.get(t) ?? null) }));

  const unit: "hour" | "day" | "month" =
    spanMs <= 2 * DAY_MS ? "hour" : spanMs <= 62 * DAY_MS ? "day" : "month";
  const keyOf = (ms: number) => {
    const w = toWall(bar ? ms - 1 : ms, tz);
    const p = (n: number) => String(n).padStart(2, "0");
    if (unit === "month") return `${w.year}/${p(w.month)}`;
    const day = `${w.year}/${p(w.month)}/${p(w.day)}`;
    return unit === "day" ? day : `${day} ${p(w.hour)}:00`;
  };
  const groups = new Map<string, number[]>();
  for (const t of times) {
    const k = keyOf(t);
    const g = groups.get(k);
    if (g) g.push(t);
    else groups.set(k, [t]);
  }
  return [...groups].map(([k, ts]) => ({
    label: k,
    values: series.map((s, i) => {
      const vs = ts.map((t) => byTime[i]?.get(t)).filter((v): v is number => v !== null && v !== undefined);
      if (!vs.length) return null;
      if (report.aggregation === "sum") return vs.reduce((a, b) => a + b, 0);
      if (s.key.endsWith("max")) return Math.max(...vs);
      if (s.key.endsWith("min")) return Math.min(...vs);
      return round(vs.reduce((a, b) => a + b, 0) / vs.length, 3);
    }),
  }));
}

/** Highest, lowest and average (or total) of the window, for the chart's accessible description. */
export function overview(report: Report): {
  high: number | null;
  low: number | null;
  mean: number | null;
  total: number | null;
} {
  const col = (i: 1 | 2 | 3) => report.values.map((r) => r[i]).filter((v): v is number => v !== null);
  const avg = (vs: number[]) => (vs.length ? vs.reduce((a, b) => a + b, 0) / vs.length : null);
  if (report.aggregation === "sum") {
    const t = col(1);
    return {
      high: t.length ? Math.max(...t) : null,
      low: null,
      mean: null,
      total: t.length ? t.reduce((a, b) => a + b, 0) : null,
    };
  }
  if (report.aggregation === "sleep") {
    const t = col(1);
    return {
      high: t.length ? Math.max(...t) : null,
      low: t.length ? Math.min(...t) : null,
      mean: avg(t),
      total: null,
    };
  }
  return { high: report.max_value, low: report.min_value, mean: avg(col(3)), total: null };
}

const NO_LABELS: ChartLabels = {
  max: "",
  min: "",
  mean: "",
  value: "",
  systolic: "s",
  diastolic: "d",
  total: "",
  deep: "",
  light: "",
  rem: "",
  awake: "",
  stages: "",
  zones: { green: "", yellow: "", red: "" },
};

/** The zone bands the chart draws for a zone choice, from the bottom up (its legend and data attributes). */
export function drawnBands(
  report: Report,
  line: ZoneLine = defaultZoneLine(report),
): { zone: Zone; from: number; to: number }[] {
  return bandsOf(report, yAxisOf(report, seriesOf(report, NO_LABELS)), line);
}

/** The zones whose bands the chart shows, from the bottom up (for the legend beside it). */
export function zoneColoursOf(report: Report, line: ZoneLine = defaultZoneLine(report)): Zone[] {
  return [...new Set(drawnBands(report, line).map((b) => b.zone))];
}
