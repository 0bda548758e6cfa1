import { useQuery } from "@tanstack/react-query";
import { api } from "./client";
import { useKeyUid } from "./hooks";

/** Raw-data retention (issue 32 §2): how long the person's raw samples are kept; the server's default for admins. */
export const retentionEndpoints = {
  mine: () => api.get("/user/vitals/retention"),
  defaults: () => api.get("/admin/vitals/retention"),
};

/** Query keys carry the user id so one person's answer never shows for the next. */
export const retentionKeys = {
  mine: (uid: string) => ["user", uid, "raw-retention"] as const,
  defaults: (uid: string) => ["user", uid, "raw-retention-defaults"] as const,
};

/** The signed-in person's retention: days kept, and from when raw samples exist once some were removed. */
export function useMyRawRetention(enabled = true) {
  const uid = useKeyUid();
  return useQuery({
    queryKey: retentionKeys.mine(uid),
    queryFn: retentionEndpoints.mine,
    enabled: enabled && uid !== "-",
  });
}

/** The server's default and the bounds of an entity's setting (admins). */
export function useRawRetentionDefaults() {
  const uid = useKeyUid();
  return useQuery({
    queryKey: retentionKeys.defaults(uid),
    queryFn: retentionEndpoints.defaults,
    enabled: uid !== "-",
    staleTime: Number.POSITIVE_INFINITY,
  });
}
