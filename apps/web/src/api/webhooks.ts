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

/**
 * Whose calls: an entity's staff (`/staff/{ws}/webhooks`) or an admin managing the entity
 * (`/entities/{ws}/webhooks`); the server answers both with the same handlers.
 */
export interface WebhookScope {
  area: "staff" | "admin";
  workspace: string;
}
const base = ({ area, workspace }: WebhookScope) =>
  `/${area === "staff" ? "staff" : "entities"}/${seg(workspace)}/webhooks`;

/** Typed calls of an entity's signed webhooks (issue 31 §6; docs/webhooks.md). */
export const webhookEndpoints = {
  list: (s: WebhookScope) => api.get<{ endpoints: WebhookEndpoint[] }>(base(s)),
  add: (s: WebhookScope, body: WebhookCreateBody) => api.post<WebhookCreated>(base(s), body),
  update: (s: WebhookScope, id: string, body: WebhookUpdateBody) =>
    api.put<WebhookEndpoint>(`${base(s)}/${seg(id)}`, body),
  remove: (s: WebhookScope, id: string) => api.delete<void>(`${base(s)}/${seg(id)}`),
  rotate: (s: WebhookScope, id: string) => api.post<{ secret: string }>(`${base(s)}/${seg(id)}/secret`),
  test: (s: WebhookScope, id: string) => api.post<WebhookDelivery>(`${base(s)}/${seg(id)}/test`),
  deliveries: (s: WebhookScope, id: string) =>
    api.get<{ deliveries: WebhookDelivery[] }>(`${base(s)}/${seg(id)}/deliveries`),
};

/** Query keys carry the user id so one person's answers never show for the next, and the area they came through. */
export const webhookKeys = {
  all: (uid: string, s: WebhookScope) => ["user", uid, s.area, s.workspace, "webhooks"] as const,
  deliveries: (uid: string, s: WebhookScope, id: string) =>
    [...webhookKeys.all(uid, s), id, "deliveries"] as const,
};

export function useWebhookUid(): string {
  return useSessionState().user?.uid ?? "-";
}

/** The endpoints; waits while `scope` is null (the staff page before its workspace is known). */
export function useWebhooks(scope: WebhookScope | null) {
  const uid = useWebhookUid();
  return useQuery({
    queryKey: webhookKeys.all(uid, scope ?? { area: "staff", workspace: "" }),
    queryFn: () => webhookEndpoints.list(scope as WebhookScope),
    enabled: !!scope?.workspace,
  });
}

export function useWebhookDeliveries(scope: WebhookScope, id: string | null) {
  const uid = useWebhookUid();
  return useQuery({
    queryKey: webhookKeys.deliveries(uid, scope, id ?? ""),
    queryFn: () => webhookEndpoints.deliveries(scope, id ?? ""),
    enabled: !!id,
    // queued tries are retried by the server: the log follows them while it is open
    refetchInterval: (q) => (q.state.data?.deliveries.some((d) => d.status === "queued") ? 5000 : false),
  });
}
