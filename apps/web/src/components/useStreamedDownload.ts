import { useCallback, useEffect, useRef, useState } from "react";
import type { ApiUrl } from "../api/client";
import { type Downloaded, streamDownload } from "./download";

/** Where a streamed download stands: `failed` holds the error (the API's one shape, read with `errorMessage`). */
export type DownloadState =
  | { status: "idle" }
  | { status: "running"; bytes: number }
  | { status: "done"; file: Downloaded }
  | { status: "failed"; error: unknown };

/** How a started download ended: the file, cancelled (by `cancel` or the screen going away), or the error. */
export type DownloadOutcome = { file: Downloaded } | { cancelled: true } | { failed: unknown };

export interface StreamedDownload {
  state: DownloadState;
  /** True while the file streams in. */
  busy: boolean;
  /** The bytes received so far while running, else null. */
  bytes: number | null;
  /** The error of the last try, else null. */
  failure: unknown;
  /** Streams `path` in (one at a time), counting bytes, and offers it as a file (`fallbackName` if unnamed). */
  start: (path: ApiUrl, fallbackName: string) => Promise<DownloadOutcome>;
  /** Stops the running download; its outcome is `cancelled`, and the state goes back to idle. */
  cancel: () => void;
  /** Forgets a shown result or failure (back to idle); a running download goes on. */
  reset: () => void;
}

/**
 * A streamed download of the API with its progress and cancel (reports' CSV, the admin's exports, "Export my
 * data", …): one way to start, count, cancel and fail; a download still running when the screen goes away is
 * aborted. What a screen says when it ends is up to the screen (`start`'s outcome, or `state`).
 */
export function useStreamedDownload(): StreamedDownload {
  const [state, setState] = useState<DownloadState>({ status: "idle" });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const start = useCallback(async (path: ApiUrl, fallbackName: string): Promise<DownloadOutcome> => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setState({ status: "running", bytes: 0 });
    try {
      const file = await streamDownload(path, {
        fallbackName,
        onProgress: (bytes) => {
          if (!controller.signal.aborted) setState({ status: "running", bytes });
        },
        signal: controller.signal,
      });
      setState({ status: "done", file });
      return { file };
    } catch (error) {
      if (controller.signal.aborted) {
        if (abort.current === controller) setState({ status: "idle" });
        return { cancelled: true };
      }
      setState({ status: "failed", error });
      return { failed: error };
    } finally {
      if (abort.current === controller) abort.current = null;
    }
  }, []);

  const cancel = useCallback(() => abort.current?.abort(), []);
  const reset = useCallback(() => setState((s) => (s.status === "running" ? s : { status: "idle" })), []);

  return {
    state,
    busy: state.status === "running",
    bytes: state.status === "running" ? state.bytes : null,
    failure: state.status === "failed" ? state.error : null,
    start,
    cancel,
    reset,
  };
}
