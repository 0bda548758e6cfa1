import { ACCOUNT_DELETION_GRACE_DAYS, MESSAGES } from "@mimamori/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consents, memberships, sessions, users } from "../../db/schema";
import { HOUR, MINUTE, manualClock } from "../../jobs/clock";
import { captureLog } from "../../jobs/test-helpers";
import { hashPassword } from "../../lib/crypto";
import { startTestApp, type TestApp } from "../../test/app";
import { accountDeletionJob } from "./job";

/**
 * Issue 29 §4 over HTTP on the real app: a person closes their account with their password and a confirmation
 * (sessions end, staff no longer see them), signing in within ACCOUNT_DELETION_GRACE_DAYS cancels it, the deletion
 * job deletes it after them and not before (the app's clock moved by the test), the last super user cannot be
 * deleted, an admin starts the same deletion for a person, and who may call what.
 */
const DAY = 24 * HOUR;
const PASSWORD = "mimamori-demo";
const clock = manualClock("2026-11-02T00:00:00Z");
let t: TestApp;
let staffToken: string;
let adminToken: string;
let passwordHash: string;
beforeAll(async () => {
  t = await startTestApp({ seed: true, clock });
  staffToken = (await t.signIn("staff@example.com")).idToken;
  adminToken = (await t.signIn("admin@example.com")).idToken;
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(() => t?.close());

let n = 0;
/** A new verified account: an accepted client member of sakura and harbor, an invited one of nothing else. */
async function member() {
  const email = `leaver${++n}@example.com`;
  const [u] = await t.db
    .insert(users)
    .values({ email, name: `Leaver ${n}`, passwordHash, emailVerifiedAt: new Date() })
    .returning();
  if (!u) throw new Error("not created");
  await t.db.insert(memberships).values([
    { workspaceName: "sakura", userId: u.id, role: "client", status: "accepted", acceptedAt: new Date() },
    { workspaceName: "harbor", userId: u.id, role: "client", status: "invited" },
  ]);
  const session = await t.signIn(email);
  return { id: u.id, email, token: session.idToken, refreshToken: session.refreshToken };
}

const close = (token: string | undefined, body: unknown, lang: "en" | "ja" = "en") =>
  t.call("POST", "/user/account/deletion", body as never, { token, lang });

async function stateOf(id: string) {
  const [u] = await t.db.select().from(users).where(eq(users.id, id));
  const ms = await t.db
    .select({ ws: memberships.workspaceName, status: memberships.status })
    .from(memberships)
    .where(eq(memberships.userId, id))
    .orderBy(memberships.workspaceName);
  return { user: u, memberships: ms };
}

const staffSees = async (id: string) => {
  const list = await t.call("GET", "/staff/sakura/users", undefined, { token: staffToken });
  expect(list.status).toBe(200);
  const one = await t.call("GET", `/staff/sakura/users/${id}`, undefined, { token: staffToken });
  return { inList: list.body.some((m: { uid: string }) => m.uid === id), one: one.status };
};

describe("closing one's own account", () => {
  it("refuses a wrong password and a missing confirmation, in the caller's language, and changes nothing", async () => {
    const m = await member();
    const wrong = await close(m.token, { password: "not-my-password", confirm: true }, "ja");
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ code: "wrong-password", detail: MESSAGES["wrong-password"].jp });
    for (const body of [{ password: PASSWORD }, { password: PASSWORD, confirm: false }]) {
      const res = await close(m.token, body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("deletion-not-confirmed");
      expect(res.body.detail).toBe("Confirm that you want to delete the account.");
    }
    const empty = await close(m.token, { password: "", confirm: true });
    expect([empty.status, empty.body.code]).toEqual([400, "required"]);
    const s = await stateOf(m.id);
    expect(s.user?.closedAt).toBeNull();
    expect(s.memberships).toEqual([
      { ws: "harbor", status: "invited" },
      { ws: "sakura", status: "accepted" },
    ]);
    expect((await t.call("GET", "/user/info", undefined, { token: m.token })).status).toBe(200);
  });

  it("closes at once: sessions and refresh tokens end, staff no longer see the person, deletion due in 14 days", async () => {
    const m = await member();
    expect(await staffSees(m.id)).toEqual({ inList: true, one: 200 });
    const board = async () =>
      (await t.call("GET", "/staff/sakura/board?timezone=Asia/Tokyo", undefined, { token: staffToken })).body
        .wear.members as number;
    const membersBefore = await board();

    const res = await close(m.token, { password: PASSWORD, confirm: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      closed_at: clock.now().toISOString(),
      deletion_due_at: new Date(clock.now().getTime() + ACCOUNT_DELETION_GRACE_DAYS * DAY).toISOString(),
    });
    expect(ACCOUNT_DELETION_GRACE_DAYS).toBe(14);
    const s = await stateOf(m.id);
    expect(s.user?.deletionRequestedBy).toBe("self");
    // the accepted membership waits, closed; the invitation is gone
    expect(s.memberships).toEqual([{ ws: "sakura", status: "closed" }]);
    expect((await t.call("GET", "/user/info", undefined, { token: m.token })).status).toBe(401);
    const refresh = await t.call("POST", "/auth/refresh", { refreshToken: m.refreshToken });
    expect(refresh.status).toBe(401);
    expect(await staffSees(m.id)).toEqual({ inList: false, one: 404 });
    expect(await board()).toBe(membersBefore - 1);
    // a second close cannot happen: the person has no session; an admin is told it is closed already
    const again = await t.call(
      "POST",
      `/admin/users/${m.id}/deletion`,
      { confirm: true },
      { token: adminToken },
    );
    expect([again.status, again.body.code]).toEqual([409, "account-already-closed"]);
  });
});

describe("signing in within the grace period cancels the deletion", () => {
  it("a wrong password is the usual refusal; the right one reopens the account with its memberships", async () => {
    const m = await member();
    await close(m.token, { password: PASSWORD, confirm: true });
    clock.advance(13 * DAY);
    try {
      const wrong = await t.call("POST", "/auth/sign-in", { email: m.email, password: "not-my-password" });
      expect([wrong.status, wrong.body.code]).toEqual([400, "wrong-password"]);
      expect((await stateOf(m.id)).user?.closedAt).not.toBeNull();

      const res = await t.call("POST", "/auth/sign-in", { email: m.email, password: PASSWORD });
      expect(res.status).toBe(200);
      expect(res.body.deletionCancelled).toBe(true);
      const s = await stateOf(m.id);
      expect([s.user?.closedAt, s.user?.deletionDueAt, s.user?.deletionRequestedBy]).toEqual([
        null,
        null,
        null,
      ]);
      expect(s.memberships).toEqual([{ ws: "sakura", status: "accepted" }]);
      expect(await staffSees(m.id)).toEqual({ inList: true, one: 200 });
      // an ordinary sign-in says nothing of a deletion
      const next = await t.call("POST", "/auth/sign-in", { email: m.email, password: PASSWORD });
      expect(next.body.deletionCancelled).toBeUndefined();
    } finally {
      clock.advance(-13 * DAY);
    }
  });
});

describe("the deletion job", () => {
  it("deletes the account after the grace period and not before; afterwards the account does not exist", async () => {
    const m = await member();
    await close(m.token, { password: PASSWORD, confirm: true });
    const closedAt = clock.now().getTime();
    const { log } = captureLog();
    const job = accountDeletionJob(t.db, log);
    try {
      clock.set(new Date(closedAt + ACCOUNT_DELETION_GRACE_DAYS * DAY - MINUTE));
      await job.run(clock.now());
      expect((await stateOf(m.id)).user?.closedAt).not.toBeNull();

      clock.set(new Date(closedAt + ACCOUNT_DELETION_GRACE_DAYS * DAY));
      // due, not yet deleted: signing in no longer cancels
      const late = await t.call("POST", "/auth/sign-in", { email: m.email, password: PASSWORD });
      expect([late.status, late.body.code]).toEqual([404, "user-not-found"]);
      await job.run(clock.now());
      expect((await stateOf(m.id)).user).toBeUndefined();
      expect((await stateOf(m.id)).memberships).toEqual([]);
      expect(await t.db.$count(sessions, eq(sessions.userId, m.id))).toBe(0);
      const gone = await t.call(
        "POST",
        "/auth/sign-in",
        { email: m.email, password: PASSWORD },
        { lang: "ja" },
      );
      expect(gone.body).toEqual({ code: "user-not-found", detail: MESSAGES["user-not-found"].jp });
    } finally {
      clock.set(new Date(closedAt));
    }
  });
});

describe("super users", () => {
  it("the last one cannot be deleted (409 in the caller's language); with a second one it can", async () => {
    const res = await close(adminToken, { password: PASSWORD, confirm: true }, "ja");
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: "last-super-user", detail: MESSAGES["last-super-user"].jp });
    const en = await close(adminToken, { password: PASSWORD, confirm: true });
    expect(en.body.detail).toBe(
      "This is the last super user account: it cannot be deleted. Make another account a super user first.",
    );
    expect(
      (await t.db.select().from(users).where(eq(users.email, "admin@example.com")))[0]?.closedAt,
    ).toBeNull();

    const second = await member();
    await t.db.update(users).set({ isSuperUser: true }).where(eq(users.id, second.id));
    const ok = await close(second.token, { password: PASSWORD, confirm: true });
    expect(ok.status).toBe(200);
    // the one left is the last again
    const last = await close(adminToken, { password: PASSWORD, confirm: true });
    expect(last.body.code).toBe("last-super-user");
  });
});

describe("an admin starts the deletion a person asked for in writing", () => {
  it("closes the account as the person's own deletion does, recording that an admin started it", async () => {
    const m = await member();
    const missing = await t.call("POST", `/admin/users/${m.id}/deletion`, {}, { token: adminToken });
    expect([missing.status, missing.body.code]).toEqual([400, "deletion-not-confirmed"]);
    const res = await t.call(
      "POST",
      `/admin/users/${m.id}/deletion`,
      { confirm: true },
      { token: adminToken },
    );
    expect(res.status).toBe(200);
    expect(res.body.deletion_due_at).toBe(
      new Date(clock.now().getTime() + ACCOUNT_DELETION_GRACE_DAYS * DAY).toISOString(),
    );
    const s = await stateOf(m.id);
    expect(s.user?.deletionRequestedBy).toBe("admin");
    expect(s.memberships).toEqual([{ ws: "sakura", status: "closed" }]);
    expect((await t.call("GET", "/user/info", undefined, { token: m.token })).status).toBe(401);
    const unknown = await t.call(
      "POST",
      "/admin/users/00000000-0000-4000-8000-000000000000/deletion",
      { confirm: true },
      { token: adminToken },
    );
    expect([unknown.status, unknown.body.code]).toEqual([404, "user-missing"]);
  });
});

describe("a person who has not accepted the current terms", () => {
  it("may still delete the account (issue 29 §2: read the new text, sign out or delete)", async () => {
    const m = await member();
    await t.db
      .insert(consents)
      .values({ userId: m.id, termsVersion: "2000-01-01", privacyVersion: "2000-01-01" });
    // signed in again: the session lookup reads the outdated acceptance
    const token = (await t.signIn(m.email)).idToken;
    const gated = await t.call("GET", "/user/access-audit", undefined, { token });
    expect([gated.status, gated.body.code]).toEqual([403, "terms-acceptance-required"]);
    const res = await close(token, { password: PASSWORD, confirm: true });
    expect(res.status).toBe(200);
  });
});

describe("who may call what", () => {
  it("anonymous: 401; a client or staff member on the admin route: 403; a client can close only their own", async () => {
    const m = await member();
    const other = await member();
    expect((await close(undefined, { password: PASSWORD, confirm: true })).status).toBe(401);
    const anon = await t.call("POST", `/admin/users/${other.id}/deletion`, { confirm: true });
    expect(anon.status).toBe(401);
    for (const token of [m.token, staffToken]) {
      const res = await t.call("POST", `/admin/users/${other.id}/deletion`, { confirm: true }, { token });
      expect([res.status, res.body.code]).toEqual([403, "forbidden"]);
    }
    // the person's route names no account: a body naming another one closes the caller's, never the other's
    const own = await close(m.token, { password: PASSWORD, confirm: true, uid: other.id });
    expect(own.status).toBe(200);
    expect((await stateOf(other.id)).user?.closedAt).toBeNull();
    expect((await stateOf(m.id)).user?.closedAt).not.toBeNull();
  });
});
