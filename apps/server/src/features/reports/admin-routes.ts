import { adminExportQuerySchema } from "@mimamori/shared";
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { users } from "../../db/schema";
import { auditRead, secondsPeriod } from "../../lib/access-audit";
import type { AppContext } from "../../lib/context";
import { sendRows } from "../../lib/csv-stream";
import { AppError } from "../../lib/errors";
import { requestLanguage } from "../../lib/language";
import { call } from "../../lib/openapi/operations";
import { ensureZone } from "../../lib/time-sql";
import { allUsersExport, exportHeaders, userExport } from "./export";

/** Admin downloads of vital data (§7 GET /admin/users/data/{uid}/download; /admin/CSVdownload), streamed. */
export function adminExportRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // the platform validated the zone name; the database must know it too
    app.addHook("preHandler", async (req) =>
      ensureZone(ctx.db, (req.query as { timezone?: string }).timezone),
    );
    app.get(
      "/admin/users/data/download",
      {
        config: call(
          "super-user",
          "adminDownloadAllData",
          "Download every person's band data (CSV or JSON)",
          { produces: ["text/csv", "application/json"] },
        ),
        schema: { querystring: adminExportQuerySchema },
      },
      async (req, reply) => {
        const q = req.query;
        const lang = requestLanguage(req);
        const name = `all_users_${q.data_type}_${q.db_type}`.toLowerCase();
        auditRead(req, { what: "admin-export", subjects: "all-users", detail: name, ...secondsPeriod(q) });
        return sendRows(reply, name, exportHeaders(q, lang, true), allUsersExport(ctx.db, q, lang), q.format);
      },
    );

    app.get(
      "/admin/users/data/:uid/download",
      {
        config: call("super-user", "adminDownloadUserData", "Download one person's band data (CSV or JSON)", {
          produces: ["text/csv", "application/json"],
        }),
        schema: { params: z.object({ uid: z.uuid("user-missing") }), querystring: adminExportQuerySchema },
      },
      async (req, reply) => {
        const q = req.query;
        const lang = requestLanguage(req);
        const [u] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, req.params.uid));
        if (!u) throw new AppError("user-missing");
        const name = `${u.id.slice(0, 8)}_${q.data_type}_${q.db_type}`.toLowerCase();
        auditRead(req, { what: "admin-export", subjects: [u.id], detail: name, ...secondsPeriod(q) });
        return sendRows(
          reply,
          name,
          exportHeaders(q, lang, false),
          userExport(ctx.db, u.id, q, lang),
          q.format,
        );
      },
    );
  };
}
