/** How long the wear of the six days before today is kept (its figures follow late uploads within this time). */
export const WEEK_KEPT_MS = 60_000;
/** Entities × zones × first days kept at most; the oldest go first. */
const WEEK_KEYS_MAX = 1000;

/**
 * The earlier days of the board's week of wear, kept per entity, zone and first day for WEEK_KEPT_MS: reading them
 * costs an index entry per member and hour (168 a member at full wear), most of a 1,000-member board's reading,
 * while they change only when a band sends old data late. One reading under way per key is shared; a failed one is
 * not kept.
 */
export function weekWearKeeper(keptMs = WEEK_KEPT_MS, clock: () => number = Date.now) {
  const kept = new Map<string, { until: number; value: Promise<unknown> }>();
  return {
    get<T>(key: string, read: () => Promise<T>): Promise<T> {
      const now = clock();
      const hit = kept.get(key);
      if (hit && hit.until > now) return hit.value as Promise<T>;
      kept.delete(key);
      const value = read();
      kept.set(key, { until: now + keptMs, value });
      value.catch(() => {
        if (kept.get(key)?.value === value) kept.delete(key);
      });
      for (const oldest of kept.keys()) {
        if (kept.size <= WEEK_KEYS_MAX) break;
        kept.delete(oldest);
      }
      return value;
    },
  };
}
export type WeekWearKeeper = ReturnType<typeof weekWearKeeper>;
