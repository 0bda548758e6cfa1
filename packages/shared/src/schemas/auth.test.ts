import { describe, expect, it } from "vitest";
import { registerBodySchema } from "./auth";
import { userInfoBodySchema } from "./user";

const valid = { name: "Hanako", email: " Hanako@Example.com ", password: "secret", lng: "jp" };

function firstMessage(input: unknown) {
  const r = registerBodySchema.safeParse(input);
  return r.success ? null : r.error.issues[0]?.message;
}

describe("registerBodySchema", () => {
  it("normalises the email", () => {
    expect(registerBodySchema.parse(valid).email).toBe("hanako@example.com");
  });
  it("accepts a name of exactly 150 characters and rejects 151", () => {
    expect(firstMessage({ ...valid, name: "a".repeat(150) })).toBeNull();
    expect(firstMessage({ ...valid, name: "a".repeat(151) })).toBe("name-too-long");
  });
  it("needs 6 or more password characters", () => {
    expect(firstMessage({ ...valid, password: "12345" })).toBe("password-too-short");
    expect(firstMessage({ ...valid, password: "123456" })).toBeNull();
  });
  it("rejects a bad email and an unknown language", () => {
    expect(firstMessage({ ...valid, email: "nope" })).toBe("invalid-email");
    expect(firstMessage({ ...valid, lng: "fr" })).toBe("invalid-language");
  });
  it("requires every field", () => {
    expect(firstMessage({ ...valid, name: "  " })).toBe("required");
    expect(firstMessage({ ...valid, email: undefined })).toBe("required");
  });
});

describe("userInfoBodySchema", () => {
  const info = {
    display_name: "H",
    first_name: "Hanako",
    last_name: "Yamada",
    first_name_kana: "",
    last_name_kana: "",
    phone_number1: "0312345678",
    phone_number2: "",
    address: "",
  };
  it("accepts digits-only phones and empty optional fields", () => {
    expect(userInfoBodySchema.safeParse(info).success).toBe(true);
  });
  it("requires display name, first name and last name (AUTH-33)", () => {
    for (const field of ["display_name", "first_name", "last_name"]) {
      const r = userInfoBodySchema.safeParse({ ...info, [field]: "" });
      expect(r.success ? null : r.error.issues[0]?.message, field).toBe("required");
    }
  });
  it("rejects a phone with other characters", () => {
    const r = userInfoBodySchema.safeParse({ ...info, phone_number2: "03-1234" });
    expect(r.success ? null : r.error.issues[0]?.message).toBe("digits-only");
  });
});
