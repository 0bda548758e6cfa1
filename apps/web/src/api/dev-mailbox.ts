import { useQuery } from "@tanstack/react-query";
import { api } from "./client";
import { useKeyUid } from "./hooks";

/** The development mailbox (issue 28 §3): the caller's kept mails (a super user's: every mail). */
export const devMailboxEndpoints = {
  list: () => api.get("/dev-mailbox"),
  /** One mail by its id: no address in any URL. */
  mail: (id: string) => api.get("/dev-mailbox/{id}", { params: { path: { id } } }),
};

/** Query keys carry the user id so one person's mail never shows for the next. */
export const devMailboxKeys = {
  list: (uid: string) => ["user", uid, "dev-mailbox", "list"] as const,
  mail: (uid: string, id: string) => ["user", uid, "dev-mailbox", "mail", id] as const,
};

/** The mailbox's list; asked again whenever the page is shown or focused (new mail arrives while it is open). */
export function useDevMailbox() {
  const uid = useKeyUid();
  return useQuery({
    queryKey: devMailboxKeys.list(uid),
    queryFn: devMailboxEndpoints.list,
    enabled: uid !== "-",
    staleTime: 0,
  });
}

/** One mail; null asks for nothing (no mail chosen). */
export function useDevMail(id: string | null) {
  const uid = useKeyUid();
  return useQuery({
    queryKey: devMailboxKeys.mail(uid, id ?? ""),
    queryFn: () => devMailboxEndpoints.mail(id ?? ""),
    enabled: uid !== "-" && id !== null,
  });
}
