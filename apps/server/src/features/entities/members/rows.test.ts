import { describe, expect, it } from "vitest";
import { validateRows } from "./rows";

const row = (name: string, email: string) => ({ name, email, language: "jp" as const });

describe("validateRows", () => {
  it("gives each row its status", () => {
    const out = validateRows(
      [
        row("Hanako", "Hanako@Example.com "),
        row("", "empty-name@example.com"),
        row("x".repeat(151), "long@example.com"),
        row("Bad", "not-an-email"),
        row("全角", "ｚｅｎ@example.com"),
        row("Again", "hanako@example.com"),
        row("Member", "member@example.com"),
      ],
      new Set(["member@example.com"]),
    );
    expect(out.map((r) => r.status)).toEqual([
      "ok",
      "invalid_name",
      "invalid_name",
      "invalid_email",
      "invalid_email",
      "duplicate_email",
      "already_exists",
    ]);
    expect(out[0]).toEqual({ name: "Hanako", email: "hanako@example.com", language: "jp", status: "ok" });
  });

  it("accepts a name of exactly 150 characters", () => {
    expect(validateRows([row("a".repeat(150), "a@example.com")], new Set())[0]?.status).toBe("ok");
  });
});
