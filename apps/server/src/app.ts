import { existsSync } from "node:fs";
import path from "node:path";
import fastifyCompress from "@fastify/compress";
import fastifyCookie from "@fastify/cookie";
import fastifyHelmet from "@fastify/helmet";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { AppConfig } from "./config";
import { changesOf } from "./db/changes";
import type { Database } from "./db/client";
import { startAutovacuum } from "./db/maintenance";
import { accessAuditRoutes, auditRetentionJob } from "./features/access-audit";
import { accountDeletionJob, accountDeletionRoutes } from "./features/account-deletion";
import { adminRoutes } from "./features/admin";
import { alertIngestHook, alertRoutes, registerAlertJobs } from "./features/alerts";
import { boardRoutes } from "./features/board";
import { consentRoutes } from "./features/consents";
import { dataItemRoutes } from "./features/data-items";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./features/demo";
import { devMailboxRoutes } from "./features/dev-mailbox";
import {
  entityRoutes,
  entityStaffRoutes,
  memberRoutes,
  membershipRoutes,
  staffSessionRoutes,
} from "./features/entities";
import { eventRoutes } from "./features/events";
import { formReminderJob, formScheduleJob, formsRoutes, scheduleRoutes } from "./features/forms";
import { healthRoutes } from "./features/health";
import { authRoutes, userRoutes } from "./features/identity";
import { personalExportRoutes } from "./features/personal-export";
import { adminExportRoutes, clientReportRoutes, staffReportRoutes } from "./features/reports";
import {
  defaultRawRetentionDays,
  packJob,
  rawRetentionJob,
  retentionRoutes,
  vitalRoutes,
} from "./features/vitals";
import { createWebhookWorker, targetRulesOf, webhookRoutes } from "./features/webhooks";
import type { Clock } from "./jobs/clock";
import { createJobRunner, type JobRunner } from "./jobs/runner";
import { registerAccessControl } from "./lib/access";
import { registerAccessAudit } from "./lib/access-audit";
import { registerChangeTracking } from "./lib/change-tracking";
import type { AppContext } from "./lib/context";
import { registerErrorHandler } from "./lib/errors";
import { IdTokens } from "./lib/id-tokens";
import { registerInputGuard } from "./lib/input-guard";
import { serializeError, serializeRequest } from "./lib/log";
import { createMailer } from "./lib/mail/mailer";
import { createOutboxWorker, OUTBOX_JOB } from "./lib/mail/outbox-worker";
import { Metrics, registerRequestMetrics } from "./lib/metrics";
import { registerNoStore } from "./lib/no-store";
import { registerOpenApi } from "./lib/openapi/document";
import { tagged } from "./lib/openapi/operations";
import { RATE_LIMIT_DEFAULTS, registerRateLimits } from "./lib/rate-limits";
import { requestIdOf } from "./lib/request-id";

/**
 * Fields that must never reach a log line. Besides these, the serializers (lib/log.ts) take secret query
 * parameters (mail link tokens) out of logged URLs and a failed query's parameter values out of errors.
 */
const REDACT = [
  "req.headers.authorization",
  "req.headers.cookie",
  'res.headers["set-cookie"]',
  "*.password",
  "*.newPassword",
  "*.oldPassword",
  "*.passwordHash",
  "*.token",
  "*.idToken",
  "*.refreshToken",
  "*.secret",
  "err.params",
  "err.detail",
];

export interface BuildOptions {
  /** An opened and migrated database; the app does not close it. */
  database: Database;
  /** Where log lines go (tests capture them); stdout by default. */
  logStream?: NodeJS.WritableStream;
  /** The time the background jobs see (tests pass a manual clock); the system clock by default. */
  clock?: Clock;
  /**
   * The database holds the demo accounts (startup.ts `prepareData`): the integrators' page names them only then,
   * and only where this server writes them (`seedDemo`). Left out: `seedDemo` alone (tests, the document's build).
   */
  demoAccounts?: boolean;
}

export async function buildApp(
  config: AppConfig,
  { database, logStream, clock, demoAccounts = config.seedDemo }: BuildOptions,
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: REDACT, censor: "[redacted]" },
      serializers: { req: serializeRequest, err: serializeError },
      ...(logStream ? { stream: logStream } : {}),
      // redaction and serializers run before the transport, so pretty lines carry no secrets either
      ...(!logStream && config.logPretty
        ? {
            transport: {
              target: "pino-pretty",
              options: { translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname" },
            },
          }
        : {}),
    },
    trustProxy: config.trustProxy,
    // a request id that names one request across restarts and servers (logs, the access audit): the caller's
    // X-Request-Id (a proxy's or a client's) when it is a short visible-ASCII token, else a new one (METRICS=off,
    // only in bench/metrics.ts: Fastify's counter, as before, to measure what ids and metrics cost)
    ...(config.metrics === false ? {} : { genReqId: requestIdOf }),
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const metrics = config.metrics === false ? undefined : new Metrics(database);
  // background jobs only where asked for (`npm start`: JOBS=on by default; API tests: off unless a test opts in)
  const runner = config.jobs
    ? createJobRunner({
        log: app.log,
        clock,
        onRun: () => changesOf(database.db).everything(),
        onRunEnd: metrics && ((job, ok, seconds) => metrics.jobRun(job, ok, seconds)),
      })
    : null;
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    mailer: createMailer({
      db: database.db,
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      log: app.log,
      production: config.production,
      onQueued: () => runner?.poke(OUTBOX_JOB),
    }),
    idTokens: await IdTokens.create(database.db, config.authSecret),
    clock,
    metrics,
  };
  app.addHook("onClose", async () => ctx.mailer.close());
  const stopAutovacuum = startAutovacuum(database, app.log, { firstMs: config.vacuumFirstCheckMs });
  app.addHook("onClose", async () => stopAutovacuum());

  if (runner) registerJobs(app, ctx, runner, clock);

  // the id is given back, so a caller can quote it and an operator find the request's every log line
  if (metrics)
    app.addHook("onRequest", (req, reply, done) => {
      reply.header("x-request-id", req.id);
      done();
    });
  // security headers first: every answer carries them, also a refusal by the input guard or access control
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        "default-src": ["'self'"],
        "img-src": ["'self'", "data:", "blob:"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "script-src": ["'self'"],
        // only over HTTPS (below): on plain HTTP it sends the browser to https:// for every script, and a
        // trial on a LAN address shows a blank page
        "upgrade-insecure-requests": null,
      },
    },
  });
  // `req.protocol` honours X-Forwarded-Proto only with TRUST_PROXY; runs after helmet's header is set
  app.addHook("onRequest", async (req, reply) => {
    if (req.protocol !== "https") return;
    const csp = reply.raw.getHeader("content-security-policy");
    if (typeof csp === "string")
      reply.raw.setHeader("content-security-policy", `${csp};upgrade-insecure-requests`);
  });
  registerErrorHandler(app);
  registerInputGuard(app);
  registerNoStore(app);
  registerAccessControl(app, ctx);
  // after access control: a limit counts per signed-in person
  await registerRateLimits(app, config.rateLimits ?? RATE_LIMIT_DEFAULTS, metrics);
  if (metrics) registerRequestMetrics(app, metrics);
  registerChangeTracking(app, ctx.db);
  registerAccessAudit(app, ctx.db);
  await app.register(fastifyCookie);
  // Compresses JSON, CSV streams and the web bundles (br/gzip as the client accepts).
  await app.register(fastifyCompress, { threshold: 1024 });
  // the OpenAPI document and its page at /api/docs (lib/openapi/document.ts)
  // the demo accounts are named only where this server writes them (never in production unless asked)
  await registerOpenApi(app, "1.14.0", {
    demo: config.seedDemo && demoAccounts ? { accounts: DEMO_ACCOUNTS, password: DEMO_PASSWORD } : null,
  });

  // each feature's routes, under the feature's tag in the OpenAPI document
  await app.register(
    async (api) => {
      await api.register(tagged("health", healthRoutes(ctx)));
      await api.register(tagged("identity/auth", authRoutes(ctx)));
      await api.register(tagged("identity/account", userRoutes(ctx)));
      await api.register(tagged("entities/session", staffSessionRoutes(ctx)));
      await api.register(tagged("admin", adminRoutes(ctx)));
      await api.register(tagged("entities/records", entityRoutes(ctx)));
      await api.register(tagged("entities/memberships", membershipRoutes(ctx)));
      await api.register(tagged("entities/staff", entityStaffRoutes(ctx)));
      await api.register(tagged("entities/members", memberRoutes(ctx)));
      const onStored = config.alertEvaluation === false ? undefined : alertIngestHook(runner);
      await api.register(tagged("vitals", vitalRoutes(ctx, { onStored }), retentionRoutes(ctx)));
      await api.register(
        tagged("reports", clientReportRoutes(ctx), staffReportRoutes(ctx), adminExportRoutes(ctx)),
      );
      await api.register(tagged("forms", formsRoutes(ctx), scheduleRoutes(ctx)));
      await api.register(tagged("alerts", alertRoutes(ctx)));
      await api.register(tagged("data-items", dataItemRoutes(ctx)));
      await api.register(tagged("board", boardRoutes(ctx)));
      await api.register(tagged("dev-mailbox", devMailboxRoutes(ctx)));
      await api.register(tagged("events", eventRoutes(ctx)));
      await api.register(tagged("access-audit", accessAuditRoutes(ctx)));
      await api.register(tagged("account-deletion", accountDeletionRoutes(ctx)));
      await api.register(tagged("webhooks", webhookRoutes(ctx)));
      await api.register(tagged("consents", consentRoutes(ctx)));
      await api.register(tagged("personal-export", personalExportRoutes(ctx)));
    },
    { prefix: "/api" },
  );

  const webDist = config.webDist;
  if (webDist && existsSync(path.join(webDist, "index.html"))) {
    // Hashed bundles are looked up per request (a rebuild needs no restart) and cached for a year.
    await app.register(fastifyStatic, {
      root: path.join(webDist, "assets"),
      prefix: "/assets/",
      immutable: true,
      maxAge: "365d",
    });
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false, decorateReply: false });
    // Client-side routes all load the single page; unknown /api paths keep their JSON 404.
    app.get("/*", { config: { access: "public" } }, (req, reply) => {
      if (req.url.startsWith("/api/") || req.url.startsWith("/assets/")) return reply.callNotFound();
      return reply.sendFile("index.html", webDist, { maxAge: 0 });
    });
  }
  return app;
}

/**
 * The background jobs (docs/architecture.md, "Jobs and mail"): the mail outbox worker, recurring form sends and
 * their reminders. They start once the app is ready and stop, waiting for runs under way, when it closes.
 */
function registerJobs(app: FastifyInstance, ctx: AppContext, runner: JobRunner, clock?: Clock) {
  const { config } = ctx;
  const outbox = createOutboxWorker({
    db: ctx.db,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    log: app.log,
    production: config.production,
    clock,
  });
  runner.register(outbox.job);
  runner.register(formScheduleJob(ctx, app.log));
  runner.register(formReminderJob(ctx, app.log));
  registerAlertJobs(runner, ctx, app.log);
  runner.register(auditRetentionJob(ctx.db, config.auditRetentionYears ?? 5, app.log));
  runner.register(rawRetentionJob(ctx.db, defaultRawRetentionDays(config), app.log));
  runner.register(accountDeletionJob(ctx.db, app.log));
  if (config.packSamples !== false) runner.register(packJob(ctx.db, app.log));
  runner.register(
    createWebhookWorker({
      db: ctx.db,
      rules: targetRulesOf(config),
      log: app.log,
      clock,
      metrics: ctx.metrics,
    }).job,
  );
  app.addHook("onReady", async () => runner.start());
  app.addHook("onClose", async () => {
    await runner.stop();
    outbox.close();
  });
}
