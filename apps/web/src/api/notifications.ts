import type {
  AcknowledgeBody,
  HeatRecordQuery,
  Notification,
  NotificationList,
  NotificationWindowQuery,
  SeenBody,
} from "@mimamori/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiUrl } from "./client";
import { useStreamOpen } from "./eventStatus";
import { useSessionState } from "./hooks";

const ws_ = (workspace: string) => ({ path: { workspace } });

/** How often the top bar asks for the unseen count (docs/decisions.md: the dot polls every 30 seconds). */
export const UNSEEN_POLL_MS = 30_000;

/** Typed staff calls of the alerts list, its acknowledgement and the heat-illness record (issue 11). */
export const notificationEndpoints = {
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
export const notificationKeys = {
  /** Everything of the entity's alerts: lists, the record and the count (invalidate this after a change). */
  all: (uid: string, ws: string) => ["user", uid, "staff", ws, "notifications"] as const,
  list: (uid: string, ws: string, q: NotificationWindowQuery) =>
    ["user", uid, "staff", ws, "notifications", "list", q] as const,
  unseen: (uid: string, ws: string) => ["user", uid, "staff", ws, "notifications", "unseen"] as const,
  record: (uid: string, ws: string, q: NotificationWindowQuery) =>
    ["user", uid, "staff", ws, "notifications", "record", q] as const,
};

function useUid(): string {
  return useSessionState().user?.uid ?? "-";
}

/**
 * The alerts of a window (both lists); null asks for nothing (no workspace or no valid window yet). The entity's
 * live events refresh it (api/events.ts); while they cannot reach this tab it polls as the unseen count does.
 */
export function useNotificationList(ws: string | null, q: NotificationWindowQuery | null) {
  const uid = useUid();
  const live = useStreamOpen(ws);
  return useQuery({
    queryKey: notificationKeys.list(uid, ws ?? "", q ?? { start_time: 0, end_time: 0 }),
    queryFn: () => notificationEndpoints.list(ws ?? "", q as NotificationWindowQuery),
    enabled: !!ws && q !== null,
    // the marks of a shown list must not change under the reader's eyes (is_seen flips once it is shown)
    refetchOnWindowFocus: false,
    refetchInterval: live ? false : UNSEEN_POLL_MS,
  });
}

/** The caller's unseen alerts of the entity: the top bar's dot, polled and refreshed on focus. */
export function useUnseenCount(ws: string | null) {
  const uid = useUid();
  return useQuery({
    queryKey: notificationKeys.unseen(uid, ws ?? ""),
    queryFn: () => notificationEndpoints.unseen(ws ?? ""),
    enabled: !!ws && uid !== "-",
    refetchInterval: UNSEEN_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}

/** Marks shown alerts as seen by the caller; the answer is the new unseen count, stored for the dot. */
export function useMarkSeen(ws: string) {
  const client = useQueryClient();
  const uid = useUid();
  return useMutation({
    mutationFn: (ids: number[]) => notificationEndpoints.seen(ws, { ids }),
    onSuccess: (answer) => {
      // the server's count after marking is the dot's new state (no second request)
      client.setQueryData(notificationKeys.unseen(uid, ws), answer);
    },
  });
}

/** Replaces one alert in every cached list (so the other rows keep their marks) and refreshes the record. */
function useAlertChanged(ws: string) {
  const client = useQueryClient();
  const uid = useUid();
  return (change: (list: NotificationList) => NotificationList) => {
    client.setQueriesData<NotificationList>(
      { queryKey: [...notificationKeys.all(uid, ws), "list"] },
      (list) => (list ? change(list) : list),
    );
    void client.invalidateQueries({ queryKey: [...notificationKeys.all(uid, ws), "record"] });
    void client.invalidateQueries({ queryKey: notificationKeys.unseen(uid, ws) });
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
      notificationEndpoints.acknowledge(ws, id, body),
    onSuccess: (alert, { id }) => changed((list) => withAlert(list, id, alert)),
  });
}

export function useDeleteNotification(ws: string) {
  const changed = useAlertChanged(ws);
  return useMutation({
    mutationFn: (id: number) => notificationEndpoints.remove(ws, id),
    onSuccess: (_, id) => changed((list) => withAlert(list, id, null)),
  });
}

/** The heat-illness record of a window (JSON, for the printable page). */
export function useHeatRecord(ws: string | null, q: NotificationWindowQuery | null) {
  const uid = useUid();
  return useQuery({
    queryKey: notificationKeys.record(uid, ws ?? "", q ?? { start_time: 0, end_time: 0 }),
    queryFn: () => notificationEndpoints.heatRecord(ws ?? "", q as NotificationWindowQuery),
    enabled: !!ws && q !== null,
  });
}
