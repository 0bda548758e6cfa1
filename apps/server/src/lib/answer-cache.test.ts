import { describe, expect, it } from "vitest";
import { changesOf } from "../db/changes";
import type { Db } from "../db/client";
import { ANSWER_CACHE_MAX_BYTES, answerCache } from "./answer-cache";
import type { SharedBody } from "./shared-body";

const body = (json: string): SharedBody => ({ json, gzipped: async () => Buffer.from(json) });

/** A cache on a fresh change clock, and a computation that counts its runs. */
function setup(opts?: Parameters<typeof answerCache>[1]) {
  const changes = changesOf({} as Db);
  const cache = answerCache(changes, opts);
  let runs = 0;
  const compute = (json: string) => async () => {
    runs++;
    return body(json);
  };
  return { changes, cache, compute, runs: () => runs };
}

describe("answerCache", () => {
  it("keeps 32 MB of answers by default", () => {
    expect(ANSWER_CACHE_MAX_BYTES).toBe(32 * 1024 * 1024);
  });

  it("serves a kept answer until its entity or everything changes", async () => {
    const { changes, cache, compute, runs } = setup();
    expect((await cache("k", "sakura", compute("a"))).json).toBe("a");
    expect((await cache("k", "sakura", compute("b"))).json).toBe("a");
    expect(runs()).toBe(1);
    changes.entities(["harbor"]);
    expect((await cache("k", "sakura", compute("b"))).json).toBe("a");
    changes.entities(["sakura", "kaede"]);
    expect((await cache("k", "sakura", compute("c"))).json).toBe("c");
    changes.everything();
    expect((await cache("k", "sakura", compute("d"))).json).toBe("d");
    expect(runs()).toBe(3);
  });

  it("does not keep an answer whose entity changed while it was computed (without reads as of events)", async () => {
    const { changes, cache } = setup();
    await cache("k", "sakura", async () => {
      changes.entities(["sakura"]);
      return body("old");
    });
    let ran = 0;
    const again = await cache("k", "sakura", async () => {
      ran++;
      return body("new");
    });
    expect(again.json).toBe("new");
    expect(ran).toBe(1);
    // computed again with nothing changed meanwhile: kept
    expect(cache.size().answers).toBe(1);
    const { changes: later, cache: plain } = setup();
    await plain("k", "sakura", async () => {
      later.entities(["sakura"]);
      return body("old");
    });
    expect(plain.size().answers).toBe(0);
  });

  it("serves a read as of an event an answer or a run from the event's stamp on, whatever changed since", async () => {
    const { changes, cache, compute, runs } = setup({ asOfEvents: true });
    const event = changes.stamp();
    expect((await cache("k", "sakura", compute("a"))).json).toBe("a");
    changes.entities(["sakura"]); // an upload after the event: the next event's
    expect((await cache("k", "sakura", compute("unused"), event)).json).toBe("a");
    expect(runs()).toBe(1);
    // a read without the stamp gets a board computed after the upload, kept as the newest
    expect((await cache("k", "sakura", compute("b"))).json).toBe("b");
    changes.entities(["sakura"]);
    expect((await cache("k", "sakura", compute("unused"), event)).json).toBe("b");
    // the next event's stamp: "b" was computed before it
    const next = changes.stamp();
    expect((await cache("k", "sakura", compute("c"), next)).json).toBe("c");
    expect(runs()).toBe(3);

    // a run under way from the stamp on is shared, though an upload came after it started
    let finish!: () => void;
    changes.entities(["sakura"]);
    const last = changes.stamp();
    const slow = cache(
      "k",
      "sakura",
      () => new Promise<SharedBody>((r) => (finish = () => r(body("d")))),
      last,
    );
    await Promise.resolve();
    changes.entities(["sakura"]);
    const joined = cache("k", "sakura", compute("unused"), last);
    finish();
    expect([(await slow).json, (await joined).json]).toEqual(["d", "d"]);
    expect(runs()).toBe(3);
  });

  it("drops the least recently used answers past its size (two bytes a character)", async () => {
    const { cache, compute, runs } = setup({ maxBytes: 40 });
    await cache("a", "e", compute("x".repeat(10))); // 20 bytes
    await cache("b", "e", compute("y".repeat(10))); // 40 bytes
    await cache("a", "e", compute("unused")); // a is now the most recently used
    await cache("c", "e", compute("z".repeat(10))); // over 40: b goes
    expect(cache.size()).toEqual({ answers: 2, bytes: 40 });
    expect((await cache("a", "e", compute("new a"))).json).toBe("x".repeat(10));
    expect((await cache("b", "e", compute("new b"))).json).toBe("new b");
    expect(runs()).toBe(4);
    // an answer larger than the whole cache is served but not kept
    await cache("big", "e", compute("w".repeat(21)));
    expect(cache.size().answers).toBeLessThanOrEqual(2);
    expect((await cache("big", "e", compute("again"))).json).toBe("again");
  });

  it("lets a call share a run under way while nothing changed since it started, and not once something did", async () => {
    const { changes, cache } = setup();
    let ran = 0;
    let finish!: () => void;
    const slow = (json: string) => () => {
      ran++;
      return new Promise<SharedBody>((resolve) => {
        finish = () => resolve(body(json));
      });
    };
    const first = cache("k", "sakura", slow("a"));
    await Promise.resolve();
    const joined = cache("k", "sakura", slow("unused"));
    finish();
    expect([(await first).json, (await joined).json]).toEqual(["a", "a"]);
    expect(ran).toBe(1);

    changes.entities(["sakura"]);
    const second = cache("k", "sakura", slow("b"));
    await Promise.resolve();
    changes.entities(["sakura"]); // a write answered while "b" computes: a call after it must not get "b"
    const later = cache("k", "sakura", slow("c"));
    finish();
    expect((await second).json).toBe("b");
    await new Promise((r) => setTimeout(r, 0));
    finish();
    expect((await later).json).toBe("c");
    expect(ran).toBe(3);
  });
});
