import type {
  WebhookCreateBody,
  WebhookCreated,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookUpdateBody,
} from "@mimamori/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "./client";
import { useSessionState } from "./hooks";

const seg = encodeURIComponent;
const base = (ws: string) => `/staff/${seg(ws)}/webhooks`;

/** Typed calls of an entity's signed webhooks (issue 31 §6; docs/webhooks.md). */
export const webhookEndpoints = {
  list: (ws: string) => api.get<{ endpoints: WebhookEndpoint[] }>(base(ws)),
  add: (ws: string, body: WebhookCreateBody) => api.post<WebhookCreated>(base(ws), body),
  update: (ws: string, id: string, body: WebhookUpdateBody) =>
    api.put<WebhookEndpoint>(`${base(ws)}/${seg(id)}`, body),
  remove: (ws: string, id: string) => api.delete<void>(`${base(ws)}/${seg(id)}`),
  rotate: (ws: string, id: string) => api.post<{ secret: string }>(`${base(ws)}/${seg(id)}/secret`),
  test: (ws: string, id: string) => api.post<WebhookDelivery>(`${base(ws)}/${seg(id)}/test`),
  deliveries: (ws: string, id: string) =>
    api.get<{ deliveries: WebhookDelivery[] }>(`${base(ws)}/${seg(id)}/deliveries`),
};

/** Query keys carry the user id so one person's answers never show for the next. */
export const webhookKeys = {
  all: (uid: string, ws: string) => ["user", uid, "staff", ws, "webhooks"] as const,
  deliveries: (uid: string, ws: string, id: string) =>
    ["user", uid, "staff", ws, "webhooks", id, "deliveries"] as const,
};

export function useWebhookUid(): string {
  return useSessionState().user?.uid ?? "-";
}

export function useWebhooks(ws: string | null) {
  const uid = useWebhookUid();
  return useQuery({
    queryKey: webhookKeys.all(uid, ws ?? ""),
    queryFn: () => webhookEndpoints.list(ws ?? ""),
    enabled: !!ws,
  });
}

export function useWebhookDeliveries(ws: string, id: string | null) {
  const uid = useWebhookUid();
  return useQuery({
    queryKey: webhookKeys.deliveries(uid, ws, id ?? ""),
    queryFn: () => webhookEndpoints.deliveries(ws, id ?? ""),
    enabled: !!id,
    // queued tries are retried by the server: the log follows them while it is open
    refetchInterval: (q) => (q.state.data?.deliveries.some((d) => d.status === "queued") ? 5000 : false),
  });
}
