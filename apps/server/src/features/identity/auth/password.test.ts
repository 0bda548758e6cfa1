import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authTokens } from "../../../db/schema";
import { startTestApp, type TestApp } from "../../../test/app";
import { linkToken } from "../../../test/smtp";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ seed: true });
});
afterAll(() => t.close());

async function requestReset(email: string) {
  const before = t.smtp.mails.length;
  const res = await t.call("POST", "/auth/password-reset", { email });
  expect(res.status).toBe(200);
  const mail = await t.smtp.waitFor(email, before);
  return { mail, token: linkToken(mail, "reset-password") };
}

describe("password reset", () => {
  it("mails a link in the account's language; the new password replaces the old and ends every session", async () => {
    const session = await t.signIn("client2@example.com");
    const { mail, token } = await requestReset("client2@example.com");
    expect(mail.subject).toBe("[Mimamori] Reset your password");
    const done = await t.call("POST", "/auth/password-reset/confirm", { token, newPassword: "brand-new-1" });
    expect(done.status).toBe(200);
    expect((await t.call("GET", "/user/info", undefined, { token: session.idToken })).status).toBe(401);
    expect((await t.call("POST", "/auth/refresh", { refreshToken: session.refreshToken })).status).toBe(401);
    expect(
      (await t.call("POST", "/auth/sign-in", { email: "client2@example.com", password: "mimamori-demo" }))
        .status,
    ).toBe(400); // wrong-password: the old password no longer signs in
    await t.signIn("client2@example.com", "brand-new-1");
    const reused = await t.call("POST", "/auth/password-reset/confirm", { token, newPassword: "another-22" });
    expect(reused.body.code).toBe("invalid-token");
  });

  it("answers an unknown address with user-not-found and validates the address", async () => {
    const res = await t.call("POST", "/auth/password-reset", { email: "ghost@example.com" });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("user-not-found");
    expect((await t.call("POST", "/auth/password-reset", { email: "ghost" })).body.code).toBe(
      "invalid-email",
    );
  });

  it("only the newest link works, an expired link does not, and a short password is refused", async () => {
    const first = await requestReset("client@example.com");
    const second = await requestReset("client@example.com");
    expect(
      (await t.call("POST", "/auth/password-reset/confirm", { token: first.token, newPassword: "abcdef" }))
        .body.code,
    ).toBe("invalid-token");
    const short = await t.call("POST", "/auth/password-reset/confirm", {
      token: second.token,
      newPassword: "abc",
    });
    expect(short.body.code).toBe("password-too-short");
    await t.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.purpose, "reset-password"));
    const expired = await t.call("POST", "/auth/password-reset/confirm", {
      token: second.token,
      newPassword: "abcdef",
    });
    expect(expired.body.code).toBe("invalid-token");
  });

  it("limits reset mails to 5 per address in 15 minutes", async () => {
    for (let i = 0; i < 5; i++)
      expect((await t.call("POST", "/auth/password-reset", { email: "staff@example.com" })).status).toBe(200);
    expect((await t.call("POST", "/auth/password-reset", { email: "staff@example.com" })).status).toBe(429);
  });
});

describe("POST /auth/change-password", () => {
  it("re-authenticates with the old password first", async () => {
    const s = await t.signIn("client3@example.com");
    const res = await t.call(
      "POST",
      "/auth/change-password",
      { oldPassword: "not-it", newPassword: "whatever1" },
      { token: s.idToken },
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("wrong-password");
  });

  it("validates the new password and refuses the same one", async () => {
    const s = await t.signIn("client3@example.com");
    const short = await t.call(
      "POST",
      "/auth/change-password",
      { oldPassword: "mimamori-demo", newPassword: "12" },
      { token: s.idToken },
    );
    expect(short.body.code).toBe("password-too-short");
    const same = await t.call(
      "POST",
      "/auth/change-password",
      { oldPassword: "mimamori-demo", newPassword: "mimamori-demo" },
      { token: s.idToken },
    );
    expect(same.body.code).toBe("same-password");
  });

  it("changes the password, ends old sessions and continues in a new one", async () => {
    const other = await t.signIn("client3@example.com");
    const s = await t.signIn("client3@example.com");
    const res = await t.call(
      "POST",
      "/auth/change-password",
      { oldPassword: "mimamori-demo", newPassword: "changed-123" },
      { token: s.idToken },
    );
    expect(res.status).toBe(200);
    expect((await t.call("GET", "/user/info", undefined, { token: res.body.idToken })).status).toBe(200);
    expect((await t.call("GET", "/user/info", undefined, { token: s.idToken })).status).toBe(401);
    expect((await t.call("POST", "/auth/refresh", { refreshToken: other.refreshToken })).status).toBe(401);
    await t.signIn("client3@example.com", "changed-123");
  });

  it("needs a signed-in caller", async () => {
    const res = await t.call("POST", "/auth/change-password", { oldPassword: "a", newPassword: "bbbbbb" });
    expect(res.status).toBe(401);
  });
});
