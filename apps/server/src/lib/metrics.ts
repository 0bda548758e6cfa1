import { createHash, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Database } from "../db/client";
import { mailOutbox } from "../db/schema";

/**
 * What an operator watches (issue 31 §4; every metric is listed in docs/operations.md): one registry per app for the
 * app's own metrics, and the process's default metrics (CPU, memory, heap, event-loop lag, handles) in one registry
 * per process, collected once however many apps a process builds (the API tests build many).
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    // event-loop lag: `nodejs_eventloop_lag_seconds` (a probe at scrape time) and the p50/p90/p99 of
    // `monitorEventLoopDelay` since the last scrape, sampled every 10 ms
    collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 10 });
  }
  return processRegistry;
}

/** Seconds buckets of request durations: 5 ms … 10 s. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds buckets of the upload-to-alert-mail time: the real-time job runs every 15 s. */
const ALERT_MAIL_BUCKETS = [1, 5, 10, 15, 20, 30, 60, 120, 300, 900, 3600];
/** Seconds buckets of a background job's run. */
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300];

/** The outcomes a webhook delivery attempt counts under (`webhookDelivery`). */
export type WebhookOutcome = "delivered" | "failed" | "gave-up";

/** The route label of a request that matched no route: one value, never the raw URL (unbounded). */
export const UNMATCHED_ROUTE = "(unmatched)";

/**
 * The app's metrics. Counters and histograms are updated where things happen (a request's end, a job run, an alert
 * mail queued); pool use, open streams and the mail outbox are read when Prometheus scrapes (`scrape`).
 */
export class Metrics {
  readonly registry = new Registry();

  private readonly httpDuration = new Histogram({
    name: "mimamori_http_request_duration_seconds",
    help: "Time from a request's arrival to its answer's end, by method, route pattern and status.",
    labelNames: ["method", "route", "status"] as const,
    buckets: REQUEST_BUCKETS,
    registers: [this.registry],
  });
  private readonly jobRuns = new Counter({
    name: "mimamori_job_runs_total",
    help: "Runs of a background job that ended (with or without an error).",
    labelNames: ["job"] as const,
    registers: [this.registry],
  });
  private readonly jobFailures = new Counter({
    name: "mimamori_job_failures_total",
    help: "Runs of a background job that ended with an error.",
    labelNames: ["job"] as const,
    registers: [this.registry],
  });
  private readonly jobLastSuccess = new Gauge({
    name: "mimamori_job_last_success_timestamp_seconds",
    help: "When a run of the job last ended without an error (Unix time).",
    labelNames: ["job"] as const,
    registers: [this.registry],
  });
  private readonly jobDuration = new Histogram({
    name: "mimamori_job_duration_seconds",
    help: "How long a run of a background job took.",
    labelNames: ["job"] as const,
    buckets: JOB_BUCKETS,
    registers: [this.registry],
  });
  private readonly alertMailDelay = new Histogram({
    name: "mimamori_alert_mail_delay_seconds",
    help: "Time from the receipt of the band upload that raised an alert to the queueing of its real-time mail.",
    buckets: ALERT_MAIL_BUCKETS,
    registers: [this.registry],
  });
  private readonly webhookDeliveries = new Counter({
    name: "mimamori_webhook_deliveries_total",
    help: "Webhook delivery attempts by outcome (delivered, failed and to be retried, gave up).",
    labelNames: ["outcome"] as const,
    registers: [this.registry],
  });
  private readonly rateLimited = new Counter({
    name: "mimamori_rate_limited_total",
    help: "Requests refused 429 by a per-client rate limit, by limit.",
    labelNames: ["limit"] as const,
    registers: [this.registry],
  });
  private readonly outboxQueued = new Gauge({
    name: "mimamori_mail_outbox_queued",
    help: "Mails waiting in the outbox to be sent (new or to be retried).",
    registers: [this.registry],
  });
  private readonly outboxFailed = new Gauge({
    name: "mimamori_mail_outbox_failed",
    help: "Mails the outbox gave up on (every attempt failed).",
    registers: [this.registry],
  });
  private readonly outboxOldest = new Gauge({
    name: "mimamori_mail_outbox_oldest_queued_age_seconds",
    help: "Age of the oldest mail waiting in the outbox; 0 when none waits.",
    registers: [this.registry],
  });

  private streams: () => number = () => 0;

  constructor(private readonly database?: Database) {
    const pool = () => database?.poolUse?.();
    new Gauge({
      name: "mimamori_db_pool_connections",
      help: "Database connections of this process by state (total, idle); PGlite: its one connection.",
      labelNames: ["state"] as const,
      registers: [this.registry],
      collect() {
        const use = pool();
        if (!use) return;
        this.set({ state: "total" }, use.total);
        this.set({ state: "idle" }, use.idle);
      },
    });
    new Gauge({
      name: "mimamori_db_pool_waiting",
      help: "Queries waiting for a database connection (PGlite: queries queued behind the one running).",
      registers: [this.registry],
      collect() {
        const use = pool();
        if (use) this.set(use.waiting);
      },
    });
    const streams = () => this.streams();
    new Gauge({
      name: "mimamori_event_streams_open",
      help: "Live event streams (GET /api/staff/{ws}/events) open on this process.",
      registers: [this.registry],
      collect() {
        this.set(streams());
      },
    });
  }

  /** A request ended (`registerRequestMetrics`). */
  request(method: string, route: string | undefined, status: number, seconds: number): void {
    this.httpDuration.observe({ method, route: route ?? UNMATCHED_ROUTE, status: String(status) }, seconds);
  }

  /** A run of a background job ended (jobs/runner.ts `onRunEnd`). */
  jobRun(job: string, ok: boolean, seconds: number): void {
    this.jobRuns.inc({ job });
    this.jobDuration.observe({ job }, seconds);
    if (ok) this.jobLastSuccess.set({ job }, Date.now() / 1000);
    else this.jobFailures.inc({ job });
  }

  /**
   * Real-time alert mails were queued (features/alerts/engine/digest.ts) for alerts whose rows were written in the
   * upload's transaction at `receivedAt` (`notifications.created_at`).
   */
  alertMailsQueued(receivedAt: readonly Date[], now = Date.now()): void {
    for (const at of receivedAt) this.alertMailDelay.observe(Math.max(0, now - at.getTime()) / 1000);
  }

  /** One webhook delivery attempt ended (for features/webhooks). */
  webhookDelivery(outcome: WebhookOutcome): void {
    this.webhookDeliveries.inc({ outcome });
  }

  /** A per-client rate limit refused a request (lib/rate-limits.ts). */
  limited(limit: string): void {
    this.rateLimited.inc({ limit });
  }

  /** Where the number of open event streams is read at scrape time (features/events). */
  countStreams(count: () => number): void {
    this.streams = count;
  }

  /**
   * The Prometheus text of every metric: the mail outbox is read with one statement first (the queued rows by the
   * outbox's partial index; the failed ones by a scan of the table, which holds sent mail too), then the default
   * and the app's metrics. A database that does not answer leaves the outbox figures out rather than stale.
   */
  async scrape(): Promise<string> {
    if (this.database) {
      try {
        const o = mailOutbox;
        const res = await this.database.db.execute(sql`select
            (select count(*)::int from ${o} where ${o.status} = 'queued') as queued,
            (select count(*)::int from ${o} where ${o.status} = 'failed') as failed,
            (select coalesce(extract(epoch from now() - min(${o.createdAt})), 0)::float8 from ${o}
              where ${o.status} = 'queued') as oldest`);
        const [row] = (res as unknown as { rows: { queued: number; failed: number; oldest: number }[] }).rows;
        this.outboxQueued.set(row?.queued ?? 0);
        this.outboxFailed.set(row?.failed ?? 0);
        this.outboxOldest.set(Math.max(0, row?.oldest ?? 0));
      } catch {
        this.outboxQueued.reset();
        this.outboxFailed.reset();
        this.outboxOldest.reset();
      }
    }
    const [own, processText] = await Promise.all([this.registry.metrics(), processMetrics().metrics()]);
    return `${processText}\n${own}`;
  }

  readonly contentType = this.registry.contentType;
}

/** Times every request by its route pattern (`/api/staff/:workspace/board`), never the raw URL. */
export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  // a callback hook: no promise per request
  app.addHook("onResponse", (req, reply, done) => {
    metrics.request(req.method, req.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}

const digest = (s: string) => createHash("sha256").update(s).digest();

/**
 * Whether an Authorization header carries the metrics token: compared in constant time (the digests of both, so
 * the lengths match and the time tells nothing of the token).
 */
export function hasMetricsToken(authorization: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)$/i.exec(authorization ?? "")?.[1] ?? "";
  return timingSafeEqual(digest(given), digest(token)) && given.length > 0;
}
