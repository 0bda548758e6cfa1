import { describe, expect, it } from "vitest";
import { SAMPLE_CSV } from "./CsvUpload";
import en from "./i18n/en.json";
import jp from "./i18n/jp.json";

/** The spec's texts, each key with its English and Japanese side by side, as the two i18n files hold them. */
function inBothLanguages(texts: Record<string, [en: string, jp: string]>) {
  const entries = Object.entries(texts);
  return {
    en: Object.fromEntries(entries.map(([key, [english]]) => [key, english])),
    jp: Object.fromEntries(entries.map(([key, [, japanese]]) => [key, japanese])),
  };
}

describe("users screen texts (spec §4, §5, §9)", () => {
  it("labels the row statuses as the spec does (USERS-15), with a Japanese text each", () => {
    expect({ en: en.rowStatus, jp: jp.rowStatus }).toMatchObject(
      inBothLanguages({
        ok: ["Valid", "有効"],
        invalid_email: ["Invalid email", "無効なメールアドレス"],
        invalid_name: ["Invalid name", "無効な名前"],
        duplicate_email: ["Duplicated email", "メールアドレスの重複"],
        already_exists: ["Already registered", "登録済み"],
      }),
    );
  });

  it("offers a sample CSV whose header row is name,email (USERS-19)", () => {
    expect(SAMPLE_CSV.split("\r\n")[0]).toBe("name,email");
  });

  it("labels the users table's status chips in both languages (USERS-03)", () => {
    expect({ en: en.userStatus, jp: jp.userStatus }).toEqual(
      inBothLanguages({
        invited: ["Invited", "招待中"],
        unverified: ["Unverified", "未確認"],
        active: ["Active", "有効"],
        inactive: ["Inactive", "無効"],
      }),
    );
  });
});
