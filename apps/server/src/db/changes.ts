import { randomUUID } from "node:crypto";
import type pg from "pg";
import type { Db } from "./client";

/**
 * When data last changed, for answers kept in memory (lib/answer-cache.ts). A kept answer is good while
 * nothing it could depend on has changed since its computation started: `stamp()` before computing,
 * `isCurrent(stamp, entity)` before serving it again.
 *
 * What bumps it (docs/decisions.md, "Speed"): every mutating API request once its handler is done and before its
 * answer is sent (app.ts), every background job's run unless the job declares it changes no kept data, and each
 * stored upload for the entities its member belongs to (vitals/store.ts). So a read that starts after a write
 * has answered never gets an answer computed before it.
 *
 * Several server processes on one PostgreSQL tell each other over LISTEN/NOTIFY (`listenForChanges`); a
 * process hears another's write a few milliseconds after its commit, as a read replica would.
 */
export interface Changes {
  stamp(): number;
  /** Without an entity: for an answer that reads no entity's data (only `everything()` changes it). */
  isCurrent(stamp: number, entity?: string): boolean;
  /** Anything may have changed. */
  everything(): void;
  /** Data of these entities' members or of these entities changed. */
  entities(names: readonly string[]): void;
  /**
   * Hears every change as it is applied, made here or heard from another process, and the loss of the LISTEN
   * connection (`deaf`: other processes' changes go unheard until it is back, then `everything` follows).
   * For the live event streams (features/events/hub.ts). Returns the unsubscribe.
   */
  subscribe(listener: ChangeListener): () => void;
  /** False while other processes' changes cannot be heard (the LISTEN connection is lost). */
  hearsOthers(): boolean;
  /**
   * An event of the entity goes out to its streams now (features/events/hub.ts): answers its `as_of` token, this
   * process's clock and the stamp now, which a read the event prompts may send back (`announcedStamp`).
   */
  announce(entity: string): string;
  /**
   * The stamp of `token` when it is the last event this process announced for the entity, else undefined (another
   * process's, an older event's, or not a token at all). An answer computed from that stamp on holds every change
   * the event announced: a read prompted by the event may be given it (lib/answer-cache.ts).
   */
  announcedStamp(token: string | undefined, entity: string): number | undefined;
}

export type ChangeEvent = { entities: readonly string[] } | { everything: true } | { deaf: true };
export type ChangeListener = (change: ChangeEvent) => void;

export const CHANGES_CHANNEL = "mimamori_changes";
/** The NOTIFY payload that stands for "everything" (an entity name is 1–64 ASCII letters, digits, - and _). */
const EVERYTHING = "*";

class ChangeClock implements Changes {
  /** Names this clock in its `as_of` tokens: another process's counter means nothing here. */
  private readonly id = randomUUID().slice(0, 8);
  private counter = 0;
  private readonly announced = new Map<string, number>();
  private allAt = 0;
  private readonly entityAt = new Map<string, number>();
  private readonly listeners = new Set<ChangeListener>();
  publish?: (payload: string) => void;
  private isDeaf = false;

  /** Other processes' changes cannot be heard (the LISTEN connection is down): nothing kept is current. */
  get deaf() {
    return this.isDeaf;
  }

  set deaf(value: boolean) {
    const lost = value && !this.isDeaf;
    this.isDeaf = value;
    if (lost) this.tell({ deaf: true });
  }

  hearsOthers() {
    return !this.isDeaf;
  }

  subscribe(listener: ChangeListener) {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  private tell(change: ChangeEvent) {
    for (const l of this.listeners) l(change);
  }

  stamp() {
    return this.counter;
  }
  announce(entity: string) {
    this.announced.set(entity, this.counter);
    return `${this.id}.${this.counter}`;
  }
  announcedStamp(token: string | undefined, entity: string) {
    const last = this.announced.get(entity);
    return !this.deaf && last !== undefined && token === `${this.id}.${last}` ? last : undefined;
  }

  isCurrent(stamp: number, entity?: string) {
    if (this.deaf || this.allAt > stamp) return false;
    return entity === undefined || (this.entityAt.get(entity) ?? 0) <= stamp;
  }

  everything() {
    this.applyEverything();
    this.publish?.(EVERYTHING);
  }

  entities(names: readonly string[]) {
    if (names.length === 0) return;
    this.applyEntities(names);
    this.publish?.(names.join(","));
  }

  /** A change heard from another process. */
  heard(payload: string) {
    if (payload === EVERYTHING) this.applyEverything();
    else this.applyEntities(payload.split(","));
  }

  private applyEverything() {
    this.allAt = ++this.counter;
    this.tell({ everything: true });
  }

  private applyEntities(names: readonly string[]) {
    const at = ++this.counter;
    for (const n of names) this.entityAt.set(n, at);
    this.tell({ entities: names });
  }
}

const clocks = new WeakMap<Db, ChangeClock>();

/** The change clock of a database handle (one per opened database; tests' direct writes use it too). */
export function changesOf(db: Db): Changes {
  let clock = clocks.get(db);
  if (!clock) {
    clock = new ChangeClock();
    clocks.set(db, clock);
  }
  return clock;
}

/** NOTIFY payloads are limited to 8,000 bytes; a longer list of entities is sent as "everything". */
const MAX_PAYLOAD = 7_900;

/** How long a lost LISTEN connection waits before it is opened again. */
const RELISTEN_MS = 1_000;

/**
 * Shares the database's changes with other server processes on the same PostgreSQL: each local change is sent
 * with NOTIFY (after the write's commit, not awaited by it), and changes heard on a dedicated LISTEN connection
 * are applied here. While that connection is lost (a database restart, a network cut) nothing kept counts as
 * current, since another process's writes would go unheard; it is opened again every second until it works,
 * and everything counts as changed then. Returns a function that stops listening.
 */
export async function listenForChanges(db: Db, pool: pg.Pool, log: (err: unknown) => void) {
  const clock = changesOf(db) as ChangeClock;
  // a process hears its own notifications too, which it applied when it sent them: they carry its own id
  const self = `${randomUUID()}|`;
  let listener: pg.PoolClient | undefined;
  let retry: NodeJS.Timeout | undefined;
  let stopped = false;

  const lost = (err: unknown) => {
    log(err);
    clock.deaf = true;
    listener?.release(true);
    listener = undefined;
    if (!stopped && !retry) retry = setTimeout(() => void listen().catch(lost), RELISTEN_MS).unref();
  };

  const listen = async () => {
    retry = undefined;
    const client = await pool.connect();
    client.on("notification", (n) => {
      if (n.channel !== CHANGES_CHANNEL || n.payload === undefined || n.payload.startsWith(self)) return;
      const bar = n.payload.indexOf("|");
      if (bar >= 0) clock.heard(n.payload.slice(bar + 1));
    });
    client.on("error", lost);
    try {
      await client.query(`listen ${CHANGES_CHANNEL}`);
    } catch (err) {
      client.release(true);
      throw err;
    }
    listener = client;
    if (clock.deaf) {
      // what was changed meanwhile was not heard
      clock.deaf = false;
      clock.heard(EVERYTHING);
    }
  };

  await listen();
  clock.publish = (payload) => {
    const body = self + (payload.length > MAX_PAYLOAD ? EVERYTHING : payload);
    pool.query("select pg_notify($1, $2)", [CHANGES_CHANNEL, body]).catch(log);
  };
  return async () => {
    stopped = true;
    clearTimeout(retry);
    clock.publish = undefined;
    const client = listener;
    listener = undefined;
    if (!client) return;
    try {
      await client.query(`unlisten ${CHANGES_CHANNEL}`);
    } finally {
      client.release(true);
    }
  };
}
