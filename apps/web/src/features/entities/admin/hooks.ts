import type { Module } from "@mimamori/shared";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { entityEndpoints, entityKeys } from "../../../api/entities";
import { useKeyUid } from "../../../api/hooks";

export function useAdminEntities() {
  const uid = useKeyUid();
  return useQuery({ queryKey: entityKeys.entities(uid), queryFn: entityEndpoints.entities });
}

export function useAdminEntity(ws: string) {
  const uid = useKeyUid();
  return useQuery({ queryKey: entityKeys.entity(uid, ws), queryFn: () => entityEndpoints.entity(ws) });
}

export function useEntityStaffs(ws: string) {
  const uid = useKeyUid();
  return useQuery({
    queryKey: entityKeys.entityStaffs(uid, ws),
    queryFn: () => entityEndpoints.entityStaffs(ws),
  });
}

/** The module catalogue marked with the entity's subscriptions, and the calls that change them. */
export function useEntityModules(ws: string) {
  const uid = useKeyUid();
  const client = useQueryClient();
  const key = entityKeys.entityModules(uid, ws);
  const query = useQuery({ queryKey: key, queryFn: () => entityEndpoints.entityModules(ws) });
  const store = (list: Module[]) => client.setQueryData(key, list);
  return {
    query,
    subscribe: async (m: Module, on: boolean) =>
      store(await entityEndpoints.subscribeEntityModule(ws, m.id, on)),
    setMode: async (m: Module, mode: number) => store(await entityEndpoints.entityModuleMode(ws, m.id, mode)),
  };
}
