import type { Db } from "./client";

/**
 * Memoises `build` per database handle: for drizzle's prepared queries (`.prepare(name)`) on the hot paths, which
 * are built once instead of at every request (building a query object cost more than the database's answer).
 */
export function perDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let found = built.get(db);
    if (found === undefined) {
      found = build(db);
      built.set(db, found);
    }
    return found;
  };
}
