import type { SessionResponse } from "@mimamori/shared";
import { useSyncExternalStore } from "react";

/**
 * The in-memory session. The id token never touches storage that scripts can read; the refresh token is
 * the server's httpOnly cookie.
 */
export type SessionStatus = "restoring" | "authenticated" | "anonymous";

export interface SessionUser {
  uid: string;
  email: string;
}

export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  /** Why the last session ended: the person signed out, or it expired (and may be resumed after sign-in). */
  ended?: "signed-out" | "expired";
}

let state: SessionState = { status: "restoring", user: null };
let token: { idToken: string; expiresAt: number } | null = null;
const listeners = new Set<() => void>();

export const sessionStore = {
  getSnapshot: (): SessionState => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

function setState(next: SessionState) {
  state = next;
  for (const l of listeners) l();
}

/** Keeps the tokens of a sign-in, refresh or password change; does not announce the session yet. */
export function storeTokens(res: SessionResponse): void {
  token = { idToken: res.idToken, expiresAt: Date.now() + res.expiresIn * 1000 };
  if (state.user && state.user.uid !== res.user.uid) setState({ status: state.status, user: null });
}

/** The id token, unless it expires within the next few seconds. */
export function validIdToken(): string | null {
  return token && token.expiresAt - 5000 > Date.now() ? token.idToken : null;
}

export function anyIdToken(): string | null {
  return token?.idToken ?? null;
}

export function markAuthenticated(user: SessionUser): void {
  setState({ status: "authenticated", user: { uid: user.uid, email: user.email } });
}

export function markAnonymous(ended: SessionState["ended"] = "expired"): void {
  token = null;
  setState({ status: "anonymous", user: null, ended });
}

/** The session, re-rendering on each change. */
export function useSessionState(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getSnapshot, sessionStore.getSnapshot);
}
