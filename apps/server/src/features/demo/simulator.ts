import type { SleepStage } from "@mimamori/shared";
import type { Db } from "../../db/client";
import { DAY, HOUR, MINUTE as MIN } from "../../jobs/clock";
import type { Sample, Segment } from "../vitals";
import { type IngestHook, type StoreResult, storeBatch } from "../vitals";

/** Deterministic PRNG (mulberry32): the same seed gives the same band data, so re-runs are idempotent. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (lo: number, hi: number) => lo + (hi - lo) * next(),
    normal: (mean: number, sd: number) => {
      const u = Math.max(next(), 1e-12);
      return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
    },
    chance: (p: number) => next() < p,
  };
}
type Rng = ReturnType<typeof prng>;

export interface SimOptions {
  /** Days of history ending at `end`. */
  days: number;
  /** End of the data (epoch ms); default now. */
  end?: number;
  seed: number;
  /** Minutes between heart-rate samples (default 5; 1 for dense data). */
  hrStep?: number;
  /** Offset of the wearer's local time from UTC in hours (default 9, Japan). */
  utcOffset?: number;
  /** Minutes between skin-temperature, respiration and heat-stress samples (default 10). */
  levelStep?: number;
  /** Who wears the band: traits that replace the drawn ones (an older resident, a warehouse worker). */
  traits?: Partial<Traits>;
  /** The heat-stress score of a cool hour and the local hour of the day's peak (default 15 at 13.5). */
  heat?: { base: number; peakHour: number };
  /**
   * From this time on (epoch ms) no random excursion into red (a racing heart, a heat day, a night-time SpO2 dip):
   * the latest values stay calm, so the demo's only members in the red now are the ones it puts there.
   */
  calmFrom?: number;
  /** The chance of a day with a 15-minute racing heart (160–175 bpm) in the afternoon (default 0.08). */
  excursionChance?: number;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const r1 = (v: number) => Math.round(v * 10) / 10;

/** A wearer's traits, fixed per seed. */
function traits(rng: Rng) {
  return {
    restHr: rng.between(55, 68),
    bedtime: rng.between(22.5, 24), // local hour
    sleepHours: rng.between(6, 8),
    skin: rng.between(33, 34.3),
    spo2: rng.between(96, 98),
    sys: rng.between(110, 128),
    dia: rng.between(68, 80),
    activity: rng.between(0.6, 1.4),
    hrv: rng.between(35, 60),
    heat: rng.between(0.5, 1.3),
    strain: rng.between(10, 24),
    mood: rng.between(4, 14),
  };
}
export type Traits = ReturnType<typeof traits>;

const STAGE_PLAN: [SleepStage, number, number][] = [
  ["light", 25, 45],
  ["deep", 15, 40],
  ["light", 10, 25],
  ["rem", 10, 30],
];

/** One night of sleep from `start` (epoch ms) lasting about `hours`: 90-minute cycles of stages. */
function night(rng: Rng, start: number, hours: number): Segment[] {
  const out: Segment[] = [];
  const end = start + hours * HOUR;
  let t = start;
  let cycle = 0;
  while (t < end - 10 * MIN) {
    for (const [stage, lo, hi] of STAGE_PLAN) {
      // deep sleep shortens and REM lengthens through the night
      const f = stage === "deep" ? 1 - cycle * 0.2 : stage === "rem" ? 1 + cycle * 0.25 : 1;
      const len = Math.max(5, Math.round(rng.between(lo, hi) * Math.max(0.2, f))) * MIN;
      const e = Math.min(end, t + len);
      if (e - t >= 5 * MIN) out.push({ index: out.length, start: t, end: e, stage });
      t = e;
      if (t >= end) break;
    }
    if (rng.chance(0.3) && t < end - 10 * MIN) {
      const e = t + Math.round(rng.between(2, 8)) * MIN;
      out.push({ index: out.length, start: t, end: e, stage: "awake" });
      t = e;
    }
    cycle++;
  }
  return out;
}

/**
 * Realistic band data, one batch per local day: circadian heart rate, night-time sleep with stages, daytime
 * steps, morning/noon/evening blood pressure, SpO2 95–99, occasional red-zone excursions and hours without
 * the band. Times sit on a minute grid so the same seed always yields the same samples.
 */
export function* simulateDays(o: SimOptions): Generator<{ samples: Sample[]; segments: Segment[] }> {
  const rng = prng(o.seed);
  const t = { ...traits(rng), ...o.traits };
  const hrStep = o.hrStep ?? 5;
  const levelStep = o.levelStep ?? 10;
  const heatCurve = o.heat ?? { base: 15, peakHour: 13.5 };
  const calm = (at: number) => o.calmFrom !== undefined && at >= o.calmFrom;
  const offset = (o.utcOffset ?? 9) * HOUR;
  const end = Math.floor((o.end ?? Date.now()) / MIN) * MIN;
  const firstDay = Math.floor((end + offset) / DAY) * DAY - offset - (o.days - 1) * DAY; // local midnight
  for (let day = firstDay; day < end; day += DAY) {
    // hours without the band (shower, charging): one or two gaps in the day
    const offGaps: [number, number][] = [];
    for (let g = 0; g < (rng.chance(0.5) ? 2 : 1); g++) {
      const s = day + Math.round(rng.between(8, 20) * 60) * MIN;
      offGaps.push([s, s + Math.round(rng.between(40, 150)) * MIN]);
    }
    const samples: Sample[] = [];
    const add = (code: number, at: number, value: number) => {
      if (at < end && !offGaps.some(([a, b]) => at >= a && at < b))
        samples.push({ measure: code, at, value });
    };
    const bed = day + Math.round((t.bedtime - 24) * 60) * MIN; // previous evening
    const wake = bed + Math.round((t.sleepHours + rng.normal(0, 0.4)) * 60) * MIN;
    const asleep = (at: number) => at >= bed && at < wake;
    const hourOf = (at: number) => ((at - day) / HOUR) % 24;
    const excursion = rng.chance(o.excursionChance ?? 0.08)
      ? day + Math.round(rng.between(10, 17) * 60) * MIN
      : null;
    const heatDay = rng.chance(0.06);
    const segments = night(rng, bed, (wake - bed) / HOUR).filter((s) => s.end <= end);

    for (let at = day; at < day + DAY; at += hrStep * MIN) {
      const h = hourOf(at);
      let hr = asleep(at) ? t.restHr - 6 : t.restHr + 8 + 6 * Math.sin(((h - 9) / 24) * 2 * Math.PI);
      if (!asleep(at) && rng.chance(0.04)) hr += rng.between(15, 45); // climbing stairs, a brisk walk
      if (excursion && at >= excursion && at < excursion + 15 * MIN && !calm(at)) hr = rng.between(160, 175);
      add(5091, at, Math.round(clamp(rng.normal(hr, 3), 35, 200)));
    }
    for (let at = day; at < day + DAY; at += levelStep * MIN) {
      const h = hourOf(at);
      add(5092, at, r1(t.skin + (asleep(at) ? 0.8 : 0) + rng.normal(0, 0.25)));
      add(5094, at, Math.round(clamp(rng.normal(asleep(at) ? 13 : 16, 1.2), 8, 30)));
      if (h >= 8 && h < 18) {
        const midday = Math.exp(-(((h - heatCurve.peakHour) / 3) ** 2));
        const heat = heatCurve.base + (heatDay && !calm(at) ? 30 : 0) + 30 * t.heat * midday;
        add(5098, at, Math.round(clamp(rng.normal(heat, 4), 0, 100)));
      }
    }
    for (let at = day; at < day + DAY; at += 30 * MIN) {
      const dip = asleep(at) && rng.chance(0.03) && !calm(at) ? rng.between(5, 8) : 0;
      add(5093, at, Math.round(clamp(rng.normal(t.spo2 - dip, 0.7), 85, 100)));
    }
    for (let at = day; at < day + DAY; at += HOUR)
      add(5099, at, Math.round(clamp(rng.normal(t.hrv + (asleep(at) ? 15 : 0), 8), 10, 150)));
    for (let at = day; at < day + DAY; at += 15 * MIN) {
      const h = hourOf(at);
      if (asleep(at) || h < 6 || h >= 23) continue;
      const walking = (h >= 7.5 && h < 9) || (h >= 12 && h < 13) || (h >= 17.5 && h < 19) ? 3 : 1;
      add(5097, at, Math.max(0, Math.round(rng.normal(120 * walking * t.activity, 60))));
    }
    for (const h of [7.5, 12.5, 19.5]) {
      const at = day + h * HOUR;
      const sys = Math.round(rng.normal(t.sys + (h > 12 ? 4 : 0), 6));
      add(5095, at, sys);
      add(5096, at, Math.round(rng.normal(t.dia + (sys - t.sys) * 0.4, 4)));
    }
    add(5102, day + 21 * HOUR, Math.round(clamp(rng.normal(t.strain, 4), 0, 56)));
    add(5103, day + 21 * HOUR, Math.round(clamp(rng.normal(t.mood, 3), 0, 63)));
    yield { samples, segments };
  }
}

/**
 * Loads simulated data for one user through the bulk path of ingestion (`storeBatch`: the same
 * transaction and bucket maintenance as POST /user/vitals), in batches of at most `batch` samples; `onStored` is
 * the work done in each batch's transaction (the demo's week judges its batches for alerts, as uploads are).
 */
export async function loadUser(
  db: Db,
  userId: string,
  o: SimOptions,
  batch = 5000,
  onStored?: IngestHook,
): Promise<number> {
  let stored = 0;
  let pending: Sample[] = [];
  let pendingSleep: Segment[] = [];
  const flush = async () => {
    if (!pending.length && !pendingSleep.length) return;
    const r: StoreResult = await storeBatch(db, userId, pending, pendingSleep, onStored);
    stored += r.accepted;
    pending = [];
    pendingSleep = [];
  };
  for (const { samples, segments } of simulateDays(o)) {
    if (pending.length + samples.length > batch) await flush();
    pending.push(...samples);
    pendingSleep.push(...segments.map((s, i) => ({ ...s, index: pendingSleep.length + i })));
  }
  await flush();
  return stored;
}
