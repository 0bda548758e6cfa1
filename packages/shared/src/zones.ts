import type { Direction, Measure, Zone, ZoneRange, ZoneRanges } from "./measures";

const round1 = (x: number) => Math.round(x * 10) / 10;

/**
 * Default ranges of §9 as positions along the measure's scale (min + p·(max − min); with a scale starting at 0
 * this is p·max): max [min, 70%, 80%, max], min [min, 50%, 70%, max], mean [min, 40%, 50%, max].
 * For measures where low values are bad the cut points are mirrored (max 30/50%, min 20/30%, mean 50/60%).
 */
export function defaultRanges(m: Measure): ZoneRanges {
  const { min, max } = m.scale;
  const at = (p: number) => round1(min + p * (max - min));
  const r = (a: number, b: number): ZoneRange => [min, at(a), at(b), max];
  return m.direction === "high"
    ? { maxValue: r(0.7, 0.8), minValue: r(0.5, 0.7), meanValue: r(0.4, 0.5) }
    : { maxValue: r(0.3, 0.5), minValue: r(0.2, 0.3), meanValue: r(0.5, 0.6) };
}

/** The colours of the three bands from the lowest to the highest. */
export function zoneColours(direction: Direction): [Zone, Zone, Zone] {
  return direction === "high" ? ["green", "yellow", "red"] : ["red", "yellow", "green"];
}

/**
 * The zone of a value: the band [r0, r1) is the first, [r1, r2) the second, [r2, r3] and above the third;
 * below r0 counts as the first. For `high` measures the bands are green, yellow, red; for `low` ones red,
 * yellow, green. No value, no zone.
 */
export function zoneOf(
  value: number | null | undefined,
  range: readonly number[],
  direction: Direction = "high",
): Zone | null {
  const [, r1, r2] = range;
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  if (r1 === undefined || r2 === undefined) return null; // not a range: no zone
  const band = value < r1 ? 0 : value < r2 ? 1 : 2;
  return zoneColours(direction)[band];
}

/** The worse of two zones (red over yellow over green). */
export function worseZone(a: Zone | null, b: Zone | null): Zone | null {
  const rank = (z: Zone | null) => (z === "red" ? 3 : z === "yellow" ? 2 : z === "green" ? 1 : 0);
  return rank(a) >= rank(b) ? a : b;
}

/** True when the four numbers are finite, non-decreasing and span something. */
export function isValidRange(r: readonly number[]): boolean {
  const [a, b, c, d] = r;
  if (r.length !== 4 || a === undefined || b === undefined || c === undefined || d === undefined)
    return false;
  return r.every((x) => Number.isFinite(x)) && a <= b && b <= c && c <= d && a < d;
}

/** The skin temperature is shown in °F for American, US and Pacific time zones. */
export function usesFahrenheit(timezone: string): boolean {
  return /^(America|US|Pacific)\//.test(timezone);
}
export const celsiusToFahrenheit = (c: number) => (c * 9) / 5 + 32;
export const fahrenheitToCelsius = (f: number) => ((f - 32) * 5) / 9;
