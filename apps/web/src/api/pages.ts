/**
 * Every row of a list the server answers a page at a time (`offset`, `limit`): pages are read one after another
 * until one comes back short, so that no single answer grows with the list.
 */
export async function allPages<T>(
  page: (offset: number, limit: number) => Promise<T[]>,
  limit: number,
): Promise<T[]> {
  const rows: T[] = [];
  for (;;) {
    const next = await page(rows.length, limit);
    for (const row of next) rows.push(row);
    if (next.length < limit) return rows;
  }
}
