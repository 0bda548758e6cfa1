import { useSyncExternalStore } from "react";

/**
 * Whether this tab's live event stream of a workspace is open (api/events.ts). While it is not, lists that the
 * stream keeps current fall back to polling.
 */
const open = new Set<string>();
const listeners = new Set<() => void>();

export function setStreamOpen(ws: string, isOpen: boolean): void {
  if (open.has(ws) === isOpen) return;
  if (isOpen) open.add(ws);
  else open.delete(ws);
  for (const l of listeners) l();
}

export function isStreamOpen(ws: string): boolean {
  return open.has(ws);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** True while the workspace's live events reach this tab, re-rendering when that changes. */
export function useStreamOpen(ws: string | null): boolean {
  const get = () => (ws ? open.has(ws) : false);
  return useSyncExternalStore(subscribe, get, get);
}
