import type { FastifyBaseLogger } from "fastify";
import type { AppConfig } from "../config";
import type { Clock } from "../jobs/clock";
import { createJobRunner, type JobRunner } from "../jobs/runner";
import { captureLog } from "../jobs/test-helpers";
import type { AppContext } from "../lib/context";
import type { IdTokens } from "../lib/id-tokens";
import { createMailer } from "../lib/mail/mailer";
import { createOutboxWorker } from "../lib/mail/outbox-worker";
import type { TestApp } from "./app";

export const JOBS_MAIL_FROM = "Mimamori <no-reply@mimamori.test>";
/** The address the jobs' mails link to. */
export const JOBS_APP_URL = "http://mimamori.test";

export interface JobInstance {
  /** Runs the due jobs, then delivers what they queued. */
  tick(): Promise<void>;
  lines: Record<string, unknown>[];
  ctx: AppContext;
  close(): Promise<void>;
}

/**
 * One server instance's background work on a test app's database: a job runner on `clock` with the jobs `register`
 * adds, then the mail outbox worker, mailing through `smtpUrl` (the test's SMTP peer by default).
 */
export function startJobInstance(
  t: TestApp,
  clock: Clock,
  register: (runner: JobRunner, ctx: AppContext, log: FastifyBaseLogger) => void,
  smtpUrl = t.smtp.url,
): JobInstance {
  const { log, lines } = captureLog();
  const config: AppConfig = {
    port: 0,
    host: "127.0.0.1",
    dataDir: "",
    mailFrom: JOBS_MAIL_FROM,
    appUrl: JOBS_APP_URL,
    logLevel: "info",
    trustProxy: false,
    smtpUrl,
  };
  const runner = createJobRunner({ log, clock });
  const ctx: AppContext = {
    config,
    database: t.database,
    db: t.db,
    mailer: createMailer({ db: t.db, smtpUrl, from: JOBS_MAIL_FROM, log }),
    idTokens: undefined as unknown as IdTokens, // the jobs sign nothing
  };
  const outbox = createOutboxWorker({ db: t.db, smtpUrl, from: JOBS_MAIL_FROM, log, clock });
  register(runner, ctx, log);
  runner.register(outbox.job);
  return {
    tick: () => runner.tick(),
    lines,
    ctx,
    async close() {
      await runner.stop();
      outbox.close();
      ctx.mailer.close();
    },
  };
}
