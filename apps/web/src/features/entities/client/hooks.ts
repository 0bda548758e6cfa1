import type { Module } from "@mimamori/shared";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { entityEndpoints, entityKeys } from "../../../api/entities";
import { useKeyUid } from "../../../api/hooks";

export function useMyEntities() {
  const uid = useKeyUid();
  return useQuery({ queryKey: entityKeys.myEntities(uid), queryFn: entityEndpoints.myEntities });
}

export function useMyEntity(ws: string) {
  const uid = useKeyUid();
  return useQuery({ queryKey: entityKeys.myEntity(uid, ws), queryFn: () => entityEndpoints.myEntity(ws) });
}

/** The modules the entity offers, marked with the client's own subscriptions, and the calls that change them. */
export function useMyModules(ws: string, enabled: boolean) {
  const uid = useKeyUid();
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
