import { ENTITY_EVENT, EVENT_LIMITS, type EventKind } from "@mimamori/shared";
import type { ChangeEvent, Changes } from "../../db/changes";
import { AppError } from "../../lib/errors";

/** One open stream as the hub sees it: where its frames go and how it is ended. */
export interface StreamSink {
  /** Writes text to the connection as it is. */
  write(frame: string): void;
  /** Ends the stream (the server closes, or this process can no longer hear other processes' changes). */
  end(): void;
}

export type HubLimits = Record<"streamsPerUser" | "streamsPerProcess" | "coalesceMs", number>;

/** The open streams of one entity and what is waiting to be sent to them. */
interface Channel {
  sinks: Set<StreamSink>;
  /** When the last event went out (epoch ms). */
  lastAt: number;
  pending: Set<EventKind>;
  timer?: NodeJS.Timeout;
}

/** The Server-Sent Events frame of an event: only what may have changed, never a person's data. */
export function eventFrame(kinds: readonly EventKind[]): string {
  return `event: ${ENTITY_EVENT}\ndata: ${JSON.stringify({ kinds })}\n\n`;
}

/**
 * The live event hub of one server process (docs/architecture.md, "Live updates"). It hears the change clock
 * (db/changes.ts): a change of an entity, made here or heard from another process over LISTEN/NOTIFY, becomes an
 * event on every open stream of that entity; "everything changed" goes to every stream. Events are coalesced per
 * entity: the first change goes out at once, later ones within `coalesceMs` of the last event are merged into one
 * sent when that time is up, so a busy entity does not flood its streams. While the process cannot hear other
 * processes (its LISTEN connection is lost) every stream is ended and no new one is opened: the pages fall back to
 * polling and reconnect later.
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
      channel = { sinks: new Set(), lastAt: 0, pending: new Set() };
      this.channels.set(entity, channel);
    }
    channel.sinks.add(sink);
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
      ch.sinks.delete(sink);
      if (ch.sinks.size === 0) {
        clearTimeout(ch.timer);
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
      clearTimeout(ch.timer);
      // ending a stream removes it from its channel: iterate over a copy
      for (const sink of [...ch.sinks]) sink.end();
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
    const frame = eventFrame([...ch.pending].sort());
    ch.pending.clear();
    ch.lastAt = this.now();
    for (const sink of ch.sinks) sink.write(frame);
  }
}
