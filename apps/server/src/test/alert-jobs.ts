import { registerAlertJobs } from "../features/alerts/engine/jobs";
import { manualClock } from "../jobs/clock";
import { createJobRunner } from "../jobs/runner";
import { captureLog } from "../jobs/test-helpers";
import type { AppContext } from "../lib/context";
import type { IdTokens } from "../lib/id-tokens";
import { createMailer } from "../lib/mail/mailer";
import { createOutboxWorker } from "../lib/mail/outbox-worker";
import type { TestApp } from "./app";

/**
 * Runs the alert jobs and the mail outbox worker once over a test app's database, a second from now, as a server
 * starting on it would: the seeded demo's tests check that its history mails nobody (`t.smtp.mails` stays empty).
 */
export async function runAlertJobsOnce(t: TestApp): Promise<void> {
  const { log } = captureLog();
  const clock = manualClock(new Date(Date.now() + 1000));
  const runner = createJobRunner({ log, clock });
  const from = "Mimamori <a@b.test>";
  const ctx = {
    config: { appUrl: "http://mimamori.test" },
    db: t.db,
    mailer: createMailer({ db: t.db, smtpUrl: t.smtp.url, from, log }),
    idTokens: undefined as unknown as IdTokens,
  } as AppContext;
  const outbox = createOutboxWorker({ db: t.db, smtpUrl: t.smtp.url, from, log, clock });
  registerAlertJobs(runner, ctx, log);
  runner.register(outbox.job);
  await runner.tick();
  await runner.stop();
  outbox.close();
  ctx.mailer.close();
}
