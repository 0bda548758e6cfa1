import type { SubmitAnswersBody } from "@mimamori/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./client";
import { useSessionState } from "./hooks";

const answerParams = (id: number, sentOrder: number) => ({ path: { id, sent_order: sentOrder } });

/** Typed calls of the client's questionnaires (`/user/forms…`, API-29…33). */
export const clientFormEndpoints = {
  forms: () => api.get("/user/forms"),
  history: (id: number) => api.get("/user/forms/{id}/history", { params: { path: { id } } }),
  answer: (id: number, sentOrder: number) =>
    api.get("/user/forms/{id}/{sent_order}/answer", { params: answerParams(id, sentOrder) }),
  submit: (id: number, sentOrder: number, body: SubmitAnswersBody) =>
    api.post("/user/forms/{id}/{sent_order}/answer", { params: answerParams(id, sentOrder), body }),
  /** 204 No Content. */
  deleteAnswer: (id: number, sentOrder: number) =>
    api.delete("/user/forms/{id}/{sent_order}/answer", { params: answerParams(id, sentOrder) }),
};

/** Query keys carry the user id so one person's data never shows for the next. */
export const clientFormKeys = {
  /** Everything of the client's forms (invalidated after an answer is sent or deleted). */
  all: (uid: string) => ["user", uid, "client-forms"] as const,
  list: (uid: string) => ["user", uid, "client-forms", "list"] as const,
  history: (uid: string, id: number) => ["user", uid, "client-forms", id, "history"] as const,
  answer: (uid: string, id: number, sentOrder: number) =>
    ["user", uid, "client-forms", id, "answer", sentOrder] as const,
};

function useUid(): string {
  return useSessionState().user?.uid ?? "-";
}

export function useClientForms() {
  const uid = useUid();
  return useQuery({ queryKey: clientFormKeys.list(uid), queryFn: clientFormEndpoints.forms });
}

export function useClientFormHistory(id: number | null) {
  const uid = useUid();
  return useQuery({
    queryKey: clientFormKeys.history(uid, id ?? 0),
    queryFn: () => clientFormEndpoints.history(id ?? 0),
    enabled: id !== null,
  });
}

/** One sent order with its questions (the snapshot sent) and any stored answers. */
export function useClientAnswer(id: number | null, sentOrder: number | null) {
  const uid = useUid();
  return useQuery({
    queryKey: clientFormKeys.answer(uid, id ?? 0, sentOrder ?? 0),
    queryFn: () => clientFormEndpoints.answer(id ?? 0, sentOrder ?? 0),
    enabled: id !== null && sentOrder !== null,
    // a form being filled in must not be replaced under the member's hands
    refetchOnWindowFocus: false,
  });
}

/**
 * After an answer is sent or deleted: cached sent orders are dropped, not only marked stale, so the answer page
 * never opens on the old state (a deleted answer shown read-only) while it refetches; lists refetch.
 */
function useClientFormsChanged() {
  const client = useQueryClient();
  const uid = useUid();
  return () => {
    client.removeQueries({
      queryKey: clientFormKeys.all(uid),
      predicate: (q) => q.queryKey[4] === "answer",
    });
    return client.invalidateQueries({ queryKey: clientFormKeys.all(uid) });
  };
}

export function useSubmitAnswer(id: number, sentOrder: number) {
  const changed = useClientFormsChanged();
  return useMutation({
    mutationFn: (body: SubmitAnswersBody) => clientFormEndpoints.submit(id, sentOrder, body),
    onSuccess: () => changed(),
  });
}

/** FORM-52: the lists are fetched again after a deletion, on success and on failure. */
export function useDeleteClientAnswer(id: number) {
  const changed = useClientFormsChanged();
  return useMutation({
    mutationFn: (sentOrder: number) => clientFormEndpoints.deleteAnswer(id, sentOrder),
    onSettled: () => changed(),
  });
}
