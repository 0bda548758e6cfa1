import { type AddressInfo, createServer } from "node:net";
import { asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mailOutbox } from "../../db/schema";
import { type Clock, MINUTE, manualClock } from "../../jobs/clock";
import { captureLog } from "../../jobs/test-helpers";
import { startTestApp, type TestApp } from "../../test/app";
import { createMailer, type MailRequest } from "./mailer";
import {
  BATCH_SIZE,
  createOutboxWorker,
  DEV_MAILBOX_LOG,
  LEASE_MS,
  MAX_ATTEMPTS,
  NO_SMTP_ERROR,
  type OutboxWorkerOptions,
  RETRY_DELAYS_MS,
} from "./outbox-worker";

let t: TestApp;
const FROM = "Mimamori <no-reply@mimamori.test>";
// later than any real `next_attempt_at` enqueue writes (the system clock), so queued mail is due
const T0 = "2040-01-02T00:00:00.000Z";

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(mailOutbox);
  t.smtp.mails.length = 0;
});

const invitation = (n: number): MailRequest<"invitation"> => ({
  to: `member${n}@example.com`,
  language: n % 2 ? "en" : "jp",
  template: "invitation",
  vars: { name: `Member ${n}`, url: "http://127.0.0.1/client/entities", entity: "Sakura" },
});

async function enqueue(count: number, first = 1) {
  const { log } = captureLog();
  const mailer = createMailer({ db: t.db, from: FROM, log });
  await t.db.transaction((tx) =>
    mailer.enqueue(
      tx,
      Array.from({ length: count }, (_, i) => invitation(first + i)),
    ),
  );
}

const outbox = () => t.db.select().from(mailOutbox).orderBy(asc(mailOutbox.recipient));

function worker(clock: Clock, o: Partial<OutboxWorkerOptions> = {}) {
  const { log, lines } = captureLog();
  const w = createOutboxWorker({ db: t.db, smtpUrl: t.smtp.url, from: FROM, log, clock, ...o });
  return Object.assign(w, { lines });
}

/** An SMTP URL nobody listens on: every try fails with ECONNREFUSED at once. */
async function deadSmtpUrl(): Promise<{ url: string; port: number }> {
  const port = await new Promise<number>((resolve) => {
    const srv = createServer().listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
  return { url: `smtp://127.0.0.1:${port}`, port };
}

describe("mail outbox worker", () => {
  it("is poked by every enqueue that queued mail, after its rows are written", async () => {
    const seen: number[] = [];
    const mailer = createMailer({
      db: t.db,
      from: FROM,
      log: captureLog().log,
      onQueued: () =>
        void t.db
          .select()
          .from(mailOutbox)
          .then((rows) => seen.push(rows.length)),
    });
    await mailer.enqueue(t.db, [invitation(1), invitation(2)]);
    await mailer.enqueue(t.db, []);
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toEqual([2]);
  });

  it("enqueue answers the ids of the rows it wrote, in the order of the requests", async () => {
    const mailer = createMailer({ db: t.db, from: FROM, log: captureLog().log });
    const ids = await mailer.enqueue(t.db, [invitation(3), invitation(1), invitation(2)]);
    const rows = await t.db.select().from(mailOutbox);
    const recipientOf = new Map(rows.map((r) => [r.id, r.recipient]));
    expect(ids.map((id) => recipientOf.get(id))).toEqual([
      "member3@example.com",
      "member1@example.com",
      "member2@example.com",
    ]);
    expect(await mailer.enqueue(t.db, [])).toEqual([]);
  });

  it("delivers each queued mail once and records it sent", async () => {
    await enqueue(3);
    const clock = manualClock(T0);
    const w = worker(clock);
    expect(await w.drain()).toEqual({ sent: 3, failed: 0, unsent: 0 });
    expect(t.smtp.mails.map((m) => m.to).sort()).toEqual([
      "member1@example.com",
      "member2@example.com",
      "member3@example.com",
    ]);
    const first = t.smtp.mails.find((m) => m.to === "member1@example.com");
    expect(first?.subject).toBe("[Mimamori] Sakura invites you to share your band data");
    expect(t.smtp.mails.find((m) => m.to === "member2@example.com")?.subject).toBe(
      "【Mimamori】Sakura から見守りへの招待",
    );
    const rows = await outbox();
    expect(
      rows.map((r) => [r.status, r.attempts, r.error, r.sentAt?.toISOString(), r.nextAttemptAt]),
    ).toEqual(Array(3).fill(["sent", 1, null, T0, null]));
    clock.advance(10 * MINUTE);
    expect(await w.drain()).toEqual({ sent: 0, failed: 0, unsent: 0 });
    expect(t.smtp.mails).toHaveLength(3);
    w.close();
  });

  it("two workers racing on one database deliver every mail exactly once", async () => {
    const count = BATCH_SIZE * 2 + 5;
    await enqueue(count);
    const clock = manualClock(T0);
    const [a, b] = [worker(clock), worker(clock)];
    const results = await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(count);
    const delivered = t.smtp.mails.map((m) => m.to);
    expect(delivered).toHaveLength(count);
    expect(new Set(delivered).size).toBe(count);
    expect((await outbox()).every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
    a.close();
    b.close();
  });

  it("retries a failing delivery after 1 min, 5 min, 30 min and 2 h, then gives up with the error", async () => {
    await enqueue(1);
    const dead = await deadSmtpUrl();
    const clock = manualClock(T0);
    const w = worker(clock, { smtpUrl: dead.url });
    const row = async () => (await outbox())[0];
    expect(RETRY_DELAYS_MS).toEqual([60_000, 300_000, 1_800_000, 7_200_000]);
    expect(MAX_ATTEMPTS).toBe(5);

    for (const [i, delay] of RETRY_DELAYS_MS.entries()) {
      expect(await w.drain()).toEqual({ sent: 0, failed: 1, unsent: 0 });
      const r = await row();
      expect(r?.status).toBe("queued");
      expect(r?.attempts).toBe(i + 1);
      expect(r?.error).toBe(`connect ECONNREFUSED 127.0.0.1:${dead.port}`);
      expect(r?.nextAttemptAt?.getTime()).toBe(clock.now().getTime() + delay);
      // not before its time
      clock.advance(delay - 1000);
      expect(await w.drain()).toEqual({ sent: 0, failed: 0, unsent: 0 });
      clock.advance(1000);
    }
    expect(await w.drain()).toEqual({ sent: 0, failed: 1, unsent: 0 });
    const last = await row();
    expect([last?.status, last?.attempts, last?.error, last?.nextAttemptAt, last?.sentAt]).toEqual([
      "failed",
      5,
      `connect ECONNREFUSED 127.0.0.1:${dead.port}`,
      null,
      null,
    ]);
    clock.advance(24 * 60 * MINUTE);
    expect(await w.drain()).toEqual({ sent: 0, failed: 0, unsent: 0 });
    const failures = w.lines.filter((l) => l.msg === "mail delivery failed");
    expect(failures.map((l) => [l.attempts, l.final])).toEqual([
      [1, false],
      [2, false],
      [3, false],
      [4, false],
      [5, true],
    ]);
    // the log names the mail, never its recipient or content
    expect(JSON.stringify(w.lines)).not.toContain("member1@example.com");
    expect(t.smtp.mails).toHaveLength(0);
    w.close();
  });

  it("a restarted worker delivers what was queued, and what a dead worker had claimed once its lease ends", async () => {
    await enqueue(2);
    // a worker claimed member 1's mail (its claim moved it past the lease) and died before sending it
    const clock = manualClock(T0);
    await t.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(clock.now().getTime() + LEASE_MS) })
      .where(inArray(mailOutbox.recipient, ["member1@example.com"]));
    await enqueue(1, 3);

    const restarted = worker(clock);
    expect(await restarted.drain()).toEqual({ sent: 2, failed: 0, unsent: 0 });
    expect(t.smtp.mails.map((m) => m.to).sort()).toEqual(["member2@example.com", "member3@example.com"]);
    clock.advance(LEASE_MS - 1000);
    expect(await restarted.drain()).toEqual({ sent: 0, failed: 0, unsent: 0 });
    clock.advance(1000);
    expect(await restarted.drain()).toEqual({ sent: 1, failed: 0, unsent: 0 });
    expect(t.smtp.mails.map((m) => m.to).sort()).toEqual([
      "member1@example.com",
      "member2@example.com",
      "member3@example.com",
    ]);
    restarted.close();
  });

  it("sends nothing once too little of the lease is left, leaving the rows to the next claim", async () => {
    await enqueue(2);
    const start = new Date(T0).getTime();
    let calls = 0;
    // the claim reads T0; by the first send 4 of the 5 lease minutes have gone (a stalled process)
    const stalling: Clock = { now: () => new Date(calls++ === 0 ? start : start + 4 * MINUTE) };
    const stalled = worker(stalling);
    expect(await stalled.drain()).toEqual({ sent: 0, failed: 0, unsent: 0 });
    expect(t.smtp.mails).toHaveLength(0);
    const rows = await outbox();
    expect(rows.map((r) => [r.status, r.attempts, r.nextAttemptAt?.getTime()])).toEqual(
      Array(2).fill(["queued", 0, start + LEASE_MS]),
    );
    const next = worker(manualClock(new Date(start + LEASE_MS)));
    expect(await next.drain()).toEqual({ sent: 2, failed: 0, unsent: 0 });
    stalled.close();
    next.close();
  });

  it("without SMTP_URL delivers queued mail to the development mailbox, and fails it in production", async () => {
    await enqueue(2);
    const dev = worker(manualClock(T0), { smtpUrl: undefined });
    expect(await dev.drain()).toEqual({ sent: 0, failed: 0, unsent: 2 });
    const kept = await outbox();
    // sent_at: when it was put in the mailbox (the worker's clock)
    expect(kept.map((r) => [r.status, r.error, r.attempts, r.sentAt?.toISOString()])).toEqual([
      ["outbox", null, 0, T0],
      ["outbox", null, 0, T0],
    ]);
    // a line per mail with its template and id, never its links
    expect(dev.lines.map((l) => [l.msg, l.template, l.mail])).toEqual(
      expect.arrayContaining(kept.map((r) => [DEV_MAILBOX_LOG, "invitation", r.id])),
    );
    expect(dev.lines).toHaveLength(2);
    expect(JSON.stringify(dev.lines)).not.toContain("http");

    await t.db.delete(mailOutbox);
    await enqueue(1);
    const prod = worker(manualClock(T0), { smtpUrl: undefined, production: true });
    expect(await prod.drain()).toEqual({ sent: 0, failed: 0, unsent: 1 });
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, "member1@example.com"));
    expect([row?.status, row?.error]).toEqual(["failed", NO_SMTP_ERROR]);
    expect(NO_SMTP_ERROR).toBe("SMTP_URL is not set");
    expect(prod.lines.map((l) => [l.level, l.msg])).toEqual([
      [40, "queued mail not delivered: SMTP_URL is not set"],
    ]);
    expect(t.smtp.mails).toHaveLength(0);
  });
});
