import type { Module } from "@mimamori/shared";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { orgEndpoints, orgKeys, useUidOrDash } from "../../../api/organisations";

export function useMyEntities() {
  const uid = useUidOrDash();
  return useQuery({ queryKey: orgKeys.myEntities(uid), queryFn: orgEndpoints.myEntities });
}

export function useMyEntity(ws: string) {
  const uid = useUidOrDash();
  return useQuery({ queryKey: orgKeys.myEntity(uid, ws), queryFn: () => orgEndpoints.myEntity(ws) });
}

/** The modules the entity offers, marked with the client's own subscriptions, and the calls that change them. */
export function useMyModules(ws: string, enabled: boolean) {
  const uid = useUidOrDash();
  const client = useQueryClient();
  const key = orgKeys.myModules(uid, ws);
  const query = useQuery({ queryKey: key, queryFn: () => orgEndpoints.myModules(ws), enabled });
  const store = (list: Module[]) => client.setQueryData(key, list);
  return {
    query,
    subscribe: async (m: Module, on: boolean) => store(await orgEndpoints.subscribeMyModule(ws, m.id, on)),
    setMode: async (m: Module, mode: number) => store(await orgEndpoints.myModuleMode(ws, m.id, mode)),
  };
}
