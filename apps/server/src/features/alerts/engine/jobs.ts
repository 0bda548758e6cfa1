import type { FastifyBaseLogger } from "fastify";
import type { JobRunner } from "../../../jobs/runner";
import type { AppContext } from "../../../lib/context";
import type { IngestHook } from "../../vitals";
import { alertDigestJob, alertRealtimeJob, REALTIME_JOB } from "./digest";
import { alertEscalationJob } from "./escalation";
import { evaluateBatch } from "./evaluate";
import { syncSweepJob } from "./sync-sweep";

/**
 * The alert jobs on the app's runner (docs/architecture.md, "Jobs and mail"): real-time mails every 15 seconds,
 * digests and escalations every minute, the out-of-sync sweep every 5 minutes.
 */
export function registerAlertJobs(runner: JobRunner, ctx: AppContext, log: FastifyBaseLogger): void {
  runner.register(alertRealtimeJob(ctx, log));
  runner.register(alertDigestJob(ctx, log));
  runner.register(alertEscalationJob(ctx, log));
  runner.register(syncSweepJob(ctx, log));
}

/**
 * Judging as the data arrives: the hook app.ts hands to the vitals routes. It evaluates each batch in the ingest
 * transaction and, once the batch has committed with new alerts, pokes the real-time job (`runner` is absent where
 * no jobs run: API tests, JOBS=off).
 */
export function alertIngestHook(runner: JobRunner | null): IngestHook {
  return async (tx, batch) => {
    const raised = await evaluateBatch(tx, batch.userId, batch.samples, new Date());
    return raised && runner ? () => runner.poke(REALTIME_JOB) : undefined;
  };
}
