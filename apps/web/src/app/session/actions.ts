import type { SessionResponse, SignInBody, UserType } from "@mimamori/shared";
import { resetQueryCache } from "../../api/cacheReset";
import { configureApi, refreshSession } from "../../api/client";
import { identityEndpoints } from "../../api/identity";
import { markAnonymous, markAuthenticated, sessionStore, storeTokens } from "../../api/session";
import { applyLanguage, currentLanguage } from "../../i18n";
import {
  deleteCookie,
  readAuthenticatedFlag,
  SPEC_COOKIES,
  setAuthenticatedFlag,
  writeCookie,
} from "./cookies";

configureApi({
  language: currentLanguage,
  onSessionExpired: () => {
    // The guard sends the person to the sign-in page of the area they are in.
    setAuthenticatedFlag(false);
    resetQueryCache();
  },
});

/** Applies the language stored for the user on the server (it overrides browser and cookie). */
async function applyStoredLanguage(): Promise<void> {
  try {
    const { language } = await identityEndpoints.ownLanguage();
    applyLanguage(language);
  } catch {
    // Spec §8: a failed language fetch only stops loading.
  }
}

let restoring: Promise<void> | null = null;

/** On load: exchange the httpOnly refresh cookie for a session. Runs once, whatever React does. */
export function restoreSession(): Promise<void> {
  restoring ??= (async () => {
    // Nobody is signed in in this browser (never, or signed out): no refresh cookie worth trying.
    if (readAuthenticatedFlag() !== true) {
      markAnonymous();
      return;
    }
    const res = await refreshSession();
    if (sessionStore.getSnapshot().status !== "restoring") return; // a sign-in finished first
    if (!res) {
      setAuthenticatedFlag(false);
      markAnonymous();
      return;
    }
    await applyStoredLanguage();
    if (sessionStore.getSnapshot().status !== "restoring") return;
    setAuthenticatedFlag(true);
    markAuthenticated(res.user);
  })();
  return restoring;
}

/** Signs in; the session is kept in memory but not announced until `establishSession`. */
export async function signIn(body: SignInBody): Promise<SessionResponse> {
  const res = await identityEndpoints.signIn(body);
  storeTokens(res);
  return res;
}

/** Spec §4: stores user email, user type and language in cookies, sets isAuthenticated. */
export async function establishSession(res: SessionResponse, userType: UserType): Promise<void> {
  resetQueryCache();
  writeCookie("userEmail", res.user.email);
  writeCookie("userType", userType);
  if (userType !== "staff") {
    deleteCookie("workspace");
    deleteCookie("workspace_name");
  }
  await applyStoredLanguage();
  setAuthenticatedFlag(true);
  markAuthenticated(res.user);
}

/** Keeps the person signed in with the session returned by a password change. */
export function replaceSession(res: SessionResponse): void {
  storeTokens(res);
}

/**
 * Revokes the session on the server, then at once clears the spec's cookies, sets isAuthenticated to false and
 * ends the in-memory session; the route guard then shows the sign-in page of the area.
 */
export async function signOut(): Promise<void> {
  await identityEndpoints.signOut();
  for (const name of SPEC_COOKIES) deleteCookie(name);
  setAuthenticatedFlag(false);
  markAnonymous("signed-out");
  resetQueryCache();
}

/** Another tab signed out: end this tab's session too. */
export function watchOtherTabs(): void {
  window.addEventListener("storage", (e) => {
    if (
      e.key === "isAuthenticated" &&
      e.newValue === "false" &&
      sessionStore.getSnapshot().status === "authenticated"
    ) {
      markAnonymous("signed-out");
      resetQueryCache();
    }
  });
}
