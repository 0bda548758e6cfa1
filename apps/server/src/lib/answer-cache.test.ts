import { describe, expect, it } from "vitest";
import { changesOf } from "../db/changes";
import type { Db } from "../db/client";
import { ANSWER_CACHE_MAX_BYTES, answerCache } from "./answer-cache";
import type { SharedBody } from "./shared-body";

const body = (json: string): SharedBody => ({ json, gzipped: async () => Buffer.from(json) });

/** A cache on a fresh change clock, and a computation that counts its runs. */
function setup(maxBytes?: number) {
  const changes = changesOf({} as Db);
  const cache = answerCache(changes, maxBytes);
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

  it("does not keep an answer whose entity changed while it was computed", async () => {
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
  });

  it("drops the least recently used answers past its size (two bytes a character)", async () => {
    const { cache, compute, runs } = setup(40);
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
