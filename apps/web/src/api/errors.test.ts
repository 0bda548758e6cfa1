import { describe, expect, it } from "vitest";
import { ApiError } from "./client";
import { errorCode, errorMessage, resetErrorCode, signInErrorCode } from "./errors";

const err = (status: number, code: string, detail = "") => new ApiError(status, code, detail);

describe("signInErrorCode", () => {
  it("keeps the identity codes of spec §8", () => {
    expect(signInErrorCode(err(404, "user-not-found"))).toBe("user-not-found");
    expect(signInErrorCode(err(401, "wrong-password"))).toBe("wrong-password");
    expect(signInErrorCode(err(429, "too-many-requests"))).toBe("too-many-requests");
    expect(signInErrorCode(err(403, "email-not-verified"))).toBe("email-not-verified");
  });
  it("turns anything else into unknown-error", () => {
    expect(signInErrorCode(err(400, "invalid-input"))).toBe("unknown-error");
    expect(signInErrorCode(err(0, "unknown-error"))).toBe("unknown-error");
    expect(signInErrorCode(new Error("boom"))).toBe("unknown-error");
  });
});

describe("resetErrorCode", () => {
  it("shows reset-failed for a missing account, keeps throttling, else unknown-error", () => {
    expect(resetErrorCode(err(404, "user-not-found"))).toBe("reset-failed");
    expect(resetErrorCode(err(400, "invalid-email"))).toBe("reset-failed");
    expect(resetErrorCode(err(429, "too-many-requests"))).toBe("too-many-requests");
    expect(resetErrorCode(err(500, "unknown-error"))).toBe("unknown-error");
    expect(resetErrorCode(err(0, "unknown-error"))).toBe("unknown-error");
  });
});

describe("errorMessage", () => {
  it("shows the catalogue text of a known code in the current language", () => {
    expect(errorMessage(err(409, "email-already-in-use", "x"), "en")).toBe(
      "An account with this email address already exists.",
    );
    expect(errorMessage(err(400, "wrong-password"), "jp")).toBe(
      "パスワードが間違っています。もう一度お試しください。",
    );
  });
  it("falls back to the server detail, then to unknown-error", () => {
    expect(errorMessage(err(400, "some-new-code", "Server says no"), "en")).toBe("Server says no");
    expect(errorCode(err(400, "some-new-code"))).toBe("unknown-error");
    expect(errorMessage(new TypeError("x"), "en")).toBe(
      "There was an error with your request. Please try again later or contact support for assistance.",
    );
    expect(errorMessage(err(500, "boom"), "jp")).toBe(
      "リクエスト中にエラーが発生しました。しばらくしてからもう一度お試しいただくか、サポートにお問い合わせください。",
    );
  });
});
