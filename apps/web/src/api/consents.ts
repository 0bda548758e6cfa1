import type { AcceptTermsBody, ConsentHistory, Language, Ok, TermsStatus } from "@mimamori/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./client";
import { useSessionState } from "./hooks";

/** The person's consents (issue 29 §2): their history, whether the current terms await acceptance, accepting. */
export const consentEndpoints = {
  history: () => api.get<ConsentHistory>("/user/consents"),
  status: () => api.get<TermsStatus>("/user/consents/status"),
  accept: (body: AcceptTermsBody) => api.post<Ok>("/user/consents/accept", body),
};

/** Query keys carry the user id so one person's consents never show for the next. */
export const consentKeys = {
  /** Item names come in the caller's language: one entry per language. */
  history: (uid: string, language: Language) => ["user", uid, "consents", language] as const,
  status: (uid: string) => ["user", uid, "terms-status"] as const,
};

/** "My consents", newest first, in `language`; asked again whenever the page is shown. */
export function useConsentHistory(language: Language) {
  const uid = useSessionState().user?.uid ?? "-";
  return useQuery({
    queryKey: consentKeys.history(uid, language),
    queryFn: consentEndpoints.history,
    enabled: uid !== "-",
    staleTime: 0,
  });
}

/** Whether the signed-in person must accept a new terms or privacy version before anything else. */
export function useTermsStatus() {
  const uid = useSessionState().user?.uid ?? "-";
  return useQuery({
    queryKey: consentKeys.status(uid),
    queryFn: consentEndpoints.status,
    enabled: uid !== "-",
  });
}

/** Accepts the current versions; the gate then opens (the status is asked again). */
export function useAcceptTerms() {
  const client = useQueryClient();
  const uid = useSessionState().user?.uid ?? "-";
  return useMutation({
    mutationFn: consentEndpoints.accept,
    onSuccess: () => client.invalidateQueries({ queryKey: consentKeys.status(uid) }),
  });
}
