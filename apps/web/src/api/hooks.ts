import type { UserInfoBody } from "@mimamori/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { identityEndpoints } from "./identity";
import { useSessionState } from "./session";

export { useSessionState };

/** The signed-in user's id for query keys ("-" signed out), so one person's data never shows for the next. */
export function useKeyUid(): string {
  return useSessionState().user?.uid ?? "-";
}

/** Query keys carry the user id so one person's data never shows for the next. */
export const queryKeys = {
  userInfo: (uid: string) => ["user", uid, "info"] as const,
  staffEntities: (uid: string) => ["user", uid, "staff-entities"] as const,
};

export function useUserInfo() {
  const { user } = useSessionState();
  return useQuery({
    queryKey: queryKeys.userInfo(user?.uid ?? "-"),
    queryFn: identityEndpoints.userInfo,
    enabled: !!user,
  });
}

export function useSaveUserInfo() {
  const client = useQueryClient();
  const { user } = useSessionState();
  return useMutation({
    mutationFn: (body: UserInfoBody) => identityEndpoints.saveUserInfo(body),
    onSuccess: (info) => {
      if (user) client.setQueryData(queryKeys.userInfo(user.uid), info);
    },
  });
}

export function useStaffEntities(enabled = true) {
  const { user } = useSessionState();
  return useQuery({
    queryKey: queryKeys.staffEntities(user?.uid ?? "-"),
    queryFn: identityEndpoints.staffEntities,
    enabled: enabled && !!user,
  });
}
