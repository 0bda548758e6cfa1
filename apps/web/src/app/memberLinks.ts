import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";

/**
 * The staff pages of one member carry ids only: never a name or an e-mail address in a URL, where browser
 * history, proxies and request logs keep it (issue 28 §3, docs/decisions.md "No name or e-mail address in a
 * URL"). The pages read the member's name from the API. The workspace is added by `staffPath`.
 */

/** Query parameters in which older links carried a person; the member pages drop them from the address. */
export const PERSONAL_PARAMS = ["name", "email", "user_name", "user_email"] as const;

/** /staff/users/{id}: the data a member shares with the entity. */
export const memberDataPath = (uid: string) => `/staff/users/${encodeURIComponent(uid)}`;

/** /staff/reports/{reportId}/{uid}: a member's chart, opened at `at` (epoch seconds) when given. */
export function memberReportPath(reportId: string, uid: string, at?: number): string {
  const path = `/staff/reports/${encodeURIComponent(reportId)}/${encodeURIComponent(uid)}`;
  return at === undefined ? path : `${path}?${new URLSearchParams({ at: String(at) })}`;
}

/** The search string without the personal parameters ("" when nothing is left). */
export function withoutPersonalParams(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of PERSONAL_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : "";
}

/**
 * An old link (a bookmark, an alert mail sent before this version) still opens the page: the personal
 * parameters are ignored and the address is replaced by the one without them, navigation state kept.
 */
export function useWithoutPersonalParams(): void {
  const { pathname, search, hash, state } = useLocation();
  const navigate = useNavigate();
  const dirty = PERSONAL_PARAMS.some((p) => new URLSearchParams(search).has(p));
  const clean = withoutPersonalParams(search);
  useEffect(() => {
    if (dirty) void navigate(`${pathname}${clean}${hash}`, { replace: true, state });
  }, [dirty, navigate, pathname, clean, hash, state]);
}
