import { describe, expect, it } from "vitest";
import { parseCookies, pickSpecCookies, SPEC_COOKIES, serializeCookie } from "./cookies";

describe("serializeCookie", () => {
  it("writes a SameSite=Strict cookie on path / with an encoded value", () => {
    expect(serializeCookie("workspace_name", "さくら介護センター", { maxAge: 60 })).toBe(
      "workspace_name=%E3%81%95%E3%81%8F%E3%82%89%E4%BB%8B%E8%AD%B7%E3%82%BB%E3%83%B3%E3%82%BF%E3%83%BC; Path=/; SameSite=Strict; Max-Age=60",
    );
  });
  it("deletes with Max-Age=0 and marks Secure when asked", () => {
    expect(serializeCookie("userEmail", "", { maxAge: 0, secure: true })).toBe(
      "userEmail=; Path=/; SameSite=Strict; Max-Age=0; Secure",
    );
  });
  it("writes a session cookie without Max-Age", () => {
    expect(serializeCookie("userType", "staff")).toBe("userType=staff; Path=/; SameSite=Strict");
  });
});

describe("parseCookies", () => {
  it("decodes values and keeps the first of duplicate names", () => {
    const header = `userEmail=a%40b.com; workspace_name=${encodeURIComponent("さくら")}; userEmail=other`;
    expect(parseCookies(header)).toEqual({ userEmail: "a@b.com", workspace_name: "さくら" });
  });
  it("keeps a value that is not valid URI encoding and skips junk", () => {
    expect(parseCookies("a=%E0%A4%A; junk; =x; b=")).toEqual({ a: "%E0%A4%A", b: "" });
  });
  it("round-trips with serializeCookie", () => {
    const value = "x=y; z";
    const header = serializeCookie("workspace", value).split("; ")[0] ?? "";
    expect(parseCookies(header).workspace).toBe(value);
  });
});

describe("SPEC_COOKIES", () => {
  it("are the session cookies of spec §3", () => {
    expect([...SPEC_COOKIES]).toEqual([
      "userEmail",
      "userType",
      "workspace",
      "workspace_name",
      "userLanguage",
    ]);
  });
});

describe("pickSpecCookies", () => {
  it("keeps only the spec's cookies with a value", () => {
    expect(
      pickSpecCookies({
        userEmail: "a@b.com",
        userType: "",
        mm_refresh: "secret",
        userLanguage: "jp",
        other: "1",
      }),
    ).toEqual({ userEmail: "a@b.com", userLanguage: "jp" });
  });
});
