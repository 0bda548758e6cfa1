import { useSyncExternalStore } from "react";

/**
 * Whether this tab's live event stream of a workspace is open (api/events.ts). While it is not, lists that the
 * stream keeps current fall back to polling.
 */
const open = new Set<string>();
const listeners = new Set<() => void>();

/** Each workspace's last live event's `as_of` (schemas/events.ts), while its stream is open. */
const asOfs = new Map<string, string>();

/**
 * The `as_of` a board read sends: the last event's, so that the server may answer with the board it computed for
 * that event (one computation shared by the entity's staff). None while no stream is open, after the stream
 * (re)opens (events may have been missed) and after this tab's own change (`forgetEventAsOf`): the read then asks
 * for a board as fresh as the server has.
 */
export function eventAsOf(ws: string): string | undefined {
  return asOfs.get(ws);
}

export function setEventAsOf(ws: string, asOf: string | undefined): void {
  if (asOf) asOfs.set(ws, asOf);
  else asOfs.delete(ws);
}

/** This tab changed something: its next board read must show it. */
export function forgetEventAsOf(ws: string): void {
  asOfs.delete(ws);
}

export function setStreamOpen(ws: string, isOpen: boolean): void {
  asOfs.delete(ws);
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
