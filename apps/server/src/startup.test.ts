import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ConfigError, checkServerConfig, configFromEnv } from "./config";
import { createSuperUser } from "./features/admin/super-user";
import { IdTokens } from "./lib/id-tokens";
import { accountsText, prepareData } from "./startup";
import { startTestApp, type TestApp } from "./test/app";

const SECRET = "a-secret-of-at-least-thirty-two-characters";

describe("where demo data belong", () => {
  it("the embedded quick start seeds them; PostgreSQL and NODE_ENV=production only when asked", () => {
    expect(configFromEnv({})).toMatchObject({ production: false, seedDemo: true });
    expect(configFromEnv({ DATABASE_URL: "postgres://db/x" })).toMatchObject({
      production: true,
      seedDemo: false,
    });
    expect(configFromEnv({ NODE_ENV: "production" })).toMatchObject({ production: true, seedDemo: false });
    expect(configFromEnv({ DATABASE_URL: "postgres://db/x", SEED_DEMO: "true" }).seedDemo).toBe(true);
    expect(configFromEnv({ NODE_ENV: "production", SEED_DEMO: "1" }).seedDemo).toBe(true);
    expect(configFromEnv({ SEED_DEMO: "false" }).seedDemo).toBe(false);
  });

  it("ADMIN_EMAIL needs ADMIN_PASSWORD (which alone serves npm run create-admin)", () => {
    expect(() => configFromEnv({ ADMIN_EMAIL: "a@example.com" })).toThrow(ConfigError);
    expect(configFromEnv({ ADMIN_PASSWORD: "pw" }).firstAdmin).toBeUndefined();
    expect(configFromEnv({ ADMIN_EMAIL: "a@example.com", ADMIN_PASSWORD: "pw" }).firstAdmin).toEqual({
      email: "a@example.com",
      password: "pw",
      name: "Admin",
    });
  });
});

describe("AUTH_SECRET in production", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("is required with DATABASE_URL or NODE_ENV=production, and the message says how to make one", () => {
    for (const env of [{ DATABASE_URL: "postgres://db/x" }, { NODE_ENV: "production" }]) {
      expect(() => checkServerConfig(configFromEnv(env))).toThrow(
        /AUTH_SECRET is required[\s\S]*openssl rand -base64 48/,
      );
      expect(() => checkServerConfig(configFromEnv({ ...env, AUTH_SECRET: SECRET }))).not.toThrow();
    }
    expect(() => checkServerConfig(configFromEnv({}))).not.toThrow();
  });

  it("must have 32 characters or more", () => {
    expect(() => configFromEnv({ AUTH_SECRET: "short" })).toThrow(/AUTH_SECRET[\s\S]*openssl rand/);
  });

  it("is never replaced by a key stored in the database in production", async () => {
    vi.stubEnv("NODE_ENV", "production");
    await expect(IdTokens.create({} as never)).rejects.toThrow(/AUTH_SECRET is required/);
  });

  it("makes the server exit at start, before it opens a database", () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), "mimamori-secret-")), "data");
    const { DATABASE_URL: _, AUTH_SECRET: __, ...env } = process.env;
    const r = spawnSync(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
      cwd: fileURLToPath(new URL("../../../", import.meta.url)),
      env: { ...env, NODE_ENV: "production", DATA_DIR: dataDir, WEB_DIST: "" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("AUTH_SECRET is required with NODE_ENV=production");
    expect(r.stderr).toContain('export AUTH_SECRET="$(openssl rand -base64 48)"');
    expect(existsSync(dataDir)).toBe(false);
    rmSync(path.dirname(dataDir), { recursive: true, force: true });
  });
});

describe("what a start writes", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it("no demo accounts in production: tells how to create the first super user", async () => {
    const data = await prepareData({ seedDemo: false }, t.db);
    expect(data).toMatchObject({ firstStart: true, seeded: false, demo: false, hasSuperUser: false });
    expect(accountsText(data)).toContain("npm run create-admin -- --email");
    expect(accountsText(data)).not.toContain("mimamori-demo");
    expect((await t.call("GET", "/health")).body.demo).toBe(false);
    expect(
      (await t.call("POST", "/auth/sign-in", { email: "admin@example.com", password: "mimamori-demo" }))
        .status,
    ).not.toBe(200);
  });

  it("ADMIN_EMAIL/ADMIN_PASSWORD create a super user who can sign in as admin, once", async () => {
    const firstAdmin = { email: "Owner@Example.com", password: "a long enough pass", name: "Owner" };
    const data = await prepareData({ seedDemo: true, firstAdmin }, t.db, { vitalDays: 0, members: false });
    // the database was still empty of accounts, and demo data were asked for
    expect(data).toMatchObject({ seeded: true, demo: true, hasSuperUser: true });
    expect(data.admin).toEqual({ created: true, email: "owner@example.com", superUser: true });
    expect(accountsText(data)).toContain("Super user owner@example.com created");
    expect(accountsText(data)).toContain("password are public");
    const session = await t.signIn("owner@example.com", firstAdmin.password);
    const login = await t.call(
      "POST",
      "/admin/login",
      { email: "owner@example.com" },
      { token: session.idToken },
    );
    expect(login.body).toBe(true);

    const again = await prepareData({ seedDemo: true, firstAdmin }, t.db);
    expect(again).toMatchObject({ firstStart: false, seeded: false });
    expect(again.admin?.created).toBe(false);
  });

  it("refuses a weak or public password for a super user", async () => {
    const base = { email: "second@example.com", name: "Second" };
    await expect(createSuperUser(t.db, { ...base, password: "short" })).rejects.toThrow(
      /12 to 128 characters/,
    );
    await expect(createSuperUser(t.db, { ...base, password: "mimamori-demo" })).rejects.toThrow(
      /demo password is public/,
    );
    await expect(
      createSuperUser(t.db, { ...base, email: "nope", password: "long enough password" }),
    ).rejects.toThrow(/not a valid e-mail/);
  });
});
