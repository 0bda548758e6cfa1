import { Cron } from "croner";
import type { FastifyBaseLogger } from "fastify";
import { type Clock, systemClock } from "./clock";

/**
 * A piece of background work. `run(now)` does whatever is due at `now` and returns; it is called again at the
 * next tick whatever happened, so it must be safe to repeat (claim slots with `claimSlot`, or pick rows by a
 * state it changes in the same transaction).
 */
export interface Job {
  /** Names the job in logs and in `poke`. */
  name: string;
  run(now: Date): Promise<void>;
  /** When it runs: a croner pattern (6 fields: with seconds); every minute at second 0 by default. */
  every?: string;
  /**
   * "none": its runs change nothing a kept answer reads (db/changes.ts: staff reports and KPI tiles), so they do
   * not make the runner's `onRun` mark everything changed (the mail outbox, every five seconds).
   */
  changes?: "none";
}

export interface JobRunner {
  /** Adds a job; jobs registered after `start()` start at once too. */
  register(job: Job): void;
  /** Runs every job now, then at each of its ticks. The server calls it once it is ready. */
  start(): void;
  /**
   * Runs one job now (e.g. the mail worker right after mail was queued). A poke while the job runs makes it
   * run once more when that run ends, so work queued during a run is not left for the next tick.
   */
  poke(name: string): void;
  /** Runs every job once, in the order registered, and waits (tests drive the runner with this). */
  tick(): Promise<void>;
  /** No more ticks; waits for the runs under way. */
  stop(): Promise<void>;
}

export const EVERY_MINUTE = "0 * * * * *";

interface JobState {
  job: Job;
  timer: Cron | null;
  /** The run under way (runs of one job never overlap). */
  running: Promise<void> | null;
  again: boolean;
}

/**
 * The server's background work (docs/architecture.md, "Jobs and mail"). It knows no feature: app.ts registers
 * the jobs. Ticks come from croner on the system's timer, the time a job sees from `clock` (tests use a manual
 * clock and call `tick()`). A job's error is logged and the job runs again at its next tick.
 */
export function createJobRunner(opts: {
  log: FastifyBaseLogger;
  clock?: Clock;
  /** After each run of a job that may change data (app.ts: everything kept is out of date). */
  onRun?: () => void;
  /** After each run of any job, with whether it ended without an error and its time (the metrics, lib/metrics.ts). */
  onRunEnd?: (job: string, ok: boolean, seconds: number) => void;
}): JobRunner {
  const clock = opts.clock ?? systemClock;
  const jobs = new Map<string, JobState>();
  let started = false;
  let stopped = false;

  function run(state: JobState): Promise<void> {
    if (stopped) return Promise.resolve();
    if (state.running) {
      state.again = true;
      return state.running;
    }
    state.running = (async () => {
      do {
        state.again = false;
        const started = performance.now();
        let ok = false;
        try {
          await state.job.run(clock.now());
          ok = true;
        } catch (err) {
          // the error serializer keeps query parameters (personal data, tokens) out of the line
          opts.log.error({ job: state.job.name, err }, "background job failed");
        } finally {
          if (state.job.changes !== "none") opts.onRun?.();
          opts.onRunEnd?.(state.job.name, ok, (performance.now() - started) / 1000);
        }
      } while (state.again && !stopped);
    })().finally(() => {
      state.running = null;
    });
    return state.running;
  }

  function schedule(state: JobState) {
    // croner's own overlap guard is not needed: `run` already folds a tick into the run under way; patterns are
    // UTC times ("0 15 4 * * *" is 04:15 UTC), whatever the host's TZ
    state.timer = new Cron(
      state.job.every ?? EVERY_MINUTE,
      { unref: true, timezone: "UTC" },
      () => void run(state),
    );
    void run(state);
  }

  return {
    register(job) {
      if (jobs.has(job.name)) throw new Error(`job ${job.name} is registered twice`);
      const state: JobState = { job, timer: null, running: null, again: false };
      jobs.set(job.name, state);
      if (started && !stopped) schedule(state);
    },
    start() {
      if (started || stopped) return;
      started = true;
      for (const state of jobs.values()) schedule(state);
    },
    poke(name) {
      const state = jobs.get(name);
      if (state && started) void run(state);
    },
    async tick() {
      for (const state of jobs.values()) await run(state);
    },
    async stop() {
      stopped = true;
      for (const state of jobs.values()) state.timer?.stop();
      await Promise.all([...jobs.values()].map((s) => s.running));
    },
  };
}
