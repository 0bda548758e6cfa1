import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { message, SIGN_IN_MAX_FAILURES, SIGN_IN_WINDOW_S } from "@mimamori/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newestMigrationMillis } from "../../db/migrate";
import { RETRY_AFTER_DEFAULT_S } from "../../lib/errors";
import { REQUEST_ID_MAX, requestIdOf } from "../../lib/request-id";
import { startTestApp, type TestApp } from "../../test/app";
import { kill9, listeningAt, SERVER_MAIN, startNode } from "../../test/child-process";
import { READY_CHECK_MAX_AGE_MS } from "./readiness";

// Issue 31 §3 and §5: what an orchestrator and an operator rely on — liveness and readiness, request ids, the
// security headers on every answer (refusals too) and Retry-After on every 429.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ seed: true });
});
afterAll(() => t.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("GET /api/livez and /api/readyz", () => {
  it("liveness answers without asking the database; readiness says the database is ready", async () => {
    expect(await t.call("GET", "/livez")).toMatchObject({ status: 200, body: { status: "ok" } });
    expect(await t.call("GET", "/readyz")).toMatchObject({
      status: 200,
      body: { status: "ready", db: process.env.DATABASE_URL ? "postgres" : "pglite" },
    });
  });

  it("is 503 not-ready, in the caller's language, while a migration this server carries is missing", async () => {
    const newest = newestMigrationMillis();
    const rows = await t.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = ${newest} returning hash, created_at`,
    );
    const [row] = (rows as unknown as { rows: { hash: string; created_at: string }[] }).rows;
    expect(row).toBeDefined();
    try {
      // a readiness answer is kept for a second
      expect(READY_CHECK_MAX_AGE_MS).toBe(1_000);
      await sleep(READY_CHECK_MAX_AGE_MS + 50);
      const en = await t.call("GET", "/readyz");
      expect(en.status).toBe(503);
      expect(en.body).toEqual({
        code: "not-ready",
        detail: "The server is not ready to serve requests. Please try again shortly.",
      });
      const jp = await t.call("GET", "/readyz", undefined, { lang: "ja" });
      expect(jp.body.detail).toBe(message("not-ready", "jp"));
      // liveness does not depend on it
      expect((await t.call("GET", "/livez")).status).toBe(200);
    } finally {
      await t.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${row?.hash}, ${row?.created_at})`,
      );
    }
    await sleep(READY_CHECK_MAX_AGE_MS + 50);
    expect((await t.call("GET", "/readyz")).status).toBe(200);
  });

  it("is 503 when the database does not answer", async () => {
    const other = await startTestApp();
    try {
      expect((await other.call("GET", "/readyz")).status).toBe(200);
      await other.database.close();
      await sleep(READY_CHECK_MAX_AGE_MS + 50);
      const res = await other.call("GET", "/readyz");
      expect(res.status).toBe(503);
      expect(res.body.code).toBe("not-ready");
      expect((await other.call("GET", "/livez")).status).toBe(200);
    } finally {
      await other.close().catch(() => undefined);
    }
  });
});

describe("X-Request-Id", () => {
  it("takes the caller's id, gives it back and logs every line of the request with it", async () => {
    const id = "lb-4f1c2a.7";
    const res = await t.call("GET", "/user/info", undefined, { headers: { "x-request-id": id } });
    expect(res.status).toBe(401);
    expect(res.headers.get("x-request-id")).toBe(id);
    const lines = t.logs.filter((l) => l.includes(`"reqId":"${id}"`));
    expect(lines.length).toBeGreaterThanOrEqual(2); // the incoming request and its completion
  });

  it("makes one where none is given, or where the given one is too long or holds spaces or control characters", async () => {
    expect(REQUEST_ID_MAX).toBe(128);
    const given = ["", "a".repeat(REQUEST_ID_MAX + 1), "two words", "tab\tinside"];
    for (const id of [undefined, ...given]) {
      const res = await t.call(
        "GET",
        "/livez",
        undefined,
        id === undefined ? {} : { headers: { "x-request-id": id } },
      );
      expect(res.status).toBe(200);
      expect(res.headers.get("x-request-id")).toMatch(UUID);
    }
    // (fetch itself refuses to send control characters and non-Latin-1 text; the server is asked directly)
    for (const id of ["line\u0007bell", "split\r\nline", "日本", ["a", "b"]])
      expect(requestIdOf({ headers: { "x-request-id": id } } as never)).toMatch(UUID);
    const longest = "b".repeat(REQUEST_ID_MAX);
    const res = await t.call("GET", "/livez", undefined, { headers: { "x-request-id": longest } });
    expect(res.headers.get("x-request-id")).toBe(longest);
  });
});

/** The headers helmet sets, which every answer must carry (issue 31 §5). */
function expectSecurityHeaders(res: { headers: Headers }, what: string) {
  expect(res.headers.get("x-content-type-options"), what).toBe("nosniff");
  expect(res.headers.get("content-security-policy"), what).toContain("default-src 'self'");
  expect(res.headers.get("x-frame-options"), what).toBe("SAMEORIGIN");
  expect(res.headers.get("strict-transport-security"), what).toContain("max-age=");
  expect(res.headers.get("x-request-id"), what).toBeTruthy();
}

describe("security headers and Retry-After", () => {
  it("are on every route's answer without a token (the route table)", async () => {
    const routes = t.app.accessTable.filter((r) => r.url.startsWith("/api/") && r.method !== "HEAD");
    expect(routes.length).toBeGreaterThan(100);
    const statuses = new Set<number>();
    for (const r of routes) {
      const concrete = r.url.replace(/^\/api/, "").replace(/:[A-Za-z_]+/g, "1");
      const res = await t.call(
        r.method,
        concrete,
        r.method === "GET" || r.method === "DELETE" ? undefined : {},
      );
      statuses.add(res.status);
      expectSecurityHeaders(res, `${r.method} ${concrete} → ${res.status}`);
    }
    expect([...statuses]).toEqual(expect.arrayContaining([200, 400, 401]));
  });

  it("are on 200, 401, 403 and 404 answers alike", async () => {
    const { idToken } = await t.signIn("client@example.com");
    const answers = {
      200: await t.call("GET", "/health"),
      401: await t.call("GET", "/staff/harbor/board?timezone=UTC"),
      403: await t.call("GET", "/staff/harbor/board?timezone=UTC", undefined, { token: idToken }),
      404: await t.call("GET", "/no-such-call"),
    };
    for (const [status, res] of Object.entries(answers)) {
      expect(res.status).toBe(Number(status));
      expectSecurityHeaders(res, status);
    }
  });

  it("a 429 says when to come back: the sign-in limit's window, with the headers", async () => {
    const email = "throttled-nobody@example.com";
    let res = await t.call("POST", "/auth/sign-in", { email, password: "wrong password 1" });
    for (let i = 0; i < SIGN_IN_MAX_FAILURES && res.status !== 429; i++)
      res = await t.call("POST", "/auth/sign-in", { email, password: "wrong password 1" });
    expect(res.status).toBe(429);
    expect(res.body.code).toBe("too-many-requests");
    expect(SIGN_IN_WINDOW_S).toBe(900);
    expect(res.headers.get("retry-after")).toBe("900");
    expectSecurityHeaders(res, "429");
    expect(RETRY_AFTER_DEFAULT_S).toBe(60);
  });
});

describe("shutdown", () => {
  it("cuts a request still under way at SHUTDOWN_TIMEOUT_S and exits", async () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), "mimamori-shutdown-")), "data");
    const server = startNode(SERVER_MAIN, [], {
      DATA_DIR: dataDir,
      PORT: "0",
      SEED_DEMO: "false",
      JOBS: "off",
      SHUTDOWN_TIMEOUT_S: "2",
      LOG_FORMAT: "json",
    });
    try {
      const port = Number(new URL(await listeningAt(server)).port);
      // a request under way: headers sent, the body never finishes
      const socket = connect(port, "127.0.0.1");
      await new Promise((r) => socket.on("connect", r));
      socket.write(
        "POST /api/auth/sign-in HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{",
      );
      const closed = new Promise((r) => socket.on("close", r));
      socket.on("error", () => undefined);
      await sleep(200);
      const t0 = performance.now();
      server.child.kill("SIGTERM");
      expect(await server.exit).toBe(0);
      const took = performance.now() - t0;
      await closed;
      // it waited for the request, up to the limit, and no longer
      expect(took).toBeGreaterThan(1_800);
      expect(took).toBeLessThan(10_000);
      expect(server.output).toContain("shutdown time limit reached");
    } finally {
      await kill9(server);
      rmSync(path.dirname(dataDir), { recursive: true, force: true });
    }
  }, 120_000);
});
