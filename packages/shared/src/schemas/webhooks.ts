import { z } from "zod";
import { NOTIFICATION_TYPES, type NotificationType } from "./notifications";

/**
 * Signed webhooks (issue 31 §6; docs/webhooks.md): an entity's endpoints that receive its alerts as JSON signed by
 * the Standard Webhooks scheme. The event bodies below are the stable contract a receiver codes against.
 */
export const WEBHOOK_LIMITS = {
  /** Longest accepted endpoint URL (characters). */
  urlMax: 2000,
  descriptionMax: 200,
  /** Endpoints one entity may have. */
  endpointsPerEntity: 10,
  /** Deliveries the log shows (newest first). */
  logRows: 100,
} as const;

/** The alert kinds an endpoint may choose: notification types (1 synchronization, 2 measurement). */
export const webhookKindsSchema = z
  .array(z.number().int())
  .min(1, "webhook-kinds-invalid")
  .max(NOTIFICATION_TYPES.length, "webhook-kinds-invalid")
  .refine(
    (ks) => ks.every((k) => NOTIFICATION_TYPES.includes(k as NotificationType)),
    "webhook-kinds-invalid",
  )
  .refine((ks) => new Set(ks).size === ks.length, "webhook-kinds-invalid")
  .transform((ks) => [...ks].sort() as NotificationType[]);

export const webhookUrlSchema = z
  .string()
  .trim()
  .min(1, "required")
  .max(WEBHOOK_LIMITS.urlMax, "webhook-url-too-long");
const descriptionSchema = z.string().trim().max(WEBHOOK_LIMITS.descriptionMax, "invalid-input");

export const webhookCreateBodySchema = z.object({
  url: webhookUrlSchema,
  kinds: webhookKindsSchema,
  description: descriptionSchema.default(""),
});
export type WebhookCreateBody = z.input<typeof webhookCreateBodySchema>;

/** A change of an endpoint: the URL stays (delete and add another), everything else may change. */
export const webhookUpdateBodySchema = z.object({
  kinds: webhookKindsSchema.optional(),
  description: descriptionSchema.optional(),
  enabled: z.boolean().optional(),
});
export type WebhookUpdateBody = z.input<typeof webhookUpdateBodySchema>;

export const webhookEndpointSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  kinds: z.array(z.number().int()),
  description: z.string(),
  enabled: z.boolean(),
  created_at: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
export const webhookListSchema = z.object({ endpoints: z.array(webhookEndpointSchema) });

/** The signing secret, answered only when made (a new endpoint, a rotation): `whsec_` + base64 of 32 bytes. */
export const webhookSecretSchema = z.object({ secret: z.string().startsWith("whsec_") });
export const webhookCreatedSchema = webhookEndpointSchema.extend(webhookSecretSchema.shape);
export type WebhookCreated = z.infer<typeof webhookCreatedSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ["queued", "delivered", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  event_id: z.string(),
  event_type: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveriesSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });

export const webhookParamsShape = { id: z.uuid("not-found") };

/** The event types: an alert raised, and the "send a test" button's event. */
export const WEBHOOK_EVENT_TYPES = { alert: "alert.raised", test: "webhook.test" } as const;

/**
 * The body of an `alert.raised` delivery. `member` is the member's opaque account id (the id the entity's staff
 * pages use), never a name or e-mail address: the receiver looks the person up in Mimamori (docs/decisions.md).
 */
export const webhookAlertEventSchema = z.object({
  type: z.literal(WEBHOOK_EVENT_TYPES.alert),
  /** The event id, also the `webhook-id` header: the same for every retry of one delivery. */
  id: z.string(),
  /** When the alert was raised (ISO 8601, UTC). */
  timestamp: z.string(),
  data: z.object({
    workspace: z.string(),
    alert_id: z.number().int(),
    /** `measurement` (a value in red) or `synchronization` (the band has not synced for the entity's sync length). */
    kind: z.enum(["measurement", "synchronization"]),
    /** The measure's number (e.g. 5091 heart rate); null for synchronization. */
    measure: z.number().int().nullable(),
    /** The measure's English name; null for synchronization. */
    measure_name: z.string().nullable(),
    value: z.number().nullable(),
    unit: z.string().nullable(),
    /** The sample's time (measurement) or the last sync (synchronization), ISO 8601 UTC. */
    at: z.string(),
    member: z.uuid(),
  }),
});
export type WebhookAlertEvent = z.infer<typeof webhookAlertEventSchema>;

export const webhookTestEventSchema = z.object({
  type: z.literal(WEBHOOK_EVENT_TYPES.test),
  id: z.string(),
  timestamp: z.string(),
  data: z.object({ workspace: z.string(), endpoint_id: z.uuid() }),
});
export type WebhookTestEvent = z.infer<typeof webhookTestEventSchema>;

export const webhookEventSchema = z.discriminatedUnion("type", [
  webhookAlertEventSchema,
  webhookTestEventSchema,
]);
export type WebhookEvent = z.infer<typeof webhookEventSchema>;
