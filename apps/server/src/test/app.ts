import { readFileSync } from "node:fs";
import { Writable } from "node:stream";
import pg from "pg";
import { inject } from "vitest";
import { buildApp } from "../app";
import type { AppConfig } from "../config";
import { type Database, openDatabase } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { seedDemo } from "../features/demo/seed";
import type { Clock } from "../jobs/clock";
import "./provided";
import { apiClient } from "./api-client";
import { freePort } from "./free-port";
import { startSmtpPeer } from "./smtp";

export const TEST_SECRET = "test-secret-test-secret-test-secret-0123456789";

async function freshDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const dump = new Blob([readFileSync(inject("pgliteTemplate"))]);
    return openDatabase({ pgliteLoadDataDir: dump });
  }
  const name = `mm_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: u.toString() });
  await migrateDatabase(database);
  const close = database.close;
  database.close = async () => {
    await close();
    const a = new pg.Client({ connectionString: url });
    await a.connect();
    await a.query(`drop database if exists ${name}`);
    await a.end();
  };
  return database;
}

/**
 * Starts the real app on a fresh database, listening on a free port, with a real SMTP peer.
 * With `webDist` it also serves the built web app (e2e); mail links then point at it. With `seed` the demo
 * accounts are written, and with `vitalDays` also that many days of band data for every demo client.
 * `config` overrides settings (e.g. `trustProxy`, or `smtpUrl: undefined` for the development mailbox).
 */
export async function startTestApp(
  opts: {
    seed?: boolean;
    webDist?: string;
    vitalDays?: number;
    /** With `seed`: also the demo questionnaires. */
    demoForms?: boolean;
    /** With `seed`: also the demo alerts (features/demo/seed-alerts.ts). */
    demoAlerts?: boolean;
    /** With `seed`: also the demo client's personal data items (features/demo/seed-data-items.ts). */
    demoDataItems?: boolean;
    /**
     * With `seed`: also the demo entities' other members with their week of band data, alerts, answers and items
     * (features/demo/seed-watch.ts, `DEMO_BOARD`); a few seconds more, so only the tests that need them ask.
     */
    demoMembers?: boolean;
    config?: Partial<AppConfig>;
    /** The time the app's day-spanning rules and jobs see (jobs/clock.ts `manualClock`); the system clock by default. */
    clock?: Clock;
  } = {},
) {
  const smtp = await startSmtpPeer();
  const database = await freshDatabase();
  // Band data is left out unless asked for (`vitalDays`): most tests do not need it and it costs seconds.
  if (opts.seed)
    await seedDemo(database.db, {
      vitalDays: opts.vitalDays ?? 0,
      forms: opts.demoForms ?? false,
      alerts: opts.demoAlerts ?? false,
      dataItems: opts.demoDataItems ?? false,
      members: opts.demoMembers ?? false,
    });
  const logs: string[] = [];
  const port = await freePort();
  const config: AppConfig = {
    port,
    host: "127.0.0.1",
    dataDir: "",
    smtpUrl: smtp.url,
    mailFrom: "Mimamori <no-reply@mimamori.test>",
    appUrl: `http://127.0.0.1:${port}`,
    webDist: opts.webDist,
    authSecret: TEST_SECRET,
    logLevel: "info",
    trustProxy: false,
    // a seeded database is the demo: as a server that wrote it (the integrators' page names its accounts)
    seedDemo: opts.seed ?? false,
    vacuumFirstCheckMs: 60_000,
    ...opts.config,
  };
  const logStream = new Writable({
    write(chunk, _enc, cb) {
      logs.push(String(chunk));
      cb();
    },
  });
  const app = await buildApp(config, { database, logStream, clock: opts.clock });
  const address = await app.listen({ port, host: "127.0.0.1" });
  const { call, signIn } = apiClient(address);

  return {
    app,
    url: address,
    db: database.db,
    database,
    smtp,
    logs,
    call,
    signIn,
    async close() {
      // A client socket that connected and never sent a request (undici opens one when a cancelled event stream
      // leaves queued calls) is neither busy nor idle to Node, and server.close() would wait for its headers
      // timeout (60 s): the test server ends such sockets after a second.
      const stragglers = setTimeout(() => app.server.closeAllConnections(), 1000);
      await app.close();
      clearTimeout(stragglers);
      await database.close();
      await smtp.close();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;
