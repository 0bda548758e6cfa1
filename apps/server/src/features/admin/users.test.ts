import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/app";
import { type Role, roleTokens } from "../../test/roles";

let t: TestApp;
let tok: Record<Role, string | undefined>;
beforeAll(async () => {
  t = await startTestApp({ seed: true });
  tok = await roleTokens(t);
});
afterAll(() => t.close());

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
