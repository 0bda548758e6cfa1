import type { MemberUser } from "@mimamori/shared";
import { describe, expect, it } from "vitest";
import { memberStatus } from "./memberStatus";

const member = (over: Partial<MemberUser>): MemberUser => ({
  id: "u1",
  uid: "u1",
  name: "Tanaka Hanako",
  email: "client@example.com",
  language: "jp",
  is_active: true,
  is_pending: false,
  is_invited: false,
  email_is_active: true,
  created_at: "2026-11-24T00:00:00.000Z",
  ...over,
});

describe("the users table's status chip (USERS-03)", () => {
  it("is unverified while email_is_active is false, whether the membership is active or not", () => {
    expect(memberStatus(member({ email_is_active: false }))).toBe("unverified");
    expect(memberStatus(member({ email_is_active: false, is_active: false }))).toBe("unverified");
  });

  it("is otherwise active or inactive", () => {
    expect(memberStatus(member({}))).toBe("active");
    expect(memberStatus(member({ is_active: false }))).toBe("inactive");
  });

  it("shows an open invitation as invited, before the e-mail check", () => {
    expect(memberStatus(member({ is_invited: true, email_is_active: false }))).toBe("invited");
  });
});
