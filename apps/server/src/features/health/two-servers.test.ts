import { SIGN_IN_MAX_FAILURES } from "@mimamori/shared";
import { and, count, countDistinct, desc, eq, gte, isNull, lt, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, oneRow, openDatabase } from "../../db/client";
import {
  formQuestions,
  formRecipients,
  formSchedules,
  formSends,
  forms,
  mailOutbox,
  notificationMails,
  notifications,
  users,
  vitalSamples,
} from "../../db/schema";
import { apiClient } from "../../test/api-client";
import {
  kill9,
  listeningAt,
  type NodeProcess,
  SERVER_MAIN,
  startNode,
  waitUntil,
} from "../../test/child-process";
import { startSmtpPeer } from "../../test/smtp";

/*
 * Issue 31 §2: several servers on one PostgreSQL, proven with two real server processes (`node main.ts`, as an
 * operator runs them) started at the same instant on a fresh database, with their background jobs on and one SMTP
 * relay. Runs in the PostgreSQL lane of CI (DATABASE_URL set); PGlite has one writer per folder, so there is no
 * second server to start.
 */

const HEAT_STRESS = "00005098";
const PASSWORD = "mimamori-demo";

interface Server extends ReturnType<typeof apiClient> {
  name: string;
  proc: NodeProcess;
  url: string;
}

async function startServer(name: string, env: Record<string, string>): Promise<Server> {
  const proc = startNode(SERVER_MAIN, [], { PORT: "0", LOG_FORMAT: "json", ...env });
  // the banner says the start (migrations, first data) is over
  await waitUntil(proc, () => proc.output.includes("Mimamori is running"), `server ${name} started`, 150_000);
  const url = await listeningAt(proc);
  return { name, proc, url, ...apiClient(url) };
}

/** Opens an entity's event stream and counts its `changed` events. */
async function openStream(base: string, ws: string, token: string) {
  const abort = new AbortController();
  const res = await fetch(`${base}/api/staff/${ws}/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: abort.signal,
  });
  expect(res.status).toBe(200);
  let text = "";
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  void (async () => {
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        text += decoder.decode(value, { stream: true });
      }
    } catch {
      // closed here
    }
  })();
  return {
    changed: () => text.split("\n\n").filter((f) => f.startsWith("event: changed")).length,
    close: () => abort.abort(),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const runIt = process.env.DATABASE_URL ? describe : describe.skip;

runIt("two servers on one PostgreSQL (issue 31 §2)", () => {
  let admin: pg.Client;
  let dbName: string;
  let database: Database;
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let a: Server;
  let b: Server;
  let startedAt: Date;

  beforeAll(async () => {
    dbName = `two_servers_${process.pid}_${Date.now()}`;
    admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    const url = new URL(process.env.DATABASE_URL as string);
    url.pathname = `/${dbName}`;
    smtp = await startSmtpPeer();
    const env = {
      DATABASE_URL: url.toString(),
      SMTP_URL: smtp.url,
      SEED_DEMO: "true",
      JOBS: "on",
      // one secret for both, as an operator configures a fleet
      AUTH_SECRET: "two-servers-secret-two-servers-secret-0123456789",
      // the kill -9 proof uploads as fast as A takes it until A is gone: no per-person limit may cut it short
      RATE_LIMIT_BAND_UPLOADS: "0",
    };
    startedAt = new Date();
    // both at the same instant: one applies the migrations and seeds, the other waits its turn and finds them done
    [a, b] = await Promise.all([startServer("A", env), startServer("B", env)]);
    database = await openDatabase({ databaseUrl: url.toString() });
  }, 180_000);

  afterAll(async () => {
    for (const s of [a, b]) if (s) await kill9(s.proc);
    await database?.close();
    await smtp?.close();
    if (admin) {
      await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
      await admin.end();
    }
  });

  it("both start on a fresh database: each migration applied once, the demo seeded once, both ready", async () => {
    for (const s of [a, b]) expect((await s.call("GET", "/readyz")).status).toBe(200);
    const { applied, distinct } = await oneRow<{ applied: number; distinct: number }>(
      database.db,
      sql`select count(*)::int as applied, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations`,
    );
    expect(applied).toBe(distinct);
    expect(applied).toBeGreaterThanOrEqual(12);
    expect(await database.db.$count(users, eq(users.email, "staff@example.com"))).toBe(1);
    // exactly one of them printed that it seeded the demo
    const seeded = [a, b].filter((s) => s.proc.output.includes("demo data seeded"));
    expect(seeded).toHaveLength(1);
  });

  it("a recurring form send due now goes out once, though both servers' jobs tick together", async () => {
    const [form] = await database.db
      .insert(forms)
      .values({ workspaceName: "sakura", name: "Two servers check", description: "Once" })
      .returning({ id: forms.id });
    if (!form) throw new Error("no form");
    const formId = form.id;
    await database.db
      .insert(formQuestions)
      .values({ formId, position: 1, text: "How do you feel?", questionType: 1, isRequired: true });
    // a daily run two minutes ago (UTC), of a schedule made an hour ago: due at the next tick of each server
    const due = new Date(Date.now() - 2 * 60_000);
    const hhmm = `${String(due.getUTCHours()).padStart(2, "0")}:${String(due.getUTCMinutes()).padStart(2, "0")}`;
    await database.db.insert(formSchedules).values({
      formId,
      kind: "daily",
      localTime: hhmm,
      timeZone: "UTC",
      allMembers: true,
      createdAt: sql`now() - interval '1 hour'`,
    });
    // the jobs run every minute at second 0 on both servers
    await expect
      .poll(() => database.db.$count(formSends, eq(formSends.formId, formId)), {
        timeout: 75_000,
        interval: 500,
      })
      .toBe(1);
    await sleep(3_000);
    const sends = await database.db.$count(formSends, eq(formSends.formId, formId));
    const [{ recipients, people } = { recipients: 0, people: 0 }] = await database.db
      .select({ recipients: count(), people: countDistinct(formRecipients.userId) })
      .from(formRecipients)
      .where(eq(formRecipients.formId, formId));
    expect(sends).toBe(1);
    expect(recipients).toBe(people);
    expect(recipients).toBeGreaterThan(0);
  }, 120_000);

  it("an alert raised through A appears live on a board read through B, drops B's kept board, and is mailed once", async () => {
    const staffToken = (await a.signIn("staff@example.com")).idToken;
    const clientToken = (await a.signIn("client@example.com")).idToken;
    const boardOnB = async () =>
      b.call("GET", "/staff/sakura/board?timezone=UTC", undefined, { token: staffToken }).then((r) => {
        expect(r.status).toBe(200);
        return r.body as {
          zones: { user: { email: string }; report_id: string; zone: string; value: number }[];
        };
      });
    const heatRow = (board: Awaited<ReturnType<typeof boardOnB>>) =>
      board.zones.find((z) => z.user.email === "client@example.com" && z.report_id === HEAT_STRESS);
    // B keeps the board's answer; the member is not in the red yet
    expect(heatRow(await boardOnB())?.zone).not.toBe("red");
    const stream = await openStream(b.url, "sakura", staffToken);
    const before = stream.changed();
    const upload = await a.call(
      "POST",
      "/user/vitals",
      { samples: [{ code: HEAT_STRESS, time: Math.floor(Date.now() / 1000) - 2, value: 96 }], sleep: [] },
      { token: clientToken },
    );
    expect(upload.status).toBe(200);
    const uploaded = performance.now();
    await expect.poll(() => stream.changed() > before, { timeout: 5_000, interval: 20 }).toBe(true);
    expect(performance.now() - uploaded).toBeLessThan(5_000);
    stream.close();
    // B's kept board was dropped by A's write: it names the member in the red now
    expect(heatRow(await boardOnB())?.zone).toBe("red");

    const [alert] = await database.db
      .select({ id: notifications.id })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(
        and(
          eq(users.email, "client@example.com"),
          eq(notifications.workspaceName, "sakura"),
          eq(notifications.measure, Number(HEAT_STRESS)),
          isNull(notifications.clearedAt),
        ),
      )
      .orderBy(desc(notifications.id))
      .limit(1);
    if (!alert) throw new Error("no alert");
    const alertId = alert.id;
    // both servers run the alert mail job every 15 s: the alert's mail is queued once and delivered once
    await expect
      .poll(
        async () =>
          (
            await database.db
              .select({ id: notificationMails.mailId })
              .from(notificationMails)
              .innerJoin(mailOutbox, eq(mailOutbox.id, notificationMails.mailId))
              .where(and(eq(notificationMails.notificationId, alertId), eq(mailOutbox.status, "sent")))
          ).length,
        { timeout: 45_000, interval: 500 },
      )
      .toBeGreaterThan(0);
    await sleep(16_000);
    const perRecipient = await database.db
      .select({ k: count() })
      .from(notificationMails)
      .where(and(eq(notificationMails.notificationId, alertId), eq(notificationMails.kind, "alert")))
      .groupBy(notificationMails.recipientId);
    expect(Math.max(0, ...perRecipient.map((r) => r.k))).toBe(1);
    const sent = await database.db.$count(
      mailOutbox,
      and(eq(mailOutbox.status, "sent"), gte(mailOutbox.sentAt, startedAt)),
    );
    // no queued mail was delivered twice: the relay received exactly the mails the outbox marks sent since the start
    // (the demo's older alert mails are marked sent in the past)
    expect(smtp.mails.length).toBe(sent);
  }, 120_000);

  it("a sign-in throttle counts the guesses made on both servers", async () => {
    const email = "client2@example.com";
    for (let i = 0; i < SIGN_IN_MAX_FAILURES; i++) {
      const res = await (i % 2 ? b : a).call("POST", "/auth/sign-in", {
        email,
        password: `wrong-${i}`,
      });
      expect(res.status).toBe(400);
    }
    for (const s of [a, b]) {
      const res = await s.call("POST", "/auth/sign-in", { email, password: PASSWORD });
      expect(res.status).toBe(429);
      expect(res.headers.get("retry-after")).toBeTruthy();
    }
  });

  it("kill -9 of A during uploads loses no acknowledged sample, and B goes on serving", async () => {
    const token = (await b.signIn("client3@example.com")).idToken;
    const acknowledged: number[] = [];
    const start = Math.floor(Date.now() / 1000) - 3_600;
    let next = 0;
    // each uploader sends one sample at a time until A is gone (its fetch fails)
    const uploader = async () => {
      while (next < 2_000) {
        const time = start + next++;
        const res = await a
          .call(
            "POST",
            "/user/vitals",
            { samples: [{ code: "00005091", time, value: 70 + (time % 20) }], sleep: [] },
            { token },
          )
          .catch(() => null);
        if (!res) return; // A is gone
        if (res.status === 200) acknowledged.push(time);
      }
    };
    const uploaders = [uploader(), uploader(), uploader()];
    await expect.poll(() => acknowledged.length, { timeout: 30_000, interval: 20 }).toBeGreaterThan(50);
    await kill9(a.proc);
    await Promise.all(uploaders);
    expect(await a.proc.exit).toBe(null);
    const stored = await database.db
      .select({ t: sql<number>`extract(epoch from ${vitalSamples.at})::int` })
      .from(vitalSamples)
      .innerJoin(users, eq(users.id, vitalSamples.userId))
      .where(
        and(
          eq(users.email, "client3@example.com"),
          eq(vitalSamples.measure, 5091),
          gte(vitalSamples.at, new Date(start * 1000)),
          lt(vitalSamples.at, new Date((start + 2_000) * 1000)),
        ),
      );
    const have = new Set(stored.map((r) => Number(r.t)));
    expect(acknowledged.filter((t) => !have.has(t))).toEqual([]);
    // B goes on serving: ready, and an upload through it is stored
    expect((await b.call("GET", "/readyz")).status).toBe(200);
    const res = await b.call(
      "POST",
      "/user/vitals",
      { samples: [{ code: "00005091", time: start + 2_500, value: 71 }], sleep: [] },
      { token },
    );
    expect(res.status).toBe(200);
  }, 120_000);
});
