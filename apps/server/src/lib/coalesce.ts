/**
 * Shares one computation among identical requests without serving anything older than a request: a call joins
 * the *next* run of its key, one that has not started yet, never a run already under way. A run starts when the
 * run before it of the same key has finished (at once when there is none), so every caller it answers arrived
 * before it started, and it sees every write that had finished by then: the answer is one the caller could have
 * got alone. Nothing is kept once a run has answered (this is not a cache, there is nothing to invalidate).
 *
 * Under load, N staff of an entity asking for the same report cost about two computations instead of N: a call
 * waits at most for the run under way and then its own.
 *
 * The key must name everything the computation depends on (entity, report, window, language): callers with one
 * key get the same answer.
 */
export function coalescing<T>() {
  interface Next {
    promise: Promise<T>;
    resolve(v: T): void;
    reject(e: unknown): void;
    run: () => Promise<T>;
  }
  const running = new Map<string, { next: Next | null }>();

  const start = (key: string, run: () => Promise<T>): Promise<T> => {
    const slot = { next: null as Next | null };
    running.set(key, slot);
    const p = run();
    const done = () => {
      const next = slot.next;
      if (!next) {
        running.delete(key);
        return;
      }
      start(key, next.run).then(next.resolve, next.reject);
    };
    p.then(done, done);
    return p;
  };

  return (key: string, run: () => Promise<T>): Promise<T> => {
    const slot = running.get(key);
    if (!slot) return start(key, run);
    if (!slot.next) {
      let resolve!: (v: T) => void;
      let reject!: (e: unknown) => void;
      const promise = new Promise<T>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      slot.next = { promise, resolve, reject, run };
    }
    return slot.next.promise;
  };
}
