import { FORM_LIMITS } from "@mimamori/shared";
import { describe, expect, it } from "vitest";
import { answeredPercent, copyNameWithin } from "./progress";

describe("answeredPercent (the card's answer progress)", () => {
  it("is 0 before the first send", () => {
    expect(answeredPercent(0, 0)).toBe(0);
  });
  it("rounds the answered share of the sent requests", () => {
    expect(answeredPercent(1, 3)).toBe(33);
    expect(answeredPercent(2, 3)).toBe(67);
    expect(answeredPercent(5, 5)).toBe(100);
  });
});

describe("copyNameWithin", () => {
  it("keeps a short name and cuts a long one to 150 characters", () => {
    expect(copyNameWithin("Copy of Daily")).toBe("Copy of Daily");
    expect(copyNameWithin("x".repeat(200))).toHaveLength(FORM_LIMITS.nameMax);
  });
  it("never cuts a character in half", () => {
    const name = copyNameWithin(`${"x".repeat(149)}😀😀`);
    expect([...name]).toHaveLength(150);
    expect(name.endsWith("😀")).toBe(true);
  });
});
