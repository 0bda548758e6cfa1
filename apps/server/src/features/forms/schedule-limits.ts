import { FORM_LIMITS } from "@mimamori/shared";
import { AppError } from "../../lib/errors";

/** What the limits compare of a schedule: its days, time, recipients and whether it runs. */
export interface ScheduleShape {
  kind: "daily" | "weekly";
  weekdays: readonly number[];
  localTime: string;
  allMembers: boolean;
  userIds: readonly string[];
  active: boolean;
}

const ALL_DAYS = [0, 1, 2, 3, 4, 5, 6];
const daysOf = (s: ScheduleShape) => (s.kind === "daily" ? ALL_DAYS : [...new Set(s.weekdays)].sort());
const sameSet = (a: readonly (string | number)[], b: readonly (string | number)[]) => {
  const x = new Set(a);
  const y = new Set(b);
  return x.size === y.size && [...x].every((v) => y.has(v));
};

/** Same days, same time, same recipients: the same sends, whatever the reminder or whether it is paused. */
export function identical(a: ScheduleShape, b: ScheduleShape): boolean {
  return (
    sameSet(daysOf(a), daysOf(b)) &&
    a.localTime === b.localTime &&
    a.allMembers === b.allMembers &&
    (a.allMembers || sameSet(a.userIds, b.userIds))
  );
}

/** Both run on a common weekday for a common person: together they would send the form twice that day. */
export function overlaps(a: ScheduleShape, b: ScheduleShape): boolean {
  const days = new Set(daysOf(a));
  if (!daysOf(b).some((d) => days.has(d))) return false;
  if (a.allMembers || b.allMembers) return true;
  const people = new Set(a.userIds);
  return b.userIds.some((u) => people.has(u));
}

/**
 * The limits a schedule must keep among the form's other schedules (issue 29 §5; `others` without the one being
 * replaced): at most FORM_LIMITS.schedulesPerFormMax per form (409 `too-many-schedules`), none identical to another
 * (409 `schedule-duplicate`), and, when it runs, no day on which another running schedule of the form reaches one
 * of its recipients too (409 `schedule-too-often`): each schedule sends at most daily, so a form then reaches a
 * member at most once a day.
 */
export function checkScheduleLimits(next: ScheduleShape, others: readonly ScheduleShape[]): void {
  if (others.length >= FORM_LIMITS.schedulesPerFormMax) throw new AppError("too-many-schedules");
  if (others.some((o) => identical(next, o))) throw new AppError("schedule-duplicate");
  if (next.active && others.some((o) => o.active && overlaps(next, o)))
    throw new AppError("schedule-too-often");
}
