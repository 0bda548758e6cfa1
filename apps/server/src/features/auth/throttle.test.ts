import { afterEach, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/app";

// Each case starts its own app: failed attempts from 127.0.0.1 count against the IP limit.
let t: TestApp;
afterEach(() => t.close());
const password = "mimamori-demo";

describe("throttling", () => {
  it("blocks an account after 5 failed attempts, even with the right password", async () => {
    t = await startTestApp({ seed: true });
    for (let i = 0; i < 5; i++) {
      expect(
        (await t.call("POST", "/auth/sign-in", { email: "client3@example.com", password: "wrong" })).status,
      ).toBe(401);
    }
    const blocked = await t.call(
      "POST",
      "/auth/sign-in",
      { email: "client3@example.com", password },
      { lang: "ja" },
    );
    // The same five failures came from one IP, so that IP is blocked for other accounts too.
    expect((await t.call("POST", "/auth/sign-in", { email: "client@example.com", password })).status).toBe(
      429,
    );
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({
      code: "too-many-requests",
      detail: "リクエストが多すぎます。しばらくしてからもう一度お試しください。",
    });
  });

  it("blocks an IP after 5 failed attempts across accounts", async () => {
    t = await startTestApp({ seed: true });
    for (let i = 0; i < 5; i++) {
      await t.call("POST", "/auth/sign-in", { email: `nobody${i}@example.com`, password: "x" });
    }
    const res = await t.call("POST", "/auth/sign-in", { email: "admin@example.com", password });
    expect(res.status).toBe(429);
  });
});

describe("logs", () => {
  it("never contain passwords or tokens", async () => {
    t = await startTestApp({ seed: true });
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
