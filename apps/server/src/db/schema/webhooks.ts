import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { at, entityRef } from "./columns";
import { users } from "./identity";

/**
 * Issue 31 §6: an entity's webhook endpoint. Alerts of the chosen kinds (notification types) are delivered to `url`
 * as JSON signed with `secret` (the Standard Webhooks scheme: HMAC-SHA256 over id.timestamp.body).
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceName: entityRef(),
    url: text("url").notNull(),
    /** `whsec_` + base64 of 32 random bytes; shown to the entity, never logged. */
    secret: text("secret").notNull(),
    /** Notification types delivered (1 synchronization, 2 measurement). */
    kinds: smallint("kinds").array().notNull(),
    description: text("description").notNull().default(""),
    enabled: boolean("enabled").notNull().default(true),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [index("webhook_endpoints_workspace_idx").on(t.workspaceName)],
);

/**
 * One delivery of one event to one endpoint, retried with backoff like the mail outbox (claimed with SKIP LOCKED by
 * any server). The unique key makes an alert delivered at most once per endpoint across servers.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    /** The event's id (`msg_…`), sent as `webhook-id`: the receiver's key for deduplication. */
    eventId: text("event_id").notNull(),
    eventType: text("event_type").notNull(),
    /** The alert delivered; null for a test delivery. */
    notificationId: integer("notification_id"),
    payload: jsonb("payload").notNull(),
    status: text("status", { enum: ["queued", "delivered", "failed"] }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: at("next_attempt_at"),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    createdAt: at("created_at").notNull().defaultNow(),
    deliveredAt: at("delivered_at"),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_once_idx").on(t.endpointId, t.eventId),
    index("webhook_deliveries_queued_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`),
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt),
  ],
);
