import {
  DEFAULT_TIMEZONE,
  INGEST_MIN_TIME_S,
  isValidTimezone,
  type ReportId,
  type ReportInterval,
  SLEEP,
  timeError,
  type WindowLimitDays,
  windowError,
} from "@mimamori/shared";

/**
 * The report window of spec §4 as pure functions of a start (unix seconds), an interval, "now" and an IANA
 * time zone. Calendar arithmetic (days, months, years) happens on the local wall clock of the zone, so a
 * week back across a daylight-saving change still starts at local midnight.
 */
export interface ReportWindow {
  /** Unix seconds. */
  start: number;
  interval: ReportInterval;
}

/** A local wall-clock time of a zone; month 1–12. */
export interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function formatOf(tz: string): Intl.DateTimeFormat {
  let f = formats.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: tz,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formats.set(tz, f);
  }
  return f;
}

/** The wall clock of `ms` (epoch milliseconds) in `tz`. */
export function toWall(ms: number, tz: string): Wall & { second: number } {
  const p = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of formatOf(tz).formatToParts(new Date(ms))) {
    if (part.type in p) p[part.type as keyof typeof p] = Number(part.value);
  }
  return { year: p.year, month: p.month, day: p.day, hour: p.hour % 24, minute: p.minute, second: p.second };
}

/** The zone's offset from UTC (ms) at the instant `ms`. */
function offsetAt(ms: number, tz: string): number {
  const w = toWall(ms, tz);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant (epoch ms) of a wall-clock time in `tz`. A time skipped by a spring-forward change maps to the
 * instant one gap later (02:30 → 03:30, as \`Date\` does); a repeated autumn time maps to its first occurrence.
 */
export function fromWall(w: Wall, tz: string): number {
  const naive = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
  const before = naive - offsetAt(naive - 86400_000, tz);
  const after = naive - offsetAt(naive + 86400_000, tz);
  const candidates = [before, after].filter((t) => {
    const x = toWall(t, tz);
    return (
      x.year === w.year &&
      x.month === w.month &&
      x.day === w.day &&
      x.hour === w.hour &&
      x.minute === w.minute
    );
  });
  if (candidates.length) return Math.min(...candidates);
  // inside a spring-forward gap
  return Math.max(before, after);
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Adds calendar units to a wall time; months and years clamp the day (31 March − 1 month = 28/29 February). */
export function addWall(w: Wall, unit: "day" | "month" | "year", n: number): Wall {
  if (unit === "day") {
    const d = new Date(Date.UTC(w.year, w.month - 1, w.day + n));
    return { ...w, year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
  }
  const months = w.year * 12 + (w.month - 1) + (unit === "month" ? n : 12 * n);
  const year = Math.floor(months / 12);
  const month = (months % 12) + 1;
  return { ...w, year, month, day: Math.min(w.day, daysInMonth(year, month)) };
}

const sec = (ms: number) => Math.floor(ms / 1000);

/** Local midnight (unix seconds) of the day holding `t`. */
export function startOfDay(t: number, tz: string): number {
  const w = toWall(t * 1000, tz);
  return sec(fromWall({ ...w, hour: 0, minute: 0 }, tz));
}

/** The start (unix seconds) of the local hour holding `t`. */
export function startOfHour(t: number, tz: string): number {
  const w = toWall(t * 1000, tz);
  return t - w.minute * 60 - w.second;
}

/** One interval unit (§4: previous and next move the start by one of these). */
const UNITS: Record<ReportInterval, { unit: "hour" | "day" | "month" | "year"; n: number }> = {
  hourly: { unit: "hour", n: 1 },
  daily: { unit: "day", n: 1 },
  weekly: { unit: "day", n: 7 },
  monthly: { unit: "month", n: 1 },
  yearly: { unit: "year", n: 1 },
};

/** The start moved by `steps` interval units (negative: back in time). */
export function shiftStart(start: number, interval: ReportInterval, steps: number, tz: string): number {
  const { unit, n } = UNITS[interval];
  if (unit === "hour") return start + steps * n * 3600;
  return sec(fromWall(addWall(toWall(start * 1000, tz), unit, steps * n), tz));
}

/** The end (exclusive, unix seconds) of the window: one interval unit after the start. */
export function windowEnd(start: number, interval: ReportInterval, tz: string): number {
  return shiftStart(start, interval, 1, tz);
}

/**
 * The start of the latest window of an interval, the one that ends with today: hourly the current hour,
 * daily today, weekly 6 days ago (§4 default), monthly one month ago plus one day, yearly 1 January.
 */
export function latestStart(interval: ReportInterval, now: number, tz: string): number {
  const today = toWall(now * 1000, tz);
  const midnight = { ...today, hour: 0, minute: 0 };
  switch (interval) {
    case "hourly":
      return startOfHour(now, tz);
    case "daily":
      return sec(fromWall(midnight, tz));
    case "weekly":
      return sec(fromWall(addWall(midnight, "day", -6), tz));
    case "monthly":
      return sec(fromWall(addWall(addWall(midnight, "month", -1), "day", 1), tz));
    case "yearly":
      return sec(fromWall({ ...midnight, month: 1, day: 1 }, tz));
  }
}

/** §4: the window a report opens with: 6 days ago, weekly; sleep in the mobile view: today, daily. */
export function defaultWindow(
  reportId: string,
  now: number,
  tz: string,
  options: { mobile?: boolean } = {},
): ReportWindow {
  const interval: ReportInterval = options.mobile && reportId === (SLEEP as ReportId) ? "daily" : "weekly";
  return { start: latestStart(interval, now, tz), interval };
}

/** §4: the start hour can be chosen only for hourly and daily windows. */
export function hourEditable(interval: ReportInterval): boolean {
  return interval === "hourly" || interval === "daily";
}

/**
 * The filter dialog's rules (§4): the start keeps its time only for hourly and daily, otherwise it resets to
 * 00:00; weekly and monthly move the start back to 6 days ago or one month ago plus one day when the chosen
 * start is later (so the window never reaches past today, CLIENT-REP-19); yearly starts on 1 January.
 */
export function adjustStart(start: number, interval: ReportInterval, now: number, tz: string): number {
  if (hourEditable(interval)) return start;
  const day = startOfDay(start, tz);
  if (interval === "yearly") {
    const w = toWall(day * 1000, tz);
    return sec(fromWall({ ...w, month: 1, day: 1, hour: 0, minute: 0 }, tz));
  }
  return Math.min(day, latestStart(interval, now, tz));
}

/** The window shown when the interval is switched outside the filter dialog: the latest one of that interval. */
export function windowForInterval(interval: ReportInterval, now: number, tz: string): ReportWindow {
  return { start: latestStart(interval, now, tz), interval };
}

const NOMINAL_S: Record<ReportWindow["interval"], number> = {
  hourly: 3600,
  daily: 86400,
  weekly: 7 * 86400,
  monthly: 30.44 * 86400,
  yearly: 365.25 * 86400,
};

/**
 * The chart paging index (§4, never below 1): 1 for the window that holds now (or a later one), 2 for the
 * one before it, and so on. "Next" is possible only above 1.
 */
export function pagingIndex(w: ReportWindow, now: number, tz: string): number {
  if (w.start > now) return 1;
  // how many times the start can move forward and still not be after now
  let k = Math.max(0, Math.floor((now - w.start) / NOMINAL_S[w.interval]) - 1);
  while (k > 0 && shiftStart(w.start, w.interval, k, tz) > now) k--;
  while (shiftStart(w.start, w.interval, k + 1, tz) <= now) k++;
  return k + 1;
}

export function canGoNext(w: ReportWindow, now: number, tz: string): boolean {
  return pagingIndex(w, now, tz) > 1;
}

/** Data starts in 2010 (ingestion refuses older samples): no paging before that. */
export function canGoPrevious(w: ReportWindow, tz: string): boolean {
  return shiftStart(w.start, w.interval, -1, tz) >= INGEST_MIN_TIME_S - 366 * 86400;
}

/** One step back (-1) or forward (+1); forward stops at paging index 1. */
export function page(w: ReportWindow, dir: -1 | 1, now: number, tz: string): ReportWindow {
  if (dir === 1 && !canGoNext(w, now, tz)) return w;
  return { ...w, start: shiftStart(w.start, w.interval, dir, tz) };
}

const pad = (n: number, size = 2) => String(n).padStart(size, "0");

/** The date and time inputs' values (`YYYY-MM-DD`, `HH:mm`) of a start in `tz`. */
export function toInputs(t: number, tz: string): { date: string; time: string } {
  const w = toWall(t * 1000, tz);
  return { date: `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`, time: `${pad(w.hour)}:${pad(w.minute)}` };
}

/** The start (unix seconds) of date and time inputs in `tz`; null when the date is not valid. */
export function fromInputs(date: string, time: string, tz: string): number | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!d) return null;
  const tm = /^(\d{2}):(\d{2})/.exec(time || "00:00");
  const [year, month, day] = [Number(d[1]), Number(d[2]), Number(d[3])];
  const [hour, minute] = tm ? [Number(tm[1]), Number(tm[2])] : [0, 0];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month) || hour > 23 || minute > 59)
    return null;
  return sec(fromWall({ year, month, day, hour, minute }, tz));
}

/** The value of a `datetime-local` input (`YYYY-MM-DDTHH:mm`) showing unix seconds `t` in `tz`. */
export function toDateTimeInput(t: number, tz: string): string {
  const v = toInputs(t, tz);
  return `${v.date}T${v.time}`;
}

/** Unix seconds of a `datetime-local` input's value read in `tz`; null when empty or not valid. */
export function fromDateTimeInput(value: string, tz: string): number | null {
  const [date, time] = value.split("T");
  return date && time ? fromInputs(date, time, tz) : null;
}

/**
 * Catalogue codes of what is wrong with a download's period, per field: both required (§5), end after start,
 * within `maxDays` and the years the server answers (the server's own check, docs/decisions.md "Trust").
 */
export function periodErrors(
  start: number | null,
  end: number | null,
  maxDays: WindowLimitDays,
): { from?: string; to?: string } {
  if (start === null || end === null)
    return { from: start === null ? "required" : undefined, to: end === null ? "required" : undefined };
  const code = windowError(start, end, maxDays);
  if (!code) return {};
  return timeError(start) ? { from: code } : { to: code };
}

/** `YYYY/MM/DD HH:mm` (§9), or `YYYY/MM/DD` without the time. */
export function formatStamp(t: number, tz: string, withTime = true): string {
  const w = toWall(t * 1000, tz);
  const date = `${pad(w.year, 4)}/${pad(w.month)}/${pad(w.day)}`;
  return withTime ? `${date} ${pad(w.hour)}:${pad(w.minute)}` : date;
}

/** The browser's IANA time zone, which every report call sends (Asia/Tokyo when unknown). */
export function browserTimezone(): string {
  try {
    const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return tz && isValidTimezone(tz) ? tz : DEFAULT_TIMEZONE;
  } catch {
    return DEFAULT_TIMEZONE;
  }
}

/**
 * Reads a window from URL parameters (`start`, `interval`): an unknown interval gives `fallback`, a missing or
 * invalid start the latest window of the interval.
 */
export function windowFromParams(
  params: URLSearchParams,
  fallback: ReportWindow,
  allowed: readonly ReportInterval[],
  now: number,
  tz: string,
): ReportWindow {
  const interval = params.get("interval");
  const raw = params.get("start");
  const start = raw === null || raw === "" ? Number.NaN : Number(raw);
  const known = allowed.find((i) => i === interval);
  if (!known) return fallback;
  if (!Number.isInteger(start) || start < INGEST_MIN_TIME_S - 366 * 86400)
    return windowForInterval(known, now, tz);
  return { interval: known, start };
}
