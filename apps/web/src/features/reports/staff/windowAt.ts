import { INGEST_MIN_TIME_S, timeError } from "@mimamori/shared";
import { type ReportWindow, startOfHour } from "../common/window";

/**
 * The `at` of a member report link (an alert's time, epoch seconds; the alert mails and the notifications list
 * link so), or null when it is not a time a chart can show: then the page opens as without it.
 */
export function atOf(raw: string | null, nowS = Date.now() / 1000): number | null {
  if (raw === null || !/^\d{1,12}$/.test(raw)) return null;
  const at = Number(raw);
  return at >= INGEST_MIN_TIME_S && timeError(at, nowS) === null ? at : null;
}

/**
 * The chart window an alert link opens: a daily window (one point per hour) with the alert's time in its
 * middle, starting on the hour twelve hours before it, so the lead-up and what followed are both in view.
 */
export function windowAt(at: number, tz: string): ReportWindow {
  return { start: startOfHour(at - 12 * 3600, tz), interval: "daily" };
}
