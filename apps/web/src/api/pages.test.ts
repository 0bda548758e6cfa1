import { describe, expect, it } from "vitest";
import { allPages } from "./pages";

/** A server list of `n` rows answering pages, and the (offset, limit) of each call it got. */
function list(n: number) {
  const rows = Array.from({ length: n }, (_, i) => i);
  const calls: [number, number][] = [];
  const page = async (offset: number, limit: number) => {
    calls.push([offset, limit]);
    return rows.slice(offset, offset + limit);
  };
  return { rows, calls, page };
}

describe("allPages", () => {
  it.each([
    ["until a short one", 25],
    ["and one empty page more when the list fills its last page exactly", 20],
  ])("reads page after page %s, and joins them in order", async (_, n) => {
    const l = list(n);
    expect(await allPages(l.page, 10)).toEqual(l.rows);
    expect(l.calls).toEqual([
      [0, 10],
      [10, 10],
      [20, 10],
    ]);
  });

  it("reads one page of a short list", async () => {
    const l = list(3);
    expect(await allPages(l.page, 10)).toEqual([0, 1, 2]);
    expect(l.calls).toEqual([[0, 10]]);
  });
});
