import type { AuditDownloadQuery, AuditSearchQuery } from "@mimamori/shared";
import { useInfiniteQuery } from "@tanstack/react-query";
import { api, apiUrl } from "./client";
import { useKeyUid } from "./hooks";

/** Rows each page of the audit lists asks for. */
export const AUDIT_LIST_PAGE = 50;

export type AuditFilters = Pick<
  AuditSearchQuery,
  "person" | "staff" | "workspace" | "start_time" | "end_time"
>;

/** The set values of a query (ids and times only: never a name or an e-mail address in a URL). */
function setOnly<Q extends object>(q: Q): Q {
  return Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== "")) as Q;
}

/** The access audit (issue 29 §1): the person's own list, and the admin search and CSV. */
export const auditEndpoints = {
  mine: (offset: number) =>
    api.get("/user/access-audit", { params: { query: { offset, limit: AUDIT_LIST_PAGE } } }),
  search: (f: AuditFilters, offset: number) =>
    api.get("/admin/access-audit", { params: { query: setOnly({ ...f, offset, limit: AUDIT_LIST_PAGE }) } }),
  downloadPath: (q: AuditDownloadQuery) =>
    apiUrl("get", "/admin/access-audit/download", { params: { query: setOnly(q) } }),
};

/** Query keys carry the user id so one person's list never shows for the next. */
export const auditKeys = {
  mine: (uid: string) => ["user", uid, "access-audit"] as const,
  search: (uid: string, f: AuditFilters) => ["user", uid, "admin-access-audit", f] as const,
};

const nextOffset = (last: { has_more: boolean }, pages: unknown[]) =>
  last.has_more ? pages.length * AUDIT_LIST_PAGE : undefined;

/** "Who used my data": page after page, newest first; asked again whenever the page is shown. */
export function useMyAudit() {
  const uid = useKeyUid();
  return useInfiniteQuery({
    queryKey: auditKeys.mine(uid),
    queryFn: ({ pageParam }) => auditEndpoints.mine(pageParam),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
    enabled: uid !== "-",
    staleTime: 0,
  });
}

/** The admin search; null asks for nothing (no search made yet). */
export function useAuditSearch(filters: AuditFilters | null) {
  const uid = useKeyUid();
  return useInfiniteQuery({
    queryKey: auditKeys.search(uid, filters ?? {}),
    queryFn: ({ pageParam }) => auditEndpoints.search(filters ?? {}, pageParam),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
    enabled: uid !== "-" && filters !== null,
    staleTime: 0,
  });
}
