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

/** An event's `as_of` token: opaque, at most this long. */
export const AS_OF_MAX = 64;

export const entityEventSchema = z.object({
  kinds: z.array(z.enum(EVENT_KINDS)),
  /**
   * The event's place in the server's changes (opaque). A read of the watch board the event prompts may send it back
   * (`as_of`): the server may then answer with a board computed since the event went out, one computation shared by
   * every staff member the event reached, instead of one after each later upload (docs/decisions.md, "The board
   * as of an event"). A read after the caller's own change sends none.
   */
  as_of: z.string().max(AS_OF_MAX),
});
export type EntityEvent = z.infer<typeof entityEventSchema>;
