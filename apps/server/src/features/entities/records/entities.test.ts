import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { memberships, users } from "../../../db/schema";
import { testAppWithRolesPerFile } from "../../../test/per-file";

const { t, tok } = testAppWithRolesPerFile();

const newEntity = {
  workspace_name: "Momiji01",
  name: "もみじ",
  description: "新しい施設",
  is_public: true,
  language: "jp",
};

describe("admin entity calls: authorization", () => {
  it.each([
    ["anonymous", 401],
    ["client", 403],
    ["staff", 403],
    ["outsider", 403],
  ] as const)("%s gets %i on every admin entity call", async (role, status) => {
    const o = { token: tok[role] };
    const calls = [
      t.call("GET", "/entities", undefined, o),
      t.call("POST", "/entities", newEntity, o),
      t.call("GET", "/entities/sakura", undefined, o),
      t.call("PUT", "/entities/sakura", { ...newEntity, notification_setting_status: "locked" }, o),
      t.call("DELETE", "/entities/sakura", undefined, o),
      t.call("GET", "/entities/sakura/modules", undefined, o),
      t.call("POST", "/entities/sakura/modules/1", undefined, o),
      t.call("DELETE", "/entities/sakura/modules/1", undefined, o),
      t.call("POST", "/entities/sakura/modules/1/mode", { mode_option: 101 }, o),
      t.call("GET", "/entities/sakura/staffs", undefined, o),
      t.call("POST", "/entities/sakura/staffs", { email: "client@example.com" }, o),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(status);
    expect((await t.call("GET", "/entities/sakura", undefined, { token: tok.admin })).body.name).toBe(
      "さくら介護センター",
    );
  });
});

describe("admin entity management", () => {
  it("lists entities with their counts", async () => {
    const res = await t.call("GET", "/entities", undefined, { token: tok.admin });
    expect(res.status).toBe(200);
    const sakura = res.body.find((e: { workspace_name: string }) => e.workspace_name === "sakura");
    expect(sakura).toMatchObject({ staff_count: 1, member_count: 1, is_public: true, language: "jp" });
  });

  it("names the entity's time zone, the clock of an admin's downloads for it", async () => {
    const res = await t.call("GET", "/entities/sakura", undefined, { token: tok.admin });
    expect(res.body.time_zone).toBe("Asia/Tokyo");
    const list = await t.call("GET", "/entities", undefined, { token: tok.admin });
    for (const e of list.body) expect(e.time_zone).toBe("Asia/Tokyo");
  });

  it("creates an entity, refuses the same ID twice", async () => {
    const res = await t.call("POST", "/entities", newEntity, { token: tok.admin });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ workspace_name: "Momiji01", notification_setting_status: "unlocked" });
    const again = await t.call("POST", "/entities", newEntity, { token: tok.admin, lang: "ja" });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: "entity-exists", field: "workspace_name" });
  });

  it.each([
    [{ workspace_name: "" }, "required", "workspace_name"],
    [{ workspace_name: "ab" }, "entity-id-length", "workspace_name"],
    [{ workspace_name: "a".repeat(21) }, "entity-id-length", "workspace_name"],
    [{ workspace_name: "abc-def" }, "entity-id-chars", "workspace_name"],
    [{ workspace_name: "ａｂｃｄ" }, "entity-id-chars", "workspace_name"],
    [{ name: "" }, "required", "name"],
    [{ description: " " }, "required", "description"],
    [{ language: "fr" }, "invalid-language", "language"],
  ])("rejects %j with %s", async (patch, code, field) => {
    const res = await t.call(
      "POST",
      "/entities",
      { ...newEntity, workspace_name: "valid123", ...patch },
      { token: tok.admin },
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code, field });
    expect((await t.call("GET", "/entities/valid123", undefined, { token: tok.admin })).status).toBe(404);
  });

  it("accepts IDs of exactly 3 and 20 letters and digits", async () => {
    for (const id of ["a1B", `${"A".repeat(19)}9`]) {
      expect(
        (await t.call("POST", "/entities", { ...newEntity, workspace_name: id }, { token: tok.admin }))
          .status,
      ).toBe(201);
    }
  });

  it("edits an entity, including the notification lock", async () => {
    const body = {
      name: "もみじ2",
      description: "更新",
      is_public: false,
      language: "en",
      notification_setting_status: "locked",
    };
    const res = await t.call("PUT", "/entities/Momiji01", body, { token: tok.admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...body, workspace_name: "Momiji01" });
    expect((await t.call("PUT", "/entities/nothere", body, { token: tok.admin })).status).toBe(404);
    const bad = await t.call(
      "PUT",
      "/entities/Momiji01",
      { ...body, notification_setting_status: "open" },
      { token: tok.admin },
    );
    expect(bad.status).toBe(400);
  });

  it("adds the first staff member of an entity without staff or members at once (nobody's data to see)", async () => {
    const res = await t.call(
      "POST",
      "/entities/Momiji01/staffs",
      { email: "outsider@example.com" },
      { token: tok.admin },
    );
    expect(res.status).toBe(201);
    expect(res.body).toEqual([expect.objectContaining({ email: "outsider@example.com", is_invited: false })]);
    const login = await t.call("POST", "/staff/Momiji01/login", undefined, { token: tok.outsider });
    expect(login.status).toBe(200);
    const unknown = await t.call(
      "POST",
      "/entities/Momiji01/staffs",
      { email: "ghost@example.com" },
      { token: tok.admin },
    );
    expect(unknown).toMatchObject({ status: 404, body: { code: "user-not-found" } });
    const twice = await t.call(
      "POST",
      "/entities/Momiji01/staffs",
      { email: "outsider@example.com" },
      { token: tok.admin },
    );
    expect(twice).toMatchObject({ status: 409, body: { code: "already-staff" } });
  });

  it("invites anyone else: staff of an entity that has staff only once the person accepts (issue 29 §5)", async () => {
    const before = t.smtp.mails.length;
    const res = await t.call(
      "POST",
      "/entities/sakura/staffs",
      { email: "client2@example.com" },
      { token: tok.admin },
    );
    expect(res.status).toBe(201);
    expect(res.body.find((s: { email: string }) => s.email === "client2@example.com")).toMatchObject({
      is_invited: true,
    });
    const mail = await t.smtp.waitFor("client2@example.com", before);
    expect(mail.subject).toBe("[Mimamori] Invitation to join さくら介護センター as staff");
    expect(mail.text).toContain(`${t.url}/client/entities`);
    // no member's name or e-mail before the person accepts
    const client2 = { token: (await t.signIn("client2@example.com")).idToken };
    expect((await t.call("POST", "/staff/sakura/login", undefined, client2)).status).toBe(403);
    expect((await t.call("GET", "/staff/sakura/users", undefined, client2)).status).toBe(403);
    const again = await t.call(
      "POST",
      "/entities/sakura/staffs",
      { email: "client2@example.com" },
      { token: tok.admin },
    );
    expect(again).toMatchObject({ status: 409, body: { code: "already-invited" } });
    expect((await t.call("POST", "/user/invitations/sakura/staff", undefined, client2)).status).toBe(200);
    expect((await t.call("GET", "/staff/sakura/users", undefined, client2)).status).toBe(200);
    const list = await t.call("GET", "/entities/sakura/staffs", undefined, { token: tok.admin });
    expect(list.body.find((s: { email: string }) => s.email === "client2@example.com").is_invited).toBe(
      false,
    );
  });

  it("invites the first staff member of an entity that already has members (their data is there)", async () => {
    const o = { token: tok.admin };
    expect((await t.call("POST", "/entities", { ...newEntity, workspace_name: "Kaki02" }, o)).status).toBe(
      201,
    );
    const [member] = await t.db.select().from(users).where(eq(users.email, "client3@example.com"));
    await t.db
      .insert(memberships)
      .values({ workspaceName: "Kaki02", userId: member?.id as string, role: "client", status: "invited" });
    const res = await t.call("POST", "/entities/Kaki02/staffs", { email: "outsider@example.com" }, o);
    expect(res.status).toBe(201);
    expect(res.body).toEqual([expect.objectContaining({ email: "outsider@example.com", is_invited: true })]);
    expect((await t.call("POST", "/staff/Kaki02/login", undefined, { token: tok.outsider })).status).toBe(
      403,
    );
    expect((await t.call("DELETE", "/entities/Kaki02", undefined, o)).status).toBe(200);
  });

  it("subscribes modules, chooses a mode only while subscribed, unsubscribes", async () => {
    const o = { token: tok.admin };
    expect(
      (await t.call("POST", "/entities/Momiji01/modules/1/mode", { mode_option: 101 }, o)).body.code,
    ).toBe("not-subscribed");
    const sub = await t.call("POST", "/entities/Momiji01/modules/1", undefined, o);
    expect(sub.body.find((m: { id: number }) => m.id === 1)).toMatchObject({
      status: "subscribed",
      subscription_mode: null,
    });
    expect(sub.body).toHaveLength(5);
    const mode = await t.call("POST", "/entities/Momiji01/modules/1/mode", { mode_option: 102 }, o);
    expect(mode.body.find((m: { id: number }) => m.id === 1).subscription_mode).toBe(102);
    expect(
      (await t.call("POST", "/entities/Momiji01/modules/1/mode", { mode_option: 201 }, o)).body.code,
    ).toBe("invalid-mode-option");
    expect((await t.call("POST", "/entities/Momiji01/modules/99", undefined, o)).status).toBe(404);
    const unsub = await t.call("DELETE", "/entities/Momiji01/modules/1", undefined, o);
    expect(unsub.body.every((m: { status: string }) => m.status === "")).toBe(true);
  });

  it("names modules in the caller's language", async () => {
    const jp = await t.call("GET", "/entities/sakura/modules", undefined, { token: tok.admin, lang: "ja" });
    expect(jp.body.map((m: { name: string }) => m.name).slice(0, 3)).toEqual([
      "装着率",
      "レッドゾーン率",
      "イエローゾーン率",
    ]);
    const en = await t.call("GET", "/entities/sakura/modules", undefined, { token: tok.admin });
    expect(en.body[0].module_subscription_mode.options.map((o: { text: string }) => o.text)).toEqual([
      "Daily",
      "Weekly",
      "Monthly",
    ]);
  });

  it("deletes an entity with its memberships", async () => {
    const res = await t.call("DELETE", "/entities/Momiji01", undefined, { token: tok.admin });
    expect(res.status).toBe(200);
    expect((await t.call("GET", "/entities/Momiji01", undefined, { token: tok.admin })).status).toBe(404);
    expect((await t.call("POST", "/staff/Momiji01/login", undefined, { token: tok.outsider })).status).toBe(
      403,
    );
    expect((await t.call("DELETE", "/entities/Momiji01", undefined, { token: tok.admin })).status).toBe(404);
  });
});
