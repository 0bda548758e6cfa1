import { MESSAGES } from "@mimamori/shared";
import { eq, sql } from "drizzle-orm";
import Encoding from "encoding-japanese";
import { describe, expect, it } from "vitest";
import { rows } from "../../../db/client";
import { alertStates, reportTunings, users } from "../../../db/schema";
import { testAppWithRolesPerFile } from "../../../test/per-file";
import { REFUSED_SAKURA_STAFF_ROUTE } from "../../../test/roles";
import { linkToken } from "../../../test/smtp";

const { t, tok } = testAppWithRolesPerFile();

/** `token: null` uploads anonymously; left out, the entity's staff uploads. */
async function upload(
  name: string,
  bytes: Uint8Array<ArrayBuffer> | string,
  token: string | null = tok.staff ?? null,
  lang = "en",
) {
  const form = new FormData();
  form.append("file", new Blob([bytes]), name);
  const res = await fetch(`${t.url}/api/staff/sakura/users/csv`, {
    method: "POST",
    headers: { "accept-language": lang, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

const sjis = (s: string): Uint8Array<ArrayBuffer> =>
  new Uint8Array(Encoding.convert(Encoding.stringToCode(s), { to: "SJIS", from: "UNICODE" }));
const statuses = (rows: { status: string }[]) => rows.map((r) => r.status);

describe("users management: authorization", () => {
  it.each(REFUSED_SAKURA_STAFF_ROUTE)("%s gets %i", async (role, status) => {
    const o = { token: tok[role] };
    const id = "00000000-0000-4000-8000-000000000000";
    const calls = await Promise.all([
      t.call("GET", "/staff/sakura/users", undefined, o),
      t.call("GET", `/staff/sakura/users/${id}`, undefined, o),
      t.call("POST", "/staff/sakura/users/validate", [], o),
      t.call("POST", "/staff/sakura/users/register", [], o),
      t.call("DELETE", `/staff/sakura/users/${id}`, undefined, o),
      t.call("POST", `/staff/sakura/users/${id}/disable`, undefined, o),
      t.call("POST", `/staff/sakura/users/${id}/enable`, undefined, o),
      t.call("POST", `/staff/sakura/users/${id}/approval`, undefined, o),
      t.call("PUT", `/staff/sakura/users/${id}/approval`, undefined, o),
    ]);
    for (const res of calls) expect(res.status).toBe(status);
    expect((await upload("a.csv", "name,email\n", tok[role] ?? null)).status).toBe(status);
  });
});

describe("GET /staff/{ws}/users", () => {
  it("lists accepted and pending members with their status fields", async () => {
    const res = await t.call("GET", "/staff/sakura/users", undefined, { token: tok.staff });
    expect(
      res.body.map((u: { email: string; is_pending: boolean; is_invited: boolean }) => [
        u.email,
        u.is_pending,
        u.is_invited,
      ]),
    ).toEqual([
      ["client@example.com", false, false],
      ["client3@example.com", true, false],
    ]);
    expect(res.body[0]).toMatchObject({ is_active: true, email_is_active: true, language: "jp" });
  });
});

describe("GET /staff/{ws}/users/{id}", () => {
  const uid = async (email: string) =>
    (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id as string;

  it("answers one accepted member's name and e-mail by id (the member pages' URLs carry ids only)", async () => {
    const id = await uid("client@example.com");
    const res = await t.call("GET", `/staff/sakura/users/${id}`, undefined, { token: tok.staff });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      uid: id,
      name: "Tanaka Hanako",
      email: "client@example.com",
      is_pending: false,
      is_invited: false,
    });
  });

  it.each([
    ["a pending applicant", "sakura", "client3@example.com"],
    ["another entity's member", "sakura", "client2@example.com"],
    ["staff, not a member", "sakura", "staff@example.com"],
  ])("is 404 member-not-found for %s, in the caller's language", async (_, ws, email) => {
    const id = await uid(email);
    const jp = await t.call("GET", `/staff/${ws}/users/${id}`, undefined, { token: tok.staff, lang: "ja" });
    expect([jp.status, jp.body.code]).toEqual([404, "member-not-found"]);
    expect(jp.body.detail).toBe(MESSAGES["member-not-found"].jp);
    const en = await t.call("GET", `/staff/${ws}/users/${id}`, undefined, { token: tok.staff, lang: "en" });
    expect(en.body.detail).toBe(MESSAGES["member-not-found"].en);
  });

  it("another entity's staff cannot read sakura's member, by sakura's path or their own", async () => {
    const id = await uid("client@example.com");
    const own = await t.call("GET", `/staff/kaede/users/${id}`, undefined, { token: tok.otherStaff });
    expect([own.status, own.body.code]).toEqual([404, "member-not-found"]);
    expect(
      (await t.call("GET", `/staff/sakura/users/${id}`, undefined, { token: tok.otherStaff })).status,
    ).toBe(403);
  });

  it("refuses an id that is not a uuid", async () => {
    const res = await t.call("GET", "/staff/sakura/users/client@example.com", undefined, {
      token: tok.staff,
    });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("not-found");
  });
});

describe("validate and register", () => {
  const rows = [
    { name: "新人 一郎", email: "ichiro@example.com", language: "jp" },
    { name: "", email: "noname@example.com", language: "jp" },
    { name: "Bad", email: "bad-email", language: "jp" },
    { name: "Again", email: "ICHIRO@example.com", language: "jp" },
    { name: "Member", email: "client@example.com", language: "jp" },
    { name: "Existing account", email: "client2@example.com", language: "en" },
  ];

  it("validates rows with the statuses of §3", async () => {
    const res = await t.call("POST", "/staff/sakura/users/validate", rows, { token: tok.staff });
    expect(res.status).toBe(200);
    expect(statuses(res.body)).toEqual([
      "ok",
      "invalid_name",
      "invalid_email",
      "duplicate_email",
      "already_exists",
      "ok",
    ]);
  });

  it("refuses a request with no ok row with no_user_alert and registers nothing", async () => {
    const res = await t.call("POST", "/staff/sakura/users/register", [rows[1], rows[2], rows[4]], {
      token: tok.staff,
      lang: "ja",
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: "no_user_alert", detail: "登録するユーザーがいません" });
  });

  it("registers the ok rows as invitations mailed to everyone; the new person sets a password and accepts", async () => {
    const before = t.smtp.mails.length;
    const res = await t.call("POST", "/staff/sakura/users/register", rows, { token: tok.staff });
    expect(res.status).toBe(200);
    expect(statuses(res.body)).toEqual([
      "sent",
      "invalid_name",
      "invalid_email",
      "duplicate_email",
      "already_exists",
      "sent",
    ]);
    const list = await t.call("GET", "/staff/sakura/users", undefined, { token: tok.staff });
    const ichiro = list.body.find((u: { email: string }) => u.email === "ichiro@example.com");
    expect(ichiro).toMatchObject({
      is_pending: false,
      is_invited: true,
      is_active: true,
      email_is_active: false,
      name: "新人 一郎",
    });

    const mail = await t.smtp.waitFor("ichiro@example.com", before);
    expect(mail.subject).toBe("【Mimamori】さくら介護センター からの招待");
    const token = linkToken(mail, "set-password");
    expect((await t.call("POST", "/auth/accept-invite", { token, newPassword: "first-pass" })).status).toBe(
      200,
    );
    const session = await t.signIn("ichiro@example.com", "first-pass");
    const mine = await t.call("GET", "/user/entities", undefined, { token: session.idToken });
    expect(mine.body[0]).toMatchObject({
      workspace_name: "sakura",
      status: "",
      invitation: { role: "client" },
    });
    const accepted = await t.call("POST", "/user/invitations/sakura/client", undefined, {
      token: session.idToken,
    });
    expect(accepted.body).toMatchObject({ workspace_name: "sakura", status: "added", invitation: null });
    // the existing account is invited too, by mail in its own language, and is not a member until it accepts
    const invited = await t.smtp.waitFor("client2@example.com", before);
    expect(invited.subject).toBe("[Mimamori] さくら介護センター invites you to share your band data");
    const client2 = (await t.call("GET", "/staff/sakura/users", undefined, { token: tok.staff })).body.find(
      (u: { email: string }) => u.email === "client2@example.com",
    );
    expect(client2).toMatchObject({ is_invited: true, is_pending: false });
  });

  it("validates request bodies", async () => {
    const o = { token: tok.staff };
    expect((await t.call("POST", "/staff/sakura/users/validate", { name: "x" }, o)).status).toBe(400);
    const tooMany = Array.from({ length: 5001 }, (_, i) => ({
      name: "n",
      email: `u${i}@example.com`,
      language: "jp",
    }));
    expect((await t.call("POST", "/staff/sakura/users/validate", tooMany, o)).body.code).toBe(
      "too-many-rows",
    );
  });
});

describe("CSV upload", () => {
  it("reads a Shift_JIS file with Japanese names, quoted commas, CRLF and blank lines", async () => {
    const csv =
      'name,email\r\n佐藤 花子,hanako.sato@example.com\r\n\r\n"Smith, John",john.smith@example.com\r\n';
    const res = await upload("members.csv", sjis(csv));
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { name: "佐藤 花子", email: "hanako.sato@example.com", language: "jp", status: "ok" },
      { name: "Smith, John", email: "john.smith@example.com", language: "jp", status: "ok" },
    ]);
  });

  it("marks duplicates in the file and already-registered members", async () => {
    const res = await upload(
      "m.csv",
      "\uFEFFname,email\nA,a@example.com\nB,A@example.com\nC,client@example.com\n",
    );
    expect(statuses(res.body)).toEqual(["ok", "duplicate_email", "already_exists"]);
  });

  it("refuses a non-.csv name, a binary file, a malformed file and a file over 2 MB", async () => {
    expect((await upload("members.txt", "name,email\nA,a@example.com\n")).body.code).toBe("csv-only");
    const png = await upload(
      "image.csv",
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]),
      undefined,
      "ja",
    );
    expect(png).toEqual({
      status: 400,
      body: { code: "invalid_csv", detail: "CSVファイルの形式が正しくありません" },
    });
    expect((await upload("one-column.csv", "name\nA\n")).body.code).toBe("invalid_csv");
    const big = await upload("big.csv", `name,email\n${"A,a@example.com\n".repeat(700_000)}`);
    expect(big.status).toBe(413);
    expect(big.body.code).toBe("payload-too-large");
  });
});

describe("member states", () => {
  async function member(email: string) {
    const list = await t.call("GET", "/staff/sakura/users", undefined, { token: tok.staff });
    return list.body.find((u: { email: string }) => u.email === email);
  }

  it("disables and enables an accepted member", async () => {
    const m = await member("client@example.com");
    const off = await t.call("POST", `/staff/sakura/users/${m.id}/disable`, undefined, { token: tok.staff });
    expect(off.body.find((u: { id: string }) => u.id === m.id).is_active).toBe(false);
    const on = await t.call("POST", `/staff/sakura/users/${m.id}/enable`, undefined, { token: tok.staff });
    expect(on.body.find((u: { id: string }) => u.id === m.id).is_active).toBe(true);
  });

  it("rejects a pending application; approval needs a pending one", async () => {
    const m = await member("client3@example.com");
    const rejected = await t.call("PUT", `/staff/sakura/users/${m.id}/approval`, undefined, {
      token: tok.staff,
    });
    expect(rejected.body.some((u: { id: string }) => u.id === m.id)).toBe(false);
    expect(
      (await t.call("POST", `/staff/sakura/users/${m.id}/approval`, undefined, { token: tok.staff })).status,
    ).toBe(404);
    const accepted = await member("client@example.com");
    expect(
      (await t.call("POST", `/staff/sakura/users/${accepted.id}/approval`, undefined, { token: tok.staff }))
        .body.code,
    ).toBe("not-pending-user");
  });

  it("deletes a member from the entity only: the account stays, the entity's tunings and alert states of them go", async () => {
    const m = await member("ichiro@example.com");
    const tuned = await t.call(
      "PUT",
      `/staff/sakura/reports_v2/00005091/tuning/${m.id}`,
      { isTuned: true },
      { token: tok.staff },
    );
    expect(tuned.status).toBe(200);
    const tunings = () => t.db.select().from(reportTunings).where(eq(reportTunings.userId, m.id));
    expect(await tunings()).toHaveLength(1);
    await t.db
      .insert(alertStates)
      .values({ userId: m.id, workspaceName: "sakura", measure: 5091, inRed: true, lastAt: new Date() });
    const states = () => t.db.select().from(alertStates).where(eq(alertStates.userId, m.id));
    const res = await t.call("DELETE", `/staff/sakura/users/${m.id}`, undefined, { token: tok.staff });
    expect(res.body.some((u: { id: string }) => u.id === m.id)).toBe(false);
    expect([await tunings(), await states()]).toEqual([[], []]);
    expect(
      (await t.call("GET", "/admin/users/all_entities", undefined, { token: tok.admin })).body.some(
        (u: { email: string }) => u.email === "ichiro@example.com",
      ),
    ).toBe(true);
    expect(
      (await t.call("DELETE", `/staff/sakura/users/${m.id}`, undefined, { token: tok.staff })).status,
    ).toBe(404);
    expect(
      (await t.call("DELETE", "/staff/sakura/users/not-a-uuid", undefined, { token: tok.staff })).status,
    ).toBe(404); // a malformed id is "not-found", 404 like any unknown one
  });

  it("leaves each table keyed by entity and member to a feature that forgets the member, or keeps it on purpose", async () => {
    const keyed = await rows<{ table_name: string }>(
      t.db,
      sql`
      select table_name from information_schema.columns
      where table_schema = 'public' and column_name in ('workspace_name', 'user_id')
      group by table_name having count(*) = 2 order by table_name`,
    );
    const tables = keyed.map((r) => r.table_name);
    // forgotten by removeMember's FORGET_MEMBER (modules, reports, alerts engine, board) or the membership itself;
    // kept: the entity's alert records, the person's consent history, a staff member's own mail choices
    expect(tables).toEqual([
      "alert_states",
      "consent_events",
      "member_modules",
      "member_snoozes",
      "memberships",
      "notifications",
      "report_tunings",
      "staff_notification_prefs",
    ]);
  });

  it("cannot touch a member of another entity", async () => {
    const list = await t.call("GET", "/staff/harbor/users", undefined, { token: tok.staff });
    const john = list.body.find((u: { email: string }) => u.email === "client2@example.com");
    expect(
      (await t.call("POST", `/staff/kaede/users/${john.id}/disable`, undefined, { token: tok.otherStaff }))
        .status,
    ).toBe(404);
  });
});
