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

/* The typed calls (issue 30 §1, docs/architecture.md "The web's API client"): every call names a path of the
 * server's OpenAPI document (schema.ts, `npm run api:types`) without its `/api` prefix, with that operation's
 * path and query parameters and body; the answer has the document's type. Types only: the same `request` runs. */

type Documented = import("./schema").paths;
type HttpMethod = "get" | "post" | "put" | "delete";
/** The document's paths without `/api` (the client adds it). */
type Paths = { [P in keyof Documented as P extends `/api${infer R}` ? R : never]: Documented[P] };
/** The paths that have an operation for `M`. */
export type ApiPath<M extends HttpMethod> = {
  [P in keyof Paths]: Paths[P] extends Record<M, object> ? P : never;
}[keyof Paths];
type OperationOf<M extends HttpMethod, P extends ApiPath<M>> = Paths[P][M];

type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
/** An operation's path and query parameters (`{ path: {...}, query: {...} }`), required where the document says. */
type ParamsOf<O> = O extends { parameters: infer P } ? Omit<P, "header" | "cookie"> : never;
/** An operation's request body: its JSON, or the FormData of an upload. */
type BodyOf<O> = O extends { requestBody?: infer B }
  ? NonNullable<B> extends { content: { "application/json": infer J } }
    ? J
    : NonNullable<B> extends { content: { "multipart/form-data": unknown } }
      ? FormData
      : never
  : never;
type SuccessOf<O> = O extends { responses: infer R } ? R[Extract<keyof R, 200 | 201 | 202 | 204>] : never;
/** The JSON a successful call answers (nothing for a 204). */
export type ResponseOf<O> = SuccessOf<O> extends { content: { "application/json": infer J } } ? J : undefined;

type Options = Omit<RequestOptions, "body">;
type WithParams<O> = [RequiredKeys<ParamsOf<O>>] extends [never]
  ? { params?: ParamsOf<O> }
  : { params: ParamsOf<O> };
type WithBody<O> = [BodyOf<O>] extends [never]
  ? { body?: never }
  : O extends { requestBody: unknown }
    ? { body: BodyOf<O> }
    : { body?: BodyOf<O> };
/** What a call takes besides its path: parameters, body and the client's options. */
export type CallInit<M extends HttpMethod, P extends ApiPath<M>> = Options &
  WithParams<OperationOf<M, P>> &
  WithBody<OperationOf<M, P>>;
/** The init argument, optional when nothing in it is required. */
type InitArg<M extends HttpMethod, P extends ApiPath<M>> = [RequiredKeys<CallInit<M, P>>] extends [never]
  ? [init?: CallInit<M, P>]
  : [init: CallInit<M, P>];
/** The JSON answer of `M path`. */
export type ApiResponse<M extends HttpMethod, P extends ApiPath<M>> = ResponseOf<OperationOf<M, P>>;

type QueryValue = string | number | boolean | null | undefined;

/**
 * The URL path of a documented path with its parameters: `{name}` segments encoded, the query's set values (not
 * `undefined` or `null`) after `?`.
 */
export function urlOf(
  path: string,
  params?: {
    path?: Record<string, string | number>;
    query?: Record<string, QueryValue | readonly QueryValue[]>;
  },
): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.path?.[name];
    if (value === undefined) throw new Error(`${path}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params?.query ?? {}))
    for (const v of [value].flat()) if (v !== undefined && v !== null) query.append(key, String(v));
  const search = query.toString();
  return search ? `${filled}?${search}` : filled;
}

type UrlParams = Parameters<typeof urlOf>[1];
/** A call's init as the runtime reads it. */
type RawInit = Options & { params?: UrlParams; body?: unknown };

/** The URL of a documented path with the parameters of a call's init. */
const urlOfInit = (path: string, init: unknown) => urlOf(path, (init as RawInit | undefined)?.params);

function call(method: HttpMethod, path: string, init: unknown): Promise<unknown> {
  const { params, body, ...options } = (init ?? {}) as RawInit;
  return request(method.toUpperCase() as Method, urlOf(path, params), { ...options, body });
}

export const api = {
  get: <P extends ApiPath<"get">>(path: P, ...[init]: InitArg<"get", P>) =>
    call("get", path, init) as Promise<ApiResponse<"get", P>>,
  post: <P extends ApiPath<"post">>(path: P, ...[init]: InitArg<"post", P>) =>
    call("post", path, init) as Promise<ApiResponse<"post", P>>,
  put: <P extends ApiPath<"put">>(path: P, ...[init]: InitArg<"put", P>) =>
    call("put", path, init) as Promise<ApiResponse<"put", P>>,
  delete: <P extends ApiPath<"delete">>(path: P, ...[init]: InitArg<"delete", P>) =>
    call("delete", path, init) as Promise<ApiResponse<"delete", P>>,
  /** GET of one page of a list: its rows and the total the server puts in header `totalHeader`. */
  page: async <P extends ApiPath<"get">>(path: P, totalHeader: string, ...[init]: InitArg<"get", P>) => {
    const res = await respond("GET", urlOfInit(path, init), init ?? {});
    const rows = (await res.json()) as ApiResponse<"get", P>;
    return { rows, total: Number(res.headers.get(totalHeader) ?? (rows as unknown[]).length) };
  },
  /** GET whose body the caller reads as a stream (downloads with progress): a URL made by `urlOf`. */
  stream: (url: ApiUrl, options?: Options) => respond("GET", url, options ?? {}),
};

/** A URL of a documented call with its parameters (for `api.stream`, and uploads sent with progress events). */
export type ApiUrl = string & { readonly __apiUrl: true };

/** The URL of `method path` with its parameters, checked like a call's (`/api` not included). */
export function apiUrl<M extends HttpMethod, P extends ApiPath<M>>(
  _method: M,
  path: P,
  ...[init]: [RequiredKeys<WithParams<OperationOf<M, P>>>] extends [never]
    ? [init?: WithParams<OperationOf<M, P>>]
    : [init: WithParams<OperationOf<M, P>>]
): ApiUrl {
  return urlOfInit(path, init) as ApiUrl;
}
