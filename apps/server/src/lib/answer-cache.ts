import type { Changes } from "../db/changes";
import { coalescing } from "./coalesce";
import type { SharedBody } from "./shared-body";

/** What the kept answers may hold at most (JSON text and its gzip; a 1,000-member staff report is ~320 KB). */
export const ANSWER_CACHE_MAX_BYTES = 32 * 1024 * 1024;

interface Kept {
  stamp: number;
  body: SharedBody;
  bytes: number;
}

/**
 * Staff report answers kept while nothing they read has changed (db/changes.ts). An answer is kept under its key
 * (which names the entity, the report, the window and the language) with the change stamp taken before it was
 * computed, and served again only while no change to its entity, or to everything, came after that stamp. A miss
 * shares the run of its key under way while no such change came after that run's stamp, else computes through
 * `coalescing` (identical reads share one run that started after they arrived). A read prompted by a live event
 * may pass the event's stamp (`atLeast`, db/changes.ts `announcedStamp`): an answer or a run from that stamp on then
 * serves it whatever changed since, as those changes are the next event's (the watch board: one computation an
 * event, not one after each upload while the event reaches the entity's staff). A cache whose reads pass it
 * (`asOfEvents`) keeps the newest answer of a key even once it is no longer current; the others keep only current
 * ones, which a read without a stamp could be given.
 *
 * Keys are only ever served to callers the route has already let in (access is checked per request, before),
 * and each key names its entity, so no entity gets another's answer. The least recently used answers go first
 * past `maxBytes`.
 */
export function answerCache(
  changes: Changes,
  { maxBytes = ANSWER_CACHE_MAX_BYTES, asOfEvents = false }: { maxBytes?: number; asOfEvents?: boolean } = {},
) {
  const kept = new Map<string, Kept>();
  const runs = coalescing<SharedBody>();
  let bytes = 0;

  const drop = (key: string) => {
    const k = kept.get(key);
    if (!k) return;
    kept.delete(key);
    bytes -= k.bytes;
  };

  const keep = (key: string, k: Kept) => {
    drop(key);
    if (k.bytes > maxBytes) return;
    kept.set(key, k);
    bytes += k.bytes;
    // a Map iterates in insertion order: the first keys are the least recently used
    for (const oldest of kept.keys()) {
      if (bytes <= maxBytes) break;
      drop(oldest);
    }
  };

  /** The run under way of each key, with the stamp taken when it started. */
  const underway = new Map<string, { stamp: number; body: Promise<SharedBody> }>();

  const answer = async (
    key: string,
    entity: string,
    compute: () => Promise<SharedBody>,
    atLeast?: number,
  ) => {
    const good = (stamp: number) =>
      changes.isCurrent(stamp, entity) || (atLeast !== undefined && stamp >= atLeast);
    const hit = kept.get(key);
    if (hit && good(hit.stamp)) {
      // most recently used: to the end of the order
      kept.delete(key);
      kept.set(key, hit);
      return hit.body;
    }
    // a run that started after every change recorded so far sees every write answered before this call arrived
    // (a write is recorded before its answer leaves), so the call may share it instead of waiting for the next
    const run = underway.get(key);
    if (run && good(run.stamp)) return run.body;
    return runs(key, async () => {
      const stamp = changes.stamp();
      const pending = compute();
      underway.set(key, { stamp, body: pending });
      try {
        const body = await pending;
        // for reads as of an event, the newest answer is kept, current or not: a read whose event it follows may be
        // given it
        if (asOfEvents ? stamp > (kept.get(key)?.stamp ?? -1) : changes.isCurrent(stamp, entity)) {
          // the gzip is made when first asked for; count it as the text's size (JSON compresses far better)
          keep(key, { stamp, body, bytes: body.json.length * 2 });
        }
        return body;
      } finally {
        if (underway.get(key)?.body === pending) underway.delete(key);
      }
    });
  };

  return Object.assign(answer, { size: () => ({ answers: kept.size, bytes }) });
}
