import type { BoardQuery, SnoozeBody } from "@mimamori/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./client";
import { eventAsOf, forgetEventAsOf } from "./eventStatus";
import { useKeyUid } from "./hooks";

const ws_ = (workspace: string) => ({ path: { workspace } });

/**
 * The board's poll, also while live events flow: what it shows changes with time alone (a member's band falls silent,
 * "red for …" grows, a value ages out of "now"), which no event announces. Kept answers make it cheap.
 */
export const BOARD_POLL_MS = 30_000;

/** Typed staff calls of the watch board and its snoozes (issue 28 §1). */
export const boardEndpoints = {
  board: (ws: string, q: BoardQuery) =>
    api.get("/staff/{workspace}/board", {
      params: {
        path: { workspace: ws },
        query: { timezone: q.timezone, report_id: q.report_id || undefined, as_of: eventAsOf(ws) },
      },
    }),
  snooze: (ws: string, body: SnoozeBody) => api.post("/staff/{workspace}/snoozes", { params: ws_(ws), body }),
  endSnooze: (ws: string, id: number) =>
    api.delete("/staff/{workspace}/snoozes/{id}", { params: { path: { workspace: ws, id } } }),
};

/**
 * Query keys carry the user id so one person's board never shows for the next. The live events invalidate
 * `all` (the prefix) when the entity's data changes: keep every board query under it.
 */
export const boardKeys = {
  all: (uid: string, ws: string) => ["user", uid, "staff", ws, "board"] as const,
  board: (uid: string, ws: string, q: BoardQuery) => ["user", uid, "staff", ws, "board", q] as const,
};

/** The entity's board; null asks for nothing (no workspace or zone yet). Polled, and refreshed on focus. */
export function useBoard(ws: string | null, q: BoardQuery | null) {
  const uid = useKeyUid();
  return useQuery({
    queryKey: boardKeys.board(uid, ws ?? "", q ?? { timezone: "" }),
    queryFn: () => boardEndpoints.board(ws ?? "", q as BoardQuery),
    enabled: !!ws && q !== null && uid !== "-",
    refetchInterval: BOARD_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 0,
    // a filter change keeps the rows shown until the new ones arrive
    placeholderData: (previous) => previous,
  });
}

/** Refreshes every board of the entity (after a snooze, its end or an acknowledgement). */
export function useBoardChanged(ws: string) {
  const client = useQueryClient();
  const uid = useKeyUid();
  return () => {
    forgetEventAsOf(ws);
    return client.invalidateQueries({ queryKey: boardKeys.all(uid, ws) });
  };
}

export function useSnooze(ws: string) {
  const changed = useBoardChanged(ws);
  return useMutation({
    mutationFn: (body: SnoozeBody) => boardEndpoints.snooze(ws, body),
    onSuccess: () => changed(),
  });
}

export function useEndSnooze(ws: string) {
  const changed = useBoardChanged(ws);
  return useMutation({
    mutationFn: (id: number) => boardEndpoints.endSnooze(ws, id),
    onSuccess: () => changed(),
  });
}
