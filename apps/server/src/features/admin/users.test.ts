import { describe, expect, it } from "vitest";
import { testAppWithRolesPerFile } from "../../test/per-file";

const { t, tok } = testAppWithRolesPerFile();

describe("admin users", () => {
  it("lists the users of one entity or of all", async () => {
    const one = await t.call("GET", "/admin/users/harbor", undefined, { token: tok.admin });
    expect(one.body.map((u: { email: string }) => u.email)).toEqual([
      "client2@example.com",
      "client@example.com",
    ]);
    const all = await t.call("GET", "/admin/users/all_entities", undefined, { token: tok.admin });
    expect(all.body).toHaveLength(7);
    expect(all.body[0]).toEqual(
      expect.objectContaining({ uid: expect.any(String), name: expect.any(String) }),
    );
    expect((await t.call("GET", "/admin/users/nosuch", undefined, { token: tok.admin })).status).toBe(404);
  });

  it("answers a page at a time, by e-mail, at most 10,000 users a call (API-45)", async () => {
    for (const scope of ["all_entities", "harbor"]) {
      const all = await t.call("GET", `/admin/users/${scope}`, undefined, { token: tok.admin });
      const emails = all.body.map((u: { email: string }) => u.email);
      expect(emails).toEqual([...emails].sort());
      const page = await t.call("GET", `/admin/users/${scope}?offset=1&limit=1`, undefined, {
        token: tok.admin,
      });
      expect(page.body).toEqual(all.body.slice(1, 2));
    }
    expect(
      (await t.call("GET", "/admin/users/all_entities?limit=10000", undefined, { token: tok.admin })).body,
    ).toHaveLength(7);
  });

  it("deletes an account for good, but not the caller's own", async () => {
    const all = await t.call("GET", "/admin/users/all_entities", undefined, { token: tok.admin });
    const uid = (email: string) => all.body.find((u: { email: string }) => u.email === email).uid;
    expect(
      (await t.call("DELETE", `/admin/users/${uid("admin@example.com")}`, undefined, { token: tok.admin }))
        .body.code,
    ).toBe("cannot-delete-self");
    expect(
      (await t.call("DELETE", `/admin/users/${uid("client2@example.com")}`, undefined, { token: tok.admin }))
        .status,
    ).toBe(200);
    expect(
      (await t.call("POST", "/auth/sign-in", { email: "client2@example.com", password: "mimamori-demo" }))
        .status,
    ).toBe(404);
    expect((await t.call("GET", "/admin/users/harbor", undefined, { token: tok.admin })).body).toHaveLength(
      1,
    );
  });

  it.each([
    ["anonymous", 401],
    ["client", 403],
    ["staff", 403],
  ] as const)("%s gets %i", async (role, status) => {
    expect((await t.call("GET", "/admin/users/all_entities", undefined, { token: tok[role] })).status).toBe(
      status,
    );
    expect(
      (
        await t.call("DELETE", "/admin/users/00000000-0000-4000-8000-000000000000", undefined, {
          token: tok[role],
        })
      ).status,
    ).toBe(status);
  });
});

describe("GET /get_user_list (API-48)", () => {
  it("lists every account's uid, name and e-mail by e-mail, a page at a time", async () => {
    const all = await t.call("GET", "/get_user_list", undefined, { token: tok.admin });
    expect(all.status).toBe(200);
    const emails = all.body.map((u: { email: string }) => u.email);
    expect(emails).toEqual([...emails].sort());
    expect(emails).toContain("client@example.com");
    expect(Object.keys(all.body[0]).sort()).toEqual(["email", "name", "uid"]);
    const page = await t.call("GET", "/get_user_list?offset=1&limit=2", undefined, { token: tok.admin });
    expect(page.body).toEqual(all.body.slice(1, 3));
  });

  it.each([
    ["anonymous", 401],
    ["client", 403],
    ["staff", 403],
  ] as const)("%s gets %i", async (role, status) => {
    expect((await t.call("GET", "/get_user_list", undefined, { token: tok[role] })).status).toBe(status);
  });
});

describe("user list pages (API-45, API-48)", () => {
  it.each(["/get_user_list", "/admin/users/all_entities", "/admin/users/harbor"])(
    "%s refuses a page larger than 10,000 rows, a negative offset and a limit below 1 or not a number with 400, in the caller's language",
    async (path) => {
      const big = await t.call("GET", `${path}?limit=10001`, undefined, { token: tok.admin, lang: "ja" });
      expect(big.status).toBe(400);
      expect(big.body).toMatchObject({
        code: "invalid-input",
        detail: "入力内容が正しくありません。",
        field: "limit",
      });
      for (const bad of ["offset=-1", "limit=0", "limit=x"])
        expect((await t.call("GET", `${path}?${bad}`, undefined, { token: tok.admin })).status).toBe(400);
    },
  );
});
