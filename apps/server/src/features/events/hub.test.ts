import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { changesOf } from "../../db/changes";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/errors";
import { EventHub, type StreamSink } from "./hub";

const LIMITS = { streamsPerUser: 2, streamsPerProcess: 3, coalesceMs: 1000 };

function sink() {
  const frames: string[] = [];
  let ended = false;
  const s: StreamSink & { frames: string[]; ended: () => boolean } = {
    frames,
    ended: () => ended,
    write: (f) => frames.push(f),
    end: () => {
      ended = true;
    },
  };
  return s;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** An event's frame: what may have changed and the change clock's token (its id and stamp), nothing else. */
const frameOf = (kinds: string[]) =>
  expect.stringMatching(
    new RegExp(
      `^${escaped(`event: changed\ndata: {"kinds":${JSON.stringify(kinds)},"as_of":"`)}[0-9a-f]{8}\\.\\d+"\\}\n\n$`,
    ),
  );
const asOfOf = (frame: string | undefined) => JSON.parse(frame?.split("data: ")[1] ?? "{}").as_of as string;

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof AppError ? `${err.statusCode} ${err.code}` : String(err);
  }
  return "no error";
};

describe("event hub", () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => vi.useRealTimers());

  it("sends a change of an entity to its streams only, and everything to every stream, with no data", () => {
    const changes = changesOf({} as Db);
    const hub = new EventHub(changes, LIMITS);
    const a = sink();
    const b = sink();
    hub.join("sakura", "u1", a);
    hub.join("harbor", "u2", b);
    changes.entities(["sakura"]);
    expect(a.frames).toEqual([frameOf(["entity"])]);
    expect(b.frames).toEqual([]);
    vi.advanceTimersByTime(1000);
    changes.everything();
    expect(a.frames.at(-1)).toEqual(frameOf(["everything"]));
    expect(b.frames).toEqual([frameOf(["everything"])]);
    hub.close();
  });

  it("gives each event the stamp it went out at: a board read it prompts may send it back, until the next event", () => {
    const changes = changesOf({} as Db);
    const hub = new EventHub(changes, LIMITS);
    const a = sink();
    hub.join("sakura", "u1", a);
    changes.entities(["harbor"]);
    changes.entities(["sakura"]);
    const first = asOfOf(a.frames[0]);
    expect(changes.announcedStamp(first, "sakura")).toBe(2);
    // another entity's, a made-up one, or none: as fresh as without
    expect(changes.announcedStamp(first, "harbor")).toBeUndefined();
    expect(changes.announcedStamp(first.replace(/\.\d+$/, ".5"), "sakura")).toBeUndefined();
    expect(changes.announcedStamp(`00000000.2`, "sakura")).toBeUndefined();
    expect(changes.announcedStamp(undefined, "sakura")).toBeUndefined();
    vi.advanceTimersByTime(1000);
    changes.entities(["sakura"]);
    changes.entities(["sakura"]); // merged into the event after the next second
    const second = asOfOf(a.frames[1]);
    expect(changes.announcedStamp(second, "sakura")).toBe(3);
    expect(changes.announcedStamp(first, "sakura")).toBeUndefined();
    vi.advanceTimersByTime(1000);
    expect(changes.announcedStamp(asOfOf(a.frames[2]), "sakura")).toBe(4);
    hub.close();
  });

  it("coalesces a busy entity: at once, then at most one event a second with what was merged", () => {
    const changes = changesOf({} as Db);
    const hub = new EventHub(changes, LIMITS);
    const a = sink();
    hub.join("sakura", "u1", a);
    changes.entities(["sakura"]);
    for (let i = 0; i < 20; i++) changes.entities(["sakura", "harbor"]);
    changes.everything();
    expect(a.frames).toHaveLength(1);
    vi.advanceTimersByTime(999);
    expect(a.frames).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(a.frames).toEqual([frameOf(["entity"]), frameOf(["entity", "everything"])]);
    // quiet for a second: the next change goes out at once again
    vi.advanceTimersByTime(5000);
    expect(a.frames).toHaveLength(2);
    changes.entities(["sakura"]);
    expect(a.frames).toHaveLength(3);
    hub.close();
  });

  it("spreads an event over spreadMs, each stream at its own offset: still one event a second per stream", () => {
    const changes = changesOf({} as Db);
    const hub = new EventHub(changes, {
      ...LIMITS,
      streamsPerUser: 20,
      streamsPerProcess: 20,
      spreadMs: 1000,
    });
    const sinks = Array.from({ length: 12 }, () => sink());
    const leave = sinks.map((s, i) => hub.join("sakura", `u${i}`, s));
    const heard = () => sinks.map((s) => s.frames.length);
    changes.entities(["sakura"]);
    // the 1st and the 11th stream (slot 0) at once, the others 100 ms apart by slot
    expect(heard()).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0]);
    vi.advanceTimersByTime(100);
    expect(heard()).toEqual([1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1]);
    // a stream that leaves before its turn hears nothing
    leave[9]?.();
    changes.entities(["sakura"]); // merged into the next event, a second after the first
    vi.advanceTimersByTime(799);
    expect(heard()).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1]);
    vi.advanceTimersByTime(100);
    expect(heard()).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1]);
    vi.advanceTimersByTime(100); // 1,099 ms: the merged event went out at 1,000 ms (slot 0), slot 1 is at 1,100
    expect(heard()).toEqual([2, 1, 1, 1, 1, 1, 1, 1, 1, 0, 2, 1]);
    vi.advanceTimersByTime(700); // 1,799 ms: slots 0–7 have it, slot 8 (1,800 ms) not yet
    expect(heard()).toEqual([2, 2, 2, 2, 2, 2, 2, 2, 1, 0, 2, 2]);
    // a stream that joins takes the least used slot: 9, the one left by the stream that went; it hears the next event
    // 900 ms after it goes out
    const late = sink();
    hub.join("sakura", "u12", late);
    vi.advanceTimersByTime(100); // 1,899 ms: slot 8 has it, slot 9 (1,900 ms) not yet
    expect([...heard(), late.frames.length]).toEqual([2, 2, 2, 2, 2, 2, 2, 2, 2, 0, 2, 2, 0]);
    vi.advanceTimersByTime(1);
    // the event went out before it joined, to a slot no stream held then (the page catches up as it connects)
    expect(late.frames).toHaveLength(0);
    // a lone stream of an entity hears at once
    const alone = sink();
    hub.join("harbor", "u13", alone);
    changes.entities(["harbor"]);
    expect(alone.frames).toHaveLength(1);
    changes.entities(["sakura"]); // 1,900 ms: goes out at 2,000 ms
    vi.advanceTimersByTime(999);
    expect(late.frames).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(late.frames).toHaveLength(1);
    // closing stops what is still to be sent
    vi.advanceTimersByTime(1000);
    changes.entities(["sakura"]); // slot 0 at once, the others still to come
    const before = heard();
    expect(before.filter((n, i) => n === 4 && (i === 0 || i === 10))).toHaveLength(2);
    hub.close();
    vi.advanceTimersByTime(2000);
    expect(heard()).toEqual(before);
  });

  it("bounds the streams per person (429) and per process (503); a stream that leaves frees its place", () => {
    const hub = new EventHub(changesOf({} as Db), LIMITS);
    const leave = hub.join("sakura", "u1", sink());
    hub.join("sakura", "u1", sink());
    expect(codeOf(() => hub.join("harbor", "u1", sink()))).toBe("429 too-many-streams");
    leave();
    leave(); // twice: counted once
    hub.join("harbor", "u1", sink());
    hub.join("harbor", "u2", sink());
    expect(hub.size).toBe(3);
    expect(codeOf(() => hub.join("harbor", "u3", sink()))).toBe("503 streams-unavailable");
    hub.close();
  });

  it("ends every stream and opens none while other processes cannot be heard; ends all at close", () => {
    const changes = changesOf({} as Db);
    let hears = true;
    let listener: Parameters<typeof changes.subscribe>[0] = () => {};
    const fake = {
      ...changes,
      hearsOthers: () => hears,
      subscribe: (l: typeof listener) => {
        listener = l;
        return () => {};
      },
    };
    const hub = new EventHub(fake, LIMITS);
    const a = sink();
    const b = sink();
    // as the route does: an ended stream leaves the hub
    const leaveA = hub.join("sakura", "u1", {
      write: a.write,
      end: () => {
        a.end();
        leaveA();
      },
    });
    hub.join("harbor", "u2", b);
    hears = false;
    listener({ deaf: true });
    expect(a.ended()).toBe(true);
    expect(b.ended()).toBe(true);
    expect(codeOf(() => hub.join("sakura", "u1", sink()))).toBe("503 streams-unavailable");
    hears = true;
    const c = sink();
    hub.join("sakura", "u1", c);
    hub.close();
    expect(c.ended()).toBe(true);
  });
});
