import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "../db/client";
import { entities, users, vitalSamples } from "../db/schema";
import { startTestApp, type TestApp } from "../test/app";
import { findForbiddenCharacter } from "./input-guard";

let t: TestApp;
let admin: string;
let staff: string;
let client: string;
beforeAll(async () => {
  t = await startTestApp({ seed: true });
  admin = (await t.signIn("admin@example.com")).idToken;
  staff = (await t.signIn("staff@example.com")).idToken;
  client = (await t.signIn("client@example.com")).idToken;
});
afterAll(() => t.close());

const NUL = "\u0000";
const userCount = async () => (await t.db.select({ n: count() }).from(users))[0]?.n ?? 0;

function expectRefused(res: { status: number; body: { code?: string; field?: string } }, field: string) {
  expect(res.status).toBe(400);
  expect(res.body.code).toBe("invalid-characters");
  expect(res.body.field).toBe(field);
}

describe("NUL characters", () => {
  it("are refused in a sign-up name, in the caller's language, and nothing is stored", async () => {
    const n = await userCount();
    const res = await t.call(
      "POST",
      "/user/register",
      { name: `Ha${NUL}nako`, email: "nul@example.com", password: "secret1", lng: "jp" },
      { lang: "ja" },
    );
    expectRefused(res, "name");
    expect(res.body).toMatchObject({ detail: "入力に使用できない文字が含まれています。" });
    expect(await userCount()).toBe(n);
    expect(t.smtp.mails.some((m) => m.to.includes("nul@example.com"))).toBe(false);
  });

  it("are refused in a profile update, which changes nothing", async () => {
    const before = (await t.call("GET", "/user/info", undefined, { token: client })).body;
    const res = await t.call(
      "PUT",
      "/user/info",
      { ...before, display_name: "ok", address: `Tokyo${NUL}` },
      { token: client },
    );
    expectRefused(res, "address");
    expect((await t.call("GET", "/user/info", undefined, { token: client })).body).toEqual(before);
  });

  it("are refused when an entity is created", async () => {
    const res = await t.call(
      "POST",
      "/entities",
      { workspace_name: "nulcorp", name: "Nul", description: `a${NUL}b`, is_public: true, language: "en" },
      { token: admin },
    );
    expectRefused(res, "description");
    expect(await t.db.select().from(entities).where(eq(entities.workspaceName, "nulcorp"))).toEqual([]);
  });

  it("are refused in the rows staff validate, with the row's path", async () => {
    const res = await t.call(
      "POST",
      "/staff/sakura/users/validate",
      [
        { name: "Fine", email: "fine@example.com" },
        { name: "Bad", email: `bad${NUL}@example.com` },
      ],
      { token: staff },
    );
    expectRefused(res, "1.email");
  });

  it("are refused in query and path parameters and in object keys", async () => {
    expectRefused(
      await t.call("GET", "/user/reports/resq_band?timezone=Asia%2FTokyo%00", undefined, { token: client }),
      "timezone",
    );
    expectRefused(
      await t.call("GET", "/self/language/client%00@example.com", undefined, { token: client }),
      "email",
    );
    expectRefused(
      await t.call("POST", "/auth/sign-in", { email: "client@example.com", [`pass${NUL}`]: "x" }),
      "pass",
    );
  });

  it("are refused in an upload's sample, and nothing of the upload is stored", async () => {
    const time = Date.parse("2024-06-01T00:00:00Z") / 1000;
    const res = await t.call(
      "POST",
      "/user/vitals",
      {
        samples: [
          { code: "00005091", time, value: 60 },
          { code: `0000${NUL}5091`, time: time + 60, value: 61 },
        ],
      },
      { token: client },
    );
    expectRefused(res, "samples.1.code");
    const [stored] = await rows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from ${vitalSamples} where ${vitalSamples.at} >= to_timestamp(${time})`,
    );
    expect(stored?.n).toBe(0);
  });

  it("are not seen in a text that only looks like JSON's escape of one (a backslash, then u0000)", async () => {
    const description = "C:\\u0000";
    const res = await t.call(
      "POST",
      "/entities",
      { workspace_name: "slashcorp", name: "Slash", description, is_public: true, language: "en" },
      { token: admin },
    );
    expect(res.status).toBe(201);
    const [made] = await t.db.select().from(entities).where(eq(entities.workspaceName, "slashcorp"));
    expect(made?.description).toBe(description);
  });

  it("still let an unauthenticated call answer 401 first", async () => {
    const res = await t.call("PUT", "/user/info", { display_name: NUL });
    expect(res.status).toBe(401);
  });
});

describe("findForbiddenCharacter", () => {
  it("finds the first NUL anywhere and passes everything else", () => {
    expect(findForbiddenCharacter({ a: [1, { b: `x${NUL}` }] })).toEqual(["a", "1", "b"]);
    expect(findForbiddenCharacter({ a: "名前", b: [true, null, 3.5, "\u0001"] })).toBeNull();
    expect(findForbiddenCharacter(`${NUL}`)).toEqual([]);
    expect(findForbiddenCharacter(undefined)).toBeNull();
  });

  it("refuses input nested deeper than any API shape instead of walking it", () => {
    let deep: unknown = "x";
    for (let i = 0; i < 100; i++) deep = [deep];
    expect(() => findForbiddenCharacter(deep)).toThrow("invalid-input");
  });
});
