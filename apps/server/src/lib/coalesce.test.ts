import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { coalescing } from "./coalesce";
import { acceptsGzip, sharedBody } from "./shared-body";

/** A computation that reads `state.value` when it starts and finishes when told to. */
function controllable(state: { value: number }) {
  const started: { read: number; finish: () => void }[] = [];
  const run = () =>
    new Promise<number>((resolve) => {
      const read = state.value;
      started.push({ read, finish: () => resolve(read) });
    });
  return { started, run };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("coalescing identical reads", () => {
  it("never answers a call with a run that started before it: a write finished before the call is seen", async () => {
    const state = { value: 1 };
    const { started, run } = controllable(state);
    const read = coalescing<number>();
    const a = read("k", run);
    expect(started.map((s) => s.read)).toEqual([1]);
    // a write finishes while the first run is under way; calls after it must see it
    state.value = 2;
    const b = read("k", run);
    const c = read("k", run);
    expect(started).toHaveLength(1); // b and c wait for the next run, they do not join the one under way
    started[0]?.finish();
    expect(await a).toBe(1);
    await tick();
    expect(started.map((s) => s.read)).toEqual([1, 2]); // one run for both, started after they arrived
    started[1]?.finish();
    expect([await b, await c]).toEqual([2, 2]);
  });

  it("keeps nothing once a run has answered (no cache to invalidate)", async () => {
    const state = { value: 1 };
    const { started, run } = controllable(state);
    const read = coalescing<number>();
    const a = read("k", run);
    started[0]?.finish();
    expect(await a).toBe(1);
    state.value = 3;
    const b = read("k", run);
    expect(started).toHaveLength(2);
    started[1]?.finish();
    expect(await b).toBe(3);
  });

  it("runs different keys apart (one entity's report is never another's)", async () => {
    const read = coalescing<string>();
    const [x, y] = await Promise.all([read("entity-a", async () => "a"), read("entity-b", async () => "b")]);
    expect([x, y]).toEqual(["a", "b"]);
  });

  it("passes a failed run's error to the calls it answers, and the next call runs again", async () => {
    const read = coalescing<number>();
    let fail = true;
    const run = async () => {
      if (fail) throw new Error("boom");
      return 7;
    };
    await expect(read("k", run)).rejects.toThrow("boom");
    fail = false;
    expect(await read("k", run)).toBe(7);
  });
});

describe("accepts gzip", () => {
  it.each([
    ["gzip, deflate, br", true],
    ["br;q=1.0, gzip;q=0.8", true],
    ["*", true],
    ["gzip;q=0", false],
    ["deflate", false],
    [undefined, false],
  ] as const)("%s → %s", (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});

describe("shared body", () => {
  it("is the JSON of what the schema lets out, gzipped once at the fastest level", async () => {
    const body = sharedBody(z.object({ n: z.number() }), { n: 1, secret: "x" } as { n: number });
    expect(body.json).toBe('{"n":1}');
    const gz = await body.gzipped();
    expect(await body.gzipped()).toBe(gz);
    expect(gunzipSync(gz).toString()).toBe(body.json);
    // the gzip header's XFL byte: 4 = compressed with the fastest algorithm (level 1), 0 at the default level 6
    expect(gz[8]).toBe(4);
  });
});
