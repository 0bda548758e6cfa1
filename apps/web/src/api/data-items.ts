import type { DataAnswerBody, DataItemTypeBody, Language } from "@mimamori/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { acceptLanguageOf } from "../i18n/language";
import { ApiError, type ApiResponse, type ApiUrl, api, apiErrorOf, apiUrl, refreshSession } from "./client";
import { useKeyUid } from "./hooks";
import { anyIdToken, validIdToken } from "./session";

const itemId = (id: number) => ({ path: { id } });

/** Typed calls of personal data items (spec §7; issue 12): the member's own, staff reads, the admin catalogue. */
export const dataEndpoints = {
  // the member's own items
  items: () => api.get("/user/data"),
  detail: (id: number) => api.get("/user/data/{id}/detail", { params: itemId(id) }),
  entities: (id: number) => api.get("/user/data/{id}/entities", { params: itemId(id) }),
  share: (id: number, ws: string) =>
    api.post("/user/data/{id}/entities/{workspace_name}", { params: { path: { id, workspace_name: ws } } }),
  unshare: (id: number, ws: string) =>
    api.delete("/user/data/{id}/entities/{workspace_name}", { params: { path: { id, workspace_name: ws } } }),
  answer: (questionId: number, body: DataAnswerBody) =>
    api.post("/user/questions/{questionId}/answer", { params: { path: { questionId } }, body }),
  deleteAnswer: (id: number, answerId: number) =>
    api.delete("/user/data/{id}/answers/{answerId}", { params: { path: { id, answerId } } }),
  image: (id: number, imageId: number) =>
    api.get("/user/data/{id}/images/{imageId}", { params: { path: { id, imageId } } }),
  deleteImage: (id: number, imageId: number) =>
    api.delete("/user/data/{id}/images/{imageId}", { params: { path: { id, imageId } } }),
  views: (id: number) => api.get("/user/data/{id}/views", { params: itemId(id) }),

  // staff of an entity, reading a member's shared items
  staffItems: (ws: string, userId: string) =>
    api.get("/staff/{workspace}/user/{id}/data", { params: { path: { workspace: ws, id: userId } } }),
  staffDetail: (ws: string, dataId: number, userId: string) =>
    api.get("/staff/{workspace}/data/{dataId}/user/{userId}", {
      params: { path: { workspace: ws, dataId, userId } },
    }),
  staffImages: (ws: string, dataId: number, userId: string) =>
    api.get("/staff/{workspace}/data/{dataId}/user/{userId}/images", {
      params: { path: { workspace: ws, dataId, userId } },
    }),
  staffImage: (ws: string, dataId: number, userId: string, imageId: number) =>
    api.get("/staff/{workspace}/data/{dataId}/user/{userId}/images/{imageId}", {
      params: { path: { workspace: ws, dataId, userId, imageId } },
    }),

  // the admin catalogue of item types
  types: () => api.get("/admin/data-types"),
  createType: (body: DataItemTypeBody) => api.post("/admin/data-types", { body }),
  updateType: (id: number, body: DataItemTypeBody) =>
    api.put("/admin/data-types/{id}", { params: itemId(id), body }),
  deleteType: (id: number) => api.delete("/admin/data-types/{id}", { params: itemId(id) }),
};

/** The upload paths (multipart field `image`), sent by `uploadImage` for its progress events. */
export const uploadPaths = {
  own: (id: number) => apiUrl("post", "/user/data/{id}/images", { params: itemId(id) }),
  staff: (ws: string, dataId: number, userId: string) =>
    apiUrl("post", "/staff/{workspace}/data/{dataId}/user/{userId}/images", {
      params: { path: { workspace: ws, dataId, userId } },
    }),
};

export interface UploadOptions {
  language: Language;
  /** Share of the bytes sent, 0…1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** The stored image as both upload routes answer it (the document's schema). */
type UploadedImage = ApiResponse<"post", "/user/data/{id}/images">;

function sendOnce(path: ApiUrl, file: File, token: string | null, opts: UploadOptions) {
  return new Promise<{ status: number; xhr: XMLHttpRequest }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api${path}`);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.setRequestHeader("Accept-Language", acceptLanguageOf(opts.language));
    if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) opts.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, xhr });
    xhr.onerror = () => reject(new ApiError(0, "unknown-error", ""));
    xhr.onabort = () => reject(new DOMException("Aborted", "AbortError"));
    opts.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append("image", file, file.name);
    xhr.send(form);
  });
}

/**
 * Uploads one image or PDF. `fetch` reports no upload progress, so this one call goes through XMLHttpRequest,
 * with the session handling of `api` (the id token; one refresh on a 401).
 */
export async function uploadImage(path: ApiUrl, file: File, opts: UploadOptions): Promise<UploadedImage> {
  let token = validIdToken();
  if (!token && anyIdToken()) token = (await refreshSession())?.idToken ?? null;
  let { status, xhr } = await sendOnce(path, file, token, opts);
  if (status === 401) {
    const renewed = await refreshSession();
    if (renewed) ({ status, xhr } = await sendOnce(path, file, renewed.idToken, opts));
  }
  if (status < 200 || status >= 300) throw apiErrorOf(xhr.status, xhr.responseText);
  // both upload routes answer the stored image as JSON (the document's schema); an empty answer would be a server fault
  return JSON.parse(xhr.responseText) as UploadedImage;
}

/** Query keys carry the user id so one person's data never shows for the next. */
export const dataKeys = {
  own: (uid: string) => ["user", uid, "data"] as const,
  list: (uid: string, language: Language) => ["user", uid, "data", "list", language] as const,
  item: (uid: string, id: number) => ["user", uid, "data", id] as const,
  detail: (uid: string, id: number, language: Language) =>
    ["user", uid, "data", id, "detail", language] as const,
  entities: (uid: string, id: number) => ["user", uid, "data", id, "entities"] as const,
  views: (uid: string, id: number) => ["user", uid, "data", id, "views"] as const,
  staffMember: (uid: string, ws: string, member: string) =>
    ["user", uid, "staff", ws, "member-data", member] as const,
  staffItems: (uid: string, ws: string, member: string, language: Language) =>
    ["user", uid, "staff", ws, "member-data", member, "list", language] as const,
  staffDetail: (uid: string, ws: string, member: string, dataId: number, language: Language) =>
    ["user", uid, "staff", ws, "member-data", member, dataId, "detail", language] as const,
  staffImages: (uid: string, ws: string, member: string, dataId: number) =>
    ["user", uid, "staff", ws, "member-data", member, dataId, "images"] as const,
  types: (uid: string) => ["user", uid, "admin-data-types"] as const,
};

// ---------- the member ----------

/** The names and descriptions come in the caller's language: the language is part of the key. */
export function useDataItems(language: Language) {
  const uid = useKeyUid();
  return useQuery({ queryKey: dataKeys.list(uid, language), queryFn: dataEndpoints.items });
}

export function useDataItem(id: number | null, language: Language) {
  const uid = useKeyUid();
  return useQuery({
    queryKey: dataKeys.detail(uid, id ?? 0, language),
    queryFn: () => dataEndpoints.detail(id ?? 0),
    enabled: id !== null,
  });
}

export function useSharedEntities(id: number | null) {
  const uid = useKeyUid();
  return useQuery({
    queryKey: dataKeys.entities(uid, id ?? 0),
    queryFn: () => dataEndpoints.entities(id ?? 0),
    enabled: id !== null,
  });
}

export function useDataViews(id: number | null) {
  const uid = useKeyUid();
  return useQuery({
    queryKey: dataKeys.views(uid, id ?? 0),
    queryFn: () => dataEndpoints.views(id ?? 0),
    enabled: id !== null,
  });
}

/** After any change of an item: the item, its shares and history, and the list (its last_updated). */
export function useDataChanged() {
  const client = useQueryClient();
  const uid = useKeyUid();
  return () => client.invalidateQueries({ queryKey: dataKeys.own(uid) });
}

export function useShareItem(id: number) {
  const changed = useDataChanged();
  return useMutation({
    mutationFn: (ws: string) => dataEndpoints.share(id, ws),
    onSettled: () => changed(),
  });
}

export function useUnshareItem(id: number) {
  const changed = useDataChanged();
  return useMutation({
    mutationFn: (ws: string) => dataEndpoints.unshare(id, ws),
    onSettled: () => changed(),
  });
}

export function useAnswerItem(questionId: number) {
  const changed = useDataChanged();
  return useMutation({
    mutationFn: (body: DataAnswerBody) => dataEndpoints.answer(questionId, body),
    onSuccess: () => changed(),
  });
}

export function useDeleteAnswer(id: number) {
  const changed = useDataChanged();
  return useMutation({
    mutationFn: (answerId: number) => dataEndpoints.deleteAnswer(id, answerId),
    onSettled: () => changed(),
  });
}

export function useDeleteImage(id: number) {
  const changed = useDataChanged();
  return useMutation({
    mutationFn: (imageId: number) => dataEndpoints.deleteImage(id, imageId),
    onSettled: () => changed(),
  });
}

// ---------- staff ----------

export function useStaffMemberData(ws: string, member: string, language: Language) {
  const uid = useKeyUid();
  return useQuery({
    queryKey: dataKeys.staffItems(uid, ws, member, language),
    queryFn: () => dataEndpoints.staffItems(ws, member),
    enabled: !!ws && !!member,
  });
}

export function useStaffDataDetail(ws: string, member: string, dataId: number, language: Language) {
  const uid = useKeyUid();
  return useQuery({
    queryKey: dataKeys.staffDetail(uid, ws, member, dataId, language),
    queryFn: () => dataEndpoints.staffDetail(ws, dataId, member),
  });
}

export function useStaffDataImages(ws: string, member: string, dataId: number) {
  const uid = useKeyUid();
  return useQuery({
    queryKey: dataKeys.staffImages(uid, ws, member, dataId),
    queryFn: () => dataEndpoints.staffImages(ws, dataId, member),
  });
}

/** After a staff upload: the member's cards are read again. */
export function useStaffMemberDataChanged(ws: string, member: string) {
  const client = useQueryClient();
  const uid = useKeyUid();
  return () => client.invalidateQueries({ queryKey: dataKeys.staffMember(uid, ws, member) });
}

// ---------- admin ----------

export function useDataTypes() {
  const uid = useKeyUid();
  return useQuery({ queryKey: dataKeys.types(uid), queryFn: dataEndpoints.types });
}

/** After a catalogue change: the catalogue, and the admin's own item list (a type added or removed). */
export function useDataTypesChanged() {
  const client = useQueryClient();
  const uid = useKeyUid();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: dataKeys.types(uid) }),
      client.invalidateQueries({ queryKey: dataKeys.own(uid) }),
    ]);
}

export function useSaveDataType() {
  const changed = useDataTypesChanged();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: DataItemTypeBody }) =>
      id === null ? dataEndpoints.createType(body) : dataEndpoints.updateType(id, body),
    onSuccess: () => changed(),
  });
}

export function useDeleteDataType() {
  const changed = useDataTypesChanged();
  return useMutation({
    mutationFn: (id: number) => dataEndpoints.deleteType(id),
    onSettled: () => changed(),
  });
}
