import { describe, expect, it } from "vitest";
import { accountStepSchema, nameAtLimit } from "./signUpRules";

const valid = { name: "Hanako", email: "hanako@example.com", password: "secret", repeat: "secret" };
const firstIssue = (v: unknown) => {
  const r = accountStepSchema.safeParse(v);
  return r.success ? null : { path: r.error.issues[0]?.path.join("."), message: r.error.issues[0]?.message };
};

describe("nameAtLimit", () => {
  it("warns from 150 characters on", () => {
    expect(nameAtLimit("")).toBe(false);
    expect(nameAtLimit("a".repeat(149))).toBe(false);
    expect(nameAtLimit("a".repeat(150))).toBe(true);
    expect(nameAtLimit("あ".repeat(150))).toBe(true);
    expect(nameAtLimit("a".repeat(151))).toBe(true);
  });
});

describe("accountStepSchema", () => {
  it("accepts a valid first step", () => {
    expect(firstIssue(valid)).toBeNull();
    expect(firstIssue({ ...valid, name: "a".repeat(150) })).toBeNull();
  });
  it("needs 6 or more password characters", () => {
    expect(firstIssue({ ...valid, password: "12345", repeat: "12345" })).toEqual({
      path: "password",
      message: "password-too-short",
    });
  });
  it("needs the repeated password to match", () => {
    expect(firstIssue({ ...valid, repeat: "secreT" })).toEqual({
      path: "repeat",
      message: "password-not-matched",
    });
  });
  it("requires every field and limits the name to 150", () => {
    expect(firstIssue({ ...valid, name: "" })).toEqual({ path: "name", message: "required" });
    expect(firstIssue({ ...valid, repeat: "" })?.message).toBe("required");
    expect(firstIssue({ ...valid, email: "nope" })).toEqual({ path: "email", message: "invalid-email" });
    expect(firstIssue({ ...valid, name: "a".repeat(151) })).toEqual({
      path: "name",
      message: "name-too-long",
    });
  });
});
