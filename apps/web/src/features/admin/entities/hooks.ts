import type { Module } from "@mimamori/shared";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { orgEndpoints, orgKeys, useUidOrDash } from "../../../api/organisations";

export function useAdminEntities() {
  const uid = useUidOrDash();
  return useQuery({ queryKey: orgKeys.entities(uid), queryFn: orgEndpoints.entities });
}

export function useAdminEntity(ws: string) {
  const uid = useUidOrDash();
  return useQuery({ queryKey: orgKeys.entity(uid, ws), queryFn: () => orgEndpoints.entity(ws) });
}

export function useEntityStaffs(ws: string) {
  const uid = useUidOrDash();
  return useQuery({ queryKey: orgKeys.entityStaffs(uid, ws), queryFn: () => orgEndpoints.entityStaffs(ws) });
}

/** The module catalogue marked with the entity's subscriptions, and the calls that change them. */
export function useEntityModules(ws: string) {
  const uid = useUidOrDash();
  const client = useQueryClient();
  const key = orgKeys.entityModules(uid, ws);
  const query = useQuery({ queryKey: key, queryFn: () => orgEndpoints.entityModules(ws) });
  const store = (list: Module[]) => client.setQueryData(key, list);
  return {
    query,
    subscribe: async (m: Module, on: boolean) =>
      store(await orgEndpoints.subscribeEntityModule(ws, m.id, on)),
    setMode: async (m: Module, mode: number) => store(await orgEndpoints.entityModuleMode(ws, m.id, mode)),
  };
}
