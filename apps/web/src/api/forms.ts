import {
  type CreateFormBody,
  type CreateQuestionBody,
  type DuplicateFormBody,
  FORMS_TOTAL_HEADER,
  type Form,
  type FormListQuery,
  type Language,
  type ScheduleBody,
  type SendFormBody,
  type SubmitAnswersBody,
  type TimezoneQuery,
  type UpdateFormBody,
  type UpdateQuestionBody,
} from "@mimamori/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiUrl } from "./client";
import { useKeyUid } from "./hooks";

/** Staff calls without `{workspace}` in the path name the entity with `?workspace=` (docs/decisions.md). */
const inWorkspace = (workspace: string) => ({ workspace });
const ws_ = (workspace: string) => ({ path: { workspace } });
const formOf = (workspace: string, id: number) => ({ path: { workspace, id } });

/** Typed staff calls of the questionnaires: question types, the question bank, forms, sends and schedules. */
export const formEndpoints = {
  questionTypes: () => api.get("/staff/question_types"),

  // Question bank of the entity
  questions: (ws: string) => api.get("/staff/questions", { params: { query: inWorkspace(ws) } }),
  createQuestion: (ws: string, body: CreateQuestionBody) =>
    api.post("/staff/questions", { params: { query: inWorkspace(ws) }, body }),
  updateQuestion: (ws: string, id: number, body: UpdateQuestionBody) =>
    api.put("/staff/questions/{id}", { params: { path: { id }, query: inWorkspace(ws) }, body }),
  deleteQuestion: (ws: string, id: number) =>
    api.delete("/staff/questions/{id}", { params: { path: { id }, query: inWorkspace(ws) } }),

  // Forms
  /** A page of the forms, newest first, and how many there are in all (issue 29 §5). */
  forms: (ws: string, page: FormListQuery) =>
    api.page("/staff/{workspace}/forms", FORMS_TOTAL_HEADER, {
      params: { path: { workspace: ws }, query: { offset: page.offset, limit: page.limit } },
    }),
  form: (ws: string, id: number) => api.get("/staff/{workspace}/forms/{id}", { params: formOf(ws, id) }),
  createForm: (ws: string, body: CreateFormBody) =>
    api.post("/staff/{workspace}/forms", { params: ws_(ws), body }),
  /** FORM-12: `PUT /forms {id, name}` copies form `id` under `name`. */
  duplicateForm: (ws: string, body: DuplicateFormBody) =>
    api.put("/staff/{workspace}/forms", { params: ws_(ws), body }),
  updateForm: (ws: string, id: number, body: UpdateFormBody) =>
    api.put("/staff/{workspace}/forms/{id}", { params: formOf(ws, id), body }),
  deleteForm: (ws: string, id: number) =>
    api.delete("/staff/{workspace}/forms/{id}", { params: formOf(ws, id) }),
  sendForm: (ws: string, id: number, body: SendFormBody) =>
    api.post("/staff/{workspace}/forms/{id}", { params: formOf(ws, id), body }),
  summary: (ws: string, id: number) =>
    api.get("/staff/{workspace}/forms/{id}/summary", { params: formOf(ws, id) }),

  // Recurring sends of a form
  schedules: (ws: string, id: number) =>
    api.get("/staff/{workspace}/forms/{id}/schedules", { params: formOf(ws, id) }),
  createSchedule: (ws: string, id: number, body: ScheduleBody) =>
    api.post("/staff/{workspace}/forms/{id}/schedules", { params: formOf(ws, id), body }),
  updateSchedule: (ws: string, id: number, scheduleId: number, body: ScheduleBody) =>
    api.put("/staff/{workspace}/forms/{id}/schedules/{scheduleId}", {
      params: { path: { workspace: ws, id, scheduleId } },
      body,
    }),
  deleteSchedule: (ws: string, id: number, scheduleId: number) =>
    api.delete("/staff/{workspace}/forms/{id}/schedules/{scheduleId}", {
      params: { path: { workspace: ws, id, scheduleId } },
    }),
};

/** Query keys carry the user id so one person's data never shows for the next. */
export const formKeys = {
  /** The names follow the UI language (the server answers in the caller's language). */
  questionTypes: (language: Language) => ["question-types", language] as const,
  questions: (uid: string, ws: string) => ["user", uid, "staff", ws, "questions"] as const,
  /** Everything of the entity's forms: the list and each form (invalidate this after a change). */
  allForms: (uid: string, ws: string) => ["user", uid, "staff", ws, "forms"] as const,
  forms: (uid: string, ws: string, page: FormListQuery) =>
    ["user", uid, "staff", ws, "forms", "list", page.offset, page.limit] as const,
  form: (uid: string, ws: string, id: number) => ["user", uid, "staff", ws, "forms", id] as const,
  summary: (uid: string, ws: string, id: number) =>
    ["user", uid, "staff", ws, "forms", id, "summary"] as const,
};

export function useQuestionTypes(language: Language) {
  return useQuery({
    queryKey: formKeys.questionTypes(language),
    queryFn: formEndpoints.questionTypes,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useBankQuestions(ws: string | null) {
  const uid = useKeyUid();
  return useQuery({
    queryKey: formKeys.questions(uid, ws ?? ""),
    queryFn: () => formEndpoints.questions(ws ?? ""),
    enabled: !!ws,
  });
}

/** Invalidates the question bank after a change (the mutations below). */
function useBankChanged(ws: string) {
  const client = useQueryClient();
  const uid = useKeyUid();
  return () => client.invalidateQueries({ queryKey: formKeys.questions(uid, ws) });
}

export function useCreateQuestion(ws: string) {
  const changed = useBankChanged(ws);
  return useMutation({
    mutationFn: (body: CreateQuestionBody) => formEndpoints.createQuestion(ws, body),
    onSuccess: changed,
  });
}

export function useUpdateQuestion(ws: string) {
  const changed = useBankChanged(ws);
  return useMutation({
    mutationFn: ({ id, text }: { id: number; text: string }) =>
      formEndpoints.updateQuestion(ws, id, { text }),
    onSuccess: changed,
  });
}

export function useDeleteQuestion(ws: string) {
  const changed = useBankChanged(ws);
  return useMutation({
    mutationFn: (id: number) => formEndpoints.deleteQuestion(ws, id),
    onSuccess: changed,
  });
}

/** A page of the entity's forms; the page on screen stays while the next one loads. */
export function useForms(ws: string | null, page: FormListQuery) {
  const uid = useKeyUid();
  return useQuery({
    queryKey: formKeys.forms(uid, ws ?? "", page),
    queryFn: () => formEndpoints.forms(ws ?? "", page),
    enabled: !!ws,
    placeholderData: keepPreviousData,
  });
}

export function useForm(ws: string | null, id: number | null) {
  const uid = useKeyUid();
  return useQuery({
    queryKey: formKeys.form(uid, ws ?? "", id ?? 0),
    queryFn: () => formEndpoints.form(ws ?? "", id ?? 0),
    enabled: !!ws && id !== null,
    // the editor holds a draft of the form: a background refetch must not look like someone else's edit
    refetchOnWindowFocus: false,
  });
}

export function useFormSummary(ws: string | null, id: number | null) {
  const uid = useKeyUid();
  return useQuery({
    queryKey: formKeys.summary(uid, ws ?? "", id ?? 0),
    queryFn: () => formEndpoints.summary(ws ?? "", id ?? 0),
    enabled: !!ws && id !== null,
  });
}

/** Refetches the entity's forms (list and details) after a change. */
export function useFormsChanged(ws: string) {
  const client = useQueryClient();
  const uid = useKeyUid();
  return () => client.invalidateQueries({ queryKey: formKeys.allForms(uid, ws) });
}

/** Stores a form answer of the server as the cached form (the editor's new baseline). */
export function useStoreForm(ws: string) {
  const client = useQueryClient();
  const uid = useKeyUid();
  return (form: Form) => client.setQueryData(formKeys.form(uid, ws, form.id), form);
}

export function useCreateForm(ws: string) {
  const changed = useFormsChanged(ws);
  const store = useStoreForm(ws);
  return useMutation({
    mutationFn: (body: CreateFormBody) => formEndpoints.createForm(ws, body),
    onSuccess: (form) => {
      store(form);
      void changed();
    },
  });
}

export function useDuplicateForm(ws: string) {
  const changed = useFormsChanged(ws);
  return useMutation({
    mutationFn: (body: DuplicateFormBody) => formEndpoints.duplicateForm(ws, body),
    onSuccess: () => changed(),
  });
}

export function useUpdateForm(ws: string) {
  const changed = useFormsChanged(ws);
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateFormBody }) =>
      formEndpoints.updateForm(ws, id, body),
    onSuccess: () => changed(),
  });
}

export function useDeleteForm(ws: string) {
  const changed = useFormsChanged(ws);
  return useMutation({
    mutationFn: (id: number) => formEndpoints.deleteForm(ws, id),
    onSuccess: () => changed(),
  });
}

export function useSendForm(ws: string) {
  const changed = useFormsChanged(ws);
  return useMutation({
    mutationFn: ({ id, users }: { id: number; users: string[] }) => formEndpoints.sendForm(ws, id, { users }),
    onSuccess: () => changed(),
  });
}

/** Saves (creates or updates) or deletes a recurring send; the form is refetched (its `schedules`). */
export function useSaveSchedule(ws: string, formId: number) {
  const changed = useFormsChanged(ws);
  return useMutation({
    mutationFn: ({ scheduleId, body }: { scheduleId: number | null; body: ScheduleBody }) =>
      scheduleId === null
        ? formEndpoints.createSchedule(ws, formId, body)
        : formEndpoints.updateSchedule(ws, formId, scheduleId, body),
    onSuccess: () => changed(),
  });
}

export function useDeleteSchedule(ws: string, formId: number) {
  const changed = useFormsChanged(ws);
  return useMutation({
    mutationFn: (scheduleId: number) => formEndpoints.deleteSchedule(ws, formId, scheduleId),
    onSuccess: () => changed(),
  });
}

// The staff's view of one member's answer (the Answers tab).

/** One member's answer to one sent order (the path of the staff answer calls, `?workspace=` names the entity). */
export interface AnswerRef {
  formId: number;
  sentOrder: number;
  userId: string;
}

const staffAnswerParams = (ws: string, a: AnswerRef) => ({
  path: { id: a.formId, sent_order: a.sentOrder, user_id: a.userId },
  query: { workspace: ws },
});

/** Typed staff calls of the Answers tab: one member's answer, its deletion and the answers CSV. */
export const formAnswerEndpoints = {
  answer: (ws: string, a: AnswerRef) =>
    api.get("/staff/forms/{id}/{sent_order}/answers/{user_id}", { params: staffAnswerParams(ws, a) }),
  /** 204 No Content. */
  deleteAnswer: (ws: string, a: AnswerRef) =>
    api.delete("/staff/forms/{id}/{sent_order}/answers/{user_id}", { params: staffAnswerParams(ws, a) }),
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
  const uid = useKeyUid();
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

// The client's questionnaires.

const clientAnswerParams = (id: number, sentOrder: number) => ({ path: { id, sent_order: sentOrder } });

/** Typed calls of the client's questionnaires (`/user/forms…`, API-29…33). */
export const clientFormEndpoints = {
  forms: () => api.get("/user/forms"),
  history: (id: number) => api.get("/user/forms/{id}/history", { params: { path: { id } } }),
  answer: (id: number, sentOrder: number) =>
    api.get("/user/forms/{id}/{sent_order}/answer", { params: clientAnswerParams(id, sentOrder) }),
  submit: (id: number, sentOrder: number, body: SubmitAnswersBody) =>
    api.post("/user/forms/{id}/{sent_order}/answer", { params: clientAnswerParams(id, sentOrder), body }),
  /** 204 No Content. */
  deleteAnswer: (id: number, sentOrder: number) =>
    api.delete("/user/forms/{id}/{sent_order}/answer", { params: clientAnswerParams(id, sentOrder) }),
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

export function useClientForms() {
  const uid = useKeyUid();
  return useQuery({ queryKey: clientFormKeys.list(uid), queryFn: clientFormEndpoints.forms });
}

export function useClientFormHistory(id: number | null) {
  const uid = useKeyUid();
  return useQuery({
    queryKey: clientFormKeys.history(uid, id ?? 0),
    queryFn: () => clientFormEndpoints.history(id ?? 0),
    enabled: id !== null,
  });
}

/** One sent order with its questions (the snapshot sent) and any stored answers. */
export function useClientAnswer(id: number | null, sentOrder: number | null) {
  const uid = useKeyUid();
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
  const uid = useKeyUid();
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
