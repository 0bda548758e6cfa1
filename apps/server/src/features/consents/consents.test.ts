import { MESSAGES, type MessageCode, PRIVACY_VERSION, TERMS_VERSION } from "@mimamori/shared";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { consentEvents, consents, dataItemTypes, entities, memberships, users } from "../../db/schema";
import { testAppWithRolesPerFile } from "../../test/per-file";

/*
 * The consent history and the terms gate (issue 29 §2) over HTTP on a fresh database: each kind of event recorded
 * where it happens with the entity's name, the person's own history, and a new terms or privacy version asking
 * again (a consent row with an older version stands for "a new version was published since").
 */

const { t, tok } = testAppWithRolesPerFile({ demoDataItems: true });

/** The answer refusing a call with `code`, in `lang`. */
const refusal = (code: MessageCode, lang: "en" | "jp") => ({ code, detail: MESSAGES[code][lang] });
/** Calls as `token` in `lang` (sent as Accept-Language `ja` or `en`). */
const as = (token: string | undefined, lang: "en" | "jp" = "en") => ({
  token,
  lang: lang === "jp" ? ("ja" as const) : ("en" as const),
});

async function userId(email: string): Promise<string> {
  const [u] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!u) throw new Error(`no ${email}`);
  return u.id;
}

async function history(token: string | undefined, lang: "en" | "jp" = "en") {
  const res = await t.call("GET", "/user/consents", undefined, as(token, lang));
  expect(res.status).toBe(200);
  return res.body.items as Record<string, string | null>[];
}

/** A person whose latest acceptance is of older versions than the current ones, signed in. */
async function withOldConsent(email: string, terms = "2020-01-01", privacy = PRIVACY_VERSION) {
  const id = await userId(email);
  await t.db.delete(consents).where(eq(consents.userId, id));
  await t.db.insert(consents).values({ userId: id, termsVersion: terms, privacyVersion: privacy });
  return (await t.signIn(email)).idToken;
}

describe("recorded consent events", () => {
  it("records accepting and leaving a membership (application approved by staff, then quit)", async () => {
    const o = as(tok.outsider);
    expect((await t.call("POST", "/user/entities/sakura", undefined, o)).status).toBe(201);
    // a pending application is no consent yet
    expect(await history(tok.outsider)).toEqual([]);
    const outsider = await userId("outsider@example.com");
    const approve = await t.call(
      "POST",
      `/staff/sakura/users/${outsider}/approval`,
      undefined,
      as(tok.staff),
    );
    expect(approve.status).toBe(200);
    expect((await t.call("DELETE", "/user/entities/sakura", undefined, o)).status).toBe(200);
    const items = await history(tok.outsider);
    expect(items.map((e) => e.kind)).toEqual(["membership-left", "membership-accepted"]);
    for (const e of items)
      expect(e).toMatchObject({
        workspace_name: "sakura",
        entity_name: "さくら介護センター",
        terms_version: null,
        privacy_version: null,
        item_key: null,
        item_name: null,
      });
    expect(Date.parse(items[0]?.at as string)).toBeGreaterThanOrEqual(Date.parse(items[1]?.at as string));
  });

  it("records accepting a member invitation and a staff invitation, each with its entity's name", async () => {
    const outsider = await userId("outsider@example.com");
    await t.db.insert(memberships).values([
      { workspaceName: "kaede", userId: outsider, role: "client", status: "invited" },
      { workspaceName: "harbor", userId: outsider, role: "staff", status: "invited" },
    ]);
    expect((await t.call("POST", "/user/invitations/kaede/client", undefined, as(tok.outsider))).status).toBe(
      200,
    );
    expect((await t.call("POST", "/user/invitations/harbor/staff", undefined, as(tok.outsider))).status).toBe(
      200,
    );
    const items = await history(tok.outsider);
    expect(items.slice(0, 2).map((e) => [e.kind, e.workspace_name, e.entity_name])).toEqual([
      ["staff-invitation-accepted", "harbor", "Harbor Logistics"],
      ["membership-accepted", "kaede", "かえで"],
    ]);
    // an invitation answered a second time records nothing more
    expect((await t.call("POST", "/user/invitations/kaede/client", undefined, as(tok.outsider))).status).toBe(
      404,
    );
    expect(await history(tok.outsider)).toHaveLength(4);
  });

  it("records a share granted and revoked, naming the item in the caller's language", async () => {
    const list = await t.call("GET", "/user/data", undefined, as(tok.client));
    const item = (list.body.data as { id: number; key: string }[]).find((i) => i.key === "form_data_10");
    if (!item) throw new Error("no item");
    const [type] = await t.db.select().from(dataItemTypes).where(eq(dataItemTypes.key, "form_data_10"));
    expect(
      (await t.call("POST", `/user/data/${item.id}/entities/harbor`, undefined, as(tok.client))).status,
    ).toBe(201);
    // sharing again (the share stands) is no new consent
    expect(
      (await t.call("POST", `/user/data/${item.id}/entities/harbor`, undefined, as(tok.client))).status,
    ).toBe(200);
    expect(
      (await t.call("DELETE", `/user/data/${item.id}/entities/harbor`, undefined, as(tok.client))).status,
    ).toBe(204);
    const en = (await history(tok.client)).filter((e) => e.kind?.startsWith("share-"));
    expect(en).toEqual([
      expect.objectContaining({
        kind: "share-revoked",
        workspace_name: "harbor",
        entity_name: "Harbor Logistics",
        item_key: "form_data_10",
        item_name: type?.nameEn,
      }),
      expect.objectContaining({ kind: "share-granted", item_key: "form_data_10", item_name: type?.nameEn }),
    ]);
    const jp = (await history(tok.client, "jp")).filter((e) => e.kind?.startsWith("share-"));
    expect(jp.map((e) => e.item_name)).toEqual([type?.nameJp, type?.nameJp]);
  });

  it("records staff removing a member; a withdrawn invitation records nothing", async () => {
    const client = await userId("client@example.com");
    const client2 = await userId("client2@example.com");
    await t.db
      .insert(memberships)
      .values({ workspaceName: "sakura", userId: client2, role: "client", status: "invited" });
    expect((await t.call("DELETE", `/staff/sakura/users/${client2}`, undefined, as(tok.staff))).status).toBe(
      200,
    );
    expect(await t.db.select().from(consentEvents).where(eq(consentEvents.userId, client2))).toEqual([]);
    expect((await t.call("DELETE", `/staff/sakura/users/${client}`, undefined, as(tok.staff))).status).toBe(
      200,
    );
    const [latest] = await history(tok.client);
    expect(latest).toMatchObject({
      kind: "membership-left",
      workspace_name: "sakura",
      entity_name: "さくら介護センター",
    });
  });

  it("keeps the entity's name as it was when the entity is renamed", async () => {
    await t.db.update(entities).set({ name: "かえで(改名)" }).where(eq(entities.workspaceName, "kaede"));
    const kaede = (await history(tok.outsider)).filter((e) => e.workspace_name === "kaede");
    expect(kaede.map((e) => e.entity_name)).toEqual(["かえで"]);
  });
});

describe("GET /user/consents", () => {
  it("lists the terms accepted with their versions, newest first, and only the caller's own", async () => {
    const client = await history(tok.client);
    const terms = client.filter((e) => e.kind === "terms-accepted");
    expect(terms).toEqual([
      {
        kind: "terms-accepted",
        at: expect.any(String),
        terms_version: TERMS_VERSION,
        privacy_version: PRIVACY_VERSION,
        workspace_name: null,
        entity_name: null,
        item_key: null,
        item_name: null,
      },
    ]);
    const times = client.map((e) => Date.parse(e.at as string));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // the client's list holds none of the outsider's events, and the other way round
    expect(client.some((e) => e.workspace_name === "kaede")).toBe(false);
    expect((await history(tok.outsider)).some((e) => e.kind?.startsWith("share-"))).toBe(false);
    expect((await history(tok.otherStaff)).filter((e) => e.kind !== "terms-accepted")).toEqual([]);
  });

  it("refuses anonymous callers (401)", async () => {
    for (const path of ["/user/consents", "/user/consents/status"])
      expect((await t.call("GET", path)).status).toBe(401);
    expect(
      (
        await t.call("POST", "/user/consents/accept", {
          terms_version: TERMS_VERSION,
          privacy_version: PRIVACY_VERSION,
        })
      ).status,
    ).toBe(401);
  });
});

describe("a new terms or privacy version asks again", () => {
  it("answers every ordinary call 403 terms-acceptance-required, in the caller's language", async () => {
    const token = await withOldConsent("client2@example.com");
    for (const lang of ["en", "jp"] as const) {
      const res = await t.call("GET", "/user/entities", undefined, as(token, lang));
      expect(res.status).toBe(403);
      expect(res.body).toEqual(refusal("terms-acceptance-required", lang));
    }
    expect(MESSAGES["terms-acceptance-required"].en).toBe(
      "The terms of use or the privacy policy have changed. Please read and accept them to continue.",
    );
    for (const path of ["/user/consents", "/user/data", "/user/access-audit"])
      expect((await t.call("GET", path, undefined, as(token))).body.code).toBe("terms-acceptance-required");
  });

  it("asks staff too, on staff routes, and also for a newer privacy policy alone", async () => {
    const token = await withOldConsent("staff@example.com", TERMS_VERSION, "2000-01-01");
    const res = await t.call("GET", "/staff/sakura/users", undefined, as(token));
    expect([res.status, res.body.code]).toEqual([403, "terms-acceptance-required"]);
  });

  it("lets through what the acceptance page needs, signing out, and the status", async () => {
    const token = await withOldConsent("client2@example.com");
    const info = await t.call("GET", "/user/info", undefined, as(token));
    expect([info.status, info.body.email]).toEqual([200, "client2@example.com"]);
    expect((await t.call("GET", "/self/language", undefined, as(token))).status).toBe(200);
    expect((await t.call("PUT", "/user/language", { language: "en" }, as(token))).status).toBe(200);
    const status = await t.call("GET", "/user/consents/status", undefined, as(token));
    expect(status.body).toEqual({
      required: true,
      terms_version: TERMS_VERSION,
      privacy_version: PRIVACY_VERSION,
    });
    const out = await t.call("POST", "/auth/sign-out", {}, as(token));
    expect(out.status).toBe(200);
    expect((await t.call("GET", "/user/info", undefined, as(token))).status).toBe(401);
  });

  it("refuses accepting other versions than the current ones (400), storing nothing", async () => {
    const token = await withOldConsent("client2@example.com");
    const id = await userId("client2@example.com");
    for (const body of [
      { terms_version: "2020-01-01", privacy_version: PRIVACY_VERSION },
      { terms_version: TERMS_VERSION, privacy_version: "2099-01-01" },
    ])
      for (const lang of ["en", "jp"] as const) {
        const res = await t.call("POST", "/user/consents/accept", body, as(token, lang));
        expect(res.status).toBe(400);
        expect(res.body).toEqual(refusal("terms-version-mismatch", lang));
      }
    expect(
      (await t.call("POST", "/user/consents/accept", { terms_version: TERMS_VERSION }, as(token))).status,
    ).toBe(400);
    expect(await t.db.select().from(consents).where(eq(consents.userId, id))).toHaveLength(1);
  });

  it("after accepting, ordinary calls work and the history shows the new acceptance first", async () => {
    const token = await withOldConsent("client2@example.com");
    const id = await userId("client2@example.com");
    const accept = await t.call(
      "POST",
      "/user/consents/accept",
      { terms_version: TERMS_VERSION, privacy_version: PRIVACY_VERSION },
      as(token),
    );
    expect([accept.status, accept.body]).toEqual([200, { ok: true }]);
    expect((await t.call("GET", "/user/entities", undefined, as(token))).status).toBe(200);
    const status = await t.call("GET", "/user/consents/status", undefined, as(token));
    expect(status.body.required).toBe(false);
    const terms = (await history(token)).filter((e) => e.kind === "terms-accepted");
    expect(terms.map((e) => [e.terms_version, e.privacy_version])).toEqual([
      [TERMS_VERSION, PRIVACY_VERSION],
      ["2020-01-01", PRIVACY_VERSION],
    ]);
    const rows = await t.db
      .select()
      .from(consents)
      .where(and(eq(consents.userId, id), eq(consents.termsVersion, TERMS_VERSION)));
    expect(rows).toHaveLength(1);
  });

  it("does not ask an account without any acceptance (made by staff or the tools)", async () => {
    const status = await t.call("GET", "/user/consents/status", undefined, as(tok.outsider));
    expect(status.body.required).toBe(false);
    expect((await t.call("GET", "/user/entities", undefined, as(tok.outsider))).status).toBe(200);
  });
});
