import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser } from "../../lib/access";
import type { AppContext } from "../../lib/context";
import { unauthenticated } from "../../lib/errors";
import { requestLanguage } from "../../lib/language";
import { call } from "../../lib/openapi/operations";
import { defaultRawRetentionDays, rawRetentionOf } from "../vitals";
import { exportFileName, personalExportZip } from "./export";
import { takeLease } from "./lease";
import { profileOf } from "./queries";

/**
 * "Export my data" (issue 29 §3): `GET /user/export` answers a ZIP of everything held about the caller — any
 * signed-in person, only their own data (no person in the URL). One export per person at a time, across servers
 * (lease.ts): a second one is 409 `export-running`.
 */
export function personalExportRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/user/export",
      {
        config: call("user", "exportOwnData", "Download all one's data as a ZIP (CSV and FHIR R4)", {
          produces: ["application/zip"],
          errors: [409, 429],
        }),
      },
      async (req, reply) => {
        const user = requireUser(req);
        const lease = await takeLease(ctx.db, user.id);
        const closed = new AbortController();
        reply.raw.once("close", () => {
          closed.abort();
          void lease.release();
        });
        try {
          const profile = await profileOf(ctx.db, user.id);
          if (!profile) throw unauthenticated();
          const now = new Date();
          const zip = await personalExportZip({
            db: ctx.db,
            profile,
            lang: requestLanguage(req),
            signal: closed.signal,
            now,
            retention: await rawRetentionOf(ctx.db, user.id, defaultRawRetentionDays(ctx.config)),
            onError: (err) => req.log.error({ err }, "personal export failed"),
          });
          return reply
            .header("content-type", "application/zip")
            .header("content-disposition", `attachment; filename="${exportFileName(now)}"`)
            .header("cache-control", "no-store")
            .send(zip);
        } catch (err) {
          await lease.release();
          throw err;
        }
      },
    );
  };
}
