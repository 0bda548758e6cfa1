export type SortDirection = "asc" | "desc";
export type SortValue = string | number;

function compare(a: SortValue, b: SortValue, collator: Intl.Collator) {
  if (typeof a === "number" && typeof b === "number") return a - b;
  return collator.compare(String(a), String(b));
}

/** Rows in sort order (a stable sort; no key keeps the given order), compared as the language sorts text. */
export function sortRows<T>(
  rows: readonly T[],
  value: ((row: T) => SortValue) | undefined,
  direction: SortDirection,
  locale: string,
): T[] {
  const list = [...rows];
  if (!value) return list;
  const collator = new Intl.Collator(locale, { numeric: true, sensitivity: "base" });
  const sign = direction === "asc" ? 1 : -1;
  return list.sort((a, b) => compare(value(a), value(b), collator) * sign);
}

/** One page of rows; a page past the end (after rows went away) falls back to the last page. */
export function pageOf<T>(rows: readonly T[], page: number, size: number): { page: number; rows: T[] } {
  const last = Math.max(0, Math.ceil(rows.length / size) - 1);
  const current = Math.min(Math.max(0, page), last);
  return { page: current, rows: rows.slice(current * size, current * size + size) };
}

/**
 * What a table's body shows: a skeleton while its first load runs, the empty text only when the rows are known to
 * be none, else the rows. Rows never loaded (a failed load, whose error the page shows) show neither, so a failure
 * never reads as "nothing here".
 */
export function tableBody(rows: readonly unknown[] | undefined, loading: boolean) {
  if (!rows) return loading ? "skeleton" : "unknown";
  return rows.length === 0 ? "empty" : "rows";
}
