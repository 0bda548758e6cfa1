/**
 * Clearing the query cache without loading it: the first page (sign-in) has no query cache and no react-query
 * code; queryClient.ts registers its clear() here once some page has loaded it. Sign-in, sign-out and an ended
 * session call resetQueryCache() so one person's data never shows for the next.
 */
let clear: () => void = () => {};

export function onQueryCacheReset(fn: () => void): void {
  clear = fn;
}

export function resetQueryCache(): void {
  clear();
}
