import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { mailOutbox, users } from "../db/schema";
import { startTestApp, type TestApp } from "../test/app";
import { linkToken } from "../test/smtp";
import { redactUrl, serializeError } from "./log";
import { DEV_MAILBOX_LOG } from "./mail/outbox-worker";

let running: TestApp | null = null;
async function start(opts: Parameters<typeof startTestApp>[0] = {}) {
  running = await startTestApp(opts);
  return running;
}
afterEach(async () => {
  await running?.close();
  running = null;
});

const registration = { name: "Log", email: "log@example.com", password: "hunter22", lng: "en" };

describe("redactUrl", () => {
  it.each([
    ["/auth/verify-email?token=abc", "/auth/verify-email?token=[redacted]"],
    ["/x?a=1&idToken=abc&b=2#top", "/x?a=1&idToken=[redacted]&b=2#top"],
    ["/x?refresh_token=abc&password=p", "/x?refresh_token=[redacted]&password=[redacted]"],
    ["/x?%74oken=abc", "/x?%74oken=[redacted]"],
    [
      "/api/user/reports/resq_band?timezone=Asia%2FTokyo",
      "/api/user/reports/resq_band?timezone=Asia%2FTokyo",
    ],
    ["/plain", "/plain"],
    // personal data: names and e-mail addresses of old links, an e-mail address in a path
    [
      "/staff/users/1f0c?name=Tanaka+Hanako&email=client%40example.com&workspace=harbor",
      "/staff/users/1f0c?name=[redacted]&email=[redacted]&workspace=harbor",
    ],
    [
      "/staff/form/3/history/answer?sent_order=1&user_id=u&user_name=%E7%94%B0%E4%B8%AD&user_email=a%40b.jp",
      "/staff/form/3/history/answer?sent_order=1&user_id=u&user_name=[redacted]&user_email=[redacted]",
    ],
    ["/api/self/language/client%40example.com", "/api/self/language/[redacted]"],
    ["/api/self/language/client@example.com?x=1", "/api/self/language/[redacted]?x=1"],
    ["https://mimamori.test/a@b.jp/x?workspace=w", "https://mimamori.test/[redacted]/x?workspace=w"],
    ["https://user@host.test/x", "https://user@host.test/x"],
  ])("%s → %s", (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe("serializeError", () => {
  it("drops a failed query's parameters from the message, the stack and its fields", () => {
    const hash = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA";
    const cause = Object.assign(new Error('new row for relation "users" violates check constraint'), {
      detail: `Failing row contains (x, ${hash}).`,
    });
    const err = Object.assign(
      new Error(`Failed query: insert into "users" values ($1, $2)\nparams: x,${hash}`),
      {
        query: 'insert into "users" values ($1, $2)',
        params: ["x", hash],
        cause,
      },
    );
    const out = serializeError(err);
    expect(JSON.stringify(out)).not.toContain(hash);
    expect(out.message).toContain('Failed query: insert into "users"');
    expect(out.stack).toContain("at ");
    expect(out.query).toBe('insert into "users" values ($1, $2)');
  });
});

describe("log lines", () => {
  it("carry no parameters of a failed query (here a password hash)", async () => {
    const t = await start();
    // Make the insert of the new account fail after its password was hashed.
    await t.db.execute(sql`alter table ${users} add constraint test_no_boom check (name <> 'Boom')`);
    const res = await t.call("POST", "/user/register", { ...registration, name: "Boom" });
    expect(res.status).toBe(500);
    const all = t.logs.join("\n");
    expect(all).toContain("request failed");
    expect(all).toContain("Failed query");
    expect(all).not.toContain("$argon2id$");
    expect(all).not.toContain("hunter22");
    expect(all).not.toContain("Failing row");
  });

  it("carry no token of an opened mail link", async () => {
    const t = await start();
    const secret = "Zm9vYmFyLXNlY3JldC10b2tlbi12YWx1ZS0xMjM0NTY3";
    await fetch(`${t.url}/auth/verify-email?token=${secret}`);
    await fetch(`${t.url}/auth/reset-password?lang=en&token=${secret}x`);
    await t.call("GET", `/user/info?idToken=${secret}y`);
    const all = t.logs.join("\n");
    expect(all).toContain("/auth/verify-email?token=[redacted]");
    expect(all).toContain("/auth/reset-password?lang=en&token=[redacted]");
    expect(all).not.toContain(secret);
  });

  it("carry no name or e-mail address of an old link or of the spec's language path", async () => {
    const t = await start();
    await fetch(`${t.url}/staff/users/x?name=Tanaka%20Hanako&email=client%40example.com&workspace=sakura`);
    await t.call("GET", "/self/language/client@example.com");
    const all = t.logs.join("\n");
    expect(all).toContain("/staff/users/x?name=[redacted]&email=[redacted]&workspace=sakura");
    expect(all).toContain("/api/self/language/[redacted]");
    expect(all).not.toMatch(/client(@|%40)example\.com|Tanaka/);
  });
});

describe("stored mail", () => {
  it("keeps no link token once SMTP accepted the mail; the mailed link works", async () => {
    const t = await start();
    expect((await t.call("POST", "/user/register", registration)).status).toBe(201);
    const token = linkToken(await t.smtp.waitFor(registration.email), "verify-email");
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, registration.email));
    expect(row?.status).toBe("sent");
    for (const body of [row?.textBody, row?.htmlBody]) {
      expect(body).not.toContain(token);
      expect(body).toContain("/auth/verify-email?token=[redacted]");
    }
    expect((await t.call("POST", "/auth/verify-email", { token })).status).toBe(200);
  });

  it("in production without SMTP_URL logs and keeps no working link (nothing is delivered)", async () => {
    const t = await start({ config: { smtpUrl: undefined, production: true } });
    expect((await t.call("POST", "/user/register", registration)).status).toBe(201);
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, registration.email));
    expect([row?.status, row?.error]).toEqual(["failed", "SMTP_URL is not set"]);
    expect(row?.textBody).toContain("/auth/verify-email?token=[redacted]");
    expect(row?.textBody).not.toMatch(/token=[\w-]{43}/);
    const all = t.logs.join("\n");
    expect(all).toContain("mail not delivered: SMTP_URL is not set");
    expect(all).not.toMatch(/token=[\w-]{43}/);
  });

  it("keeps the link in the development mailbox (no SMTP_URL), where the outbox is the delivery; not in the log", async () => {
    const t = await start({ config: { smtpUrl: undefined } });
    expect((await t.call("POST", "/user/register", registration)).status).toBe(201);
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, registration.email));
    expect(row?.status).toBe("outbox");
    expect(row?.sentAt).toBeInstanceOf(Date);
    const token = /\/auth\/verify-email\?token=([\w-]{43})/.exec(row?.textBody ?? "")?.[1] ?? "";
    // the log names the template and the mail, never its link (the mailbox shows it)
    const line = t.logs.map((l) => JSON.parse(l)).find((l) => l.msg === DEV_MAILBOX_LOG);
    expect([line?.template, line?.mail]).toEqual(["verify-email", row?.id]);
    expect(t.logs.join("\n")).not.toContain(token);
    expect((await t.call("POST", "/auth/verify-email", { token })).status).toBe(200);
    const [user] = await t.db.select().from(users).where(eq(users.email, registration.email));
    expect(user?.emailVerifiedAt).toBeInstanceOf(Date);
  });
});
