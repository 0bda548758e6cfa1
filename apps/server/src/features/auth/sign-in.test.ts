import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, TEST_SECRET, type TestApp } from "../../test/app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ seed: true });
});
afterAll(() => t.close());

const password = "mimamori-demo";

describe("POST /auth/sign-in", () => {
  it("returns an id token, a refresh token and the user, and sets the httpOnly refresh cookie", async () => {
    const res = await t.call("POST", "/auth/sign-in", { email: " Client@Example.com ", password });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      expiresIn: 900,
      user: { email: "client@example.com", emailVerified: true },
    });
    expect(res.body.idToken.split(".")).toHaveLength(3);
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^mm_refresh=[\w-]+;/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Strict");
    expect(cookie).toContain("Path=/api/auth");
    // Without "remember me" the cookie ends with the browser session.
    expect(cookie).not.toContain("Max-Age");
    const info = await t.call("GET", "/user/info", undefined, { token: res.body.idToken });
    expect(info.status).toBe(200);
    expect(info.body.email).toBe("client@example.com");
  });

  it("keeps a remembered session's cookie for 30 days", async () => {
    const res = await t.call("POST", "/auth/sign-in", {
      email: "client@example.com",
      password,
      remember: true,
    });
    expect(res.headers.get("set-cookie")).toContain(`Max-Age=${30 * 24 * 3600}`);
    const refreshed = await t.call("POST", "/auth/refresh", { refreshToken: res.body.refreshToken });
    expect(refreshed.headers.get("set-cookie")).toContain("Max-Age=");
  });

  it("names an unknown account and a wrong password with the spec's codes and messages", async () => {
    const unknown = await t.call("POST", "/auth/sign-in", { email: "ghost@example.com", password });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      code: "user-not-found",
      detail: "No account found with that email address. Please check the email and try again.",
    });
    const wrong = await t.call(
      "POST",
      "/auth/sign-in",
      { email: "client2@example.com", password: "nope!!" },
      { lang: "ja" },
    );
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({
      code: "wrong-password",
      detail: "パスワードが間違っています。もう一度お試しください。",
    });
  });

  it("requires email and password", async () => {
    expect((await t.call("POST", "/auth/sign-in", { email: "client@example.com" })).body).toMatchObject({
      code: "required",
      field: "password",
    });
    expect((await t.call("POST", "/auth/sign-in", { password })).body).toMatchObject({
      code: "required",
      field: "email",
    });
    expect((await t.call("POST", "/auth/sign-in", { email: "x", password })).body.code).toBe("invalid-email");
  });
});

describe("tokens", () => {
  it("refresh rotates: each refresh token works once", async () => {
    const s = await t.signIn("client@example.com");
    const first = await t.call("POST", "/auth/refresh", { refreshToken: s.refreshToken });
    expect(first.status).toBe(200);
    expect(first.body.refreshToken).not.toBe(s.refreshToken);
    const reused = await t.call("POST", "/auth/refresh", { refreshToken: s.refreshToken });
    expect(reused.status).toBe(401);
    expect(reused.body.code).toBe("unauthenticated");
    const second = await t.call("POST", "/auth/refresh", { refreshToken: first.body.refreshToken });
    expect(second.status).toBe(200);
    expect((await t.call("GET", "/user/info", undefined, { token: second.body.idToken })).status).toBe(200);
  });

  it("refresh reads the cookie when the body has no token", async () => {
    const s = await t.signIn("client@example.com");
    const res = await t.call("POST", "/auth/refresh", undefined, {
      headers: { cookie: `mm_refresh=${s.refreshToken}` },
    });
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe("client@example.com");
    expect((await t.call("POST", "/auth/refresh")).status).toBe(401);
  });

  it("sign-out revokes the id token and the refresh token", async () => {
    const s = await t.signIn("client@example.com");
    const out = await t.call(
      "POST",
      "/auth/sign-out",
      { refreshToken: s.refreshToken },
      { token: s.idToken },
    );
    expect(out.status).toBe(200);
    expect(out.headers.get("set-cookie")).toMatch(/mm_refresh=;/);
    expect((await t.call("GET", "/user/info", undefined, { token: s.idToken })).status).toBe(401);
    expect((await t.call("POST", "/auth/refresh", { refreshToken: s.refreshToken })).status).toBe(401);
  });

  it("rejects expired, forged and malformed id tokens", async () => {
    const s = await t.signIn("client@example.com");
    const claims = JSON.parse(Buffer.from(s.idToken.split(".")[1] as string, "base64url").toString());
    const sign = (key: string, exp: number) =>
      new SignJWT({ sid: claims.sid, tv: claims.tv, email: claims.email })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(claims.sub)
        .setIssuer("mimamori")
        .setIssuedAt(exp - 900)
        .setExpirationTime(exp)
        .sign(new TextEncoder().encode(key));
    const now = Math.floor(Date.now() / 1000);
    const valid = await sign(TEST_SECRET, now + 600);
    expect((await t.call("GET", "/user/info", undefined, { token: valid })).status).toBe(200);
    const expired = await sign(TEST_SECRET, now - 10);
    const forged = await sign("another-secret-another-secret-another-secret", now + 600);
    for (const token of [expired, forged, "not.a.jwt", `${s.idToken}x`]) {
      const res = await t.call("GET", "/user/info", undefined, { token });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe("unauthenticated");
    }
    const noScheme = await t.call("GET", "/user/info", undefined, { headers: { authorization: s.idToken } });
    expect(noScheme.status).toBe(401);
  });
});
