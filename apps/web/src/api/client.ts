import type { Language, SessionResponse } from "@mimamori/shared";
import { acceptLanguageOf } from "../i18n/language";
import { anyIdToken, markAnonymous, sessionStore, storeTokens, validIdToken } from "./session";

/** An error answer of the API (`{detail, code, field?}`), or a network failure (status 0). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly field?: string,
  ) {
    super(detail || code);
    this.name = "ApiError";
  }
}

let languageSource: () => Language = () => "en";
let onExpired: () => void = () => {};

/** Wires the client to the UI language (for `Accept-Language`) and to what happens when a session ends. */
export function configureApi(options: { language: () => Language; onSessionExpired: () => void }) {
  languageSource = options.language;
  onExpired = options.onSessionExpired;
}

type Method = "GET" | "POST" | "PUT" | "DELETE";

interface RequestOptions {
  body?: unknown;
  /** Send the id token and recover from a 401 by one refresh (default true). */
  auth?: boolean;
  signal?: AbortSignal;
  /** A token handed to the page (the mobile view's `idToken`): sent as it is, never refreshed or stored. */
  idToken?: string;
}

async function send(method: Method, path: string, options: RequestOptions, idToken: string | null) {
  const headers: Record<string, string> = {
    Accept: "application/json",
    "Accept-Language": acceptLanguageOf(languageSource()),
  };
  // A FormData body (file upload) is sent as multipart, with the boundary the browser chooses.
  const multipart = options.body instanceof FormData;
  if (options.body !== undefined && !multipart) headers["Content-Type"] = "application/json";
  if (idToken) headers.Authorization = `Bearer ${idToken}`;
  try {
    return await fetch(`/api${path}`, {
      method,
      headers,
      body:
        options.body === undefined
          ? undefined
          : multipart
            ? (options.body as FormData)
            : JSON.stringify(options.body),
      credentials: "same-origin",
      signal: options.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === "AbortError") throw err;
    throw new ApiError(0, "unknown-error", "");
  }
}

/**
 * The API's one error shape (`{detail, code, field?}`) from a response's status and body; a body without a code
 * of ours (a proxy's page, a size limit hit before any handler ran) is named by its status.
 */
export function apiErrorOf(status: number, body: string): ApiError {
  try {
    const parsed = JSON.parse(body) as { detail?: unknown; code?: unknown; field?: unknown };
    if (typeof parsed.code === "string") {
      return new ApiError(
        status,
        parsed.code,
        typeof parsed.detail === "string" ? parsed.detail : "",
        typeof parsed.field === "string" ? parsed.field : undefined,
      );
    }
  } catch {
    // not JSON
  }
  const byStatus: Record<number, string> = { 413: "payload-too-large", 429: "too-many-requests" };
  return new ApiError(status, byStatus[status] ?? "unknown-error", "");
}

async function errorOf(res: Response): Promise<ApiError> {
  return apiErrorOf(res.status, await res.text().catch(() => ""));
}

let refreshing: Promise<SessionResponse | null> | null = null;

/**
 * Exchanges the httpOnly refresh cookie for a new session. Concurrent callers share one request: refresh
 * tokens are single use, so two parallel refreshes would sign the user out.
 */
export function refreshSession(): Promise<SessionResponse | null> {
  refreshing ??= (async () => {
    try {
      const res = await send("POST", "/auth/refresh", {}, null);
      if (!res.ok) {
        await res.body?.cancel().catch(() => undefined);
        return null;
      }
      const session = (await res.json()) as SessionResponse;
      storeTokens(session);
      return session;
    } catch {
      return null;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

function sessionLost() {
  const wasSignedIn = sessionStore.getSnapshot().status === "authenticated";
  markAnonymous();
  if (wasSignedIn) onExpired();
}

/** A successful response of an authenticated call (refreshing the session once on a 401). */
async function respond(method: Method, path: string, options: RequestOptions): Promise<Response> {
  if (options.idToken !== undefined) {
    const res = await send(method, path, options, options.idToken);
    if (!res.ok) throw await errorOf(res);
    return res;
  }
  const auth = options.auth ?? true;
  let idToken: string | null = null;
  if (auth) {
    idToken = validIdToken();
    if (!idToken && anyIdToken()) idToken = (await refreshSession())?.idToken ?? null;
  }
  let res = await send(method, path, options, idToken);
  if (auth && res.status === 401) {
    const renewed = await refreshSession();
    if (!renewed) {
      sessionLost();
      throw await errorOf(res);
    }
    // the refused answer is let go before the call is made again: an unread body (no-store: not kept by the
    // browser's cache) holds its request, and a connection, open
    await res.body?.cancel().catch(() => undefined);
    res = await send(method, path, options, renewed.idToken);
    if (res.status === 401) {
      sessionLost();
      throw await errorOf(res);
    }
  }
  if (!res.ok) throw await errorOf(res);
  return res;
}

/** The one typed fetch of the web app. */
export async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const res = await respond(method, path, options);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A file answer (e.g. a streamed CSV) with the name from its Content-Disposition, if any. */
export async function requestFile(
  path: string,
  options: Omit<RequestOptions, "body"> = {},
): Promise<{ blob: Blob; filename: string | null }> {
  const res = await respond("GET", path, options);
  const disposition = res.headers.get("content-disposition") ?? "";
  const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
  return { blob: await res.blob(), filename };
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, "body">) => request<T>("GET", path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, "body">) =>
    request<T>("POST", path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, "body">) =>
    request<T>("PUT", path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>("DELETE", path, options),
  /** GET of a file: resolves to its bytes and file name. */
  file: (path: string, options?: Omit<RequestOptions, "body">) => requestFile(path, options),
  /** GET of one page of a list: its rows and the total the server puts in header `totalHeader`. */
  page: async <T>(path: string, totalHeader: string, options?: Omit<RequestOptions, "body">) => {
    const res = await respond("GET", path, options ?? {});
    const rows = (await res.json()) as T[];
    return { rows, total: Number(res.headers.get(totalHeader) ?? rows.length) };
  },
  /** GET whose body the caller reads as a stream (downloads with progress). */
  stream: (path: string, options?: Omit<RequestOptions, "body">) => respond("GET", path, options ?? {}),
};
