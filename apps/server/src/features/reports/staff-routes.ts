import {
  csvQuerySchema,
  entityKpisSchema,
  type Language,
  measureOf,
  type ReportId,
  reportIdSchema,
  reportQuerySchema,
  reportSchema,
  type StaffRangesBody,
  type StaffReport,
  type StaffReportQuery,
  staffRangesBodySchema,
  staffReportQuerySchema,
  staffReportSchema,
  tuningStateBodySchema,
  type ZoneRanges,
} from "@mimamori/shared";
import type { FastifyContextConfig, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { changesOf } from "../../db/changes";
import { requireMember } from "../../db/entities";
import { auditRead, auditReadNow, secondsPeriod } from "../../lib/access-audit";
import { answerCache } from "../../lib/answer-cache";
import type { AppContext } from "../../lib/context";
import { sendRows } from "../../lib/csv-stream";
import { AppError } from "../../lib/errors";
import { requestLanguage } from "../../lib/language";
import { call } from "../../lib/openapi/operations";
import { REPORT_EXAMPLES } from "../../lib/openapi/report-examples";
import { workspaceParams } from "../../lib/params";
import { auditShared, sendShared, sharedBody } from "../../lib/shared-body";
import { ensureZone } from "../../lib/time-sql";
import { consentStart, fromConsent } from "./consent";
import { viewOf } from "./present";
import { effectiveRanges, generalRanges, saveGeneralRanges, saveTuning, setTuned, tuningsOf } from "./ranges";
import { buildReport } from "./report";
import { reportDownload } from "./report-csv";
import { reportMemo } from "./report-memo";
import { buildStaffReport, entityKpis, openWindowEnd, type StaffQuery, staffPeriod } from "./staff-report";

const reportParams = workspaceParams.extend({ reportId: reportIdSchema });
const memberParams = reportParams.extend({ uid: z.uuid("member-not-found") });

/** The options of the routes that change ranges and answer with the report. */
const answersReport = <P extends z.ZodType, B extends z.ZodType>(
  params: P,
  body: B,
  config: FastifyContextConfig,
) => ({
  config,
  schema: { params, querystring: staffReportQuerySchema, body, response: { 200: staffReportSchema } },
});

/** Only accepted client members of the entity can be read or tuned; anyone else (invited too) is not found. */
async function requireAccepted(ctx: AppContext, ws: string, uid: string) {
  const m = await requireMember(ctx.db, ws, uid);
  if (m.status !== "accepted") throw new AppError("member-not-found");
  return m;
}

/** The query with its window clamped to the member's consent: staff never see what came before it. */
async function consentedQuery<Q extends { start_time: number; end_time: number }>(
  ctx: AppContext,
  ws: string,
  uid: string,
  reportId: ReportId,
  q: Q,
): Promise<Q> {
  const m = await requireAccepted(ctx, ws, uid);
  return fromConsent(q, await consentStart(ctx.db, uid, m.acceptedAt, measureOf(reportId)));
}

/** Ranges sent in the viewer's unit (°F in American zones) are stored in the measure's own unit. */
const stored = (id: ReportId, timezone: string, r: ZoneRanges, lang: Language) =>
  viewOf(measureOf(id), timezone, lang).ranges(r, "fromView");

/** Whose data a staff report holds (its members) and its window, for the access audit. */
const reportAudit = (r: StaffReport) => ({
  subjects: r.users.map((u) => u.user.uid),
  ...secondsPeriod(r),
});

/** Notes a staff report answered by a save for the access audit; answers the report. */
function audited(req: FastifyRequest, reportId: ReportId, r: StaffReport): StaffReport {
  auditRead(req, { what: "report", detail: reportId, ...reportAudit(r) });
  return r;
}

/** Staff reports of an entity's members (§7 under /staff/{workspace}), tuning and per-user charts and CSV. */
export function staffReportRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // answers kept until a change to their entity (answer-cache.ts); identical reads under way share one run
  const reports = answerCache(changesOf(ctx.db));
  const kpis = answerCache(changesOf(ctx.db));
  // rosters and members' stats kept between reads (report-memo.ts): a report after an upload reads one member's stats
  const memo = reportMemo(changesOf(ctx.db));
  /** A save's change, known before the report it answers is read (the request's own mark comes after it). */
  const saved = () => changesOf(ctx.db).everything();
  /** The query of a read with its time fixed, and the key naming it (an open window by its minute). */
  const fixed = <Q extends StaffQuery>(q: Q, ...parts: unknown[]) => {
    const now = Date.now();
    const end = q.end_time === undefined ? `open:${openWindowEnd(now)}` : q.end_time;
    return { q: { ...q, now }, key: JSON.stringify([...parts, q.interval, q.timezone, end]) };
  };
  /** Saves ranges sent in the viewer's unit with `save`; answers the report for the body's interval. */
  const saveRanges = async (
    req: FastifyRequest,
    { workspace, reportId }: { workspace: string; reportId: ReportId },
    query: StaffReportQuery,
    { interval, ...ranges }: StaffRangesBody,
    save: (ranges: ZoneRanges) => Promise<void>,
  ) => {
    const lang = requestLanguage(req);
    const q = { ...query, interval: interval ?? query.interval };
    await save(stored(reportId, q.timezone, ranges, lang));
    saved();
    return audited(req, reportId, await buildStaffReport(ctx.db, workspace, reportId, q, lang, memo));
  };
  return async (app) => {
    // the platform validated the zone name; the database must know it too
    app.addHook("preHandler", async (req) =>
      ensureZone(ctx.db, (req.query as { timezone?: string }).timezone),
    );
    app.get(
      "/staff/:workspace/reports_v2/kpis",
      {
        config: call(
          "staff",
          "getStaffReportKpis",
          "The entity's KPI tiles",
          REPORT_EXAMPLES.getStaffReportKpis,
        ),
        schema: {
          params: workspaceParams,
          querystring: staffReportQuerySchema,
          response: { 200: entityKpisSchema },
        },
      },
      async (req, reply) => {
        const { workspace } = req.params;
        const { q, key } = fixed(req.query, workspace);
        // the read's whole record, written while the tiles are read: the tiles cover the entity's members, whoever they
        // are when read, over this period (a second record from the answer would repeat the same rows)
        auditReadNow(req, { what: "kpis", subjects: "entity-members", ...secondsPeriod(staffPeriod(q)) });
        const body = await kpis(key, workspace, async () =>
          sharedBody(entityKpisSchema, await entityKpis(ctx.db, workspace, q, memo)),
        );
        return sendShared(req, reply, body);
      },
    );

    app.get(
      "/staff/:workspace/reports_v2/:reportId",
      {
        config: call(
          "staff",
          "getStaffReport",
          "A report over the entity's members",
          REPORT_EXAMPLES.getStaffReport,
        ),
        schema: {
          params: reportParams,
          querystring: staffReportQuerySchema,
          response: { 200: staffReportSchema },
        },
      },
      async (req, reply) => {
        const { workspace, reportId } = req.params;
        const lang = requestLanguage(req);
        const { q, key } = fixed(req.query, workspace, reportId, lang);
        // the entity's members are recorded while the report is read; then whoever it holds that they missed
        auditReadNow(req, {
          what: "report",
          detail: reportId,
          subjects: "entity-members",
          ...secondsPeriod(staffPeriod(q)),
        });
        const body = await reports(key, workspace, async () => {
          const r = await buildStaffReport(ctx.db, workspace, reportId, q, lang, memo);
          return sharedBody(staffReportSchema, r, reportAudit(r));
        });
        auditShared(req, body, { what: "report", detail: reportId });
        return sendShared(req, reply, body);
      },
    );

    /** Saves the entity's general ranges; answers the report for the body's interval. */
    app.post(
      "/staff/:workspace/reports_v2/:reportId",
      answersReport(
        reportParams,
        staffRangesBodySchema,
        call(
          "staff",
          "setReportRanges",
          "Set the entity's ranges of a report",
          REPORT_EXAMPLES.setReportRanges,
        ),
      ),
      async (req) => {
        const { workspace, reportId } = req.params;
        return saveRanges(req, req.params, req.query, req.body, (ranges) =>
          saveGeneralRanges(ctx.db, workspace, measureOf(reportId), ranges),
        );
      },
    );

    /** Saves a member's own ranges and switches tuning on. */
    app.post(
      "/staff/:workspace/reports_v2/:reportId/tuning/:uid",
      answersReport(
        memberParams,
        staffRangesBodySchema,
        call("staff", "setMemberTuning", "Set a member's own ranges of a report"),
      ),
      async (req) => {
        const { workspace, reportId, uid } = req.params;
        await requireAccepted(ctx, workspace, uid);
        return saveRanges(req, req.params, req.query, req.body, (ranges) =>
          saveTuning(ctx.db, workspace, measureOf(reportId), uid, ranges),
        );
      },
    );

    /** Switches a member's tuning on or off (off: the general ranges apply again). */
    app.put(
      "/staff/:workspace/reports_v2/:reportId/tuning/:uid",
      answersReport(
        memberParams,
        tuningStateBodySchema,
        call("staff", "resetMemberTuning", "Put a member's ranges back to the entity's"),
      ),
      async (req) => {
        const { workspace, reportId, uid } = req.params;
        await requireAccepted(ctx, workspace, uid);
        await setTuned(ctx.db, workspace, measureOf(reportId), uid, req.body.isTuned);
        saved();
        const r = await buildStaffReport(ctx.db, workspace, reportId, req.query, requestLanguage(req), memo);
        return audited(req, reportId, r);
      },
    );

    /** One member's chart, coloured by their effective ranges. */
    app.get(
      "/staff/:workspace/reports/:reportId/:uid",
      {
        config: call("staff", "getMemberReport", "A report over one member"),
        schema: { params: memberParams, querystring: reportQuerySchema, response: { 200: reportSchema } },
      },
      async (req) => {
        const { workspace, reportId, uid } = req.params;
        const q = await consentedQuery(ctx, workspace, uid, reportId, req.query);
        // recorded while the chart is read (lib/access-audit.ts): nothing is refused after consent
        auditReadNow(req, { what: "chart", subjects: [uid], detail: reportId, ...secondsPeriod(q) });
        const m = measureOf(reportId);
        const [general, tunings] = await Promise.all([
          generalRanges(ctx.db, workspace, m),
          tuningsOf(ctx.db, workspace, m),
        ]);
        const ranges = effectiveRanges(general, tunings.get(uid));
        return buildReport(ctx.db, uid, reportId, q, requestLanguage(req), ranges);
      },
    );

    app.get(
      "/staff/:workspace/reports/:reportId/:uid/download",
      {
        config: call("staff", "downloadMemberReport", "Download a member's report data as CSV", {
          produces: ["text/csv"],
        }),
        schema: { params: memberParams, querystring: csvQuerySchema },
      },
      async (req, reply) => {
        const { workspace, reportId, uid } = req.params;
        const q = await consentedQuery(ctx, workspace, uid, reportId, req.query);
        const d = reportDownload(ctx.db, uid, reportId, q, requestLanguage(req));
        auditRead(req, { what: "csv", subjects: [uid], detail: reportId, ...secondsPeriod(q) });
        return sendRows(reply, d.filename, d.headers, d.batches);
      },
    );
  };
}
