import { and, asc, eq, inArray, lte } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { Db } from "../../db/client";
import { mailOutbox } from "../../db/schema";
import { type Clock, HOUR, MINUTE, systemClock } from "../../jobs/clock";
import type { Job } from "../../jobs/runner";

/** Waits before the 2nd, 3rd, 4th and 5th try; the 5th failure is final (docs/decisions.md, "Jobs and mail"). */
export const RETRY_DELAYS_MS = [1 * MINUTE, 5 * MINUTE, 30 * MINUTE, 2 * HOUR] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** Mails claimed per statement: a claim stays short and a stop waits for at most this many sends. */
export const BATCH_SIZE = 20;
/** Batches per run at most; the next poll (a few seconds later) goes on where this run stopped. */
const BATCHES_PER_RUN = 10;
/**
 * A claimed row is hidden from other workers until its lease ends. A send starts only while at least
 * SEND_BUDGET_MS of the lease is left, and the transport's timeouts keep one send within that budget, so a
 * row is never sent by two workers; a worker that dies mid-batch leaves its rows to be claimed after the lease.
 */
export const LEASE_MS = 5 * MINUTE;
const SEND_BUDGET_MS = 2 * MINUTE;
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };
export const OUTBOX_JOB = "mail-outbox";
/** How often the worker looks for mail besides being poked after an enqueue (croner, with seconds). */
export const OUTBOX_POLL = "*/5 * * * * *";
export const NO_SMTP_ERROR = "SMTP_URL is not set";
/** The log line of each mail delivered to the development mailbox (with its template and id, never its links). */
export const DEV_MAILBOX_LOG = "mail delivered to the development mailbox";

export interface OutboxWorkerOptions {
  db: Db;
  /**
   * Without it nothing is sent: in development queued mail is delivered to the development mailbox (status
   * `outbox`, `sent_at` the time it was put there), in production it fails.
   */
  smtpUrl?: string;
  from: string;
  log: FastifyBaseLogger;
  production?: boolean;
  clock?: Clock;
}

export interface DrainResult {
  sent: number;
  /** Tries that failed (retried later, or failed for good). */
  failed: number;
  /** Delivered to the development mailbox (no SMTP, development) or failed for lack of SMTP (production). */
  unsent: number;
}

export interface OutboxWorker {
  /** The runner's job: drains what is due, polled every few seconds and poked after each enqueue. */
  job: Job;
  /** Sends what is due now (bounded: at most BATCHES_PER_RUN batches). */
  drain(): Promise<DrainResult>;
  close(): void;
}

type Claimed = Pick<
  typeof mailOutbox.$inferSelect,
  "id" | "recipient" | "subject" | "textBody" | "htmlBody" | "template" | "attempts"
>;

/**
 * Delivers the mail that `Mailer.enqueue` queued in `mail_outbox` (status `queued`). A claim moves the rows'
 * `next_attempt_at` past a lease in the claiming statement (`FOR UPDATE SKIP LOCKED`), so workers of several
 * server instances take disjoint rows; each row is then sent and marked sent, or retried with backoff.
 */
export function createOutboxWorker(opts: OutboxWorkerOptions): OutboxWorker {
  const clock = opts.clock ?? systemClock;
  const transport = opts.smtpUrl ? nodemailer.createTransport({ url: opts.smtpUrl, ...SMTP_TIMEOUTS }) : null;
  const { db, log } = opts;

  async function claim(now: Date, leaseUntil: Date): Promise<Claimed[]> {
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, "queued"), lte(mailOutbox.nextAttemptAt, now)))
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(BATCH_SIZE)
      .for("update", { skipLocked: true });
    return db
      .update(mailOutbox)
      .set({ nextAttemptAt: leaseUntil })
      .where(inArray(mailOutbox.id, due))
      .returning({
        id: mailOutbox.id,
        recipient: mailOutbox.recipient,
        subject: mailOutbox.subject,
        textBody: mailOutbox.textBody,
        htmlBody: mailOutbox.htmlBody,
        template: mailOutbox.template,
        attempts: mailOutbox.attempts,
      });
  }

  /** Without SMTP every claimed row gets its final status at once. */
  async function settleWithoutSmtp(rows: Claimed[]): Promise<void> {
    const ids = rows.map((r) => r.id);
    if (opts.production) {
      await db
        .update(mailOutbox)
        .set({ status: "failed", error: NO_SMTP_ERROR, nextAttemptAt: null })
        .where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.status, "queued")));
      log.warn({ count: ids.length }, `queued mail not delivered: ${NO_SMTP_ERROR}`);
    } else {
      const kept = await db
        .update(mailOutbox)
        .set({ status: "outbox", nextAttemptAt: null, sentAt: clock.now() })
        .where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.status, "queued")))
        .returning({ id: mailOutbox.id, template: mailOutbox.template });
      for (const mail of kept) log.info({ template: mail.template, mail: mail.id }, DEV_MAILBOX_LOG);
    }
  }

  async function sendOne(row: Claimed): Promise<boolean> {
    const attempts = row.attempts + 1;
    const mine = and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, "queued"));
    try {
      await transport?.sendMail({
        from: opts.from,
        to: row.recipient,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
      });
    } catch (err) {
      const error = safeErrorText(err);
      const delay = RETRY_DELAYS_MS[attempts - 1];
      await db
        .update(mailOutbox)
        .set(
          delay === undefined
            ? { status: "failed", attempts, error, nextAttemptAt: null }
            : { attempts, error, nextAttemptAt: new Date(clock.now().getTime() + delay) },
        )
        .where(mine);
      log.warn(
        { mail: row.id, template: row.template, attempts, final: delay === undefined, err: error },
        "mail delivery failed",
      );
      return false;
    }
    await db
      .update(mailOutbox)
      .set({ status: "sent", attempts, error: null, sentAt: clock.now(), nextAttemptAt: null })
      .where(mine);
    return true;
  }

  async function drain(): Promise<DrainResult> {
    const result: DrainResult = { sent: 0, failed: 0, unsent: 0 };
    for (let batch = 0; batch < BATCHES_PER_RUN; batch++) {
      const now = clock.now();
      const leaseUntil = new Date(now.getTime() + LEASE_MS);
      const rows = await claim(now, leaseUntil);
      if (!rows.length) break;
      if (!transport) {
        await settleWithoutSmtp(rows);
        result.unsent += rows.length;
      } else {
        for (const row of rows) {
          // too little lease left: stop here, the rest is claimed again once the lease ends
          if (leaseUntil.getTime() - clock.now().getTime() < SEND_BUDGET_MS) return result;
          if (await sendOne(row)) result.sent++;
          else result.failed++;
        }
      }
      if (rows.length < BATCH_SIZE) break;
    }
    return result;
  }

  return {
    job: {
      name: OUTBOX_JOB,
      every: OUTBOX_POLL,
      changes: "none",
      run: async () => {
        await drain();
      },
    },
    drain,
    close() {
      transport?.close();
    },
  };
}

/** An error's first line for the outbox row and the log: no URL credentials, bounded length. */
export function safeErrorText(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  const line = text.split("\n")[0] ?? "";
  return line.replace(/\/\/[^/@\s]*@/g, "//[redacted]@").slice(0, 500);
}
