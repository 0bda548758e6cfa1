import {
  ESCALATION_MINUTES,
  FREQUENCY_NAMES,
  frequenciesOf,
  type Language,
  NOTIFICATION_TYPE,
  type NotificationEntity,
  type NotificationSettingResponse,
  type NotificationType,
  notificationEntitySchema,
  notificationSettingBodySchema,
  notificationSettingResponseSchema,
  notificationTypeParamSchema,
  receiveEmailBodySchema,
  SYNC_LENGTH_OPTIONS,
  type SyncSettingsResponse,
  syncSettingsBodySchema,
  syncSettingsResponseSchema,
} from "@mimamori/shared";
import { and, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import { type EntityRow, requireEntity, whileSettingsUnlocked } from "../../db/entities";
import { entities, staffNotificationPrefs } from "../../db/schema";
import { requireUser } from "../../lib/access";
import type { AppContext } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { requestLanguage } from "../../lib/language";
import { CONFLICT, call } from "../../lib/openapi/operations";
import { workspaceParams } from "../../lib/params";
import { readAlertSettings, writeAlertSetting } from "./settings-store";

const typeParams = workspaceParams.extend(notificationTypeParamSchema.shape);

export const toNotificationEntity = (e: EntityRow): NotificationEntity => ({
  workspace_name: e.workspaceName,
  name: e.name,
  notification_setting_status: e.notificationSettingStatus,
  time_zone: e.timeZone,
});

/** The caller's own choice to receive a type's alert e-mails; without a row they do. */
async function receivesEmail(db: Db, ws: string, userId: string, type: NotificationType) {
  const [row] = await db
    .select({ receive: staffNotificationPrefs.receiveEmail })
    .from(staffNotificationPrefs)
    .where(
      and(
        eq(staffNotificationPrefs.workspaceName, ws),
        eq(staffNotificationPrefs.userId, userId),
        eq(staffNotificationPrefs.notificationType, type),
      ),
    );
  return row?.receive ?? true;
}

async function settingResponse(
  db: Db,
  ws: string,
  type: NotificationType,
  userId: string,
  lang: Language,
): Promise<NotificationSettingResponse> {
  const entity = await requireEntity(db, ws);
  const settings = await readAlertSettings(db, ws);
  const measurement = type === NOTIFICATION_TYPE.measurement;
  const chosen = measurement ? settings.measurement.frequencyId : settings.sync.frequencyId;
  const list = frequenciesOf(type).map((f) => ({
    id: f.id,
    name: FREQUENCY_NAMES[f.id]?.[lang] ?? String(f.id),
    order: f.order,
  }));
  const current = list.find((f) => f.id === chosen) ?? (list[0] as (typeof list)[number]);
  return {
    entity: toNotificationEntity(entity),
    notification_type: type,
    notification_setting_type_list: list,
    notification_setting_type: current,
    receive_email: await receivesEmail(db, ws, userId, type),
    escalation_minutes: measurement ? settings.measurement.escalationMinutes : null,
    escalation_minutes_options: measurement ? [...ESCALATION_MINUTES] : [],
  };
}

async function syncResponse(db: Db, ws: string): Promise<SyncSettingsResponse> {
  const entity = await requireEntity(db, ws);
  const settings = await readAlertSettings(db, ws);
  const list = SYNC_LENGTH_OPTIONS.map((o) => ({ id: o.id, duration_by_hour: o.duration_by_hour }));
  const current =
    list.find((o) => o.id === settings.sync.syncLengthOptionId) ?? (list[0] as (typeof list)[number]);
  return {
    entity: toNotificationEntity(entity),
    notification_sync_length_option_list: list,
    notification_sync_length_option: current,
  };
}

/** Runs `change` on the entity's settings unless they are locked (db/entities.ts `whileSettingsUnlocked`). */
const whileUnlocked = (db: Db, ws: string, change: (tx: Db) => Promise<void>) =>
  whileSettingsUnlocked(db, ws, change);

/**
 * Notification settings and the lock (§7; docs/decisions.md "Alerts (issue 11)"): the entity's frequency per
 * type, the escalation time, the sync length, and each staff member's own receive-e-mail choice.
 */
export function settingsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/staff/:workspace/entity",
      {
        config: call("staff", "getAlertEntity", "The entity's alert settings summary and lock"),
        schema: { params: workspaceParams, response: { 200: notificationEntitySchema } },
      },
      async (req) => toNotificationEntity(await requireEntity(ctx.db, req.params.workspace)),
    );

    /** unlocked → locked; only an admin unlocks (PUT /entities/{ws}). Locking twice is 409. */
    app.post(
      "/staff/:workspace/lock_notification",
      {
        config: call("staff", "lockAlertSettings", "Lock or unlock the entity's alert settings"),
        schema: { params: workspaceParams, response: { 200: notificationEntitySchema } },
      },
      async (req) => {
        const ws = req.params.workspace;
        const [row] = await ctx.db
          .update(entities)
          .set({ notificationSettingStatus: "locked" })
          .where(and(eq(entities.workspaceName, ws), eq(entities.notificationSettingStatus, "unlocked")))
          .returning();
        if (row) return toNotificationEntity(row);
        await requireEntity(ctx.db, ws);
        throw new AppError("notification-settings-locked");
      },
    );

    app.get(
      "/staff/:workspace/notification_settings/:type",
      {
        config: call("staff", "getAlertSettings", "The alert settings of a measure"),
        schema: { params: typeParams, response: { 200: notificationSettingResponseSchema } },
      },
      async (req) => {
        const { workspace, type } = req.params;
        return settingResponse(ctx.db, workspace, type, requireUser(req).id, requestLanguage(req));
      },
    );

    /** Sets the type's frequency (and, for measurement, the escalation time; omitted keeps it). */
    app.post(
      "/staff/:workspace/notification_settings/:type",
      {
        config: call("staff", "setAlertSettings", "Change the alert settings of a measure", CONFLICT),
        schema: {
          params: typeParams,
          body: notificationSettingBodySchema,
          response: { 200: notificationSettingResponseSchema },
        },
      },
      async (req) => {
        const { workspace, type } = req.params;
        const b = req.body;
        // real time is offered for measurement only (spec §9)
        if (!frequenciesOf(type).some((f) => f.id === b.notification_setting_type_id))
          throw new AppError("invalid-frequency", "notification_setting_type_id");
        if (b.escalation_minutes !== undefined && type !== NOTIFICATION_TYPE.measurement)
          throw new AppError("invalid-escalation", "escalation_minutes");
        const me = requireUser(req);
        await whileUnlocked(ctx.db, workspace, (tx) =>
          writeAlertSetting(
            tx,
            workspace,
            type,
            {
              frequencyId: b.notification_setting_type_id,
              ...(b.escalation_minutes !== undefined ? { escalationMinutes: b.escalation_minutes } : {}),
            },
            me.id,
          ),
        );
        return settingResponse(ctx.db, workspace, type, me.id, requestLanguage(req));
      },
    );

    app.get(
      "/staff/:workspace/notification_sync_settings",
      {
        config: call("staff", "getSyncAlertSettings", "The out-of-sync alert settings"),
        schema: { params: workspaceParams, response: { 200: syncSettingsResponseSchema } },
      },
      async (req) => syncResponse(ctx.db, req.params.workspace),
    );

    app.post(
      "/staff/:workspace/notification_sync_settings",
      {
        config: call("staff", "setSyncAlertSettings", "Change the out-of-sync alert settings", CONFLICT),
        schema: {
          params: workspaceParams,
          body: syncSettingsBodySchema,
          response: { 200: syncSettingsResponseSchema },
        },
      },
      async (req) => {
        const ws = req.params.workspace;
        const id = req.body.notification_sync_length_option_id;
        if (!SYNC_LENGTH_OPTIONS.some((o) => o.id === id))
          throw new AppError("invalid-sync-length", "notification_sync_length_option_id");
        await whileUnlocked(ctx.db, ws, (tx) =>
          writeAlertSetting(tx, ws, NOTIFICATION_TYPE.sync, { syncLengthOptionId: id }, requireUser(req).id),
        );
        return syncResponse(ctx.db, ws);
      },
    );

    /** The caller's own choice, not the entity's: allowed while locked. */
    app.put(
      "/staff/:workspace/notification_email",
      {
        config: call("staff", "setAlertMailSettings", "Change who gets alert mails", CONFLICT),
        schema: {
          params: workspaceParams,
          body: receiveEmailBodySchema,
          response: { 200: receiveEmailBodySchema },
        },
      },
      async (req) => {
        const values = {
          workspaceName: req.params.workspace,
          userId: requireUser(req).id,
          notificationType: req.body.notification_type,
          receiveEmail: req.body.receive_email,
        };
        await ctx.db
          .insert(staffNotificationPrefs)
          .values(values)
          .onConflictDoUpdate({
            target: [
              staffNotificationPrefs.workspaceName,
              staffNotificationPrefs.userId,
              staffNotificationPrefs.notificationType,
            ],
            set: { receiveEmail: values.receiveEmail },
          });
        return req.body;
      },
    );
  };
}
