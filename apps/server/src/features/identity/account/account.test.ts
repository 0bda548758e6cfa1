import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/app";

let t: TestApp;
let client: string;
beforeAll(async () => {
  t = await startTestApp({ seed: true });
  client = (await t.signIn("client@example.com")).idToken;
});
afterAll(() => t.close());

const info = {
  display_name: "はなこ",
  first_name: "花子",
  last_name: "田中",
  first_name_kana: "ハナコ",
  last_name_kana: "タナカ",
  phone_number1: "0312345678",
  phone_number2: "09087654321",
  address: "東京都千代田区1-1",
};

describe("GET|PUT /user/info", () => {
  it("reads the caller's own info", async () => {
    const res = await t.call("GET", "/user/info", undefined, { token: client });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: "client@example.com", name: "Tanaka Hanako", language: "jp" });
  });

  it("saves every field as entered, each phone number in its own field", async () => {
    const res = await t.call("PUT", "/user/info", info, { token: client });
    expect(res.status).toBe(200);
    const again = await t.call("GET", "/user/info", undefined, { token: client });
    expect(again.body).toMatchObject(info);
    expect(again.body.phone_number2).toBe("09087654321");
  });

  it.each([
    [{ display_name: "" }, "required", "display_name"],
    [{ first_name: " " }, "required", "first_name"],
    [{ last_name: "" }, "required", "last_name"],
    [{ phone_number1: "03-1234" }, "digits-only", "phone_number1"],
    [{ phone_number2: "+81" }, "digits-only", "phone_number2"],
    [{ phone_number1: "1".repeat(21) }, "too-long", "phone_number1"],
    [{ address: "a".repeat(301) }, "too-long", "address"],
    [{ first_name: "a".repeat(151) }, "name-too-long", "first_name"],
  ])("rejects %j (%s) and keeps the stored info", async (patch, code, field) => {
    const res = await t.call("PUT", "/user/info", { ...info, ...patch }, { token: client, lang: "ja" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code, field });
    const stored = await t.call("GET", "/user/info", undefined, { token: client });
    expect(stored.body).toMatchObject(info);
  });

  it("needs a signed-in caller", async () => {
    expect((await t.call("GET", "/user/info")).status).toBe(401);
    expect((await t.call("PUT", "/user/info", info)).status).toBe(401);
  });

  it("keeps each person's info apart", async () => {
    const other = (await t.signIn("client2@example.com")).idToken;
    const res = await t.call("GET", "/user/info", undefined, { token: other });
    expect(res.body.email).toBe("client2@example.com");
    expect(res.body.address).not.toBe(info.address);
  });
});

describe("language", () => {
  it("GET /self/language/{email} answers the caller's own language only", async () => {
    const own = await t.call("GET", "/self/language/client@example.com", undefined, { token: client });
    expect(own.body).toEqual({ language: "jp" });
    const other = await t.call("GET", "/self/language/client2@example.com", undefined, { token: client });
    expect(other.status).toBe(403);
    expect((await t.call("GET", "/self/language/client@example.com")).status).toBe(401);
  });

  it("GET /self/language answers the caller's own language without an e-mail address in the path", async () => {
    expect((await t.call("GET", "/self/language", undefined, { token: client })).body).toEqual({
      language: "jp",
    });
    const other = (await t.signIn("client2@example.com")).idToken;
    expect((await t.call("GET", "/self/language", undefined, { token: other })).body).toEqual({
      language: "en",
    });
    expect((await t.call("GET", "/self/language")).status).toBe(401);
  });

  it("PUT /user/language persists the switch", async () => {
    expect((await t.call("PUT", "/user/language", { language: "en" }, { token: client })).status).toBe(200);
    expect(
      (await t.call("GET", "/self/language/client@example.com", undefined, { token: client })).body,
    ).toEqual({
      language: "en",
    });
    const bad = await t.call("PUT", "/user/language", { language: "de" }, { token: client });
    expect(bad.body.code).toBe("invalid-language");
  });
});
