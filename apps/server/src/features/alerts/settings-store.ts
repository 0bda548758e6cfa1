import {
  NOTIFICATION_DEFAULTS,
  NOTIFICATION_TYPE,
  type NotificationType,
  SYNC_LENGTH_OPTIONS,
} from "@mimamori/shared";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { notificationSettings } from "../../db/schema";

/** An entity's alert settings of both types, with the defaults where it never chose (docs/decisions.md). */
export interface EntityAlertSettings {
  measurement: { frequencyId: number; escalationMinutes: number | null };
  sync: { frequencyId: number; syncLengthOptionId: number; syncHours: number };
}

const hoursOf = (optionId: number): number =>
  SYNC_LENGTH_OPTIONS.find((o) => o.id === optionId)?.duration_by_hour ??
  (SYNC_LENGTH_OPTIONS.find((o) => o.id === NOTIFICATION_DEFAULTS.syncLengthOptionId)
    ?.duration_by_hour as number);

/** The settings of one entity (one query). */
export async function readAlertSettings(db: Db, workspace: string): Promise<EntityAlertSettings> {
  const rows = await db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.workspaceName, workspace));
  const of = (type: NotificationType) => rows.find((r) => r.notificationType === type);
  const m = of(NOTIFICATION_TYPE.measurement);
  const s = of(NOTIFICATION_TYPE.sync);
  const syncLengthOptionId = s?.syncLengthOptionId ?? NOTIFICATION_DEFAULTS.syncLengthOptionId;
  return {
    measurement: {
      frequencyId: m?.frequencyId ?? NOTIFICATION_DEFAULTS.measurementFrequencyId,
      escalationMinutes: m ? m.escalationMinutes : NOTIFICATION_DEFAULTS.escalationMinutes,
    },
    sync: {
      frequencyId: s?.frequencyId ?? NOTIFICATION_DEFAULTS.syncFrequencyId,
      syncLengthOptionId,
      syncHours: hoursOf(syncLengthOptionId),
    },
  };
}

/** Writes one type's row (creating it with the defaults of the other fields). */
export async function writeAlertSetting(
  db: Db,
  workspace: string,
  type: NotificationType,
  change: { frequencyId?: number; syncLengthOptionId?: number; escalationMinutes?: number | null },
  updatedBy: string | null,
): Promise<void> {
  const current = await readAlertSettings(db, workspace);
  const base =
    type === NOTIFICATION_TYPE.measurement
      ? {
          frequencyId: current.measurement.frequencyId,
          syncLengthOptionId: null,
          escalationMinutes: current.measurement.escalationMinutes,
        }
      : {
          frequencyId: current.sync.frequencyId,
          syncLengthOptionId: current.sync.syncLengthOptionId,
          escalationMinutes: null,
        };
  const values = {
    workspaceName: workspace,
    notificationType: type,
    ...base,
    ...change,
    updatedAt: new Date(),
    updatedBy,
  };
  await db
    .insert(notificationSettings)
    .values(values)
    .onConflictDoUpdate({
      target: [notificationSettings.workspaceName, notificationSettings.notificationType],
      set: values,
    });
}
