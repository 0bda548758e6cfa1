import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changesOf } from "../../../db/changes";
import { retiredRefreshTokens, sessions, users } from "../../../db/schema";
import { tokenHash } from "../../../lib/crypto";
import { startTestApp, TEST_SECRET, type TestApp } from "../../../test/app";
import { pruneRetiredTokens } from "./sessions";

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
    expect(wrong.status).toBe(400); // one status per code: packages/shared/src/errors.ts
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
    const second = await t.call("POST", "/auth/refresh", { refreshToken: first.body.refreshToken });
    expect(second.status).toBe(200);
    expect(second.body.refreshToken).not.toBe(first.body.refreshToken);
    expect((await t.call("GET", "/user/info", undefined, { token: second.body.idToken })).status).toBe(200);
    // A used token does not work again (and its reuse ends the session: see below).
    const reused = await t.call("POST", "/auth/refresh", { refreshToken: first.body.refreshToken });
    expect(reused.status).toBe(401);
    expect(reused.body.code).toBe("unauthenticated");
  });

  it("reuse of a rotated refresh token ends the whole session", async () => {
    const a = await t.signIn("client@example.com");
    const b = await t.call("POST", "/auth/refresh", { refreshToken: a.refreshToken });
    expect(b.status).toBe(200);
    // both id tokens in use: their session lookup is kept (lib/access.ts) until the reuse drops it
    for (const token of [a.idToken, b.body.idToken])
      expect((await t.call("GET", "/user/info", undefined, { token })).status).toBe(200);
    // Someone presents the retired token A again: refused, and the session it belonged to ends.
    const reused = await t.call("POST", "/auth/refresh", { refreshToken: a.refreshToken });
    expect(reused.status).toBe(401);
    expect(reused.body.code).toBe("unauthenticated");
    expect((await t.call("POST", "/auth/refresh", { refreshToken: b.body.refreshToken })).status).toBe(401);
    for (const token of [a.idToken, b.body.idToken])
      expect((await t.call("GET", "/user/info", undefined, { token })).status).toBe(401);
    // Other sessions of the person go on.
    const other = await t.signIn("client@example.com");
    expect((await t.call("GET", "/user/info", undefined, { token: other.idToken })).status).toBe(200);
  });

  it("keeps retired tokens while their session lives; sign-out with one ends it, and pruning forgets them", async () => {
    const live = await t.signIn("client2@example.com");
    const liveNext = await t.call("POST", "/auth/refresh", { refreshToken: live.refreshToken });
    const gone = await t.signIn("client2@example.com");
    const goneNext = await t.call("POST", "/auth/refresh", { refreshToken: gone.refreshToken });
    // Signing out with a retired token still ends its session.
    await t.call("POST", "/auth/sign-out", { refreshToken: gone.refreshToken });
    expect((await t.call("POST", "/auth/refresh", { refreshToken: goneNext.body.refreshToken })).status).toBe(
      401,
    );
    const retired = (token: string) =>
      t.db
        .select()
        .from(retiredRefreshTokens)
        .where(eq(retiredRefreshTokens.tokenHash, tokenHash(token)));
    expect(await retired(gone.refreshToken)).toHaveLength(1);
    await pruneRetiredTokens(t.db);
    expect(await retired(gone.refreshToken)).toHaveLength(0);
    expect(await retired(live.refreshToken)).toHaveLength(1);
    expect((await t.call("POST", "/auth/refresh", { refreshToken: liveNext.body.refreshToken })).status).toBe(
      200,
    );
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
    expect((await t.call("GET", "/user/info", undefined, { token: s.idToken })).status).toBe(200);
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

describe("the refresh cookie's Secure flag", () => {
  const secureOf = async (trustProxy: boolean, headers: Record<string, string>) => {
    const app = await startTestApp({ seed: true, config: { trustProxy } });
    try {
      const res = await app.call(
        "POST",
        "/auth/sign-in",
        { email: "client@example.com", password },
        { headers },
      );
      expect(res.status).toBe(200);
      return /;\s*Secure/i.test(res.headers.get("set-cookie") ?? "");
    } finally {
      await app.close();
    }
  };

  it("is set when the request came over HTTPS through a trusted proxy", async () => {
    expect(await secureOf(true, { "x-forwarded-proto": "https" })).toBe(true);
  });

  it("is not set over plain HTTP, nor when an untrusted client claims HTTPS", async () => {
    expect(await secureOf(true, {})).toBe(false);
    expect(await secureOf(false, { "x-forwarded-proto": "https" })).toBe(false);
  });
});

describe("kept session lookups (lib/access.ts)", () => {
  const info = (token: string) => t.call("GET", "/user/info", undefined, { token });

  it("answer a signed-in request without reading the session again while nothing changed", async () => {
    const s = await t.signIn("client3@example.com");
    const before = (await info(s.idToken)).body.name;
    // a write behind the server's back (no request, no change mark) is not seen: the lookup was kept
    await t.db.update(users).set({ name: "Written directly" }).where(eq(users.id, s.user.uid));
    expect((await info(s.idToken)).body.name).toBe(before);
    changesOf(t.db).everything();
    expect((await info(s.idToken)).body.name).toBe("Written directly");
    // a change through the API is seen at the next request
    const put = await t.call("PUT", "/user/language", { language: "en" }, { token: s.idToken });
    expect(put.status).toBe(200);
    await t.db.update(users).set({ name: before }).where(eq(users.id, s.user.uid));
    const again = await t.call("PUT", "/user/language", { language: "jp" }, { token: s.idToken });
    expect(again.status).toBe(200);
    expect((await info(s.idToken)).body.name).toBe(before);
  });

  it("refuse a kept session once it expires, though nothing changed", async () => {
    const s = await t.signIn("client3@example.com");
    const { sid } = JSON.parse(Buffer.from(s.idToken.split(".")[1] as string, "base64url").toString());
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 1500) })
      .where(eq(sessions.id, sid));
    changesOf(t.db).everything();
    expect((await info(s.idToken)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const late = await info(s.idToken);
    expect(late.status).toBe(401);
    expect(late.body.code).toBe("unauthenticated");
  });
});
