import { ENTITY_EVENT, type EntityEvent, EVENT_LIMITS, type EventKind } from "@mimamori/shared";
import type { ChangeEvent, Changes } from "../../db/changes";
import { AppError } from "../../lib/errors";

/** One open stream as the hub sees it: where its frames go and how it is ended. */
export interface StreamSink {
  /** Writes text to the connection as it is. */
  write(frame: string): void;
  /** Ends the stream (the server closes, or this process can no longer hear other processes' changes). */
  end(): void;
}

export type HubLimits = Record<"streamsPerUser" | "streamsPerProcess" | "coalesceMs", number> & {
  /** An event reaches the entity's streams over this time (EVENT_LIMITS.spreadMs); none: all at once. */
  spreadMs?: number;
};

/** The offsets an event's sending is spread over: a stream's slot is one of these. */
const SPREAD_SLOTS = 10;

/** The open streams of one entity and what is waiting to be sent to them. */
interface Channel {
  entity: string;
  /** Each stream with its slot: it hears an event `slot × spreadMs / SPREAD_SLOTS` after it goes out. */
  sinks: Map<StreamSink, number>;
  /** Streams per slot: a joining stream takes the least used (the first of those), so a lone stream hears at once. */
  perSlot: number[];
  /** When the last event went out (epoch ms). */
  lastAt: number;
  pending: Set<EventKind>;
  timer?: NodeJS.Timeout;
  /** The slots of events still being sent. */
  spreading: Set<NodeJS.Timeout>;
}

/**
 * The Server-Sent Events frame of an event: only what may have changed and the event's `as_of` token (the change
 * clock's, db/changes.ts), never a person's data.
 */
export function eventFrame(kinds: readonly EventKind[], asOf: string): string {
  const event: EntityEvent = { kinds: [...kinds], as_of: asOf };
  return `event: ${ENTITY_EVENT}\ndata: ${JSON.stringify(event)}\n\n`;
}

/**
 * The live event hub of one server process (docs/architecture.md, "Live updates"). It hears the change clock
 * (db/changes.ts): a change of an entity, made here or heard from another process over LISTEN/NOTIFY, becomes an
 * event on every open stream of that entity; "everything changed" goes to every stream. Events are coalesced per
 * entity: the first change goes out at once, later ones within `coalesceMs` of the last event are merged into one
 * sent when that time is up, so a busy entity does not flood its streams. An event goes out to the entity's
 * streams spread over `spreadMs`, each stream at a fixed offset of its own (so each still hears at most one event
 * per `coalesceMs`): fifty staff with the board open then ask for it over half a second, not in the same instant,
 * where the last would wait for the other forty-nine's requests (bench/README.md, "A fleet as it uploads"). While
 * the process cannot hear other processes (its LISTEN connection is lost) every stream is ended and no new one is
 * opened: the pages fall back to polling and reconnect later.
 */
export class EventHub {
  private readonly channels = new Map<string, Channel>();
  private readonly perUser = new Map<string, number>();
  private total = 0;
  private readonly stopHearing: () => void;

  constructor(
    private readonly changes: Changes,
    private readonly limits: HubLimits = EVENT_LIMITS,
    private readonly now: () => number = Date.now,
  ) {
    this.stopHearing = changes.subscribe((change) => this.heard(change));
  }

  /** Open streams in this process. */
  get size(): number {
    return this.total;
  }

  /**
   * Adds a stream of an entity for a person; answers the function that removes it (idempotent). Refused with 429
   * `too-many-streams` past the person's limit, 503 `streams-unavailable` past the process's or while other
   * processes' changes cannot be heard.
   */
  join(entity: string, userId: string, sink: StreamSink): () => void {
    if (!this.changes.hearsOthers() || this.total >= this.limits.streamsPerProcess)
      throw new AppError("streams-unavailable");
    const mine = this.perUser.get(userId) ?? 0;
    if (mine >= this.limits.streamsPerUser) throw new AppError("too-many-streams");
    this.perUser.set(userId, mine + 1);
    this.total++;
    let channel = this.channels.get(entity);
    if (!channel) {
      channel = {
        entity,
        sinks: new Map(),
        perSlot: new Array(SPREAD_SLOTS).fill(0),
        lastAt: 0,
        pending: new Set(),
        spreading: new Set(),
      };
      this.channels.set(entity, channel);
    }
    const slot = channel.perSlot.indexOf(Math.min(...channel.perSlot));
    channel.perSlot[slot] = (channel.perSlot[slot] ?? 0) + 1;
    channel.sinks.set(sink, slot);
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.total--;
      const n = (this.perUser.get(userId) ?? 1) - 1;
      if (n > 0) this.perUser.set(userId, n);
      else this.perUser.delete(userId);
      const ch = this.channels.get(entity);
      if (!ch) return;
      const own = ch.sinks.get(sink);
      if (own !== undefined) ch.perSlot[own] = (ch.perSlot[own] ?? 1) - 1;
      ch.sinks.delete(sink);
      if (ch.sinks.size === 0) {
        stopSending(ch);
        this.channels.delete(entity);
      }
    };
  }

  /** Ends every stream and stops hearing changes (the server closes). */
  close(): void {
    this.stopHearing();
    this.endAll();
  }

  private endAll() {
    for (const ch of this.channels.values()) {
      stopSending(ch);
      // ending a stream removes it from its channel: iterate over a copy
      for (const sink of [...ch.sinks.keys()]) sink.end();
    }
  }

  private heard(change: ChangeEvent) {
    if ("deaf" in change) {
      this.endAll();
      return;
    }
    if ("everything" in change) {
      for (const ch of this.channels.values()) this.mark(ch, "everything");
      return;
    }
    for (const name of change.entities) {
      const ch = this.channels.get(name);
      if (ch) this.mark(ch, "entity");
    }
  }

  private mark(ch: Channel, kind: EventKind) {
    ch.pending.add(kind);
    if (ch.timer) return;
    const wait = ch.lastAt + this.limits.coalesceMs - this.now();
    if (wait <= 0) this.flush(ch);
    else ch.timer = setTimeout(() => this.flush(ch), wait).unref();
  }

  private flush(ch: Channel) {
    ch.timer = undefined;
    if (ch.pending.size === 0) return;
    const frame = eventFrame([...ch.pending].sort(), this.changes.announce(ch.entity));
    ch.pending.clear();
    ch.lastAt = this.now();
    const step = (this.limits.spreadMs ?? 0) / SPREAD_SLOTS;
    const send = (slot: number | null) => {
      for (const [sink, own] of ch.sinks) if (slot === null || own === slot) sink.write(frame);
    };
    if (step <= 0) return send(null);
    const slots = new Set(ch.sinks.values());
    for (const slot of slots) {
      if (slot === 0) {
        send(0);
        continue;
      }
      // a stream that left meanwhile is no longer in the channel; one that joined hears the event if its slot was
      // held (a page catches up as it connects anyway)
      const timer = setTimeout(() => {
        ch.spreading.delete(timer);
        send(slot);
      }, slot * step).unref();
      ch.spreading.add(timer);
    }
  }
}

/** Stops what is waiting to be sent to a channel's streams. */
function stopSending(ch: Channel) {
  clearTimeout(ch.timer);
  for (const timer of ch.spreading) clearTimeout(timer);
  ch.spreading.clear();
}
