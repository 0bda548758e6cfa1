import type { TimezoneQuery } from "@mimamori/shared";
import { useMutation, useQuery } from "@tanstack/react-query";
import { api, apiUrl } from "./client";
import { formKeys, useFormsChanged } from "./forms";
import { useSessionState } from "./hooks";

/** One member's answer to one sent order (the path of the staff answer calls, `?workspace=` names the entity). */
export interface AnswerRef {
  formId: number;
  sentOrder: number;
  userId: string;
}

const answerParams = (ws: string, a: AnswerRef) => ({
  path: { id: a.formId, sent_order: a.sentOrder, user_id: a.userId },
  query: { workspace: ws },
});

/** Typed staff calls of the Answers tab: one member's answer, its deletion and the answers CSV. */
export const formAnswerEndpoints = {
  answer: (ws: string, a: AnswerRef) =>
    api.get("/staff/forms/{id}/{sent_order}/answers/{user_id}", { params: answerParams(ws, a) }),
  /** 204 No Content. */
  deleteAnswer: (ws: string, a: AnswerRef) =>
    api.delete("/staff/forms/{id}/{sent_order}/answers/{user_id}", { params: answerParams(ws, a) }),
  /** The answers CSV (streamed; `streamDownload` reads it): date-time columns in the viewer's zone (FORM-35). */
  csvPath: (ws: string, formId: number, timezone: string) =>
    apiUrl("get", "/staff/{workspace}/forms/{id}/download", {
      params: { path: { workspace: ws, id: formId }, query: { timezone } satisfies TimezoneQuery },
    }),
};

/** Under the entity's forms key, so a change of the forms (a send, a deletion) refetches answers too. */
export const formAnswerKeys = {
  answer: (uid: string, ws: string, a: AnswerRef) =>
    [...formKeys.form(uid, ws, a.formId), "answers", a.sentOrder, a.userId] as const,
};

export function useStaffAnswer(ws: string | null, a: AnswerRef | null) {
  const uid = useSessionState().user?.uid ?? "-";
  return useQuery({
    queryKey: formAnswerKeys.answer(uid, ws ?? "", a ?? { formId: 0, sentOrder: 0, userId: "" }),
    queryFn: () => formAnswerEndpoints.answer(ws ?? "", a as AnswerRef),
    enabled: !!ws && a !== null,
  });
}

/**
 * Deletes a member's answer; the entity's forms (the Answers tab's history, the summary, the form cards'
 * progress) are fetched again whether it worked or not, so the screen shows what the server holds.
 */
export function useDeleteStaffAnswer(ws: string) {
  const changed = useFormsChanged(ws);
  return useMutation({
    mutationFn: (a: AnswerRef) => formAnswerEndpoints.deleteAnswer(ws, a),
    onSettled: () => changed(),
  });
}
