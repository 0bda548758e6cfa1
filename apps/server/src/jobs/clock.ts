/**
 * Where background work reads the time. The server uses the system clock; tests hand the runner and the mail
 * worker a manual clock, so "it is Monday 09:00 in Tokyo" is a line of the test instead of a wait.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export interface ManualClock extends Clock {
  set(at: Date | string): void;
  advance(ms: number): void;
}

/** A clock that stands still until told otherwise. */
export function manualClock(start: Date | string): ManualClock {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    set(at) {
      current = new Date(at).getTime();
    },
    advance(ms) {
      current += ms;
    },
  };
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
