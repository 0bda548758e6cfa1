/**
 * The service worker: keeps the built app shell so that a return visit renders offline (issue 13). Built on
 * its own into dist/sw.js by the `service-worker` plugin of vite.config.ts, which fills in the build's files.
 * Which requests it answers: cachePolicy.ts (never the API).
 */
import { CACHE_PREFIX, requestKind } from "./cachePolicy";

/** The build's files (index.html, every /assets/ file, the favicon), set by vite.config.ts. */
declare const __PRECACHE__: string[];
/** A hash of the build, set by vite.config.ts: a new build installs a new worker and cache. */
declare const __BUILD__: string;

// The DOM typings have no worker scope; these are the few parts used here.
interface ExtendableEvent extends Event {
  waitUntil(work: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface WorkerScope {
  readonly location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
}

const scope = self as unknown as WorkerScope;
const CACHE = `${CACHE_PREFIX}${__BUILD__}`;

scope.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(__PRECACHE__))
      .then(() => scope.skipWaiting()),
  );
});

scope.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((n) => n.startsWith(CACHE_PREFIX) && n !== CACHE).map((n) => caches.delete(n)),
        ),
      ),
  );
});

scope.addEventListener("fetch", (event) => {
  const kind = requestKind(event.request, scope.location.origin);
  if (kind === "page") event.respondWith(page(event.request));
  else if (kind === "asset") event.respondWith(asset(event.request));
});

/** The network first (a new build shows at once); offline, the app's one page from the cache. */
async function page(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (err) {
    const shell = await caches.match("/index.html", { cacheName: CACHE });
    if (shell) return shell;
    throw err;
  }
}

/** Built files never change under their hashed names: the cached copy, else the network. */
async function asset(request: Request): Promise<Response> {
  return (await caches.match(request, { cacheName: CACHE })) ?? fetch(request);
}
