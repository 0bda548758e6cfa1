import { count, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { users } from "../../../db/schema";
import { startTestApp, type TestApp } from "../../../test/app";
import { passwordChecks } from "./service";
import { ipKey, takeSlots } from "./throttle";

// Each case starts its own app: attempts from 127.0.0.1 count against the IP limits.
let t: TestApp;
let running: TestApp | null = null;
async function start(opts: Parameters<typeof startTestApp>[0] = {}) {
  t = await startTestApp(opts);
  running = t;
}
afterEach(async () => {
  await running?.close();
  running = null;
});
const password = "mimamori-demo";

const statuses = (results: { status: number }[]) =>
  results.reduce<Record<number, number>>((acc, r) => {
    acc[r.status] = (acc[r.status] ?? 0) + 1;
    return acc;
  }, {});

describe("sign-in throttling", () => {
  it("checks at most 5 passwords of an account however many guesses arrive at once", async () => {
    await start({ seed: true });
    const before = passwordChecks.count;
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.call("POST", "/auth/sign-in", { email: "client3@example.com", password: "wrong" }),
      ),
    );
    expect(statuses(results)).toEqual({ 400: 5, 429: 45 });
    expect(passwordChecks.count - before).toBe(5);

    // The account stays locked, even with the right password, and without another check of it.
    const blocked = await t.call(
      "POST",
      "/auth/sign-in",
      { email: "client3@example.com", password },
      { lang: "ja" },
    );
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({
      code: "too-many-requests",
      detail: "リクエストが多すぎます。しばらくしてからもう一度お試しください。",
    });
    expect(passwordChecks.count - before).toBe(5);

    // Another account behind the same address is not locked out by the guesser.
    expect((await t.call("POST", "/auth/sign-in", { email: "client@example.com", password })).status).toBe(
      200,
    );
  });

  it("limits an IP to 100 failures across accounts, independently of the per-account limit", async () => {
    await start({ seed: true });
    const failures = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        t.call("POST", "/auth/sign-in", { email: `nobody${i}@example.com`, password: "x" }),
      ),
    );
    expect(statuses(failures)).toEqual({ 404: 100 });
    // No single account reached its limit, but the address did.
    const res = await t.call("POST", "/auth/sign-in", { email: "admin@example.com", password });
    expect(res.status).toBe(429);
    expect(res.body.code).toBe("too-many-requests");
  });

  it("a right password does not count as a failure and clears the account's failures", async () => {
    await start({ seed: true });
    const attempt = (pw: string) =>
      t.call("POST", "/auth/sign-in", { email: "client2@example.com", password: pw });
    for (let i = 0; i < 4; i++) expect((await attempt("wrong")).status).toBe(400);
    expect((await attempt(password)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await attempt("wrong")).status).toBe(400);
    expect((await attempt("wrong")).status).toBe(429);
  });

  it("takes slots atomically: of 30 parallel takers of a limit of 3, exactly 3 get one", async () => {
    await start();
    const limit = { kind: "test", key: "k", max: 3, windowS: 60 };
    const taken = await Promise.all(Array.from({ length: 30 }, () => takeSlots(t.db, [limit])));
    expect(taken.filter(Boolean)).toHaveLength(3);
    // Several limits are taken together or not at all.
    const other = { kind: "test", key: "other", max: 5, windowS: 60 };
    expect(await takeSlots(t.db, [other, limit])).toBeNull();
    expect(await takeSlots(t.db, [other])).toHaveLength(1);
  });

  it("counts IPv6 clients per /64 and IPv4-mapped addresses as IPv4", () => {
    expect(ipKey("2001:db8:1:2:3:4:5:6")).toBe("2001:db8:1:2::/64");
    expect(ipKey("2001:db8:1:2::ffff")).toBe("2001:db8:1:2::/64");
    expect(ipKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(ipKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(ipKey("::1")).toBe("0:0:0:0::/64");
    expect(ipKey("::ffff:192.0.2.7")).toBe("192.0.2.7");
    expect(ipKey("192.0.2.7")).toBe("192.0.2.7");
  });
});

describe("sign-up and mail throttling", () => {
  const registration = (i: number) => ({
    name: "Many",
    email: `many${i}@example.com`,
    password: "secret1",
    lng: "en",
  });
  const userCount = async () => (await t.db.select({ n: count() }).from(users))[0]?.n ?? 0;

  it("refuses the 21st registration from one IP within the hour: nothing stored, no mail", async () => {
    await start();
    for (let i = 0; i < 20; i++)
      expect((await t.call("POST", "/user/register", registration(i))).status).toBe(201);
    await t.smtp.waitFor("many19@example.com");
    const users0 = await userCount();
    const mails0 = t.smtp.mails.length;
    const res = await t.call("POST", "/user/register", registration(20), { lang: "ja" });
    expect(res.status).toBe(429);
    expect(res.body.code).toBe("too-many-requests");
    expect(res.body.detail).toBe("リクエストが多すぎます。しばらくしてからもう一度お試しください。");
    expect(await userCount()).toBe(users0);
    expect(await t.db.select().from(users).where(eq(users.email, "many20@example.com"))).toEqual([]);
    await new Promise((r) => setTimeout(r, 300));
    expect(t.smtp.mails.length).toBe(mails0);
  });

  it("limits parallel registrations too, and attempts at one address to 5 in the hour", async () => {
    await start();
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => t.call("POST", "/user/register", registration(i))),
    );
    expect(statuses(results)).toEqual({ 201: 20, 429: 10 });
    expect(await userCount()).toBe(20);

    const other = await startTestApp();
    try {
      const again = () => other.call("POST", "/user/register", registration(0));
      expect((await again()).status).toBe(201);
      for (let i = 0; i < 4; i++) expect((await again()).status).toBe(409);
      expect((await again()).status).toBe(429);
    } finally {
      await other.close();
    }
  });

  it("limits reset and verification requests to 20 per IP in the hour, before the address is looked up", async () => {
    await start({ seed: true });
    const probes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.call("POST", i % 2 ? "/auth/password-reset" : "/auth/send-verification", {
          email: `probe${i}@example.com`,
        }),
      ),
    );
    expect(statuses(probes)).toEqual({ 404: 20 });
    const mails0 = t.smtp.mails.length;
    expect((await t.call("POST", "/auth/password-reset", { email: "staff@example.com" })).status).toBe(429);
    expect((await t.call("POST", "/auth/send-verification", { email: "nobody@example.com" })).status).toBe(
      429,
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(t.smtp.mails.length).toBe(mails0);
  });
});

describe("logs", () => {
  it("never contain passwords or tokens", async () => {
    await start({ seed: true });
    const s = await t.signIn("admin@example.com");
    await t.call("POST", "/auth/refresh", { refreshToken: s.refreshToken });
    await t.call("GET", "/user/info", undefined, { token: s.idToken });
    await t.call("POST", "/user/register", {
      name: "Log",
      email: "log@example.com",
      password: "hunter22",
      lng: "en",
    });
    const all = t.logs.join("\n");
    expect(all).toContain("/api/auth/sign-in");
    for (const secret of [password, "hunter22", s.idToken, s.refreshToken]) expect(all).not.toContain(secret);
  });
});
