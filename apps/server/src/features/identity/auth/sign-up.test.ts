import { PRIVACY_VERSION, TERMS_VERSION } from "@mimamori/shared";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consents, users } from "../../../db/schema";
import { startTestApp, type TestApp } from "../../../test/app";
import { linkToken } from "../../../test/smtp";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const valid = { name: "山田 花子", email: "Hanako@Example.com", password: "secret1", lng: "jp" };

async function userCount() {
  const [row] = await t.db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

describe("POST /user/register", () => {
  it("creates an unverified account, records consent and mails the verification link in its language", async () => {
    const before = t.smtp.mails.length;
    const res = await t.call("POST", "/user/register", valid);
    expect(res.status).toBe(201);
    const [user] = await t.db.select().from(users).where(eq(users.email, "hanako@example.com"));
    expect(user?.emailVerifiedAt).toBeNull();
    expect(user?.language).toBe("jp");
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(res.body.uid).toBe(user?.id);
    const [consent] = await t.db.select().from(consents).where(eq(consents.userId, res.body.uid));
    expect(consent).toMatchObject({ termsVersion: TERMS_VERSION, privacyVersion: PRIVACY_VERSION });
    expect(consent?.agreedAt).toBeInstanceOf(Date);
    const mail = await t.smtp.waitFor("hanako@example.com", before);
    expect(mail.subject).toContain("メールアドレスの確認");
    expect(mail.text).toContain("山田 花子");
    expect(linkToken(mail, "verify-email")).toHaveLength(43);
  });

  it("mails an English account in English", async () => {
    const before = t.smtp.mails.length;
    await t.call("POST", "/user/register", { ...valid, email: "john@example.com", lng: "en" });
    const mail = await t.smtp.waitFor("john@example.com", before);
    expect(mail.subject).toBe("[Mimamori] Verify your email address");
  });

  it("rejects an address that already has an account and changes nothing", async () => {
    const n = await userCount();
    const res = await t.call(
      "POST",
      "/user/register",
      { ...valid, email: "HANAKO@example.com" },
      { lang: "ja" },
    );
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      code: "email-already-in-use",
      detail: "このメールアドレスのアカウントは既に存在します。",
    });
    expect(await userCount()).toBe(n);
  });

  it.each([
    [{ name: "" }, "required", "name"],
    [{ name: "   " }, "required", "name"],
    [{ name: "a".repeat(151) }, "name-too-long", "name"],
    [{ email: "not-an-email" }, "invalid-email", "email"],
    [{ email: "" }, "required", "email"],
    [{ password: "12345" }, "password-too-short", "password"],
    [{ password: "x".repeat(129) }, "password-too-long", "password"],
    [{ lng: "fr" }, "invalid-language", "lng"],
    [{ lng: undefined }, "invalid-language", "lng"],
  ])("rejects %j with %s and writes nothing", async (patch, code, field) => {
    const n = await userCount();
    const res = await t.call("POST", "/user/register", { ...valid, email: "new@example.com", ...patch });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(code);
    expect(res.body.field).toBe(field);
    expect(res.body.detail).toMatch(/\S/);
    expect(await userCount()).toBe(n);
  });

  it("accepts a name of exactly 150 characters", async () => {
    const res = await t.call("POST", "/user/register", {
      ...valid,
      email: "long@example.com",
      name: "名".repeat(150),
    });
    expect(res.status).toBe(201);
  });

  it("answers malformed JSON with a 400 in the caller's language", async () => {
    const res = await fetch(`${t.url}/api/user/register`, {
      method: "POST",
      headers: { "content-type": "application/json", "accept-language": "ja" },
      body: "{bad json",
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: "invalid-input", detail: "入力内容が正しくありません。" });
  });

  it("refuses a body over 1 MiB with 413", async () => {
    const res = await t.call("POST", "/user/register", { ...valid, name: "x".repeat(1024 * 1024 + 10) });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe("payload-too-large");
  });
});

describe("email verification", () => {
  it("verifies with the mailed token once; the token cannot be reused", async () => {
    const before = t.smtp.mails.length;
    await t.call("POST", "/user/register", { ...valid, email: "verify@example.com", lng: "en" });
    const token = linkToken(await t.smtp.waitFor("verify@example.com", before), "verify-email");

    const blocked = await t.call("POST", "/auth/sign-in", {
      email: "verify@example.com",
      password: valid.password,
    });
    expect(blocked.status).toBe(403);
    expect(blocked.body.code).toBe("email-not-verified");
    expect(blocked.body.detail).toBe("Your email has not been verified! Please check your email.");

    expect((await t.call("POST", "/auth/verify-email", { token })).status).toBe(200);
    const again = await t.call("POST", "/auth/verify-email", { token });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe("invalid-token");

    const ok = await t.call("POST", "/auth/sign-in", {
      email: "verify@example.com",
      password: valid.password,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.user.emailVerified).toBe(true);
  });

  it("re-sends the verification mail when an unverified account signs in", async () => {
    await t.call("POST", "/user/register", { ...valid, email: "resend@example.com" });
    await t.smtp.waitFor("resend@example.com");
    const before = t.smtp.mails.length;
    await t.call("POST", "/auth/sign-in", { email: "resend@example.com", password: valid.password });
    const mail = await t.smtp.waitFor("resend@example.com", before);
    const token = linkToken(mail, "verify-email");
    expect((await t.call("POST", "/auth/verify-email", { token })).status).toBe(200);
  });

  it("does not mail an unverified account when the password is wrong", async () => {
    await t.call("POST", "/user/register", { ...valid, email: "quiet@example.com" });
    await t.smtp.waitFor("quiet@example.com");
    const before = t.smtp.mails.length;
    const res = await t.call("POST", "/auth/sign-in", { email: "quiet@example.com", password: "wrong-one" });
    expect(res.status).toBe(400);
    await new Promise((r) => setTimeout(r, 300));
    expect(t.smtp.mails.slice(before).some((m) => m.to.includes("quiet@example.com"))).toBe(false);
  });

  it("rejects forged, empty and expired tokens", async () => {
    expect((await t.call("POST", "/auth/verify-email", { token: "forged-token" })).body.code).toBe(
      "invalid-token",
    );
    expect((await t.call("POST", "/auth/verify-email", { token: "" })).body.code).toBe("required");
    expect((await t.call("POST", "/auth/verify-email", {})).status).toBe(400);
  });

  it("send-verification mails an unverified account and refuses an unknown one", async () => {
    await t.call("POST", "/user/register", { ...valid, email: "again@example.com" });
    await t.smtp.waitFor("again@example.com");
    const before = t.smtp.mails.length;
    expect((await t.call("POST", "/auth/send-verification", { email: "again@example.com" })).status).toBe(
      200,
    );
    await t.smtp.waitFor("again@example.com", before);
    const unknown = await t.call("POST", "/auth/send-verification", { email: "nobody@example.com" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("user-not-found");
    expect((await t.call("POST", "/auth/send-verification", { email: "bad" })).body.code).toBe(
      "invalid-email",
    );
  });
});
