import { randomUUID } from "node:crypto";
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_LIMITS,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookTestEvent,
  webhookCreateBodySchema,
  webhookCreatedSchema,
  webhookDeliveriesSchema,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookEventSchema,
  webhookListSchema,
  webhookParamsShape,
  webhookSecretSchema,
  webhookUpdateBodySchema,
} from "@mimamori/shared";
import { and, asc, count, desc, eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client";
import { requireEntity, whileSettingsUnlocked } from "../../db/entities";
import { webhookDeliveries, webhookEndpoints } from "../../db/schema";
import { type Access, requireUser } from "../../lib/access";
import type { AppContext } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { CONFLICT, type Operation } from "../../lib/openapi/operations";
import { workspaceParams } from "../../lib/params";
import { createWebhookWorker, targetRulesOf, type WebhookWorker } from "./deliver";
import { newSecret } from "./signing";
import { checkTarget } from "./target";

const idParams = workspaceParams.extend(webhookParamsShape);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

const endpointOf = (row: typeof webhookEndpoints.$inferSelect): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  kinds: row.kinds,
  description: row.description,
  enabled: row.enabled,
  created_at: row.createdAt.toISOString(),
});

const deliveryOf = (row: typeof webhookDeliveries.$inferSelect): WebhookDelivery => ({
  id: row.id,
  event_id: row.eventId,
  event_type: row.eventType,
  status: row.status,
  attempts: row.attempts,
  last_status_code: row.lastStatusCode,
  last_error: row.lastError,
  created_at: row.createdAt.toISOString(),
  delivered_at: iso(row.deliveredAt),
  // a row being sent holds its lease time here: the log shows a queued row's next try only
  next_attempt_at: row.status === "queued" ? iso(row.nextAttemptAt) : null,
});

async function endpointRow(db: Db, ws: string, id: string) {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.workspaceName, ws), eq(webhookEndpoints.id, id)));
  if (!row) throw new AppError("webhook-not-found");
  return row;
}

/**
 * Who may change an entity's webhooks: who may change its notification settings (features/alerts
 * settings-routes.ts). Its staff while the settings are unlocked; while an admin keeps them locked, only an admin
 * (409 `notification-settings-locked` for staff). Reading, the log and "send a test" stay open to its staff.
 */
const whileAllowed = <T>(db: Db, ws: string, admin: boolean, change: (tx: Db) => Promise<T>) =>
  whileSettingsUnlocked(db, ws, change, admin);

/** The OpenAPI callback (the request Mimamori makes to an endpoint): documented on the route that adds one. */
const deliveryCallback = {
  webhookDelivery: {
    "{$request.body#/url}": {
      post: {
        summary: "A signed delivery (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature)",
        parameters: ["webhook-id", "webhook-timestamp", "webhook-signature"].map((name) => ({
          name,
          in: "header",
          required: true,
          schema: { type: "string" },
        })),
        requestBody: {
          content: { "application/json": { schema: z.toJSONSchema(webhookEventSchema, { io: "output" }) } },
        },
        responses: { "2XX": { description: "Received: any 2xx answer within 5 s" } },
      },
    },
  },
};

type WebhookRoute = "list" | "create" | "update" | "remove" | "rotate" | "test" | "deliveries";

/** The operations of the staff's routes and of the admin's. */
const OPERATIONS: Record<"staff" | "super-user", Record<WebhookRoute, Operation>> = {
  staff: {
    list: { id: "listWebhooks", summary: "The entity's webhook endpoints" },
    create: { id: "createWebhook", summary: "Add a webhook endpoint", ...CONFLICT },
    update: { id: "updateWebhook", summary: "Change a webhook endpoint", ...CONFLICT },
    remove: { id: "deleteWebhook", summary: "Delete a webhook endpoint", ...CONFLICT },
    rotate: { id: "rotateWebhookSecret", summary: "Replace a webhook endpoint's secret", ...CONFLICT },
    test: { id: "testWebhook", summary: "Send a test event to an endpoint" },
    deliveries: { id: "listWebhookDeliveries", summary: "An endpoint's delivery log" },
  },
  "super-user": {
    list: { id: "adminListWebhooks", summary: "An entity's webhook endpoints" },
    create: { id: "adminCreateWebhook", summary: "Add a webhook endpoint to an entity", ...CONFLICT },
    update: { id: "adminUpdateWebhook", summary: "Change an entity's webhook endpoint" },
    remove: { id: "adminDeleteWebhook", summary: "Delete an entity's webhook endpoint" },
    rotate: { id: "adminRotateWebhookSecret", summary: "Replace an entity's webhook secret" },
    test: { id: "adminTestWebhook", summary: "Send a test event to an entity's endpoint" },
    deliveries: { id: "adminListWebhookDeliveries", summary: "An entity endpoint's delivery log" },
  },
};

/**
 * Signed webhooks (issue 31 §6; docs/webhooks.md): an entity's endpoints, their secrets, "send a test" and the
 * delivery log. The same routes answer the entity's staff under `/staff/{ws}/webhooks` and an admin under
 * `/entities/{ws}/webhooks`.
 */
export function webhookRoutes(ctx: AppContext, worker?: WebhookWorker): FastifyPluginAsyncZod {
  const rules = targetRulesOf(ctx.config);
  return async (app) => {
    const deliverer =
      worker ?? createWebhookWorker({ db: ctx.db, rules, log: app.log, metrics: ctx.metrics });
    for (const [prefix, access] of [
      ["/staff/:workspace/webhooks", "staff"],
      ["/entities/:workspace/webhooks", "super-user"],
    ] as const satisfies readonly (readonly [string, Access])[]) {
      const config = (route: WebhookRoute) => ({ access, operation: OPERATIONS[access][route] });
      const admin = access === "super-user";
      /** An admin names any entity: 404 for one that does not exist (staff: the access check did it). */
      const entityOf = async (req: FastifyRequest<{ Params: { workspace: string } }>) => {
        if (admin) await requireEntity(ctx.db, req.params.workspace);
        return req.params.workspace;
      };

      app.get(
        prefix,
        { config: config("list"), schema: { params: workspaceParams, response: { 200: webhookListSchema } } },
        async (req) => {
          const ws = await entityOf(req);
          const rows = await ctx.db
            .select()
            .from(webhookEndpoints)
            .where(eq(webhookEndpoints.workspaceName, ws))
            .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
          return { endpoints: rows.map(endpointOf) };
        },
      );

      app.post(
        prefix,
        {
          config: config("create"),
          schema: {
            params: workspaceParams,
            body: webhookCreateBodySchema,
            response: { 201: webhookCreatedSchema },
            ...({ callbacks: deliveryCallback } as object),
          },
        },
        async (req, reply) => {
          const ws = await entityOf(req);
          const url = await checkTarget(req.body.url, rules);
          const me = requireUser(req);
          const secret = newSecret();
          const row = await whileAllowed(ctx.db, ws, admin, async (tx) => {
            const [{ n } = { n: 0 }] = await tx
              .select({ n: count() })
              .from(webhookEndpoints)
              .where(eq(webhookEndpoints.workspaceName, ws));
            if (n >= WEBHOOK_LIMITS.endpointsPerEntity) throw new AppError("webhook-limit");
            const [created] = await tx
              .insert(webhookEndpoints)
              .values({
                workspaceName: ws,
                url,
                secret,
                kinds: req.body.kinds,
                description: req.body.description,
                createdBy: me.id,
              })
              .returning();
            return created as typeof webhookEndpoints.$inferSelect;
          });
          reply.code(201);
          return { ...endpointOf(row), secret };
        },
      );

      app.put(
        `${prefix}/:id`,
        {
          config: config("update"),
          schema: {
            params: idParams,
            body: webhookUpdateBodySchema,
            response: { 200: webhookEndpointSchema },
          },
        },
        async (req) => {
          const ws = await entityOf(req);
          const { kinds, description, enabled } = req.body;
          const row = await whileAllowed(ctx.db, ws, admin, async (tx) => {
            const current = await endpointRow(tx, ws, req.params.id);
            // nothing to change (a body of unknown keys only): the endpoint as it is
            if (kinds === undefined && description === undefined && enabled === undefined) return current;
            const [updated] = await tx
              .update(webhookEndpoints)
              .set({
                ...(kinds !== undefined ? { kinds } : {}),
                ...(description !== undefined ? { description } : {}),
                ...(enabled !== undefined ? { enabled } : {}),
              })
              .where(and(eq(webhookEndpoints.workspaceName, ws), eq(webhookEndpoints.id, req.params.id)))
              .returning();
            return updated as typeof webhookEndpoints.$inferSelect;
          });
          return endpointOf(row);
        },
      );

      app.delete(
        `${prefix}/:id`,
        { config: config("remove"), schema: { params: idParams } },
        async (req, reply) => {
          const ws = await entityOf(req);
          await whileAllowed(ctx.db, ws, admin, async (tx) => {
            const gone = await tx
              .delete(webhookEndpoints)
              .where(and(eq(webhookEndpoints.workspaceName, ws), eq(webhookEndpoints.id, req.params.id)))
              .returning({ id: webhookEndpoints.id });
            if (!gone.length) throw new AppError("webhook-not-found");
          });
          return reply.code(204).send();
        },
      );

      /** A new secret, answered once; the old one stops signing at once. */
      app.post(
        `${prefix}/:id/secret`,
        { config: config("rotate"), schema: { params: idParams, response: { 200: webhookSecretSchema } } },
        async (req) => {
          const ws = await entityOf(req);
          const secret = newSecret();
          await whileAllowed(ctx.db, ws, admin, async (tx) => {
            await endpointRow(tx, ws, req.params.id);
            await tx
              .update(webhookEndpoints)
              .set({ secret })
              .where(and(eq(webhookEndpoints.workspaceName, ws), eq(webhookEndpoints.id, req.params.id)));
          });
          return { secret };
        },
      );

      /** "Send a test": queues a `webhook.test` event and delivers it at once; a failure is retried like any. */
      app.post(
        `${prefix}/:id/test`,
        { config: config("test"), schema: { params: idParams, response: { 200: webhookDeliverySchema } } },
        async (req) => {
          const ws = await entityOf(req);
          const endpoint = await endpointRow(ctx.db, ws, req.params.id);
          const eventId = `msg_test_${randomUUID().replaceAll("-", "")}`;
          const now = new Date();
          const payload: WebhookTestEvent = {
            type: WEBHOOK_EVENT_TYPES.test,
            id: eventId,
            timestamp: now.toISOString(),
            data: { workspace: ws, endpoint_id: endpoint.id },
          };
          const [queued] = await ctx.db
            .insert(webhookDeliveries)
            .values({
              endpointId: endpoint.id,
              eventId,
              eventType: WEBHOOK_EVENT_TYPES.test,
              payload,
              status: "queued",
              nextAttemptAt: now,
            })
            .returning({ id: webhookDeliveries.id });
          const id = (queued as { id: number }).id;
          await deliverer.drain(id);
          const [row] = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
          return deliveryOf(row as typeof webhookDeliveries.$inferSelect);
        },
      );

      app.get(
        `${prefix}/:id/deliveries`,
        {
          config: config("deliveries"),
          schema: { params: idParams, response: { 200: webhookDeliveriesSchema } },
        },
        async (req) => {
          const ws = await entityOf(req);
          await endpointRow(ctx.db, ws, req.params.id);
          const rows = await ctx.db
            .select()
            .from(webhookDeliveries)
            .where(eq(webhookDeliveries.endpointId, req.params.id))
            .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
            .limit(WEBHOOK_LIMITS.logRows);
          return { deliveries: rows.map(deliveryOf) };
        },
      );
    }
  };
}
