import type { AcceptTermsBody, Language } from "@mimamori/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./client";
import { useKeyUid } from "./hooks";

/** The person's consents (issue 29 §2): their history, whether the current terms await acceptance, accepting. */
export const consentEndpoints = {
  history: () => api.get("/user/consents"),
  status: () => api.get("/user/consents/status"),
  accept: (body: AcceptTermsBody) => api.post("/user/consents/accept", { body }),
  /** The same two calls with a token handed to the page (the band app's chart view), not this browser's session. */
  statusWith: (idToken: string) => api.get("/user/consents/status", { idToken }),
  acceptWith: (idToken: string, body: AcceptTermsBody) =>
    api.post("/user/consents/accept", { body, idToken }),
};

/** Query keys carry the user id so one person's consents never show for the next. */
export const consentKeys = {
  /** Item names come in the caller's language: one entry per language. */
  history: (uid: string, language: Language) => ["user", uid, "consents", language] as const,
  status: (uid: string) => ["user", uid, "terms-status"] as const,
  /** The band app's chart view: keyed by the end of its id token, like its report (api/reports.ts). */
  mobileStatus: (idToken: string) => ["mobile", idToken.slice(-16), "terms-status"] as const,
};

/** "My consents", newest first, in `language`; asked again whenever the page is shown. */
export function useConsentHistory(language: Language) {
  const uid = useKeyUid();
  return useQuery({
    queryKey: consentKeys.history(uid, language),
    queryFn: consentEndpoints.history,
    enabled: uid !== "-",
    staleTime: 0,
  });
}

/** Whether the signed-in person must accept a new terms or privacy version before anything else. */
export function useTermsStatus() {
  const uid = useKeyUid();
  return useQuery({
    queryKey: consentKeys.status(uid),
    queryFn: consentEndpoints.status,
    enabled: uid !== "-",
  });
}

/** Accepts the current versions; the gate then opens (the status is asked again). */
export function useAcceptTerms() {
  const client = useQueryClient();
  const uid = useKeyUid();
  return useMutation({
    mutationFn: consentEndpoints.accept,
    onSuccess: () => client.invalidateQueries({ queryKey: consentKeys.status(uid) }),
  });
}

/** The terms status for the band app's chart view, with the id token of its URL (no session of this browser). */
export function useMobileTermsStatus(idToken: string, enabled: boolean) {
  return useQuery({
    queryKey: consentKeys.mobileStatus(idToken),
    queryFn: () => consentEndpoints.statusWith(idToken),
    enabled: enabled && !!idToken,
    retry: false,
  });
}

/** Accepts the current versions with the chart view's id token; then its report is asked again. */
export function useMobileAcceptTerms(idToken: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AcceptTermsBody) => consentEndpoints.acceptWith(idToken, body),
    // every query of this token: its terms status and its report (api/reports.ts useMobileReport)
    onSuccess: () => client.invalidateQueries({ queryKey: ["mobile", idToken.slice(-16)] }),
  });
}
