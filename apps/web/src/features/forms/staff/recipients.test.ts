import type { MemberUser } from "@mimamori/shared";
import { describe, expect, it } from "vitest";
import { eligibleRecipients, PICKER_TAGS_MAX, pickerTags, searchMembers, toggleAll } from "./recipients";

function member(uid: string, overrides: Partial<MemberUser> = {}): MemberUser {
  return {
    id: uid,
    uid,
    name: `Member ${uid}`,
    email: `${uid}@example.com`,
    language: "jp",
    is_active: true,
    is_pending: false,
    is_invited: false,
    email_is_active: true,
    created_at: "2026-01-01T00:00:00.000Z",
    ...overrides,
  };
}

describe("pickerTags (LIMITS-09)", () => {
  it("shows at most 20 tags", () => {
    expect(PICKER_TAGS_MAX).toBe(20);
  });
  it("shows every chosen member up to 20 with no overflow", () => {
    const twenty = Array.from({ length: 20 }, (_, i) => i);
    expect(pickerTags(twenty)).toEqual({ shown: twenty, more: 0 });
    expect(pickerTags([])).toEqual({ shown: [], more: 0 });
  });
  it("shows the first 20 and counts the rest as +N", () => {
    const chosen = Array.from({ length: 27 }, (_, i) => i);
    const { shown, more } = pickerTags(chosen);
    expect(shown).toEqual(chosen.slice(0, 20));
    expect(more).toBe(7);
  });
  it("takes another maximum", () => {
    expect(pickerTags(["a", "b", "c"], 2)).toEqual({ shown: ["a", "b"], more: 1 });
  });
});

describe("eligibleRecipients", () => {
  it("keeps only accepted, active members", () => {
    const list = [
      member("a"),
      member("pending", { is_pending: true }),
      member("invited", { is_invited: true }),
      member("disabled", { is_active: false }),
      member("b"),
    ];
    expect(eligibleRecipients(list).map((m) => m.uid)).toEqual(["a", "b"]);
  });
});

describe("searchMembers", () => {
  const list = [member("u1", { name: "Sato Hanako" }), member("u2", { name: "Tanaka", email: "tk@corp.jp" })];
  it("matches the name or the e-mail, ignoring case", () => {
    expect(searchMembers(list, "sato").map((m) => m.uid)).toEqual(["u1"]);
    expect(searchMembers(list, "CORP").map((m) => m.uid)).toEqual(["u2"]);
    expect(searchMembers(list, "nobody")).toEqual([]);
  });
  it("matches full-width input and returns everyone for an empty query", () => {
    expect(searchMembers(list, "ＳＡＴＯ").map((m) => m.uid)).toEqual(["u1"]);
    expect(searchMembers(list, "  ").map((m) => m.uid)).toEqual(["u1", "u2"]);
  });
});

describe("toggleAll (select all of the search result)", () => {
  const visible = [member("a"), member("b")];
  it("adds the shown members, keeping the ones already chosen elsewhere", () => {
    expect(toggleAll(["x", "a"], visible)).toEqual(["x", "a", "b"]);
  });
  it("removes the shown members when all of them are chosen", () => {
    expect(toggleAll(["x", "a", "b"], visible)).toEqual(["x"]);
  });
  it("changes nothing when the search shows nobody", () => {
    expect(toggleAll(["x"], [])).toEqual(["x"]);
  });
});
