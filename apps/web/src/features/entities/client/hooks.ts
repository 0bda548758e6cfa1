import type { Module } from "@mimamori/shared";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { entityEndpoints, entityKeys, useUidOrDash } from "../../../api/entities";

export function useMyEntities() {
  const uid = useUidOrDash();
  return useQuery({ queryKey: entityKeys.myEntities(uid), queryFn: entityEndpoints.myEntities });
}

export function useMyEntity(ws: string) {
  const uid = useUidOrDash();
  return useQuery({ queryKey: entityKeys.myEntity(uid, ws), queryFn: () => entityEndpoints.myEntity(ws) });
}

/** The modules the entity offers, marked with the client's own subscriptions, and the calls that change them. */
export function useMyModules(ws: string, enabled: boolean) {
  const uid = useUidOrDash();
  const client = useQueryClient();
  const key = entityKeys.myModules(uid, ws);
  const query = useQuery({ queryKey: key, queryFn: () => entityEndpoints.myModules(ws), enabled });
  const store = (list: Module[]) => client.setQueryData(key, list);
  return {
    query,
    subscribe: async (m: Module, on: boolean) => store(await entityEndpoints.subscribeMyModule(ws, m.id, on)),
    setMode: async (m: Module, mode: number) => store(await entityEndpoints.myModuleMode(ws, m.id, mode)),
  };
}
