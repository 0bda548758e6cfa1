/**
 * Registers the service worker (sw.ts) in production builds, once the page has loaded so that its
 * precaching does not compete with the first paint. Browsers allow it on HTTPS and on localhost only; elsewhere
 * registration fails and the app works as before, online.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js").catch(() => {});
  });
}
