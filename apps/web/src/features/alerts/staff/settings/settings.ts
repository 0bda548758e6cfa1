import {
  frequencyById,
  type Language,
  localeOf,
  type NotificationEntity,
  type NotificationSettingBody,
  type SettingType,
} from "@mimamori/shared";

/** The paths of the settings screens (spec §2). */
export const SETTINGS_PATH = "/staff/notification-settings";
export const MEASUREMENT_PATH = `${SETTINGS_PATH}/measurement-value`;
export const SYNC_PATH = `${SETTINGS_PATH}/synchronization`;

/** The frequency options in the server's order (spec §9: "sorted by order"), as a new array. */
export function byOrder(list: readonly SettingType[]): SettingType[] {
  return [...list].sort((a, b) => a.order - b.order || a.id - b.id);
}

/** When a frequency mails: at these times of the entity's day, within a minute of each sync, or unknown. */
export type FrequencyWhen = { realtime: true } | { realtime: false; times: readonly string[] } | null;

export function frequencyWhen(id: number): FrequencyWhen {
  const f = frequencyById(id);
  if (!f) return null;
  return f.realtime ? { realtime: true } : { realtime: false, times: f.times };
}

/** "09:00, 12:00, and 16:00" / 「09:00、12:00、16:00」: the times of a frequency in the UI language. */
export function joinTimes(times: readonly string[], language: Language): string {
  return new Intl.ListFormat(localeOf(language), { type: "conjunction", style: "long" }).format(times);
}

/** The escalation select's value: a number of minutes, or "never" (no escalation). */
export const ESCALATION_NEVER = "never";
export function escalationChoice(minutes: number | null): string {
  return minutes === null ? ESCALATION_NEVER : String(minutes);
}
export function escalationFromChoice(choice: string): number | null {
  return choice === ESCALATION_NEVER ? null : Number(choice);
}

export interface MeasurementChoice {
  frequencyId: number;
  escalationMinutes: number | null;
}

/**
 * The POST body of the measurement screen's Set: the frequency always (the call requires it), the escalation
 * only when it changed (omitted, the server keeps it, so a colleague's escalation is not overwritten unseen).
 */
export function measurementBody(saved: MeasurementChoice, draft: MeasurementChoice): NotificationSettingBody {
  return {
    notification_setting_type_id: draft.frequencyId,
    ...(saved.escalationMinutes !== draft.escalationMinutes
      ? { escalation_minutes: draft.escalationMinutes }
      : {}),
  };
}

export interface SyncChoice {
  frequencyId: number;
  lengthOptionId: number;
}

/**
 * The calls the synchronization screen's Set makes (two settings, two calls): those that changed; with no
 * change, the frequency alone, so Set still confirms what is saved (and learns of a lock).
 */
export function syncCalls(
  saved: SyncChoice,
  draft: SyncChoice,
): { frequencyId?: number; lengthOptionId?: number } {
  const lengthChanged = saved.lengthOptionId !== draft.lengthOptionId;
  const frequencyChanged = saved.frequencyId !== draft.frequencyId;
  return {
    ...(frequencyChanged || !lengthChanged ? { frequencyId: draft.frequencyId } : {}),
    ...(lengthChanged ? { lengthOptionId: draft.lengthOptionId } : {}),
  };
}

/** i18n key of a sync length: "{n} hours out of sync", with the singular for one hour. */
export function syncLengthKey(hours: number): "sync.lengthOptionOne" | "sync.lengthOption" {
  return hours === 1 ? "sync.lengthOptionOne" : "sync.lengthOption";
}

/**
 * The lock card (docs/decisions.md "Alerts", NOTIF-16): the switch "changes by staff" is the staff member's
 * own step before locking; Set locks, and works only once the switch is at "not allowed". While locked the
 * switch shows "not allowed", disabled, and Set is disabled: only the provider's administrator unlocks.
 */
export interface LockCardState {
  locked: boolean;
  /** The switch is on ("allowed"). */
  allowed: boolean;
  switchDisabled: boolean;
  setDisabled: boolean;
}

export function lockCardState(
  status: NotificationEntity["notification_setting_status"],
  notAllowedChosen: boolean,
): LockCardState {
  if (status === "locked") return { locked: true, allowed: false, switchDisabled: true, setDisabled: true };
  return { locked: false, allowed: !notAllowedChosen, switchDisabled: false, setDisabled: !notAllowedChosen };
}
