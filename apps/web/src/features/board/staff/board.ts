import {
  type Board,
  type BoardAlertRow,
  type BoardMember,
  type BoardWear,
  type BoardZoneRow,
  HEART_RATE,
  HEAT_STRESS,
  type Language,
  localeOf,
  measureOf,
  type ReportId,
  SNOOZE_CHOICES_MINUTES,
  type Snooze,
  snoozeBodySchema,
  snoozeMaxMinutes,
} from "@mimamori/shared";
import type { TFunction } from "i18next";
import { memberReportPath } from "../../../app/memberLinks";
import { NOTIFICATIONS_PATH, secondsOf } from "../../alerts/staff/alerts";
import { shiftStart, startOfDay } from "../../reports/common/window";

/** A length in whole days, hours and minutes (rounded down to the minute). */
export function durationParts(seconds: number): { days: number; hours: number; minutes: number } {
  const total = Math.max(0, Math.floor(seconds / 60));
  return { days: Math.floor(total / 1440), hours: Math.floor((total % 1440) / 60), minutes: total % 60 };
}

/**
 * A length as people say it: "2 h 10 min" / "2時間10分", "45 min", "3 d 4 h" (days leave the minutes out), and
 * "under a minute" below one.
 */
export function durationText(seconds: number, t: TFunction): string {
  const { days, hours, minutes } = durationParts(seconds);
  const k = "board-staff.duration";
  if (days > 0) return hours > 0 ? t(`${k}.daysHours`, { days, hours }) : t(`${k}.days`, { days });
  if (hours > 0) return minutes > 0 ? t(`${k}.hoursMinutes`, { hours, minutes }) : t(`${k}.hours`, { hours });
  return minutes > 0 ? t(`${k}.minutes`, { minutes }) : t(`${k}.underMinute`);
}

/** The search's form of a text: width-folded (ＡＢＣ → abc), lower case, without surrounding spaces. */
const folded = (text: string) => text.normalize("NFKC").toLowerCase().trim();

/** Whether a member matches the search box (part of the name or of the e-mail address; empty: everyone). */
export function memberMatches(user: Pick<BoardMember, "name" | "email">, search: string): boolean {
  const term = folded(search);
  return term === "" || folded(user.name).includes(term) || folded(user.email).includes(term);
}

/** The board's member lists narrowed to the searched members (forms and wear are the entity's, not a member's). */
export function searchBoard(board: Board, search: string): Board {
  if (folded(search) === "") return board;
  const keep = <T extends { user: Pick<BoardMember, "name" | "email"> }>(rows: T[]) =>
    rows.filter((r) => memberMatches(r.user, search));
  return {
    ...board,
    zones: keep(board.zones),
    not_syncing: keep(board.not_syncing),
    open_alerts: keep(board.open_alerts),
    snoozes: keep(board.snoozes),
  };
}

/** Red before yellow; heat-stress first within a zone; then the newest sample first (the contract's order). */
export function compareZoneRows(a: BoardZoneRow, b: BoardZoneRow): number {
  if (a.zone !== b.zone) return a.zone === "red" ? -1 : 1;
  const heat = Number(b.report_id === HEAT_STRESS) - Number(a.report_id === HEAT_STRESS);
  if (heat !== 0) return heat;
  return Date.parse(b.at) - Date.parse(a.at);
}

export const sortZoneRows = (rows: readonly BoardZoneRow[]) => [...rows].sort(compareZoneRows);

/** Today's wear as shares of the members (0…1; null without members), today and each day of the week. */
export function wearShares(wear: BoardWear): {
  today: number | null;
  week: { date: string; share: number | null }[];
  weekAverage: number | null;
} {
  const share = (n: number) => (wear.members > 0 ? Math.min(1, n / wear.members) : null);
  const week = wear.week.map((d) => ({ date: d.date, share: share(d.members) }));
  const known = week.flatMap((d) => (d.share === null ? [] : [d.share]));
  return {
    today: share(wear.today),
    week,
    weekAverage: known.length > 0 ? known.reduce((s, x) => s + x, 0) / known.length : null,
  };
}

/** The snooze lengths the dialog offers for a measure: at most one hour for heat-stress, 7 days otherwise. */
export function snoozeChoices(reportId: ReportId): number[] {
  const max = snoozeMaxMinutes(reportId);
  return SNOOZE_CHOICES_MINUTES.filter((m) => m <= max);
}

/** A snooze reason's problem as a catalogue code (the server's own rule: required, at most 200 after trimming). */
export function reasonProblem(reason: string): string | null {
  const parsed = snoozeBodySchema.shape.reason.safeParse(reason);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? "invalid-input");
}

/** The active snooze of a member's measure, if any. */
export function snoozeOf(snoozes: readonly Snooze[], uid: string, reportId: ReportId): Snooze | undefined {
  return snoozes.find((s) => s.user.uid === uid && s.report_id === reportId);
}

/** The measure's name in the UI language. */
export const measureName = (reportId: ReportId, language: Language) => measureOf(reportId).name[language];

/** A value with the measure's decimals and the unit the server sent ("38.2 °C", "31.2 pts"). */
export function valueWithUnit(reportId: ReportId, value: number, unit: string, language: Language): string {
  const decimals = measureOf(reportId).decimals;
  const number = new Intl.NumberFormat(localeOf(language), {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value);
  return unit ? `${number} ${unit}` : number;
}

/** The member's chart at a moment, ids only (the link builder of the alert rows and mails); silent: heart rate. */
export function chartLinkOf(user: Pick<BoardMember, "uid">, reportId: ReportId | null, time: string): string {
  return memberReportPath(reportId ?? HEART_RATE, user.uid, secondsOf(time));
}

/** The notifications list over the local days (entity zone) holding the alert, so the alert is in it. */
export function alertListLink(alert: Pick<BoardAlertRow, "time" | "created_at">, timezone: string): string {
  const times = [secondsOf(alert.time), secondsOf(alert.created_at)];
  const start = startOfDay(Math.min(...times), timezone);
  const end = shiftStart(startOfDay(Math.max(...times), timezone), "daily", 1, timezone);
  return `${NOTIFICATIONS_PATH}?${new URLSearchParams({ start: String(start), end: String(end) })}`;
}

/** A form send's answers (the form page's answers tab). */
export const formAnswersLink = (formId: number) => `/staff/form/${formId}/history?tab=answers`;
