import { Cron } from "croner";

/** When a recurring send runs: the parts of a `form_schedules` row (or a schedule body) that decide it. */
export interface ScheduleTiming {
  kind: "daily" | "weekly";
  /** 0 Sunday … 6 Saturday (weekly only). */
  weekdays: readonly number[];
  /** HH:mm, wall-clock time in `timeZone`. */
  localTime: string;
  /** IANA zone (the entity's). */
  timeZone: string;
}

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * The schedule as a 5-field cron expression on the local clock: daily `m h * * *`, weekly `m h * * 1,3,5`.
 * Throws on a malformed time or a weekly schedule without weekdays (the schedule body's schema refuses both).
 */
export function cronExpression(s: Pick<ScheduleTiming, "kind" | "weekdays" | "localTime">): string {
  const m = CLOCK.exec(s.localTime);
  if (!m) throw new Error(`schedule time ${s.localTime} is not HH:mm`);
  const [hour, minute] = [Number(m[1]), Number(m[2])];
  if (s.kind === "daily") return `${minute} ${hour} * * *`;
  const days = [...new Set(s.weekdays)].filter((d) => Number.isInteger(d) && d >= 0 && d <= 6).sort();
  if (!days.length) throw new Error("a weekly schedule needs at least one weekday");
  return `${minute} ${hour} * * ${days.join(",")}`;
}

/**
 * The first run strictly after `after`, read on the wall clock of the schedule's zone (so 09:00 in Tokyo is
 * 00:00 UTC, and 09:00 in New York moves by an hour in UTC across DST); null when the schedule cannot run (no
 * weekday, a malformed time, a zone the platform does not know). Whether the schedule is active is the
 * caller's question.
 */
export function nextRunAt(s: ScheduleTiming, after: Date): Date | null {
  let pattern: string;
  try {
    pattern = cronExpression(s);
  } catch {
    return null;
  }
  try {
    // no function and paused: only evaluated, never scheduled (no timer keeps the process alive)
    const cron = new Cron(pattern, { timezone: s.timeZone, paused: true, mode: "5-part" });
    return cron.nextRun(after);
  } catch {
    return null;
  }
}
