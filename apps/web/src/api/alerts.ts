import type {
  AcknowledgeBody,
  HeatRecordQuery,
  Language,
  Notification,
  NotificationEntity,
  NotificationList,
  NotificationSettingBody,
  NotificationSettingResponse,
  NotificationType,
  NotificationWindowQuery,
  ReceiveEmailBody,
  SeenBody,
  SyncSettingsBody,
} from "@mimamori/shared";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiUrl } from "./client";
import { errorCode } from "./errors";
import { useStreamOpen } from "./eventStatus";
import { useKeyUid } from "./hooks";

const ws_ = (workspace: string) => ({ path: { workspace } });

/** How often the top bar asks for the unseen count (docs/decisions.md: the dot polls every 30 seconds). */
export const UNSEEN_POLL_MS = 30_000;

/** Typed staff calls of the alerts list, its acknowledgement and the heat-illness record (issue 11). */
export const alertEndpoints = {
  list: (ws: string, q: NotificationWindowQuery) =>
    api.get("/staff/{workspace}/notifications", { params: { path: { workspace: ws }, query: q } }),
  unseen: (ws: string) => api.get("/staff/{workspace}/notifications/unseen", { params: ws_(ws) }),
  seen: (ws: string, body: SeenBody) =>
    api.post("/staff/{workspace}/notifications/seen", { params: ws_(ws), body }),
  acknowledge: (ws: string, id: number, body: AcknowledgeBody) =>
    api.post("/staff/{workspace}/notifications/{id}/acknowledge", {
      params: { path: { workspace: ws, id } },
      body,
    }),
  remove: (ws: string, id: number) =>
    api.delete("/staff/{workspace}/notifications/{id}", { params: { path: { workspace: ws, id } } }),
  heatRecord: (ws: string, q: NotificationWindowQuery) =>
    api.get("/staff/{workspace}/heat_illness_record", {
      params: { path: { workspace: ws }, query: { ...q, format: "json" } satisfies HeatRecordQuery },
    }),
  /** The record as a streamed CSV (UTF-8 BOM), for `streamDownload`. */
  heatRecordCsvPath: (ws: string, q: NotificationWindowQuery) =>
    apiUrl("get", "/staff/{workspace}/heat_illness_record", {
      params: { path: { workspace: ws }, query: { ...q, format: "csv" } satisfies HeatRecordQuery },
    }),
};

/** Query keys carry the user id so one person's alerts never show for the next. */
export const alertKeys = {
  /** Everything of the entity's alerts: lists, the record and the count (invalidate this after a change). */
  all: (uid: string, ws: string) => ["user", uid, "staff", ws, "notifications"] as const,
  list: (uid: string, ws: string, q: NotificationWindowQuery) =>
    ["user", uid, "staff", ws, "notifications", "list", q] as const,
  unseen: (uid: string, ws: string) => ["user", uid, "staff", ws, "notifications", "unseen"] as const,
  record: (uid: string, ws: string, q: NotificationWindowQuery) =>
    ["user", uid, "staff", ws, "notifications", "record", q] as const,
};

/**
 * The alerts of a window (both lists); null asks for nothing (no workspace or no valid window yet). The entity's
 * live events refresh it (api/events.ts); while they cannot reach this tab it polls as the unseen count does.
 */
export function useAlertList(ws: string | null, q: NotificationWindowQuery | null) {
  const uid = useKeyUid();
  const live = useStreamOpen(ws);
  return useQuery({
    queryKey: alertKeys.list(uid, ws ?? "", q ?? { start_time: 0, end_time: 0 }),
    queryFn: () => alertEndpoints.list(ws ?? "", q as NotificationWindowQuery),
    enabled: !!ws && q !== null,
    // the marks of a shown list must not change under the reader's eyes (is_seen flips once it is shown)
    refetchOnWindowFocus: false,
    refetchInterval: live ? false : UNSEEN_POLL_MS,
  });
}

/** The caller's unseen alerts of the entity: the top bar's dot, polled and refreshed on focus. */
export function useUnseenCount(ws: string | null) {
  const uid = useKeyUid();
  return useQuery({
    queryKey: alertKeys.unseen(uid, ws ?? ""),
    queryFn: () => alertEndpoints.unseen(ws ?? ""),
    enabled: !!ws && uid !== "-",
    refetchInterval: UNSEEN_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}

/** Marks shown alerts as seen by the caller; the answer is the new unseen count, stored for the dot. */
export function useMarkSeen(ws: string) {
  const client = useQueryClient();
  const uid = useKeyUid();
  return useMutation({
    mutationFn: (ids: number[]) => alertEndpoints.seen(ws, { ids }),
    onSuccess: (answer) => {
      // the server's count after marking is the dot's new state (no second request)
      client.setQueryData(alertKeys.unseen(uid, ws), answer);
    },
  });
}

/** Replaces one alert in every cached list (so the other rows keep their marks) and refreshes the record. */
function useAlertChanged(ws: string) {
  const client = useQueryClient();
  const uid = useKeyUid();
  return (change: (list: NotificationList) => NotificationList) => {
    client.setQueriesData<NotificationList>({ queryKey: [...alertKeys.all(uid, ws), "list"] }, (list) =>
      list ? change(list) : list,
    );
    void client.invalidateQueries({ queryKey: [...alertKeys.all(uid, ws), "record"] });
    void client.invalidateQueries({ queryKey: alertKeys.unseen(uid, ws) });
  };
}

/** The list with one alert replaced (acknowledged) or taken out (deleted, `next` null). */
export function withAlert(list: NotificationList, id: number, next: Notification | null): NotificationList {
  const apply = (rows: Notification[]) =>
    next ? rows.map((n) => (n.id === id ? next : n)) : rows.filter((n) => n.id !== id);
  return { ...list, sync_list: apply(list.sync_list), measurement_list: apply(list.measurement_list) };
}

export function useAcknowledge(ws: string) {
  const changed = useAlertChanged(ws);
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AcknowledgeBody }) =>
      alertEndpoints.acknowledge(ws, id, body),
    onSuccess: (alert, { id }) => changed((list) => withAlert(list, id, alert)),
  });
}

export function useDeleteAlert(ws: string) {
  const changed = useAlertChanged(ws);
  return useMutation({
    mutationFn: (id: number) => alertEndpoints.remove(ws, id),
    onSuccess: (_, id) => changed((list) => withAlert(list, id, null)),
  });
}

/** The heat-illness record of a window (JSON, for the printable page). */
export function useHeatRecord(ws: string | null, q: NotificationWindowQuery | null) {
  const uid = useKeyUid();
  return useQuery({
    queryKey: alertKeys.record(uid, ws ?? "", q ?? { start_time: 0, end_time: 0 }),
    queryFn: () => alertEndpoints.heatRecord(ws ?? "", q as NotificationWindowQuery),
    enabled: !!ws && q !== null,
  });
}

// The alert settings of an entity (measurement and synchronization), their lock and the admin alerts CSV.

/** The query of the admin notifications download; `notif_type` in the admin numbering (1 measurement, 2 sync). */
export type AdminAlertsQuery = NotificationWindowQuery & { notif_type: 1 | 2 };

/** Typed calls of the notification settings and the lock (issue 11), and the admin notifications CSV. */
export const alertSettingEndpoints = {
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
  adminAlertsCsvPath: (ws: string, q: AdminAlertsQuery) =>
    apiUrl("get", "/admin/{workspace}/notifications", {
      params: {
        path: { workspace: ws },
        query: { start_time: q.start_time, end_time: q.end_time, notif_type: q.notif_type },
      },
    }),
};

/** Query keys carry the user id so one person's settings never show for the next. */
export const alertSettingKeys = {
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

function refreshAll(client: QueryClient, uid: string, ws: string) {
  return client.invalidateQueries({ queryKey: alertSettingKeys.all(uid, ws) });
}

/** Stores the entity (and its lock status) every answer carries, so the lock card and the screens agree. */
function storeEntity(client: QueryClient, uid: string, ws: string, entity: NotificationEntity) {
  client.setQueryData(alertSettingKeys.entity(uid, ws), entity);
}

/** The entity with its notification_setting_status (the lock card). */
export function useAlertEntity(ws: string | null) {
  const uid = useKeyUid();
  return useQuery({
    queryKey: alertSettingKeys.entity(uid, ws ?? ""),
    queryFn: () => alertSettingEndpoints.entity(ws ?? ""),
    enabled: !!ws,
  });
}

export function useAlertSetting(ws: string | null, type: NotificationType, language: Language) {
  const uid = useKeyUid();
  return useQuery({
    queryKey: alertSettingKeys.setting(uid, ws ?? "", type, language),
    queryFn: () => alertSettingEndpoints.setting(ws ?? "", type),
    enabled: !!ws,
  });
}

export function useSyncSettings(ws: string | null) {
  const uid = useKeyUid();
  return useQuery({
    queryKey: alertSettingKeys.sync(uid, ws ?? ""),
    queryFn: () => alertSettingEndpoints.sync(ws ?? ""),
    enabled: !!ws,
  });
}

/** Locks the entity's settings; a refusal (already locked) refreshes what the screens show. */
export function useLockAlerts(ws: string) {
  const client = useQueryClient();
  const uid = useKeyUid();
  return useMutation({
    mutationFn: () => alertSettingEndpoints.lock(ws),
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

export function useSaveAlertSetting(ws: string, type: NotificationType, language: Language) {
  const client = useQueryClient();
  const uid = useKeyUid();
  return useMutation({
    mutationFn: (body: NotificationSettingBody) => alertSettingEndpoints.saveSetting(ws, type, body),
    onSuccess: (saved) => {
      client.setQueryData(alertSettingKeys.setting(uid, ws, type, language), saved);
      storeEntity(client, uid, ws, saved.entity);
    },
    onError: (err) => {
      if (isLockedError(err)) void refreshAll(client, uid, ws);
    },
  });
}

export function useSaveSyncSettings(ws: string) {
  const client = useQueryClient();
  const uid = useKeyUid();
  return useMutation({
    mutationFn: (body: SyncSettingsBody) => alertSettingEndpoints.saveSync(ws, body),
    onSuccess: (saved) => {
      client.setQueryData(alertSettingKeys.sync(uid, ws), saved);
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
  const uid = useKeyUid();
  return useMutation({
    mutationFn: (body: ReceiveEmailBody) => alertSettingEndpoints.receiveEmail(ws, body),
    onSuccess: (saved) => {
      client.setQueriesData<NotificationSettingResponse>(
        { queryKey: [...alertSettingKeys.all(uid, ws), "type", saved.notification_type] },
        (setting) => (setting ? { ...setting, receive_email: saved.receive_email } : setting),
      );
    },
  });
}
