import {
  type AlertKind,
  acknowledgeBodySchema,
  alertKindOf,
  HEART_RATE,
  HEAT_STRESS,
  isReportId,
  type Language,
  localeOf,
  measureOf,
  NOTIFICATION_LIMITS,
  type Notification,
  type NotificationList,
  type NotificationWindowQuery,
} from "@mimamori/shared";
import { memberReportPath } from "../../../app/memberLinks";
import { formatStamp, periodErrors, shiftStart, startOfDay } from "../../reports/common/window";

/** Epoch seconds of an ISO instant of the API. */
export const secondsOf = (iso: string) => Math.floor(Date.parse(iso) / 1000);

export const NOTIFICATIONS_PATH = "/staff/notifications";
export const HEAT_RECORD_PATH = "/staff/notifications/heat-illness-record";

/**
 * The member report an alert row opens (the path mail links use): the alert's measure at its time; an
 * out-of-sync alert opens the heart-rate chart at the last sync, where the data stopped. Ids only (the page
 * reads the member's name from the API); the workspace is added by `staffPath`.
 */
export function reportLinkOf(n: Pick<Notification, "report" | "user" | "time">): string {
  return memberReportPath(n.report?.id ?? HEART_RATE, n.user.uid, secondsOf(n.time));
}

/** What an alert is about (heat, vital, wellbeing, sync): the acknowledgement actions that fit it. */
export function kindOf(n: Pick<Notification, "notification_type" | "report">): AlertKind {
  const measure = n.report && isReportId(n.report.id) ? measureOf(n.report.id).measure : null;
  return alertKindOf(n.notification_type, measure);
}

/** The measure's name in the UI language, as the server names it. */
export function reportNameOf(report: NonNullable<Notification["report"]>, language: Language): string {
  return language === "jp" ? report.name_jp : report.name_en;
}

/** An alert's value with its unit, with the measure's decimals ("31.2 pts"); "–" without a value. */
export function valueText(n: Pick<Notification, "report" | "value">, language: Language): string {
  if (n.value === null) return "–";
  const decimals = n.report && isReportId(n.report.id) ? measureOf(n.report.id).decimals : 1;
  const number = new Intl.NumberFormat(localeOf(language), {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(n.value);
  return n.report?.unit ? `${number} ${n.report.unit}` : number;
}

/** A heat-illness record value: a heat-stress score with the measure's unit ("–" for a former member). */
export function heatValueText(value: number | null, language: Language): string {
  const m = measureOf(HEAT_STRESS);
  return valueText(
    { value, report: { id: m.id, name_jp: "", name_en: "", unit: m.unit[language] } },
    language,
  );
}

/** The CSV's name when the server gives none: heat_illness_record_{ws}_{YYYYMMDD}-{YYYYMMDD}.csv. */
export function recordFileName(ws: string, q: NotificationWindowQuery, tz: string): string {
  const day = (t: number) => formatStamp(t, tz, false).replaceAll("/", "");
  return `heat_illness_record_${ws}_${day(q.start_time)}-${day(q.end_time - 1)}.csv`;
}

/**
 * The alerts of a shown list the caller has not seen yet, to be marked seen (at most what one call carries;
 * the rest are marked on the next visit).
 */
export function unseenIds(list: NotificationList): number[] {
  return [...list.sync_list, ...list.measurement_list]
    .filter((n) => !n.is_seen)
    .map((n) => n.id)
    .slice(0, NOTIFICATION_LIMITS.seenMax);
}

/** The default search: the last 7 local days, today included (up to tomorrow's midnight, so today's new alerts show). */
export function defaultPeriod(now: number, tz: string): NotificationWindowQuery {
  const today = startOfDay(now, tz);
  return { start_time: shiftStart(today, "daily", -6, tz), end_time: shiftStart(today, "daily", 1, tz) };
}

/** What is wrong with a period (catalogue codes per field): both required, end after start, at most 366 days. */
export function periodProblems(start: number | null, end: number | null): { from?: string; to?: string } {
  return periodErrors(start, end, NOTIFICATION_LIMITS.windowDays);
}

/** The period of the page's URL (`start`, `end` epoch seconds) when it is a valid one, else the default. */
export function periodFromParams(params: URLSearchParams, now: number, tz: string): NotificationWindowQuery {
  const read = (key: string) => {
    const raw = params.get(key);
    return raw !== null && /^\d{1,12}$/.test(raw) ? Number(raw) : null;
  };
  const start = read("start");
  const end = read("end");
  const problems = periodProblems(start, end);
  if (start === null || end === null || problems.from || problems.to) return defaultPeriod(now, tz);
  return { start_time: start, end_time: end };
}

/** The acknowledgement note's problem as a catalogue code (the server's own rule: at most 500 after trimming). */
export function noteProblem(note: string): string | null {
  const parsed = acknowledgeBodySchema.shape.note.safeParse(note);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? "invalid-input");
}
