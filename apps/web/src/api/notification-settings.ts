import type {
  Language,
  NotificationEntity,
  NotificationSettingBody,
  NotificationSettingResponse,
  NotificationType,
  NotificationWindowQuery,
  ReceiveEmailBody,
  SyncSettingsBody,
} from "@mimamori/shared";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiUrl } from "./client";
import { errorCode } from "./errors";
import { useSessionState } from "./hooks";

const ws_ = (workspace: string) => ({ path: { workspace } });

/** The query of the admin notifications download; `notif_type` in the admin numbering (1 measurement, 2 sync). */
export type AdminNotificationsQuery = NotificationWindowQuery & { notif_type: 1 | 2 };

/** Typed calls of the notification settings and the lock (issue 11), and the admin notifications CSV. */
export const notificationSettingEndpoints = {
  entity: (ws: string) => api.get("/staff/{workspace}/entity", { params: ws_(ws) }),
  lock: (ws: string) => api.post("/staff/{workspace}/lock_notification", { params: ws_(ws) }),
  setting: (ws: string, type: NotificationType) =>
    api.get("/staff/{workspace}/notification_settings/{type}", { params: { path: { workspace: ws, type } } }),
  saveSetting: (ws: string, type: NotificationType, body: NotificationSettingBody) =>
    api.post("/staff/{workspace}/notification_settings/{type}", {
      params: { path: { workspace: ws, type } },
      body,
    }),
  sync: (ws: string) => api.get("/staff/{workspace}/notification_sync_settings", { params: ws_(ws) }),
  saveSync: (ws: string, body: SyncSettingsBody) =>
    api.post("/staff/{workspace}/notification_sync_settings", { params: ws_(ws), body }),
  receiveEmail: (ws: string, body: ReceiveEmailBody) =>
    api.put("/staff/{workspace}/notification_email", { params: ws_(ws), body }),
  /** GET /admin/{ws}/notifications as a streamed CSV (UTF-8 BOM), for `streamDownload`. */
  adminNotificationsCsvPath: (ws: string, q: AdminNotificationsQuery) =>
    apiUrl("get", "/admin/{workspace}/notifications", {
      params: {
        path: { workspace: ws },
        query: { start_time: q.start_time, end_time: q.end_time, notif_type: q.notif_type },
      },
    }),
};

/** Query keys carry the user id so one person's settings never show for the next. */
export const notificationSettingKeys = {
  /** Everything of the entity's notification settings (invalidate this after a lock or a refused change). */
  all: (uid: string, ws: string) => ["user", uid, "staff", ws, "notification-settings"] as const,
  entity: (uid: string, ws: string) => ["user", uid, "staff", ws, "notification-settings", "entity"] as const,
  /** The frequency names follow the UI language (the server answers in the caller's language). */
  setting: (uid: string, ws: string, type: NotificationType, language: Language) =>
    ["user", uid, "staff", ws, "notification-settings", "type", type, language] as const,
  sync: (uid: string, ws: string) => ["user", uid, "staff", ws, "notification-settings", "sync"] as const,
};

/** The server refused a change because the settings are locked (409): what the page shows is out of date. */
export function isLockedError(err: unknown): boolean {
  return errorCode(err) === "notification-settings-locked";
}

function useUid(): string {
  return useSessionState().user?.uid ?? "-";
}

function refreshAll(client: QueryClient, uid: string, ws: string) {
  return client.invalidateQueries({ queryKey: notificationSettingKeys.all(uid, ws) });
}

/** Stores the entity (and its lock status) every answer carries, so the lock card and the screens agree. */
function storeEntity(client: QueryClient, uid: string, ws: string, entity: NotificationEntity) {
  client.setQueryData(notificationSettingKeys.entity(uid, ws), entity);
}

/** The entity with its notification_setting_status (the lock card). */
export function useNotificationEntity(ws: string | null) {
  const uid = useUid();
  return useQuery({
    queryKey: notificationSettingKeys.entity(uid, ws ?? ""),
    queryFn: () => notificationSettingEndpoints.entity(ws ?? ""),
    enabled: !!ws,
  });
}

export function useNotificationSetting(ws: string | null, type: NotificationType, language: Language) {
  const uid = useUid();
  return useQuery({
    queryKey: notificationSettingKeys.setting(uid, ws ?? "", type, language),
    queryFn: () => notificationSettingEndpoints.setting(ws ?? "", type),
    enabled: !!ws,
  });
}

export function useSyncSettings(ws: string | null) {
  const uid = useUid();
  return useQuery({
    queryKey: notificationSettingKeys.sync(uid, ws ?? ""),
    queryFn: () => notificationSettingEndpoints.sync(ws ?? ""),
    enabled: !!ws,
  });
}

/** Locks the entity's settings; a refusal (already locked) refreshes what the screens show. */
export function useLockNotifications(ws: string) {
  const client = useQueryClient();
  const uid = useUid();
  return useMutation({
    mutationFn: () => notificationSettingEndpoints.lock(ws),
    onSuccess: (entity) => {
      storeEntity(client, uid, ws, entity);
      // the settings answers carry the entity too: read them again with the new status
      void refreshAll(client, uid, ws);
    },
    onError: (err) => {
      if (isLockedError(err)) void refreshAll(client, uid, ws);
    },
  });
}

export function useSaveNotificationSetting(ws: string, type: NotificationType, language: Language) {
  const client = useQueryClient();
  const uid = useUid();
  return useMutation({
    mutationFn: (body: NotificationSettingBody) => notificationSettingEndpoints.saveSetting(ws, type, body),
    onSuccess: (saved) => {
      client.setQueryData(notificationSettingKeys.setting(uid, ws, type, language), saved);
      storeEntity(client, uid, ws, saved.entity);
    },
    onError: (err) => {
      if (isLockedError(err)) void refreshAll(client, uid, ws);
    },
  });
}

export function useSaveSyncSettings(ws: string) {
  const client = useQueryClient();
  const uid = useUid();
  return useMutation({
    mutationFn: (body: SyncSettingsBody) => notificationSettingEndpoints.saveSync(ws, body),
    onSuccess: (saved) => {
      client.setQueryData(notificationSettingKeys.sync(uid, ws), saved);
      storeEntity(client, uid, ws, saved.entity);
    },
    onError: (err) => {
      if (isLockedError(err)) void refreshAll(client, uid, ws);
    },
  });
}

/** The caller's own receive-e-mail choice for a type (allowed while locked), stored in every language's copy. */
export function useSetReceiveEmail(ws: string) {
  const client = useQueryClient();
  const uid = useUid();
  return useMutation({
    mutationFn: (body: ReceiveEmailBody) => notificationSettingEndpoints.receiveEmail(ws, body),
    onSuccess: (saved) => {
      client.setQueriesData<NotificationSettingResponse>(
        { queryKey: [...notificationSettingKeys.all(uid, ws), "type", saved.notification_type] },
        (setting) => (setting ? { ...setting, receive_email: saved.receive_email } : setting),
      );
    },
  });
}
