import {
  csvQuerySchema,
  reportIdSchema,
  reportListSchema,
  reportQuerySchema,
  reportSchema,
  timezoneQuerySchema,
} from "@mimamori/shared";
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { vitalSync } from "../../db/schema";
import { requireUser } from "../../lib/access";
import type { AppContext } from "../../lib/context";
import { sendRows } from "../../lib/csv-stream";
import { requestLanguage } from "../../lib/language";
import { call } from "../../lib/openapi/operations";
import { REPORT_EXAMPLES } from "../../lib/openapi/report-examples";
import { ensureZone } from "../../lib/time-sql";
import { buildCards, buildReport } from "./report";
import { reportDownload } from "./report-csv";

const idParams = z.object({ id: reportIdSchema });

/** A client's own band reports (§7 GET /user/reports/resq_band…); nobody else's data is reachable here. */
export function clientReportRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // the platform validated the zone name; the database must know it too
    app.addHook("preHandler", async (req) =>
      ensureZone(ctx.db, (req.query as { timezone?: string }).timezone),
    );
    app.get(
      "/user/reports/resq_band",
      {
        config: call(
          "user",
          "listOwnReports",
          "The signed-in person's reports",
          REPORT_EXAMPLES.listOwnReports,
        ),
        schema: { querystring: timezoneQuerySchema, response: { 200: reportListSchema } },
      },
      async (req) => {
        const me = requireUser(req);
        const { timezone } = req.query;
        const [sync] = await ctx.db.select().from(vitalSync).where(eq(vitalSync.userId, me.id));
        return {
          report_list: await buildCards(ctx.db, me.id, timezone, requestLanguage(req)),
          last_sync: sync ? Math.floor(sync.lastSyncAt.getTime() / 1000) : null,
          timezone,
        };
      },
    );

    app.get(
      "/user/reports/resq_band/:id",
      {
        config: call(
          "user",
          "getOwnReport",
          "One of one's reports over a window",
          REPORT_EXAMPLES.getOwnReport,
        ),
        schema: { params: idParams, querystring: reportQuerySchema, response: { 200: reportSchema } },
      },
      async (req) => buildReport(ctx.db, requireUser(req).id, req.params.id, req.query, requestLanguage(req)),
    );

    /** The same CSV as the staff download, of the caller's own data. */
    app.get(
      "/user/reports/resq_band/:id/download",
      {
        config: call("user", "downloadOwnReport", "Download one's report data as CSV", {
          produces: ["text/csv"],
        }),
        schema: { params: idParams, querystring: csvQuerySchema },
      },
      async (req, reply) => {
        const d = reportDownload(ctx.db, requireUser(req).id, req.params.id, req.query, requestLanguage(req));
        return sendRows(reply, d.filename, d.headers, d.batches);
      },
    );
  };
}
