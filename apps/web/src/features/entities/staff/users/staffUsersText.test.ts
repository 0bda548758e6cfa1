import { describe, expect, it } from "vitest";
import { SAMPLE_CSV } from "./CsvUpload";
import en from "./i18n/en.json";
import jp from "./i18n/jp.json";

describe("users screen texts (spec §4, §5, §9)", () => {
  it("labels the row statuses as the spec does (USERS-15), with a Japanese text each", () => {
    expect(en.rowStatus).toMatchObject({
      ok: "Valid",
      invalid_email: "Invalid email",
      invalid_name: "Invalid name",
      duplicate_email: "Duplicated email",
      already_exists: "Already registered",
    });
    expect(jp.rowStatus).toMatchObject({
      ok: "有効",
      invalid_email: "無効なメールアドレス",
      invalid_name: "無効な名前",
      duplicate_email: "メールアドレスの重複",
      already_exists: "登録済み",
    });
  });

  it("offers a sample CSV whose header row is name,email (USERS-19)", () => {
    expect(SAMPLE_CSV.split("\r\n")[0]).toBe("name,email");
  });

  it("labels the users table's status chips in both languages (USERS-03)", () => {
    expect(en.userStatus).toEqual({
      invited: "Invited",
      unverified: "Unverified",
      active: "Active",
      inactive: "Inactive",
    });
    expect(jp.userStatus).toEqual({
      invited: "招待中",
      unverified: "未確認",
      active: "有効",
      inactive: "無効",
    });
  });
});
