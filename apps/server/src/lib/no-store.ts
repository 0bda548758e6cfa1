import type { FastifyInstance } from "fastify";

/**
 * `Cache-Control: no-store` on every `/api` answer, errors included (issue 29 §5): health data, images as base64,
 * thumbnails, names and e-mails must not stay in a browser's or a proxy's cache (docs/decisions.md, "Trust").
 * Every route gets it rather than a list of those with personal data, so a new route is covered the day it is
 * registered; the few public answers without personal data (health, terms) lose nothing by not being cached.
 * Set before access control runs, so its 401 and 403 carry it too; the web bundles (/assets) keep their own.
 */
export function registerNoStore(app: FastifyInstance): void {
  app.addHook("onRequest", async (req, reply) => {
    if (req.url === "/api" || req.url.startsWith("/api/") || req.url.startsWith("/api?"))
      reply.header("cache-control", "no-store");
  });
}
