import type { WebhookCreateBody, WebhookUpdateBody } from "@mimamori/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "./client";
import { useKeyUid } from "./hooks";

/**
 * Whose calls: an entity's staff (`/staff/{ws}/webhooks`) or an admin managing the entity
 * (`/entities/{ws}/webhooks`); the server answers both with the same handlers.
 */
export interface WebhookScope {
  area: "staff" | "admin";
  workspace: string;
}
const scope = ({ workspace }: WebhookScope) => ({ path: { workspace } });
const one = ({ workspace }: WebhookScope, id: string) => ({ path: { workspace, id } });

/** Typed calls of an entity's signed webhooks (issue 31 §6; docs/webhooks.md). */
export const webhookEndpoints = {
  list: (s: WebhookScope) =>
    s.area === "staff"
      ? api.get("/staff/{workspace}/webhooks", { params: scope(s) })
      : api.get("/entities/{workspace}/webhooks", { params: scope(s) }),
  add: (s: WebhookScope, body: WebhookCreateBody) =>
    s.area === "staff"
      ? api.post("/staff/{workspace}/webhooks", { params: scope(s), body })
      : api.post("/entities/{workspace}/webhooks", { params: scope(s), body }),
  update: (s: WebhookScope, id: string, body: WebhookUpdateBody) =>
    s.area === "staff"
      ? api.put("/staff/{workspace}/webhooks/{id}", { params: one(s, id), body })
      : api.put("/entities/{workspace}/webhooks/{id}", { params: one(s, id), body }),
  remove: (s: WebhookScope, id: string) =>
    s.area === "staff"
      ? api.delete("/staff/{workspace}/webhooks/{id}", { params: one(s, id) })
      : api.delete("/entities/{workspace}/webhooks/{id}", { params: one(s, id) }),
  rotate: (s: WebhookScope, id: string) =>
    s.area === "staff"
      ? api.post("/staff/{workspace}/webhooks/{id}/secret", { params: one(s, id) })
      : api.post("/entities/{workspace}/webhooks/{id}/secret", { params: one(s, id) }),
  test: (s: WebhookScope, id: string) =>
    s.area === "staff"
      ? api.post("/staff/{workspace}/webhooks/{id}/test", { params: one(s, id) })
      : api.post("/entities/{workspace}/webhooks/{id}/test", { params: one(s, id) }),
  deliveries: (s: WebhookScope, id: string) =>
    s.area === "staff"
      ? api.get("/staff/{workspace}/webhooks/{id}/deliveries", { params: one(s, id) })
      : api.get("/entities/{workspace}/webhooks/{id}/deliveries", { params: one(s, id) }),
};

/** Query keys carry the user id so one person's answers never show for the next, and the area they came through. */
export const webhookKeys = {
  all: (uid: string, s: WebhookScope) => ["user", uid, s.area, s.workspace, "webhooks"] as const,
  deliveries: (uid: string, s: WebhookScope, id: string) =>
    [...webhookKeys.all(uid, s), id, "deliveries"] as const,
};

/** The endpoints; waits while `scope` is null (the staff page before its workspace is known). */
export function useWebhooks(scope: WebhookScope | null) {
  const uid = useKeyUid();
  return useQuery({
    queryKey: webhookKeys.all(uid, scope ?? { area: "staff", workspace: "" }),
    queryFn: () => webhookEndpoints.list(scope as WebhookScope),
    enabled: !!scope?.workspace,
  });
}

export function useWebhookDeliveries(scope: WebhookScope, id: string | null) {
  const uid = useKeyUid();
  return useQuery({
    queryKey: webhookKeys.deliveries(uid, scope, id ?? ""),
    queryFn: () => webhookEndpoints.deliveries(scope, id ?? ""),
    enabled: !!id,
    // queued tries are retried by the server: the log follows them while it is open
    refetchInterval: (q) => (q.state.data?.deliveries.some((d) => d.status === "queued") ? 5000 : false),
  });
}
