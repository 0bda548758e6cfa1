import type { UserType } from "@mimamori/shared";

export type Area = UserType;

export const ENTITY_SELECT_PATH = "/auth/staff/entity-select";

export interface GuardInput {
  /** `location.pathname` */
  path: string;
  /** `location.search`, e.g. "?workspace=sakura" */
  search?: string;
  cookies: { userEmail?: string; userType?: string; workspace?: string };
  authenticated: boolean;
}

export interface Redirect {
  to: string;
  /** Remember the requested location in router state `from`, to return there after sign-in. */
  rememberFrom: boolean;
}

/** The protected area a path belongs to: /client, /staff or /admin (and below). */
export function areaOf(path: string): Area | null {
  const m = /^\/(client|staff|admin)(\/|$)/.exec(path);
  return m ? (m[1] as Area) : null;
}

export function signInPathOf(area: Area): string {
  return `/auth/${area}/sign-in`;
}

function isUserType(v: string | undefined): v is UserType {
  return v === "client" || v === "staff" || v === "admin";
}

/** `path` with `?workspace=ws` set (other query parameters kept). */
export function withWorkspace(pathWithQuery: string, workspace: string): string {
  const hashAt = pathWithQuery.indexOf("#");
  const hash = hashAt >= 0 ? pathWithQuery.slice(hashAt) : "";
  const rest = hashAt >= 0 ? pathWithQuery.slice(0, hashAt) : pathWithQuery;
  const q = rest.indexOf("?");
  const path = q >= 0 ? rest.slice(0, q) : rest;
  const params = new URLSearchParams(q >= 0 ? rest.slice(q + 1) : "");
  params.set("workspace", workspace);
  return `${path}?${params.toString()}${hash}`;
}

/** Where a signed-in person of a user type belongs. */
export function homeOf(userType: UserType, workspace?: string): string {
  if (userType !== "staff") return `/${userType}`;
  return workspace ? withWorkspace("/staff", workspace) : ENTITY_SELECT_PATH;
}

/**
 * The route guard of spec §2, as a pure decision: null lets the page render, otherwise redirect.
 * Staff pages take the workspace from the `workspace` query parameter, which wins over the cookie.
 */
export function guardDecision({ path, search = "", cookies, authenticated }: GuardInput): Redirect | null {
  if (path === ENTITY_SELECT_PATH) {
    return authenticated ? null : { to: signInPathOf("staff"), rememberFrom: true };
  }
  const area = areaOf(path);
  if (!area) return null;
  if (!authenticated) return { to: signInPathOf(area), rememberFrom: true };
  const { userEmail, userType, workspace: cookieWorkspace } = cookies;
  if (!userEmail || !isUserType(userType)) return { to: signInPathOf("client"), rememberFrom: false };

  if (userType !== area) {
    // staff on client → /staff; client on staff → /client; admin on staff or client → /admin;
    // client or staff on admin → their own home.
    return { to: homeOf(userType, cookieWorkspace), rememberFrom: false };
  }
  if (area === "staff") {
    const queryWorkspace = new URLSearchParams(search).get("workspace");
    if (queryWorkspace) return null;
    if (cookieWorkspace)
      return { to: withWorkspace(`${path}${search}`, cookieWorkspace), rememberFrom: false };
    return { to: ENTITY_SELECT_PATH, rememberFrom: true };
  }
  return null;
}

/** Router state `from` as a path, or null when it is not a safe in-app location. */
export function fromPath(from: unknown): string | null {
  if (!from || typeof from !== "object") return null;
  const { pathname, search, hash } = from as { pathname?: unknown; search?: unknown; hash?: unknown };
  if (typeof pathname !== "string" || !pathname.startsWith("/") || pathname.startsWith("//")) return null;
  return `${pathname}${typeof search === "string" ? search : ""}${typeof hash === "string" ? hash : ""}`;
}

/**
 * Where to go after signing in: the protected page the person came from, if it is in their area, else their
 * home. Staff land on the selected workspace (which replaces the one in `from`).
 */
export function afterSignIn(userType: UserType, from: unknown, workspace?: string): string {
  const path = fromPath(from);
  const fromArea = path ? areaOf(path) : null;
  if (userType === "client") return path && fromArea === "client" ? path : "/client";
  if (userType === "admin") return path && fromArea === "admin" ? path : "/admin";
  if (!workspace) return ENTITY_SELECT_PATH;
  return path && fromArea === "staff" ? withWorkspace(path, workspace) : withWorkspace("/staff", workspace);
}
