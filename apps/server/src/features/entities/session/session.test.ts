import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entities, memberships, users } from "../../../db/schema";
import { hashPassword } from "../../../lib/crypto";
import { startTestApp, type TestApp } from "../../../test/app";

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await startTestApp({ seed: true });
  // A third entity whose only staff member is someone else.
  const [other] = await t.db
    .insert(users)
    .values({
      email: "other-staff@example.com",
      name: "Other",
      passwordHash: await hashPassword("mimamori-demo"),
      emailVerifiedAt: new Date(),
    })
    .returning();
  await t.db
    .insert(entities)
    .values({ workspaceName: "kaede", name: "かえで", description: "x", timeZone: "Europe/London" });
  await t.db
    .insert(memberships)
    .values({ workspaceName: "kaede", userId: other?.id as string, role: "staff", status: "accepted" });
  for (const who of ["staff", "client", "admin", "other-staff"])
    tokens[who] = (await t.signIn(`${who}@example.com`)).idToken;
});
afterAll(() => t.close());

describe("GET /staff/entities", () => {
  it("lists the entities where the caller is staff with their time zones, and nothing for others", async () => {
    const staff = await t.call("GET", "/staff/entities", undefined, { token: tokens.staff });
    expect(staff.body).toEqual([
      { name: "Harbor Logistics", workspace_name: "harbor", time_zone: "Asia/Tokyo", raw_retention_days: 90 },
      {
        name: "さくら介護センター",
        workspace_name: "sakura",
        time_zone: "Asia/Tokyo",
        raw_retention_days: 90,
      },
    ]);
    expect((await t.call("GET", "/staff/entities", undefined, { token: tokens.client })).body).toEqual([]);
    expect(
      (await t.call("GET", "/staff/entities", undefined, { token: tokens["other-staff"] })).body,
    ).toEqual([
      { name: "かえで", workspace_name: "kaede", time_zone: "Europe/London", raw_retention_days: 90 },
    ]);
    expect((await t.call("GET", "/staff/entities")).status).toBe(401);
  });
});

describe("POST /staff/{workspace}/login", () => {
  it("answers the staff member's language", async () => {
    const res = await t.call("POST", "/staff/sakura/login", undefined, { token: tokens.staff });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ language: "jp" });
  });

  it.each([
    ["client", "sakura", 403],
    ["admin", "sakura", 403],
    ["other-staff", "sakura", 403],
    ["staff", "kaede", 403],
    ["staff", "no-such-entity", 403],
  ])("refuses %s on %s", async (who, ws, status) => {
    const res = await t.call("POST", `/staff/${ws}/login`, undefined, { token: tokens[who] });
    expect(res.status).toBe(status);
    expect(res.body.code).toBe("forbidden");
  });

  it("needs a signed-in caller", async () => {
    expect((await t.call("POST", "/staff/sakura/login")).status).toBe(401);
  });

  it("refuses a pending (not accepted) membership", async () => {
    const [u] = await t.db
      .insert(users)
      .values({
        email: "pending-staff@example.com",
        name: "P",
        passwordHash: await hashPassword("mimamori-demo"),
        emailVerifiedAt: new Date(),
      })
      .returning();
    await t.db
      .insert(memberships)
      .values({ workspaceName: "sakura", userId: u?.id as string, role: "staff", status: "pending" });
    const token = (await t.signIn("pending-staff@example.com")).idToken;
    expect((await t.call("POST", "/staff/sakura/login", undefined, { token })).status).toBe(403);
  });
});
