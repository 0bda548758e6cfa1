import { sql } from "drizzle-orm";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { registerAccessControl } from "../../lib/access";
import type { AppContext } from "../../lib/context";
import { startTestApp, type TestApp } from "../../test/app";
import { DEMO_ACCOUNTS, seedDemo } from "../../tools/seed";

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
    });
  });

  it("says demo: true while demo accounts (public password) exist", async () => {
    await seedDemo(t.db, { vitalDays: 0, forms: false, alerts: false });
    expect((await t.call("GET", "/health")).body.demo).toBe(true);
    await t.db.delete(users).where(sql`${users.email} in ${DEMO_ACCOUNTS.map((a) => a.email)}`);
    expect((await t.call("GET", "/health")).body.demo).toBe(false);
  });
});

describe("secure by default", () => {
  it("refuses to register an /api route that does not declare who may call it", async () => {
    const app = Fastify();
    registerAccessControl(app, {} as AppContext);
    expect(() => app.get("/api/open", async () => "x")).toThrow(/does not declare who may call it/);
    expect(() => app.get("/api/closed", { config: { access: "user" } }, async () => "x")).not.toThrow();
  });

  it("lists every /api route with its access, and only the identity calls are public", () => {
    const publicRoutes = t.app.accessTable
      .filter((r) => r.access === "public")
      .map((r) => `${r.method} ${r.url}`);
    expect(publicRoutes.sort()).toEqual([
      "GET /api/health",
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
