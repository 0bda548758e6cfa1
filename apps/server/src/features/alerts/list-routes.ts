import {
  acknowledgeBodySchema,
  heatRecordQuerySchema,
  heatRecordSchema,
  notificationIdParamSchema,
  notificationListSchema,
  notificationSchema,
  notificationWindowQuerySchema,
  seenBodySchema,
  unseenCountSchema,
} from "@mimamori/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireEntity } from "../../db/entities";
import { requireUser } from "../../lib/access";
import { auditRead, secondsPeriod } from "../../lib/access-audit";
import type { AppContext } from "../../lib/context";
import { sendRows } from "../../lib/csv-stream";
import { requestLanguage } from "../../lib/language";
import { CONFLICT, call } from "../../lib/openapi/operations";
import { workspaceParams } from "../../lib/params";
import { sendShared, sharedBody } from "../../lib/shared-body";
import { ensureZone } from "../../lib/time-sql";
import {
  acknowledge,
  getNotification,
  listNotifications,
  markSeen,
  removeNotification,
  unseenCount,
} from "./list";
import { heatRecord, heatRecordCsv, heatRecordPeople, recordHeaders } from "./record";
import { toNotificationEntity } from "./settings-routes";

const idParams = workspaceParams.extend(notificationIdParamSchema.shape);

/**
 * The staff list of alerts (§7 /staff/{ws}/notifications), the top bar's unseen count, seen marks,
 * acknowledgement, removal, and the heat-illness record.
 */
export function notificationsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/staff/:workspace/notifications",
      {
        config: call("staff", "listAlerts", "The entity's alerts"),
        schema: {
          params: workspaceParams,
          querystring: notificationWindowQuerySchema,
          response: { 200: notificationListSchema },
        },
      },
      // up to 1,000 alerts (~420 KB of JSON): serialized and gzipped off the event loop as the staff report is,
      // not by the compression plugin, which first measures the string's UTF-8 length on the event loop
      async (req, reply) => {
        const { workspace } = req.params;
        const list = await listNotifications(
          ctx.db,
          workspace,
          requireUser(req).id,
          requestLanguage(req),
          req.query,
        );
        const shown = [...list.sync_list, ...list.measurement_list].map((a) => a.user.uid);
        auditRead(req, { what: "alerts", subjects: shown, ...secondsPeriod(req.query) });
        return sendShared(req, reply, sharedBody(notificationListSchema, list));
      },
    );

    /** The dot: the caller's unseen alerts of the entity (polled). */
    app.get(
      "/staff/:workspace/notifications/unseen",
      {
        config: call("staff", "countUnseenAlerts", "How many alerts the caller has not seen"),
        schema: { params: workspaceParams, response: { 200: unseenCountSchema } },
      },
      async (req) => ({ count: await unseenCount(ctx.db, req.params.workspace, requireUser(req).id) }),
    );

    /** Opening the list marks what it shows as seen for the caller; answers the unseen count left. */
    app.post(
      "/staff/:workspace/notifications/seen",
      {
        config: call("staff", "markAlertsSeen", "Mark alerts seen"),
        schema: { params: workspaceParams, body: seenBodySchema, response: { 200: unseenCountSchema } },
      },
      async (req) => ({
        count: await markSeen(ctx.db, req.params.workspace, requireUser(req).id, req.body.ids),
      }),
    );

    app.post(
      "/staff/:workspace/notifications/:id/acknowledge",
      {
        config: call("staff", "acknowledgeAlert", "Acknowledge an alert", CONFLICT),
        schema: { params: idParams, body: acknowledgeBodySchema, response: { 200: notificationSchema } },
      },
      async (req) => {
        const { workspace, id } = req.params;
        const me = requireUser(req).id;
        await acknowledge(ctx.db, workspace, me, id, req.body);
        return getNotification(ctx.db, workspace, me, requestLanguage(req), id);
      },
    );

    app.delete(
      "/staff/:workspace/notifications/:id",
      {
        config: call("staff", "deleteAlert", "Delete an alert"),
        schema: { params: idParams, response: { 204: z.null() } },
      },
      async (req, reply) => {
        await removeNotification(ctx.db, req.params.workspace, requireUser(req).id, req.params.id);
        return reply.status(204).send(null);
      },
    );

    /** Every heat-stress alert of the period: JSON (printable, bounded) or the streamed CSV. */
    app.get(
      "/staff/:workspace/heat_illness_record",
      {
        config: call("staff", "getHeatIllnessRecord", "The heat-illness record (JSON or CSV)", {
          produces: ["application/json", "text/csv"],
        }),
        schema: {
          params: workspaceParams,
          querystring: heatRecordQuerySchema,
          response: { 200: heatRecordSchema },
        },
      },
      async (req, reply) => {
        const q = req.query;
        const entity = toNotificationEntity(await requireEntity(ctx.db, req.params.workspace));
        const subjects = { query: heatRecordPeople(entity.workspace_name, q) };
        auditRead(req, { what: "heat-record", subjects, detail: q.format, ...secondsPeriod(q) });
        if (q.format === "json") return heatRecord(ctx.db, entity, q);
        // the zone is the entity's, set by the product; the database must know it all the same
        await ensureZone(ctx.db, entity.time_zone);
        const lang = requestLanguage(req);
        return sendRows(
          reply,
          `heat-illness-record-${entity.workspace_name}`,
          recordHeaders(lang, entity.time_zone),
          heatRecordCsv(ctx.db, entity.workspace_name, entity.time_zone, q, lang),
        );
      },
    );
  };
}
