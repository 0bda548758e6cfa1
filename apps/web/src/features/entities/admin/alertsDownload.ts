import { ADMIN_NOTIF_TYPE, NOTIFICATION_LIMITS, NOTIFICATION_TYPE } from "@mimamori/shared";
import type { AdminAlertsQuery } from "../../../api/alerts";
import { periodErrors } from "../../reports/common/window";

/** The alert types as the admin card names them. */
export const ALERT_KINDS = ["measurement", "sync"] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/**
 * The admin call's `notif_type` of a kind: the spec's admin numbering (1 measurement, 2 synchronization),
 * read backwards from the contract's translation (`ADMIN_NOTIF_TYPE`) so the two never disagree (NOTIF-17).
 */
export function adminNotifType(kind: AlertKind): 1 | 2 {
  const type = NOTIFICATION_TYPE[kind];
  return ADMIN_NOTIF_TYPE[1] === type ? 1 : 2;
}

/** The card's default period: the last 30 days up to the next whole minute (the inputs show minutes). */
export const DEFAULT_DAYS = 30;
export function defaultPeriod(nowS: number): { start: number; end: number } {
  const end = Math.ceil(nowS / 60) * 60;
  return { start: end - DEFAULT_DAYS * 86_400, end };
}

/**
 * The download's query, or why the period cannot be asked for (the server's own window rule and messages: end
 * after start, at most 366 days).
 */
export function downloadQuery(
  start: number | null,
  end: number | null,
  kind: AlertKind,
): { query: AdminAlertsQuery } | { errors: { from?: string; to?: string } } {
  const errors = periodErrors(start, end, NOTIFICATION_LIMITS.windowDays);
  if (start === null || end === null || errors.from || errors.to) return { errors };
  return { query: { start_time: start, end_time: end, notif_type: adminNotifType(kind) } };
}

/** The file name when the answer names none. */
export function fallbackName(workspace: string, kind: AlertKind): string {
  return `notifications-${workspace}-${kind}.csv`;
}
