import { z } from "zod";

export { EVENT_LIMITS } from "../limits";

/**
 * Live updates of an entity for its staff (issue 28 §2): `GET /api/staff/{workspace}/events`, Server-Sent Events
 * read with fetch and the bearer header. An event says only that something changed: no personal data travels in
 * it; the page asks the normal, authorized API again (docs/decisions.md, "Live updates").
 */

/** The one event name. */
export const ENTITY_EVENT = "changed";

/**
 * What may have changed: `entity`, data of the entity or of its members (an upload, an alert raised by it);
 * `everything`, anything (a mutating request, a background job's run, a server that heard nothing for a while).
 */
export const EVENT_KINDS = ["entity", "everything"] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

export const entityEventSchema = z.object({ kinds: z.array(z.enum(EVENT_KINDS)) });
export type EntityEvent = z.infer<typeof entityEventSchema>;
