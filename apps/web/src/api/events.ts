import { ENTITY_EVENT, entityEventSchema } from "@mimamori/shared";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect, useSyncExternalStore } from "react";
import { alertKeys } from "./alerts";
import { boardKeys } from "./board";
import { api, apiUrl } from "./client";
import { setEventAsOf, setStreamOpen } from "./eventStatus";
import { useSessionState } from "./hooks";

/** One Server-Sent Event: its name (`message` when the frame names none) and its data lines joined. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * A parser of the `text/event-stream` format (WHATWG HTML, "Server-sent events"): text goes in as it arrives, in
 * pieces cut anywhere; complete events come out. Lines end with CRLF, LF or CR; a line starting with a colon is a
 * comment (the server's heartbeat); a blank line ends an event, which is dispatched only if it has data; one space
 * after a field's colon is dropped; `retry:` takes digits only.
 */
export function createSseParser() {
  let buffer = "";
  let event = "";
  let data: string[] = [];
  let retry: number | null = null;

  const line = (text: string, out: SseEvent[]) => {
    if (text === "") {
      if (data.length > 0) out.push({ event: event || "message", data: data.join("\n") });
      event = "";
      data = [];
      return;
    }
    if (text.startsWith(":")) return;
    const colon = text.indexOf(":");
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? "" : text.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") event = value;
    else if (field === "data") data.push(value);
    else if (field === "retry" && /^\d+$/.test(value)) retry = Number(value);
  };

  return {
    /** Feeds text; answers the events it completed. */
    push(text: string): SseEvent[] {
      buffer += text;
      const out: SseEvent[] = [];
      for (;;) {
        const end = buffer.search(/\r\n|\r|\n/);
        // a CR at the very end may be the first half of a CRLF: wait for the next piece
        if (end < 0 || (end === buffer.length - 1 && buffer[end] === "\r")) break;
        const width = buffer.startsWith("\r\n", end) ? 2 : 1;
        line(buffer.slice(0, end), out);
        buffer = buffer.slice(end + width);
      }
      return out;
    },
    /** The server's last `retry:` hint (ms), if any. */
    retryMs: () => retry,
  };
}

/**
 * Reads the workspace's live events (`GET /api/staff/{ws}/events`) until the stream ends or `signal` aborts, with
 * the bearer header of every call (fetch, not EventSource, which cannot send it: a token never travels in a URL).
 * A 401 is retried once with a refreshed session by the API client; other refusals throw its ApiError.
 */
export async function readEntityEvents(
  ws: string,
  options: { signal: AbortSignal; onOpen: () => void; onChanged: (asOf: string | undefined) => void },
): Promise<void> {
  const res = await api.stream(
    apiUrl("get", "/staff/{workspace}/events", { params: { path: { workspace: ws } } }),
    {
      signal: options.signal,
    },
  );
  if (!res.body) return;
  options.onOpen();
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  const parser = createSseParser();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      const changed = parser.push(value).filter((e) => e.event === ENTITY_EVENT);
      const last = changed.at(-1);
      if (last) options.onChanged(asOfOf(last.data));
    }
  } finally {
    reader.releaseLock();
  }
}

/** An event's `as_of`, if its data is an event as the contract has it. */
function asOfOf(data: string): string | undefined {
  try {
    const event = entityEventSchema.safeParse(JSON.parse(data));
    return event.success ? event.data.as_of : undefined;
  } catch {
    return undefined;
  }
}

/** How long to wait before reconnecting after `failures` attempts in a row that failed: 1 s, 2 s, 4 s … 30 s. */
export function reconnectDelayMs(failures: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1));
}

/** A stream that stayed open this long ended normally (its token expired): the next attempt starts the count anew. */
const HEALTHY_MS = 10_000;

/** The queries an entity's event refreshes: its alerts (list, record, unseen count) and the watch board. */
export function entityEventKeys(uid: string, ws: string) {
  return [alertKeys.all(uid, ws), boardKeys.all(uid, ws)] as const;
}

function refresh(client: QueryClient, uid: string, ws: string, olderThan?: number) {
  for (const queryKey of entityEventKeys(uid, ws))
    void client.invalidateQueries({
      queryKey,
      predicate: olderThan === undefined ? undefined : (q) => q.state.dataUpdatedAt < olderThan,
    });
}

function subscribeVisibility(listener: () => void) {
  document.addEventListener("visibilitychange", listener);
  return () => document.removeEventListener("visibilitychange", listener);
}
const isVisible = () => document.visibilityState !== "hidden";

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Keeps the workspace's live events flowing into this tab (mounted once, in the staff layout): one stream while
 * the tab is visible; each event refreshes the entity's alerts and board through the normal API. When the stream
 * fails or ends it reconnects after 1 s, backing off to 30 s while it keeps failing, and on each (re)connection
 * refreshes what was loaded before it (the catch-up). While it is down the unseen count and the alerts list poll
 * every 30 s (api/alerts.ts). A hidden tab holds no stream (a browser gives a site six connections) and
 * catches up when shown.
 */
export function useEntityEvents(ws: string | null): void {
  const client = useQueryClient();
  const uid = useSessionState().user?.uid;
  const visible = useSyncExternalStore(subscribeVisibility, isVisible, isVisible);

  useEffect(() => {
    if (!ws || !uid || !visible) return;
    const abort = new AbortController();
    const { signal } = abort;
    void (async () => {
      let failures = 0;
      while (!signal.aborted) {
        const requestedAt = Date.now();
        let openedAt: number | null = null;
        try {
          await readEntityEvents(ws, {
            signal,
            onOpen: () => {
              openedAt = Date.now();
              setStreamOpen(ws, true);
              refresh(client, uid, ws, requestedAt);
            },
            onChanged: (asOf) => {
              setEventAsOf(ws, asOf);
              refresh(client, uid, ws);
            },
          });
        } catch {
          // refused, cut or aborted: the loop decides
        }
        setStreamOpen(ws, false);
        if (signal.aborted) return;
        failures = openedAt !== null && Date.now() - openedAt >= HEALTHY_MS ? 0 : failures + 1;
        await sleep(reconnectDelayMs(failures), signal);
      }
    })();
    return () => {
      abort.abort();
      setStreamOpen(ws, false);
    };
  }, [client, uid, ws, visible]);
}
