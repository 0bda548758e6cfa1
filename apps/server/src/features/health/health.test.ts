import { sql } from "drizzle-orm";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { changesOf } from "../../db/changes";
import { users } from "../../db/schema";
import { registerAccessControl } from "../../lib/access";
import type { AppContext } from "../../lib/context";
import { startTestApp, type TestApp } from "../../test/app";
import { DEMO_ACCOUNTS } from "../demo/accounts";
import { seedDemo } from "../demo/seed";
import { checkDatabase, HEALTH_CHECK_MAX_AGE_MS } from "./demo";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe("GET /api/health", () => {
  it("reports the database kind, and no demo data in a database without demo accounts", async () => {
    const res = await t.call("GET", "/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: "ok",
      db: process.env.DATABASE_URL ? "postgres" : "pglite",
      demo: false,
      // the test app sends mail over SMTP (its peer): no development mailbox
      mailbox: false,
    });
  });

  /** Writes the demo accounts directly and marks the change, as a request or job would. */
  async function addDemoAccounts() {
    await seedDemo(t.db, { vitalDays: 0, forms: false, alerts: false, members: false });
    changesOf(t.db).everything();
  }
  /** Deletes them directly; `marked`: and marks the change. */
  async function removeDemoAccounts({ marked }: { marked: boolean }) {
    await t.db.delete(users).where(sql`${users.email} in ${DEMO_ACCOUNTS.map((a) => a.email)}`);
    if (marked) changesOf(t.db).everything();
  }
  /** A time in whole milliseconds, so that (asked + 1000) - asked is exactly 1000. */
  const wholeNow = () => Math.ceil(performance.now());

  it("says demo: true while demo accounts (public password) exist", async () => {
    await addDemoAccounts();
    expect((await t.call("GET", "/health")).body.demo).toBe(true);
    await removeDemoAccounts({ marked: true });
    expect((await t.call("GET", "/health")).body.demo).toBe(false);
  });

  it("asks the database at most once a second while nothing changes", async () => {
    await addDemoAccounts();
    const asked = wholeNow();
    expect(await checkDatabase(t.db, asked)).toBe(true);
    // unmarked: only the database knows of this delete
    await removeDemoAccounts({ marked: false });
    expect(HEALTH_CHECK_MAX_AGE_MS).toBe(1_000);
    expect(await checkDatabase(t.db, asked + 999)).toBe(true);
    expect(await checkDatabase(t.db, asked + 1_000)).toBe(false);
  });

  it("asks the database again after any change", async () => {
    await addDemoAccounts();
    const asked = wholeNow();
    expect(await checkDatabase(t.db, asked)).toBe(true);
    await removeDemoAccounts({ marked: true });
    expect(await checkDatabase(t.db, asked + 1)).toBe(false);
  });

  it("answers 500 while the database does not answer", async () => {
    const own = await startTestApp();
    expect((await own.call("GET", "/health")).status).toBe(200);
    await own.database.close();
    // drops the kept answer now rather than after its second
    changesOf(own.db).everything();
    const res = await own.call("GET", "/health");
    expect(res.status).toBe(500);
    await own.app.close();
    await own.smtp.close();
  });
});

describe("secure by default", () => {
  it("refuses to register an /api route that does not declare who may call it", async () => {
    const app = Fastify();
    registerAccessControl(app, {} as AppContext);
    expect(() => app.get("/api/open", async () => "x")).toThrow(/does not declare who may call it/);
    expect(() => app.get("/api/closed", { config: { access: "user" } }, async () => "x")).not.toThrow();
  });

  it("refuses to register a staff route that names no entity (it would refuse everyone)", async () => {
    const app = Fastify();
    registerAccessControl(app, {} as AppContext);
    const staff = { config: { access: "staff" as const } };
    expect(() => app.get("/api/staff/things", staff, async () => "x")).toThrow(/names no entity/);
    // a parameter merely starting with the word is not the entity
    expect(() => app.get("/api/staff/:workspaceish/x", staff, async () => "x")).toThrow(/names no entity/);
    expect(() => app.get("/api/workspace/:workspace/things", staff, async () => "x")).not.toThrow();
    const named = { ...staff, schema: { querystring: z.object({ workspace: z.string() }) } };
    expect(() => app.get("/api/staff/named", named, async () => "x")).not.toThrow();
  });

  it("lists every /api route with its access, and only the identity calls are public", () => {
    const publicRoutes = t.app.accessTable
      .filter((r) => r.access === "public")
      .map((r) => `${r.method} ${r.url}`);
    expect(publicRoutes.sort()).toEqual([
      "GET /api/health",
      "GET /api/livez",
      // its own bearer token, METRICS_TOKEN (metrics.test.ts)
      "GET /api/metrics",
      "GET /api/readyz",
      "POST /api/auth/accept-invite",
      "POST /api/auth/password-reset",
      "POST /api/auth/password-reset/confirm",
      "POST /api/auth/refresh",
      "POST /api/auth/send-verification",
      "POST /api/auth/sign-in",
      "POST /api/auth/sign-out",
      "POST /api/auth/verify-email",
      "POST /api/user/register",
    ]);
    expect(t.app.accessTable.find((r) => r.url === "/api/staff/:workspace/login")?.access).toBe("staff");
  });

  it("answers unknown API paths with a JSON 404 in the caller's language", async () => {
    const res = await t.call("GET", "/nope", undefined, { lang: "ja" });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: "not-found", detail: "見つかりません。" });
  });
});
