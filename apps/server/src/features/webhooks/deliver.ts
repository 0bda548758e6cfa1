import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { WEBHOOK_EVENT_TYPES, type WebhookEvent } from "@mimamori/shared";
import { and, asc, eq, inArray, lte } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { AppConfig } from "../../config";
import type { Db } from "../../db/client";
import { users, webhookDeliveries, webhookEndpoints } from "../../db/schema";
import { type Clock, HOUR, MINUTE, systemClock } from "../../jobs/clock";
import type { Job } from "../../jobs/runner";
import { writeAudit } from "../../lib/access-audit";
import { safeErrorText } from "../../lib/mail/outbox-worker";
import type { Metrics } from "../../lib/metrics";
import { signedHeaders } from "./signing";
import { guardedLookup, isPrivateAddress, PRIVATE_AT_DELIVERY, type TargetRules } from "./target";

const SECOND = 1000;
/**
 * Waits before the 2nd … 6th try; the 6th failure is final (status `failed`): about 7.5 hours of retries
 * (docs/decisions.md, "Signed webhooks").
 */
export const WEBHOOK_RETRY_DELAYS_MS = [30 * SECOND, 2 * MINUTE, 10 * MINUTE, HOUR, 6 * HOUR] as const;
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_MS.length + 1;
/** One try's whole time (connect, send, answer): a slower receiver fails the try. */
export const WEBHOOK_TIMEOUT_MS = 5 * SECOND;
/** Rows claimed per statement; they are sent at once, side by side. */
const BATCH_SIZE = 20;
const BATCHES_PER_RUN = 10;
/**
 * A claimed row is hidden from other workers until its lease ends; a batch takes at most one timeout, far less than
 * the lease, so a row is never sent by two workers at the same time. A worker that dies leaves its rows to the next.
 */
export const WEBHOOK_LEASE_MS = 2 * MINUTE;
/** How much of a receiver's answer is read (and dropped): enough to end the exchange, no more. */
const ANSWER_BYTES_MAX = 64 * 1024;
export const WEBHOOK_JOB = "webhook-deliveries";
export const WEBHOOK_POLL = "*/5 * * * * *";
export const WEBHOOK_USER_AGENT = "Mimamori-Webhooks/1";

export const targetRulesOf = (config: AppConfig): TargetRules => ({
  allowHttp: config.webhookAllowHttp ?? !config.production,
  allowPrivate: config.webhookAllowPrivate ?? false,
});

export interface DeliveryOutcome {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
}

/** One signed POST of `body` to `url`, within WEBHOOK_TIMEOUT_MS; 2xx is a success, anything else a failure. */
export function post(
  url: string,
  headers: Record<string, string>,
  body: string,
  rules: TargetRules,
): Promise<DeliveryOutcome> {
  const target = new URL(url);
  const host = target.hostname.replace(/^\[(.*)\]$/, "$1");
  // a literal address is not looked up: check it here (the configuration may have changed since it was added)
  if (isIP(host) && !rules.allowPrivate && isPrivateAddress(host))
    return Promise.resolve({ ok: false, statusCode: null, error: PRIVATE_AT_DELIVERY });
  if (target.protocol === "http:" && !rules.allowHttp)
    return Promise.resolve({ ok: false, statusCode: null, error: "refused: http is not allowed" });
  const client = target.protocol === "https:" ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const done = (outcome: DeliveryOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const req = client.request(
      target,
      {
        method: "POST",
        headers: {
          ...headers,
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(body)),
          "user-agent": WEBHOOK_USER_AGENT,
        },
        lookup: guardedLookup(rules),
        agent: false,
      },
      (res) => {
        const statusCode = res.statusCode ?? 0;
        let read = 0;
        res.on("data", (chunk: Buffer) => {
          read += chunk.length;
          if (read > ANSWER_BYTES_MAX) res.destroy();
        });
        const finish = () =>
          done(
            statusCode >= 200 && statusCode < 300
              ? { ok: true, statusCode, error: null }
              : { ok: false, statusCode, error: `HTTP ${statusCode}` },
          );
        res.on("end", finish);
        res.on("close", finish);
        res.on("error", finish);
      },
    );
    const timer = setTimeout(() => {
      done({
        ok: false,
        statusCode: null,
        error: `timeout: no answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`,
      });
      req.destroy();
    }, WEBHOOK_TIMEOUT_MS);
    req.on("error", (err) => done({ ok: false, statusCode: null, error: safeErrorText(err) }));
    req.end(body);
  });
}

export interface WebhookWorkerOptions {
  db: Db;
  rules: TargetRules;
  log: FastifyBaseLogger;
  clock?: Clock;
  /** Counts every try's outcome (`mimamori_webhook_deliveries_total`). */
  metrics?: Metrics;
}

export interface WebhookDrainResult {
  delivered: number;
  failed: number;
}

type Claimed = {
  id: number;
  eventId: string;
  payload: unknown;
  attempts: number;
  url: string;
  secret: string;
  endpointId: string;
  workspace: string;
  creator: { id: string; name: string; isSuperUser: boolean } | null;
};

/**
 * A delivered alert sends a member's value and time out of Mimamori to a system the entity chose: an export of
 * their health data, written to the access audit (docs/decisions.md, "Webhook deliveries in the access audit") —
 * one row per delivered alert and endpoint, in the transaction that marks it delivered. The actor is the endpoint's
 * creator (once their account is gone: the endpoint itself, by its id and host), `what` is `webhook`, `detail` the
 * endpoint's id, the period the alert's time, the request id the event id and the address the receiver's host.
 */
async function auditDelivery(tx: Db, row: Claimed): Promise<void> {
  const event = row.payload as WebhookEvent;
  if (event.type !== WEBHOOK_EVENT_TYPES.alert) return;
  const at = new Date(event.data.at);
  const host = new URL(row.url).host;
  await writeAudit(
    tx,
    {
      actorId: row.creator?.id ?? row.endpointId,
      actorName: row.creator?.name ?? host,
      role: row.creator?.isSuperUser ? "super-user" : "staff",
      workspace: row.workspace,
      requestId: row.eventId,
      address: host,
    },
    { what: "webhook", subjects: [event.data.member], detail: row.endpointId, from: at, to: at },
  );
}

/**
 * Delivers the queued rows of `webhook_deliveries` (features/webhooks/enqueue.ts, the "send a test" route): a claim
 * moves the due rows' `next_attempt_at` past a lease in the claiming statement (`FOR UPDATE SKIP LOCKED`), so the
 * workers of several servers take disjoint rows; each row is then posted, signed, and marked delivered, retried with
 * backoff, or failed after WEBHOOK_MAX_ATTEMPTS tries. A disabled endpoint's rows wait until it is enabled again.
 */
export function createWebhookWorker(opts: WebhookWorkerOptions) {
  const clock = opts.clock ?? systemClock;
  const { db, log, rules, metrics } = opts;
  const d = webhookDeliveries;
  const e = webhookEndpoints;

  async function claim(only: number | null): Promise<Claimed[]> {
    const now = clock.now();
    const due = db
      .select({ id: d.id })
      .from(d)
      .innerJoin(e, eq(e.id, d.endpointId))
      .where(
        and(
          eq(d.status, "queued"),
          lte(d.nextAttemptAt, now),
          eq(e.enabled, true),
          only === null ? undefined : eq(d.id, only),
        ),
      )
      .orderBy(asc(d.nextAttemptAt))
      .limit(BATCH_SIZE)
      .for("update", { of: d, skipLocked: true });
    const claimed = await db
      .update(d)
      .set({ nextAttemptAt: new Date(now.getTime() + WEBHOOK_LEASE_MS) })
      .where(inArray(d.id, due))
      .returning({
        id: d.id,
        endpointId: d.endpointId,
        eventId: d.eventId,
        payload: d.payload,
        attempts: d.attempts,
      });
    if (!claimed.length) return [];
    const endpoints = await db
      .select({
        id: e.id,
        url: e.url,
        secret: e.secret,
        workspace: e.workspaceName,
        creatorId: users.id,
        creatorName: users.name,
        creatorIsSuperUser: users.isSuperUser,
      })
      .from(e)
      .leftJoin(users, eq(users.id, e.createdBy))
      .where(inArray(e.id, [...new Set(claimed.map((c) => c.endpointId))]));
    const byId = new Map(endpoints.map((x) => [x.id, x]));
    return claimed.flatMap((c) => {
      const x = byId.get(c.endpointId);
      if (!x) return [];
      const creator =
        x.creatorId && x.creatorName !== null
          ? { id: x.creatorId, name: x.creatorName, isSuperUser: x.creatorIsSuperUser === true }
          : null;
      return [{ ...c, url: x.url, secret: x.secret, workspace: x.workspace, creator }];
    });
  }

  async function deliverOne(row: Claimed): Promise<boolean> {
    const body = JSON.stringify(row.payload);
    const timestamp = Math.floor(clock.now().getTime() / 1000);
    const outcome = await post(row.url, signedHeaders(row.secret, row.eventId, timestamp, body), body, rules);
    const attempts = row.attempts + 1;
    const mine = and(eq(d.id, row.id), eq(d.status, "queued"));
    if (outcome.ok) {
      await db.transaction(async (tx) => {
        const marked = await tx
          .update(d)
          .set({
            status: "delivered",
            attempts,
            lastStatusCode: outcome.statusCode,
            lastError: null,
            deliveredAt: clock.now(),
            nextAttemptAt: null,
          })
          .where(mine)
          .returning({ id: d.id });
        if (marked.length) await auditDelivery(tx, row);
      });
      metrics?.webhookDelivery("delivered");
      return true;
    }
    const delay = WEBHOOK_RETRY_DELAYS_MS[attempts - 1];
    await db
      .update(d)
      .set({
        attempts,
        lastStatusCode: outcome.statusCode,
        lastError: outcome.error,
        ...(delay === undefined
          ? { status: "failed" as const, nextAttemptAt: null }
          : { nextAttemptAt: new Date(clock.now().getTime() + delay) }),
      })
      .where(mine);
    metrics?.webhookDelivery(delay === undefined ? "gave-up" : "failed");
    // the URL may carry a receiver's token in its path or query: the log names the delivery, not the URL
    log.warn(
      {
        delivery: row.id,
        event: row.eventId,
        attempts,
        final: delay === undefined,
        status: outcome.statusCode,
        err: outcome.error,
      },
      "webhook delivery failed",
    );
    return false;
  }

  async function drain(only: number | null = null): Promise<WebhookDrainResult> {
    const result: WebhookDrainResult = { delivered: 0, failed: 0 };
    for (let batch = 0; batch < BATCHES_PER_RUN; batch++) {
      const rows = await claim(only);
      if (!rows.length) break;
      const outcomes = await Promise.all(rows.map(deliverOne));
      for (const ok of outcomes) ok ? result.delivered++ : result.failed++;
      if (rows.length < BATCH_SIZE || only !== null) break;
    }
    return result;
  }

  return {
    /** The runner's job: polled every 5 s on every server with jobs (JOBS=on). */
    job: {
      name: WEBHOOK_JOB,
      every: WEBHOOK_POLL,
      changes: "none",
      run: async () => {
        await drain();
      },
    } satisfies Job,
    /** Delivers what is due now (bounded), or only the delivery `only` if it is due and not claimed elsewhere. */
    drain,
  };
}

export type WebhookWorker = ReturnType<typeof createWebhookWorker>;
