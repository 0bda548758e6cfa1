import {
  createFormBodySchema,
  duplicateFormBodySchema,
  FORMS_TOTAL_HEADER,
  formListQuerySchema,
  formSchema,
  formSummarySchema,
  formSummaryStatsSchema,
  sendFormBodySchema,
  sendResultSchema,
  timezoneSchema,
  updateFormBodySchema,
} from "@mimamori/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser } from "../../lib/access";
import { auditRead } from "../../lib/access-audit";
import type { AppContext } from "../../lib/context";
import { sendRows } from "../../lib/csv-stream";
import { requestLanguage } from "../../lib/language";
import { CONFLICT, call } from "../../lib/openapi/operations";
import { workspaceParams } from "../../lib/params";
import { ensureZone } from "../../lib/time-sql";
import { downloadHeaders, downloadRows } from "./download";
import { createForm, deleteForm, duplicateForm, formSummary, getForm, listForms, requireForm } from "./forms";
import { staffFormParams } from "./params";
import { sendForm } from "./send";
import { formSummaryStats } from "./summary";
import { updateForm } from "./update";

/** An entity's forms (§7 under /staff/{workspace}/forms): list, create, duplicate, edit, send, delete, read. */
export function formRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    /**
     * A page of the forms, newest first (issue 29 §5): `offset`, `limit` (default and at most
     * FORM_LIMITS.listPageMax, so the spec's call without them still answers the list's newest forms); the number
     * of forms in all in the FORMS_TOTAL_HEADER header.
     */
    app.get(
      "/staff/:workspace/forms",
      {
        config: call("staff", "listForms", "The entity's forms"),
        schema: {
          params: workspaceParams,
          querystring: formListQuerySchema,
          response: { 200: z.array(formSummarySchema) },
        },
      },
      async (req, reply) => {
        const { items, total } = await listForms(ctx.db, req.params.workspace, req.query);
        return reply.header(FORMS_TOTAL_HEADER, String(total)).send(items);
      },
    );

    /** Duplicates form `id` under `name` (FORM-12). */
    app.put(
      "/staff/:workspace/forms",
      {
        config: call("staff", "duplicateForm", "Copy a form under a new name"),
        schema: {
          params: workspaceParams,
          body: duplicateFormBodySchema,
          response: { 201: formSummarySchema },
        },
      },
      async (req, reply) => {
        const ws = req.params.workspace;
        const id = await duplicateForm(ctx.db, ws, req.body.id, req.body.name, requireUser(req).id);
        return reply.status(201).send(await formSummary(ctx.db, ws, id));
      },
    );

    /** Creates a form; with `users` it is sent to them at once. */
    app.post(
      "/staff/:workspace/forms",
      {
        config: call("staff", "createForm", "Create a form, sent at once when it names members", CONFLICT),
        schema: { params: workspaceParams, body: createFormBodySchema, response: { 201: formSchema } },
      },
      async (req, reply) => {
        const ws = req.params.workspace;
        const id = await createForm(ctx, ws, req.body, requireUser(req).id);
        return reply.status(201).send(await getForm(ctx.db, ws, id));
      },
    );

    app.get(
      "/staff/:workspace/forms/:id",
      {
        config: call("staff", "getForm", "One form with its questions"),
        schema: { params: staffFormParams, response: { 200: formSchema } },
      },
      async (req) => getForm(ctx.db, req.params.workspace, req.params.id),
    );

    app.put(
      "/staff/:workspace/forms/:id",
      {
        config: call("staff", "updateForm", "Change a form", CONFLICT),
        schema: { params: staffFormParams, body: updateFormBodySchema, response: { 200: formSchema } },
      },
      async (req) => {
        const { workspace, id } = req.params;
        await updateForm(ctx, workspace, id, req.body);
        return getForm(ctx.db, workspace, id);
      },
    );

    /** Sends the form to `users` as a new sent order; at most once a day to a person (409 `form-sent-today`). */
    app.post(
      "/staff/:workspace/forms/:id",
      {
        config: call("staff", "sendForm", "Send a form to members", CONFLICT),
        schema: { params: staffFormParams, body: sendFormBodySchema, response: { 201: sendResultSchema } },
      },
      async (req, reply) => {
        const { workspace, id } = req.params;
        const sentBy = requireUser(req).id;
        const result = await ctx.db.transaction((tx) =>
          sendForm(ctx, tx, { workspace, formId: id, userIds: req.body.users, sentBy, oncePerDay: true }),
        );
        return reply.status(201).send(result);
      },
    );

    app.delete(
      "/staff/:workspace/forms/:id",
      {
        config: call("staff", "deleteForm", "Delete a form"),
        schema: { params: staffFormParams, response: { 204: z.null() } },
      },
      async (req, reply) => {
        await deleteForm(ctx.db, req.params.workspace, req.params.id);
        return reply.status(204).send(null);
      },
    );

    app.get(
      "/staff/:workspace/forms/:id/summary",
      {
        config: call("staff", "getFormSummary", "A form's answers summed up"),
        schema: { params: staffFormParams, response: { 200: formSummaryStatsSchema } },
      },
      async (req) => {
        auditRead(req, {
          what: "form-summary",
          subjects: { answerersOf: req.params.id },
          detail: req.params.id,
        });
        return formSummaryStats(ctx.db, req.params.workspace, req.params.id);
      },
    );

    /**
     * The answers as CSV (FORM-35): one row per member and sent order, times local to `timezone` (the web sends
     * the entity's), named in the time headers.
     */
    app.get(
      "/staff/:workspace/forms/:id/download",
      {
        config: call("staff", "downloadFormAnswers", "Download a form's answers as CSV", {
          produces: ["text/csv"],
        }),
        schema: { params: staffFormParams, querystring: z.object({ timezone: timezoneSchema }) },
      },
      async (req, reply) => {
        const { workspace, id } = req.params;
        const tz = req.query.timezone;
        // the platform validated the zone name; the database must know it too
        await ensureZone(ctx.db, tz);
        const form = await requireForm(ctx.db, workspace, id);
        const { headers, columns } = await downloadHeaders(ctx.db, form.id, requestLanguage(req), tz);
        auditRead(req, { what: "form-csv", subjects: { answerersOf: form.id }, detail: form.id });
        return sendRows(
          reply,
          `form-${form.id}-answers`,
          headers,
          downloadRows(ctx.db, workspace, form.id, columns, tz),
        );
      },
    );
  };
}
