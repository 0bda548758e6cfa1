import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ seed: true });
});
afterAll(() => t.close());

describe("POST /admin/login", () => {
  it("is true only for a super user asking about themself", async () => {
    const admin = (await t.signIn("admin@example.com")).idToken;
    expect(
      (await t.call("POST", "/admin/login", { email: "admin@example.com" }, { token: admin })).body,
    ).toBe(true);
    expect(
      (await t.call("POST", "/admin/login", { email: "staff@example.com" }, { token: admin })).body,
    ).toBe(false);
    for (const who of ["staff", "client"]) {
      const token = (await t.signIn(`${who}@example.com`)).idToken;
      const res = await t.call("POST", "/admin/login", { email: `${who}@example.com` }, { token });
      expect(res.status).toBe(200);
      expect(res.body).toBe(false);
    }
  });

  it("validates the body and needs a signed-in caller", async () => {
    const admin = (await t.signIn("admin@example.com")).idToken;
    expect((await t.call("POST", "/admin/login", { email: "nope" }, { token: admin })).body.code).toBe(
      "invalid-email",
    );
    expect((await t.call("POST", "/admin/login", { email: "admin@example.com" })).status).toBe(401);
  });
});
