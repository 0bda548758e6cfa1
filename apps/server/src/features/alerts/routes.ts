import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../lib/context";
import { adminNotificationRoutes } from "./admin-routes";
import { notificationsRoutes } from "./list-routes";
import { settingsRoutes } from "./settings-routes";

/**
 * Alerts (issue 11): the staff settings and lock, the list, acknowledgement and the heat-illness record, and the
 * admin download. The engine (evaluation, sweeps, mails) runs as jobs, registered apart.
 */
export function alertRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(settingsRoutes(ctx));
    await app.register(notificationsRoutes(ctx));
    await app.register(adminNotificationRoutes(ctx));
  };
}
