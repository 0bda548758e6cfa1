import {
  auditDownloadQuerySchema,
  auditPageSchema,
  auditSearchQuerySchema,
  myAuditPageSchema,
  myAuditQuerySchema,
} from "@mimamori/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser } from "../../lib/access";
import type { AppContext } from "../../lib/context";
import { sendRows } from "../../lib/csv-stream";
import { requestLanguage } from "../../lib/language";
import { call } from "../../lib/openapi/operations";
import { ensureZone } from "../../lib/time-sql";
import { auditCsvHeaders, auditCsvRows, myAudit, searchAudit } from "./queries";

/**
 * The access audit's routes (issue 29 §1): the admin search and CSV, and the person's own list. There is no
 * route that changes or removes a row (append-only; the retention job removes old ones).
 */
export function accessAuditRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/admin/access-audit",
      {
        config: call("super-user", "searchAccessAudit", "Search the access audit"),
        schema: { querystring: auditSearchQuerySchema, response: { 200: auditPageSchema } },
      },
      async (req) => searchAudit(ctx.db, req.query),
    );

    app.get(
      "/admin/access-audit/download",
      {
        config: call("super-user", "downloadAccessAudit", "Download the access audit as CSV", {
          produces: ["text/csv"],
        }),
        schema: { querystring: auditDownloadQuerySchema },
      },
      async (req, reply) => {
        const q = req.query;
        await ensureZone(ctx.db, q.timezone);
        const lang = requestLanguage(req);
        return sendRows(reply, "access_audit", auditCsvHeaders(lang, q.timezone), auditCsvRows(ctx.db, q));
      },
    );

    app.get(
      "/user/access-audit",
      {
        config: call("user", "listOwnAccessAudit", "Who read the signed-in person's data"),
        schema: { querystring: myAuditQuerySchema, response: { 200: myAuditPageSchema } },
      },
      async (req) => myAudit(ctx.db, requireUser(req).id, req.query),
    );
  };
}
