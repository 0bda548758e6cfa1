import { describe, expect, it } from "vitest";
import { LANGUAGES } from "./constants";
import { languageFromTag } from "./language";
import { MESSAGES, message } from "./messages";

describe("message catalogue", () => {
  it("has a non-empty text in every language for every code", () => {
    for (const [code, texts] of Object.entries(MESSAGES)) {
      for (const lang of LANGUAGES) expect(texts[lang], `${code}.${lang}`).toMatch(/\S/);
    }
  });
  it("falls back to the unknown-error message for an unknown code", () => {
    expect(message("nope", "en")).toBe(MESSAGES["unknown-error"].en);
    expect(message("wrong-password", "jp")).toBe(MESSAGES["wrong-password"].jp);
  });
});

describe("texts quoted by the spec (§5, §8), in both languages", () => {
  it.each([
    [
      "user-not-found",
      "No account found with that email address. Please check the email and try again.",
      "このメールアドレスのアカウントが見つかりません。メールアドレスを確認して、もう一度お試しください。",
    ],
    [
      "wrong-password",
      "Wrong password. Please try again.",
      "パスワードが間違っています。もう一度お試しください。",
    ],
    [
      "too-many-requests",
      "Too many requests. Please try again later.",
      "リクエストが多すぎます。しばらくしてからもう一度お試しください。",
    ],
    [
      "email-not-verified",
      "Your email has not been verified! Please check your email.",
      "メールアドレスが確認されていません。メールをご確認ください。",
    ],
    [
      "unknown-error",
      "There was an error with your request. Please try again later or contact support for assistance.",
      "リクエスト中にエラーが発生しました。しばらくしてからもう一度お試しいただくか、サポートにお問い合わせください。",
    ],
    ["not-super-user", "Please sign in as a super user.", "スーパーユーザーとしてサインインしてください。"],
    [
      "account-created",
      "Account successfully created! Please check your email to confirm",
      "アカウントが作成されました。確認のためメールをご確認ください",
    ],
    [
      "reset-sent",
      "Password reset link has been sent. Please check your email.",
      "パスワード再設定のリンクを送信しました。メールをご確認ください。",
    ],
    [
      "reset-failed",
      "Failed to reset password. Please confirm your email address.",
      "パスワードの再設定に失敗しました。メールアドレスをご確認ください。",
    ],
    // AUTH-21 (docs/decisions.md): the spec's typo "characrers" is corrected
    ["password-too-short", "Need 6 or more characters", "6文字以上入力してください"],
    ["password-not-matched", "Password is not matched", "パスワードが一致しません"],
    ["password-does-not-match", "Password does not match", "パスワードが一致しません"],
    ["password-changed", "Password successfully changed", "パスワードが変更されました"],
    ["request-successful", "Request Successful", "リクエストが完了しました"],
    ["user-missing", "User not found", "ユーザーが見つかりません"],
    ["saved", "Saved.", "保存しました。"],
    ["failed-saving", "Failed saving.", "保存に失敗しました。"],
    ["failed", "Failed.", "失敗しました。"],
    ["invalid_csv", "The CSV file format is incorrect", "CSVファイルの形式が正しくありません"],
    ["no_user_alert", "No user to register", "登録するユーザーがいません"],
    // USERS-16
    ["email_unique_alert", "Email must be unique", "メールアドレスは重複できません"],
    ["users-registered", "users successfully registered", "ユーザーを登録しました"],
    // FORM-43
    ["required-not-answered", "Please answer all required questions", "すべての必須質問に回答してください"],
    ["required-field-not-filled", "required field not filled", "必須項目が未入力です"],
  ])("%s", (code, en, jp) => {
    expect(message(code, "en")).toBe(en);
    expect(message(code, "jp")).toBe(jp);
  });
});

describe("languageFromTag", () => {
  it.each([
    ["ja", "jp"],
    ["ja-JP,en;q=0.8", "jp"],
    ["en-US", "en"],
    ["fr", "en"],
    ["", "en"],
    [undefined, "en"],
  ])("%s → %s", (tag, expected) => {
    expect(languageFromTag(tag)).toBe(expected);
  });
});
