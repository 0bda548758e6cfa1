/**
 * What the service worker (sw.ts) does with a request. Only the built app is cached: its pages (one
 * index.html) and the files under /assets/, whose names carry a content hash. The API is never touched: its
 * answers are health data, each authorised on the server for one person, so they must not outlive the session
 * in a cache the next person at the same browser could read.
 */
export type RequestKind =
  /** a page navigation: the network first, the cached index.html when offline */
  | "page"
  /** a built file: from the cache (precached at install), else the network */
  | "asset"
  /** left alone: the browser fetches it as if there were no worker */
  | "network";

export function requestKind(
  request: { url: string; method: string; mode: string },
  origin: string,
): RequestKind {
  if (request.method !== "GET") return "network";
  const url = new URL(request.url);
  if (url.origin !== origin) return "network";
  if (url.pathname === "/api" || url.pathname.startsWith("/api/")) return "network";
  if (request.mode === "navigate") return "page";
  if (url.pathname.startsWith("/assets/") || url.pathname === "/favicon.svg") return "asset";
  return "network";
}

/** The cache of one build; older builds' caches are deleted when a new worker takes over. */
export const CACHE_PREFIX = "mimamori-shell-";
