import { describe, expect, it } from "vitest";
import { pageOf, sortRows, tableBody } from "./tableRows";

const people = [
  { name: "さとう", n: 10 },
  { name: "あおき", n: 2 },
  { name: "Item 10", n: 1 },
  { name: "item 9", n: 3 },
];

describe("sortRows", () => {
  it("keeps the given order without a sort value", () => {
    expect(sortRows(people, undefined, "asc", "ja")).toEqual(people);
  });

  it("sorts numbers numerically and text with the language's collation, both directions", () => {
    expect(sortRows(people, (p) => p.n, "asc", "en").map((p) => p.n)).toEqual([1, 2, 3, 10]);
    expect(sortRows(people, (p) => p.n, "desc", "en").map((p) => p.n)).toEqual([10, 3, 2, 1]);
    const names = sortRows(people, (p) => p.name, "asc", "ja").map((p) => p.name);
    expect(names.indexOf("item 9")).toBeLessThan(names.indexOf("Item 10"));
    expect(names.indexOf("あおき")).toBeLessThan(names.indexOf("さとう"));
  });

  it("does not change the input", () => {
    const copy = [...people];
    sortRows(people, (p) => p.n, "desc", "en");
    expect(people).toEqual(copy);
  });
});

describe("pageOf", () => {
  const rows = Array.from({ length: 7 }, (_, i) => i + 1);

  it("cuts pages of the chosen size (3/6/9 for pending requests)", () => {
    expect(pageOf(rows, 0, 3)).toEqual({ page: 0, rows: [1, 2, 3] });
    expect(pageOf(rows, 2, 3)).toEqual({ page: 2, rows: [7] });
    expect(pageOf(rows, 0, 9)).toEqual({ page: 0, rows });
  });

  it("falls back to the last page when rows went away, and to the first when empty", () => {
    expect(pageOf(rows, 5, 5)).toEqual({ page: 1, rows: [6, 7] });
    expect(pageOf([], 3, 10)).toEqual({ page: 0, rows: [] });
  });
});

describe("tableBody", () => {
  it("shows a skeleton while the first load runs, then the rows or the empty text", () => {
    expect(tableBody(undefined, true)).toBe("skeleton");
    expect(tableBody([], false)).toBe("empty");
    expect(tableBody([], true)).toBe("empty");
    expect(tableBody([1], false)).toBe("rows");
  });

  it("never claims emptiness for rows that were not loaded (a failed load)", () => {
    expect(tableBody(undefined, false)).toBe("unknown");
  });
});
