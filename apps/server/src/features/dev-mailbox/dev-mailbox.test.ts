import { DEV_MAILBOX_LIMITS } from "@mimamori/shared";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mailOutbox } from "../../db/schema";
import { startTestApp, type TestApp } from "../../test/app";

/*
 * The development mailbox (issue 28 §3): on only without SMTP_URL outside production; a super user reads every
 * mail, anyone else signed in only the mails addressed to them.
 */

let on: TestApp;
let smtp: TestApp;
let production: TestApp;
const tok: Record<"admin" | "staff" | "client", string> = { admin: "", staff: "", client: "" };
beforeAll(async () => {
  // one after the other: three at once outgrow the plugins' start timeout on a busy machine
  on = await startTestApp({ seed: true, config: { smtpUrl: undefined } });
  smtp = await startTestApp({ seed: true });
  production = await startTestApp({ seed: true, config: { smtpUrl: undefined, production: true } });
  for (const role of ["admin", "staff", "client"] as const)
    tok[role] = (await on.signIn(`${role}@example.com`)).idToken;
}, 180_000);
afterAll(() => Promise.all([on?.close(), smtp?.close(), production?.close()]));
beforeEach(() => on.db.delete(mailOutbox));

const MIN = 60_000;
const base = new Date(Math.floor(Date.now() / MIN) * MIN - 60 * MIN);
const plus = (minutes: number) => new Date(base.getTime() + minutes * MIN);

/** Mails to staff@, client@ and someone else, oldest first: as the mailer and the outbox worker leave them. */
async function mails() {
  const rows = await on.db
    .insert(mailOutbox)
    .values([
      {
        recipient: "staff@example.com",
        subject: "[Mimamori] Alert",
        textBody: "Open the list: http://127.0.0.1/staff/notifications?workspace=sakura",
        htmlBody: '<p><a href="http://127.0.0.1/staff/notifications?workspace=sakura">Open</a></p>',
        template: "alert-realtime",
        status: "outbox",
        createdAt: plus(0),
        sentAt: plus(1),
      },
      {
        recipient: "client@example.com",
        subject: "[Mimamori] Reset your password",
        textBody: "http://127.0.0.1/auth/reset-password?token=client-secret",
        htmlBody: '<a href="http://127.0.0.1/auth/reset-password?token=client-secret">Reset</a>',
        template: "reset-password",
        status: "outbox",
        createdAt: plus(2),
        sentAt: plus(2),
      },
      {
        recipient: "staff2@example.com",
        subject: "[Mimamori] Verify",
        textBody: "http://127.0.0.1/auth/verify-email?token=other-secret",
        htmlBody: '<a href="http://127.0.0.1/auth/verify-email?token=other-secret">Verify</a>',
        template: "verify-email",
        status: "outbox",
        createdAt: plus(3),
        sentAt: plus(3),
      },
      {
        recipient: "staff@example.com",
        subject: "[Mimamori] Digest",
        textBody: "Digest",
        htmlBody: "<p>Digest</p>",
        template: "alert-digest",
        // written, not yet taken by the outbox worker: no mailbox time yet
        status: "queued",
        createdAt: plus(4),
      },
    ])
    .returning({ id: mailOutbox.id });
  const [staffAlert, clientReset, otherVerify, staffDigest] = rows.map((r) => r.id) as [
    string,
    string,
    string,
    string,
  ];
  return { staffAlert, clientReset, otherVerify, staffDigest };
}

/** The client's mail of `mails()` as the list and the reader answer it. */
const CLIENT_RESET = {
  recipient: "client@example.com",
  subject: "[Mimamori] Reset your password",
  template: "reset-password",
  status: "outbox",
  at: plus(2).toISOString(),
};

const list = (token: string | undefined, query = "", t = on, lang: "en" | "ja" = "en") =>
  t.call("GET", `/dev-mailbox${query}`, undefined, { token, lang });
const read = (token: string | undefined, id: string, t = on, lang: "en" | "ja" = "en") =>
  t.call("GET", `/dev-mailbox/${id}`, undefined, { token, lang });
const ids = (body: { mails: { id: string }[] }) => body.mails.map((m) => m.id);

describe("GET /api/health: the mailbox flag", () => {
  it("is on without SMTP_URL outside production, off with SMTP_URL and in production", async () => {
    expect((await on.call("GET", "/health")).body.mailbox).toBe(true);
    expect((await smtp.call("GET", "/health")).body.mailbox).toBe(false);
    expect((await production.call("GET", "/health")).body.mailbox).toBe(false);
  });
});

describe("GET /api/dev-mailbox", () => {
  it("a super user reads every mail, newest first, with subject, recipient, template, status and time", async () => {
    const m = await mails();
    const res = await list(tok.admin);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.body).toEqual({
      mails: [
        {
          id: m.staffDigest,
          recipient: "staff@example.com",
          subject: "[Mimamori] Digest",
          template: "alert-digest",
          status: "queued",
          at: plus(4).toISOString(),
        },
        {
          id: m.otherVerify,
          recipient: "staff2@example.com",
          subject: "[Mimamori] Verify",
          template: "verify-email",
          status: "outbox",
          at: plus(3).toISOString(),
        },
        { id: m.clientReset, ...CLIENT_RESET },
        {
          id: m.staffAlert,
          recipient: "staff@example.com",
          subject: "[Mimamori] Alert",
          template: "alert-realtime",
          status: "outbox",
          // the time it was put in the mailbox
          at: plus(1).toISOString(),
        },
      ],
      truncated: false,
      limit: DEV_MAILBOX_LIMITS.listDefault,
    });
  });

  it("staff and clients read only the mails addressed to their own e-mail", async () => {
    const m = await mails();
    expect(ids((await list(tok.staff)).body)).toEqual([m.staffDigest, m.staffAlert]);
    expect(ids((await list(tok.client)).body)).toEqual([m.clientReset]);
  });

  it("answers the newest `limit` mails and says there are more; refuses a limit out of 1…500", async () => {
    const m = await mails();
    const res = await list(tok.admin, "?limit=2");
    expect([ids(res.body), res.body.truncated, res.body.limit]).toEqual([
      [m.staffDigest, m.otherVerify],
      true,
      2,
    ]);
    expect((await list(tok.admin, "?limit=4")).body.truncated).toBe(false);
    for (const limit of ["0", "501", "x", "1.5"]) {
      const bad = await list(tok.admin, `?limit=${limit}`, on, "ja");
      expect([bad.status, bad.body.code, bad.body.detail]).toEqual([
        400,
        "invalid-input",
        "入力内容が正しくありません。",
      ]);
    }
  });

  it("says so when there is no mail", async () => {
    expect((await list(tok.staff)).body).toEqual({ mails: [], truncated: false, limit: 200 });
  });

  it("refuses anonymous callers (401)", async () => {
    expect((await list(undefined)).status).toBe(401);
  });
});

describe("GET /api/dev-mailbox/{id}", () => {
  it("answers one's own mail with its text and HTML, links intact, never cached", async () => {
    const m = await mails();
    const res = await read(tok.client, m.clientReset);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.body).toEqual({
      id: m.clientReset,
      ...CLIENT_RESET,
      text: "http://127.0.0.1/auth/reset-password?token=client-secret",
      html: '<a href="http://127.0.0.1/auth/reset-password?token=client-secret">Reset</a>',
    });
  });

  it("a super user reads anyone's mail", async () => {
    const m = await mails();
    for (const id of [m.staffAlert, m.clientReset, m.otherVerify])
      expect((await read(tok.admin, id)).status).toBe(200);
  });

  it("answers 404 mail-not-found for another person's mail, an unknown id and a malformed one", async () => {
    const m = await mails();
    for (const [token, id] of [
      [tok.staff, m.clientReset],
      [tok.staff, m.otherVerify],
      [tok.client, m.staffAlert],
      [tok.client, "00000000-0000-4000-8000-000000000000"],
      [tok.client, "not-a-mail"],
    ] as const) {
      const res = await read(token, id, on, "ja");
      expect([res.status, res.body.code, res.body.detail]).toEqual([
        404,
        "mail-not-found",
        "メールが見つかりません。",
      ]);
      expect(JSON.stringify(res.body)).not.toContain("secret");
    }
  });

  it("refuses anonymous callers (401)", async () => {
    const m = await mails();
    expect((await read(undefined, m.staffAlert)).status).toBe(401);
  });
});

describe("a mail the server writes without SMTP", () => {
  it("is in its recipient's mailbox with its working link", async () => {
    expect((await on.call("POST", "/auth/password-reset", { email: "client@example.com" })).status).toBe(200);
    const [mail] = (await list(tok.client)).body.mails;
    expect([mail.template, mail.status, mail.recipient]).toEqual([
      "reset-password",
      "outbox",
      "client@example.com",
    ]);
    const { text, html } = (await read(tok.client, mail.id)).body;
    const token = /\/auth\/reset-password\?(?:lang=\w+&)?token=([\w-]{43})/.exec(text)?.[1];
    expect(token).toBeDefined();
    expect(html).toContain(token);
    const done = await on.call("POST", "/auth/password-reset/confirm", { token, newPassword: "brand-new-1" });
    expect(done.status).toBe(200);
    // nobody else sees it
    expect((await list((await on.signIn("staff@example.com")).idToken)).body.mails).toEqual([]);
  });
});

describe("with SMTP_URL or in production", () => {
  it("the mailbox's routes answer 404 mailbox-off to anyone signed in, 401 to anonymous", async () => {
    for (const t of [smtp, production]) {
      const admin = (await t.signIn("admin@example.com")).idToken;
      const staff = (await t.signIn("staff@example.com")).idToken;
      for (const token of [admin, staff]) {
        const res = await list(token, "", t, "ja");
        expect([res.status, res.body.code, res.body.detail]).toEqual([
          404,
          "mailbox-off",
          "開発用メールボックスは使われていません。このサーバーはメールをSMTPで送信します。",
        ]);
        expect((await read(token, "00000000-0000-4000-8000-000000000000", t)).body.code).toBe("mailbox-off");
      }
      expect((await list(undefined, "", t)).status).toBe(401);
    }
  });
});
