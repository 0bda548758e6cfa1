import {
  celsiusToFahrenheit,
  fahrenheitToCelsius,
  type Language,
  type Measure,
  type ReportId,
  SKIN_TEMPERATURE,
  usesFahrenheit,
  type ZoneRange,
  type ZoneRanges,
} from "@mimamori/shared";

/**
 * How a measure is shown in a time zone: skin temperature in °F in American, US and Pacific zones (§9),
 * everything else as stored. `toView` converts stored values, `fromView` converts values sent back.
 */
export interface View {
  unit: string;
  toView(v: number): number;
  toViewOrNull(v: number | null): number | null;
  fromView(v: number): number;
  ranges(r: ZoneRanges, dir: "toView" | "fromView"): ZoneRanges;
  scale: { min: number; max: number };
}

const round = (v: number, places = 3) => {
  const factor = 10 ** places;
  return Math.round(v * factor) / factor;
};

export function viewOf(m: Measure, timezone: string, lang: Language): View {
  const inFahrenheit = m.id === SKIN_TEMPERATURE && usesFahrenheit(timezone);
  const toView = (v: number) => round(inFahrenheit ? celsiusToFahrenheit(v) : v);
  const fromView = (v: number) => (inFahrenheit ? fahrenheitToCelsius(v) : v);
  // shown ranges are rounded to the slider step; ranges sent back are stored unrounded
  const map = (r: ZoneRange, fn: (v: number) => number, places: number | null) =>
    r.map((x) => (places === null ? fn(x) : round(fn(x), places))) as ZoneRange;
  return {
    unit: inFahrenheit ? "°F" : m.unit[lang],
    toView,
    toViewOrNull: (v) => (v === null ? null : toView(v)),
    fromView,
    ranges: (r, dir) => {
      const [fn, places] = dir === "toView" ? [toView, 1] : [fromView, null];
      return {
        maxValue: map(r.maxValue, fn, places),
        minValue: map(r.minValue, fn, places),
        meanValue: map(r.meanValue, fn, places),
      };
    },
    scale: { min: round(toView(m.scale.min), 1), max: round(toView(m.scale.max), 1) },
  };
}

/** How both reports (a member's chart, the entity's table) name their measure to the viewer. */
export function measureHeading(id: ReportId, m: Measure, view: View, lang: Language) {
  return {
    id,
    name: m.name[lang],
    unit: view.unit,
    decimal: m.decimals,
    direction: m.direction,
    scale: view.scale,
  };
}
