import fastifyRateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "./errors";
import type { Metrics } from "./metrics";

/** The coarse per-client limits (issue 31 §5): calls a person (or, signed out, an address) may make per window. */
export interface RateLimits {
  /** Band uploads (`POST /api/user/vitals`) per window; 0: no limit. */
  bandUploads: number;
  /** File uploads (data-item images and PDFs, member CSVs) per window; 0: no limit. */
  fileUploads: number;
  /** Exports and CSV downloads per window; 0: no limit. */
  exports: number;
  /** The window, in seconds. */
  windowS: number;
}

/** The defaults (README, "Settings"): a band app syncs every few seconds at most; people download by hand. */
export const RATE_LIMIT_DEFAULTS: RateLimits = {
  bandUploads: 120,
  fileUploads: 30,
  exports: 20,
  windowS: 60,
};

export type RateLimitKind = Exclude<keyof RateLimits, "windowS">;

/**
 * The limited routes, by method and pattern: one table, so a limit is not forgotten in a feature's route options
 * (a test checks every entry names a registered route). Each route counts on its own. `only` narrows a route to
 * the calls that are exports (the heat-illness record is a page in JSON and a download in CSV).
 */
export const LIMITED_ROUTES: {
  route: string;
  kind: RateLimitKind;
  only?: (req: FastifyRequest) => boolean;
}[] = [
  { route: "POST /api/user/vitals", kind: "bandUploads" },
  { route: "POST /api/user/data/:id/images", kind: "fileUploads" },
  { route: "POST /api/staff/:workspace/data/:dataId/user/:userId/images", kind: "fileUploads" },
  { route: "POST /api/staff/:workspace/users/csv", kind: "fileUploads" },
  { route: "GET /api/user/export", kind: "exports" },
  { route: "GET /api/user/reports/resq_band/:id/download", kind: "exports" },
  { route: "GET /api/staff/:workspace/reports/:reportId/:uid/download", kind: "exports" },
  { route: "GET /api/staff/:workspace/forms/:id/download", kind: "exports" },
  {
    route: "GET /api/staff/:workspace/heat_illness_record",
    kind: "exports",
    only: (req) => (req.query as { format?: unknown } | undefined)?.format === "csv",
  },
  { route: "GET /api/admin/:workspace/notifications", kind: "exports" },
  { route: "GET /api/admin/users/data/download", kind: "exports" },
  { route: "GET /api/admin/users/data/:uid/download", kind: "exports" },
  { route: "GET /api/admin/access-audit/download", kind: "exports" },
];

/** Whom a call counts for: the signed-in person (access control has run), else the caller's address. */
const clientKey = (req: FastifyRequest) => (req.user ? `user:${req.user.id}` : `ip:${req.ip}`);

/**
 * Registers `@fastify/rate-limit` for the routes of LIMITED_ROUTES; call it before the routes are added. The
 * counts are kept in this process's memory: behind N servers a client may make up to N× the figure (a coarse
 * limit against a runaway client, not a quota; docs/decisions.md). The check is a route hook of `onRequest`,
 * which runs after the app's own (access control: `req.user` is known) and before the body is read. A refusal
 * is 429 `rate-limited` in the caller's language with `Retry-After` (the seconds left in the window).
 */
export async function registerRateLimits(
  app: FastifyInstance,
  limits: RateLimits,
  metrics?: Metrics,
): Promise<void> {
  const byRoute = new Map(LIMITED_ROUTES.map((l) => [l.route, l]));
  // before the plugin's own onRoute hook (hooks run in the order added), which reads `config.rateLimit`
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) {
      const limited = byRoute.get(`${method} ${route.url}`);
      const max = limited ? limits[limited.kind] : 0;
      if (!limited || max <= 0) continue;
      const { only, kind } = limited;
      route.config = {
        ...route.config,
        rateLimit: {
          max,
          timeWindow: limits.windowS * 1000,
          ...(only ? { allowList: (req: FastifyRequest) => !only(req) } : {}),
          onExceeded: () => metrics?.limited(kind),
        },
      };
    }
  });
  await app.register(fastifyRateLimit, {
    global: false,
    keyGenerator: clientKey,
    errorResponseBuilder: (_req, res) => new AppError("rate-limited", undefined, Math.ceil(res.ttl / 1000)),
  });
}
