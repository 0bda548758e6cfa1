import { describe, expect, it } from "vitest";
import { testAppWithRolesPerFile } from "../../../test/per-file";
import { REFUSED_SAKURA_STAFF_ROUTE } from "../../../test/roles";

const { t, tok } = testAppWithRolesPerFile();

const emails = (list: { email: string }[]) => list.map((s) => s.email);

describe("staff management: authorization", () => {
  it.each(REFUSED_SAKURA_STAFF_ROUTE)("%s gets %i", async (role, status) => {
    const o = { token: tok[role] };
    const calls = await Promise.all([
      t.call("GET", "/staff/sakura/staffs", undefined, o),
      t.call("POST", "/staff/sakura/register", { email: "outsider@example.com" }, o),
      t.call("DELETE", "/staff/sakura/remove", { email: "staff@example.com" }, o),
      t.call("POST", "/staff/sakura/change_language", { email: "staff@example.com", language: "en" }, o),
      t.call("GET", "/staff/sakura/modules", undefined, o),
    ]);
    for (const res of calls) expect(res.status).toBe(status);
  });
});

describe("staff management", () => {
  it("lists, adds by e-mail, changes language, removes", async () => {
    const o = { token: tok.staff };
    expect(emails((await t.call("GET", "/staff/sakura/staffs", undefined, o)).body)).toEqual([
      "staff@example.com",
    ]);
    const added = await t.call("POST", "/staff/sakura/register", { email: "Outsider@Example.com" }, o);
    expect(added.status).toBe(201);
    expect(emails(added.body).sort()).toEqual(["outsider@example.com", "staff@example.com"]);
    // an invitation: staff only once the person accepts it
    expect(added.body.find((s: { email: string }) => s.email === "outsider@example.com").is_invited).toBe(
      true,
    );
    expect(
      (await t.call("POST", "/staff/sakura/register", { email: "outsider@example.com" }, o)).body.code,
    ).toBe("already-invited");
    expect(
      (await t.call("POST", "/user/invitations/sakura/staff", undefined, { token: tok.outsider })).status,
    ).toBe(200);
    expect(
      (await t.call("POST", "/staff/sakura/register", { email: "outsider@example.com" }, o)).body.code,
    ).toBe("already-staff");
    expect(
      (await t.call("POST", "/staff/sakura/register", { email: "ghost@example.com" }, o)).body.code,
    ).toBe("user-not-found");
    expect((await t.call("POST", "/staff/sakura/register", { email: "" }, o)).body.code).toBe("required");

    const lang = await t.call(
      "POST",
      "/staff/sakura/change_language",
      { email: "outsider@example.com", language: "en" },
      o,
    );
    expect(lang.body.find((s: { email: string }) => s.email === "outsider@example.com").language).toBe("en");
    expect(
      (
        await t.call(
          "POST",
          "/staff/sakura/change_language",
          { email: "client@example.com", language: "en" },
          o,
        )
      ).body.code,
    ).toBe("staff-not-found");

    expect(
      (await t.call("DELETE", "/staff/sakura/remove", { email: "staff@example.com" }, o)).body.code,
    ).toBe("cannot-remove-self");
    const removed = await t.call("DELETE", "/staff/sakura/remove", { email: "outsider@example.com" }, o);
    expect(emails(removed.body)).toEqual(["staff@example.com"]);
    expect((await t.call("POST", "/staff/sakura/login", undefined, { token: tok.outsider })).status).toBe(
      403,
    );
  });

  it("lists the modules the entity subscribes to", async () => {
    await t.call("POST", "/entities/harbor/modules/3", undefined, { token: tok.admin });
    const res = await t.call("GET", "/staff/harbor/modules", undefined, { token: tok.staff });
    expect(res.body.map((m: { id: number; status: string }) => [m.id, m.status])).toEqual([
      [3, "subscribed"],
    ]);
  });
});
