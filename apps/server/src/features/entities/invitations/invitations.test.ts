import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberships, rateEvents, users } from "../../../db/schema";
import { startTestApp, type TestApp } from "../../../test/app";
import { download } from "../../../test/download";
import { type Role, roleTokens } from "../../../test/roles";
import { linkToken } from "../../../test/smtp";
import { csvRows, upload } from "../../../test/worlds/reports";
import { INVITES_PER_ADDRESS, INVITES_PER_ENTITY } from "./service";

// Enrolment needs the person's consent: staff invite, only the invitee's acceptance gives access, and the
// entity sees band data from that acceptance on (docs/decisions.md, Trust).

let t: TestApp;
let tok: Record<Role, string | undefined>;
let client2: { idToken: string; user: { uid: string } };
beforeAll(async () => {
  t = await startTestApp({ seed: true });
  tok = await roleTokens(t);
  client2 = await t.signIn("client2@example.com");
});
afterAll(() => t.close());

const staffCall = (method: string, path: string, body?: Record<string, unknown> | unknown[]) =>
  t.call(method, path, body, { token: tok.staff });
const nowS = () => Math.floor(Date.now() / 1000);
const membership = async (email: string, ws = "sakura", role: "client" | "staff" = "client") => {
  const [row] = await t.db
    .select({ status: memberships.status, acceptedAt: memberships.acceptedAt })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(users.email, email), eq(memberships.workspaceName, ws), eq(memberships.role, role)));
  return row ?? null;
};
const memberRow = async (email: string) =>
  (await staffCall("GET", "/staff/sakura/users")).body.find((u: { email: string }) => u.email === email);

describe("staff register an existing account as a member", () => {
  const hr = (time: number, value: number) => ({ code: "00005091", time, value });
  let before = 0;
  let invitedAt = 0;

  it("invites: the row is sent, the staff list shows it as invited, an invitation mail arrives", async () => {
    // client2 has band data from before any invitation (red-zone heart rates): 40 days and 2 hours ago
    await upload(t, client2.idToken, { samples: [hr(nowS() - 40 * 86400, 185), hr(nowS() - 7200, 180)] });
    before = t.smtp.mails.length;
    invitedAt = Date.now();
    const res = await staffCall("POST", "/staff/sakura/users/register", [
      { name: "John Smith", email: "client2@example.com", language: "jp" },
    ]);
    expect(res.body.map((r: { status: string }) => r.status)).toEqual(["sent"]);
    expect(await memberRow("client2@example.com")).toMatchObject({ is_invited: true, is_pending: false });
    expect(await membership("client2@example.com")).toEqual({ status: "invited", acceptedAt: null });
    // in the invitee's own language (en), naming the entity, leading to /client/entities
    const mail = await t.smtp.waitFor("client2@example.com", before);
    expect(mail.subject).toBe("[Mimamori] さくら介護センター invites you to share your band data");
    expect(mail.text).toContain(`${t.url}/client/entities`);
    expect(mail.text).toContain("from the moment you accept on");
  });

  it("gives no access to the person's reports or data until they accept", async () => {
    const uid = client2.user.uid;
    const q = `start_time=${nowS() - 86400}&end_time=${nowS()}&timezone=UTC`;
    for (const res of [
      await staffCall("GET", `/staff/sakura/reports/00005091/${uid}?${q}&interval=daily`),
      await staffCall("GET", `/staff/sakura/reports/00005091/${uid}/download?${q}`),
      await staffCall("PUT", `/staff/sakura/reports_v2/00005091/tuning/${uid}?timezone=UTC`, {
        isTuned: true,
      }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("member-not-found");
    }
    const report = await staffCall("GET", "/staff/sakura/reports_v2/00005091?timezone=UTC&interval=365");
    expect(report.body.users.map((u: { user: { uid: string } }) => u.user.uid)).not.toContain(uid);
    // an invitation is not an application: staff can neither approve nor reject it, nor disable the person
    expect((await staffCall("POST", `/staff/sakura/users/${uid}/approval`)).status).toBe(409);
    expect((await staffCall("POST", `/staff/sakura/users/${uid}/disable`)).body).toMatchObject({
      code: "member-not-found", // one status per code (packages/shared/src/errors.ts): 404
    });
    expect((await staffCall("POST", `/staff/sakura/users/${uid}/disable`)).status).toBe(404);
    expect((await staffCall("PUT", `/staff/sakura/users/${uid}/approval`)).body.code).toBe(
      "not-pending-user",
    );
    // validating the address again says it is already there
    const again = await staffCall("POST", "/staff/sakura/users/validate", [
      { name: "John", email: "client2@example.com", language: "en" },
    ]);
    expect(again.body[0].status).toBe("already_exists");
  });

  it("shows the invitation on the invitee's entity list; nobody else can answer it", async () => {
    const mine = await t.call("GET", "/user/entities", undefined, { token: client2.idToken });
    expect(mine.body[0]).toMatchObject({
      workspace_name: "sakura",
      status: "",
      is_pending: false,
      invitation: { role: "client" },
    });
    expect(Date.parse(mine.body[0].invitation.invited_at)).toBeGreaterThanOrEqual(invitedAt - 1000);
    for (const token of [tok.client, tok.outsider, tok.staff]) {
      const res = await t.call("POST", "/user/invitations/sakura/client", undefined, { token });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("invitation-not-found");
      expect((await t.call("DELETE", "/user/invitations/sakura/client", undefined, { token })).status).toBe(
        404,
      );
    }
    expect((await t.call("POST", "/user/invitations/sakura/client")).status).toBe(401);
    // not as staff either: the invitation is a member one
    const asStaffRole = await t.call("POST", "/user/invitations/sakura/staff", undefined, {
      token: client2.idToken,
    });
    expect(asStaffRole.body.code).toBe("invitation-not-found");
    expect((await membership("client2@example.com"))?.status).toBe("invited");
  });

  it("on acceptance gives access and sets accepted_at; data from before it stays hidden", async () => {
    const at0 = Date.now();
    const res = await t.call("POST", "/user/invitations/sakura/client", undefined, {
      token: client2.idToken,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ workspace_name: "sakura", status: "added", invitation: null });
    const m = await membership("client2@example.com");
    expect(m?.status).toBe("accepted");
    expect(m?.acceptedAt?.getTime()).toBeGreaterThanOrEqual(at0 - 5);
    expect(m?.acceptedAt?.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await memberRow("client2@example.com")).toMatchObject({ is_invited: false, is_active: true });
    // accepting twice: nothing left to accept
    expect(
      (await t.call("POST", "/user/invitations/sakura/client", undefined, { token: client2.idToken })).status,
    ).toBe(404);

    // listed now, but nothing measured before consent counts
    const uid = client2.user.uid;
    const listed = await staffCall("GET", "/staff/sakura/reports_v2/00005091?timezone=UTC&interval=365");
    const empty = listed.body.users.find((u: { user: { uid: string } }) => u.user.uid === uid);
    expect(empty.report.max).toEqual({ value: null, color: null });
    expect(listed.body.kpis).toMatchObject({ members: 2, with_data: 0 });

    // a sample after consent (a few seconds ahead: within the upload's clock skew)
    const after = Math.ceil(Date.now() / 1000) + 3;
    await upload(t, client2.idToken, { samples: [hr(after, 70)] });
    const end = after + 600;

    const chart = await staffCall(
      "GET",
      `/staff/sakura/reports/00005091/${uid}?start_time=${end - 45 * 86400}&end_time=${end}&interval=yearly&timezone=UTC`,
    );
    expect(chart.status).toBe(200);
    expect(chart.body.values.map((r: number[]) => r[1])).toEqual([70]);
    expect(chart.body.max_value).toBe(70);
    expect(chart.body.start_time).toBe(Math.ceil((m?.acceptedAt?.getTime() ?? 0) / 1000));
    const hourly = await staffCall(
      "GET",
      `/staff/sakura/reports/00005091/${uid}?start_time=${end - 3 * 3600}&end_time=${end}&interval=hourly&timezone=UTC`,
    );
    expect(hourly.body.values).toEqual([[after, 70, 70, 70]]);

    const csv = await download(
      t,
      `/staff/sakura/reports/00005091/${uid}/download?start_time=${end - 3 * 3600}&end_time=${end}&interval=raw&timezone=UTC`,
      tok.staff,
    );
    expect(csv.status).toBe(200);
    expect(
      csvRows(csv.text)
        .slice(1)
        .map((r) => r[1]),
    ).toEqual(["70"]);
    const days = await download(
      t,
      `/staff/sakura/reports/00005091/${uid}/download?start_time=${end - 45 * 86400}&end_time=${end}&interval=1day&timezone=UTC`,
      tok.staff,
    );
    expect(
      csvRows(days.text)
        .slice(1)
        .map((r) => r[1]),
    ).toEqual(["70"]);

    // the entity-wide report and KPIs count only what came after consent
    const report = await staffCall(
      "GET",
      `/staff/sakura/reports_v2/00005091?timezone=UTC&interval=365&end_time=${end}`,
    );
    const row = report.body.users.find((u: { user: { uid: string } }) => u.user.uid === uid);
    expect(row.report).toMatchObject({ max: { value: 70 }, min: { value: 70 }, mean: { value: 70 } });
    const open = await staffCall("GET", "/staff/sakura/reports_v2/00005091?timezone=UTC&interval=30");
    const openRow = open.body.users.find((u: { user: { uid: string } }) => u.user.uid === uid);
    expect([null, 70]).toContain(openRow.report.max.value);
    const kpis = await staffCall(
      "GET",
      `/staff/sakura/reports_v2/kpis?timezone=UTC&interval=365&end_time=${end}`,
    );
    expect(kpis.body).toMatchObject({ members: 2, with_data: 1 });
    // the 180 and 185 before consent would be red
    expect(kpis.body).toMatchObject({ redZoneRate: 0, yellowZoneRate: 0 });
  });

  it("counts a night only when it began after consent", async () => {
    const s = await t.signIn("client@example.com");
    // client joined harbor long ago; invite them to kaede, sleeping across the moment they accept
    const other = await t.call(
      "POST",
      "/staff/kaede/users/register",
      [{ name: "Tanaka", email: "client@example.com", language: "jp" }],
      { token: tok.otherStaff },
    );
    expect(other.body[0].status).toBe("sent");
    const start = nowS() - 3600;
    await upload(t, s.idToken, { sleep: [{ start, end: nowS() + 60, stage: "light" }] });
    await t.call("POST", "/user/invitations/kaede/client", undefined, { token: s.idToken });
    const end = nowS() + 600;
    const o = { token: tok.otherStaff };
    const chart = await t.call(
      "GET",
      `/staff/kaede/reports/00005100/${s.user.uid}?start_time=${end - 2 * 86400}&end_time=${end}&interval=daily&timezone=UTC`,
      undefined,
      o,
    );
    expect(chart.status).toBe(200);
    expect(chart.body.values).toEqual([]);
    const report = await t.call(
      "GET",
      `/staff/kaede/reports_v2/00005100?timezone=UTC&interval=7&end_time=${end}`,
      undefined,
      o,
    );
    expect(report.body.users[0].report.max.value).toBeNull();
    // harbor, which the person joined before that night, sees it
    const harbor = await staffCall(
      "GET",
      `/staff/harbor/reports/00005100/${s.user.uid}?start_time=${end - 2 * 86400}&end_time=${end}&interval=daily&timezone=UTC`,
    );
    expect(harbor.body.values).toHaveLength(1);
  });
});

describe("declining and withdrawing", () => {
  it("a declined invitation is removed and gives no access", async () => {
    const invited = await staffCall("POST", "/staff/sakura/users/register", [
      { name: "Outsider", email: "outsider@example.com", language: "en" },
    ]);
    expect(invited.body[0].status).toBe("sent");
    const o = { token: tok.outsider };
    const declined = await t.call("DELETE", "/user/invitations/sakura/client", undefined, o);
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ status: "", is_pending: false, invitation: null });
    expect(await membership("outsider@example.com")).toBeNull();
    expect(await memberRow("outsider@example.com")).toBeUndefined();
    const uid = (await t.signIn("outsider@example.com")).user.uid;
    const q = `start_time=${nowS() - 3600}&end_time=${nowS()}&timezone=UTC`;
    expect((await staffCall("GET", `/staff/sakura/reports/00005091/${uid}?${q}`)).status).toBe(404);
    expect((await t.call("POST", "/user/invitations/sakura/client", undefined, o)).status).toBe(404);
    expect((await t.call("DELETE", "/user/invitations/sakura/client", undefined, o)).body.code).toBe(
      "invitation-not-found",
    );
  });

  it("staff withdraw an invitation with DELETE /users/{id}; it can no longer be accepted", async () => {
    await staffCall("POST", "/staff/sakura/users/register", [
      { name: "Outsider", email: "outsider@example.com", language: "en" },
    ]);
    const row = await memberRow("outsider@example.com");
    expect(row.is_invited).toBe(true);
    const res = await staffCall("DELETE", `/staff/sakura/users/${row.id}`);
    expect(res.body.some((u: { email: string }) => u.email === "outsider@example.com")).toBe(false);
    const accept = await t.call("POST", "/user/invitations/sakura/client", undefined, {
      token: tok.outsider,
    });
    expect(accept.body.code).toBe("invitation-not-found");
  });
});

describe("a new person", () => {
  it("gets an account without password and the set-password mail, then accepts on the entity list", async () => {
    const before = t.smtp.mails.length;
    const res = await staffCall("POST", "/staff/sakura/users/register", [
      { name: "新人 二郎", email: "jiro@example.com", language: "jp" },
    ]);
    expect(res.body[0].status).toBe("sent");
    const mail = await t.smtp.waitFor("jiro@example.com", before);
    expect(mail.subject).toBe("【Mimamori】さくら介護センター からの招待");
    const token = linkToken(mail, "set-password");
    expect((await t.call("POST", "/auth/accept-invite", { token, newPassword: "jiro-pass" })).status).toBe(
      200,
    );
    const session = await t.signIn("jiro@example.com", "jiro-pass");
    const o = { token: session.idToken };
    const list = await t.call("GET", "/user/entities", undefined, o);
    expect(list.body[0]).toMatchObject({
      workspace_name: "sakura",
      status: "",
      invitation: { role: "client" },
    });
    expect((await t.call("GET", "/user/entities/sakura", undefined, o)).status).toBe(403);
    const accepted = await t.call("POST", "/user/invitations/sakura/client", undefined, o);
    expect(accepted.body).toMatchObject({ status: "added", invitation: null });
    expect((await t.call("GET", "/user/entities/sakura", undefined, o)).status).toBe(200);
  });
});

describe("staff invitations", () => {
  it("invites an existing account as staff: no staff access until the person accepts", async () => {
    const before = t.smtp.mails.length;
    const added = await staffCall("POST", "/staff/sakura/register", { email: "client@example.com" });
    expect(added.status).toBe(201);
    expect(added.body.find((s: { email: string }) => s.email === "client@example.com")).toMatchObject({
      is_invited: true,
    });
    const mail = await t.smtp.waitFor("client@example.com", before);
    expect(mail.subject).toBe("【Mimamori】さくら介護センター のスタッフへの招待");
    expect(mail.text).toContain(`${t.url}/client/entities`);

    const o = { token: tok.client };
    expect((await t.call("POST", "/staff/sakura/login", undefined, o)).status).toBe(403);
    expect((await t.call("GET", "/staff/sakura/users", undefined, o)).status).toBe(403);
    expect((await t.call("GET", "/staff/entities", undefined, o)).body).toEqual([]);
    expect(
      (await staffCall("POST", "/staff/sakura/register", { email: "client@example.com" })).body.code,
    ).toBe("already-invited");
    // the invitee's language is theirs until they accept
    const lang = await staffCall("POST", "/staff/sakura/change_language", {
      email: "client@example.com",
      language: "en",
    });
    expect(lang.body.code).toBe("staff-not-found");

    // the member row (client of sakura) stays "added"; the staff invitation shows beside it
    const mine = await t.call("GET", "/user/entities", undefined, o);
    expect(mine.body.find((e: { workspace_name: string }) => e.workspace_name === "sakura")).toMatchObject({
      status: "added",
      invitation: { role: "staff" },
    });
    expect((await t.call("POST", "/user/invitations/sakura/client", undefined, o)).status).toBe(404);
    const accepted = await t.call("POST", "/user/invitations/sakura/staff", undefined, o);
    expect(accepted.body).toMatchObject({ status: "added", invitation: null });
    expect((await membership("client@example.com", "sakura", "staff"))?.acceptedAt).toBeInstanceOf(Date);
    expect((await t.call("POST", "/staff/sakura/login", undefined, o)).status).toBe(200);
    const list = await staffCall("GET", "/staff/sakura/staffs");
    expect(list.body.find((s: { email: string }) => s.email === "client@example.com").is_invited).toBe(false);
    await staffCall("DELETE", "/staff/sakura/remove", { email: "client@example.com" });
  });

  it("a staff invitation can be declined, or withdrawn even while the entity has one staff member", async () => {
    await staffCall("POST", "/staff/sakura/register", { email: "outsider@example.com" });
    const o = { token: tok.outsider };
    expect((await t.call("DELETE", "/user/invitations/sakura/staff", undefined, o)).status).toBe(200);
    expect((await t.call("POST", "/staff/sakura/login", undefined, o)).status).toBe(403);
    expect(await membership("outsider@example.com", "sakura", "staff")).toBeNull();

    await staffCall("POST", "/staff/sakura/register", { email: "client3@example.com" });
    const withdrawn = await staffCall("DELETE", "/staff/sakura/remove", { email: "client3@example.com" });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.map((s: { email: string }) => s.email)).toEqual(["staff@example.com"]);
  });

  it("the first staff member a super user adds is accepted at once", async () => {
    await t.call(
      "POST",
      "/entities",
      { workspace_name: "momiji", name: "もみじ", description: "x", is_public: false, language: "jp" },
      { token: tok.admin },
    );
    const res = await t.call(
      "POST",
      "/entities/momiji/staffs",
      { email: "client3@example.com" },
      {
        token: tok.admin,
      },
    );
    expect(res.status).toBe(201);
    const m = await membership("client3@example.com", "momiji", "staff");
    expect(m?.status).toBe("accepted");
    expect(m?.acceptedAt).toBeInstanceOf(Date);
  });
});

describe("an approved application", () => {
  it("takes effect (accepted_at) when staff approve it", async () => {
    const s = await t.signIn("client3@example.com"); // client3's application to sakura is pending (seed)
    const row = await memberRow("client3@example.com");
    expect(row).toMatchObject({ is_pending: true, is_invited: false });
    expect(await membership("client3@example.com")).toEqual({ status: "pending", acceptedAt: null });
    // an application is not an invitation
    expect(
      (await t.call("POST", "/user/invitations/sakura/client", undefined, { token: s.idToken })).status,
    ).toBe(404);
    await staffCall("POST", `/staff/sakura/users/${row.id}/approval`);
    expect((await membership("client3@example.com"))?.acceptedAt).toBeInstanceOf(Date);
  });
});

describe("invitation caps", () => {
  it(`sends at most ${INVITES_PER_ADDRESS.max} invitations a day to one address`, async () => {
    const invite = () =>
      staffCall("POST", "/staff/harbor/users/register", [
        { name: "Often", email: "often@example.com", language: "en" },
      ]);
    for (let i = 0; i < INVITES_PER_ADDRESS.max; i++) {
      expect((await invite()).body[0].status).toBe("sent");
      const row = (await staffCall("GET", "/staff/harbor/users")).body.find(
        (u: { email: string }) => u.email === "often@example.com",
      );
      await staffCall("DELETE", `/staff/harbor/users/${row.id}`);
    }
    expect((await invite()).body[0].status).toBe("create_user_error");
    // nothing was created for the refused row
    expect(
      (await staffCall("GET", "/staff/harbor/users")).body.some(
        (u: { email: string }) => u.email === "often@example.com",
      ),
    ).toBe(false);
  });

  it(`sends at most ${INVITES_PER_ENTITY.max} invitations an hour per entity`, async () => {
    const { kind, max } = INVITES_PER_ENTITY;
    const used = await t.db
      .select()
      .from(rateEvents)
      .where(and(eq(rateEvents.kind, kind), eq(rateEvents.key, "harbor")));
    await t.db
      .insert(rateEvents)
      .values(Array.from({ length: max - used.length }, () => ({ kind, key: "harbor" })));
    const rows = await staffCall("POST", "/staff/harbor/users/register", [
      { name: "A", email: "cap-a@example.com", language: "en" },
      { name: "B", email: "cap-b@example.com", language: "en" },
    ]);
    expect(rows.body.map((r: { status: string }) => r.status)).toEqual([
      "create_user_error",
      "create_user_error",
    ]);
    const single = await t.call(
      "POST",
      "/staff/harbor/register",
      { email: "outsider@example.com" },
      {
        token: tok.staff,
        lang: "ja",
      },
    );
    expect(single.status).toBe(429);
    expect(single.body.code).toBe("too-many-invitations");
    expect(single.body.detail).toMatch(/招待メールの送信が多すぎます/);
    // other entities are not affected
    const kaede = await t.call(
      "POST",
      "/staff/kaede/users/register",
      [{ name: "C", email: "cap-c@example.com", language: "en" }],
      { token: tok.otherStaff },
    );
    expect(kaede.body[0].status).toBe("sent");
  });
});
