import type { Language } from "./constants";

/**
 * Error and status messages shared by server (the `detail` of an error) and web (snackbars, alerts).
 * Keys are the stable `code` values of the API's error body.
 */
export const MESSAGES = {
  "user-not-found": {
    en: "No account found with that email address. Please check the email and try again.",
    jp: "このメールアドレスのアカウントが見つかりません。メールアドレスを確認して、もう一度お試しください。",
  },
  "wrong-password": {
    en: "Wrong password. Please try again.",
    jp: "パスワードが間違っています。もう一度お試しください。",
  },
  "too-many-requests": {
    en: "Too many requests. Please try again later.",
    jp: "リクエストが多すぎます。しばらくしてからもう一度お試しください。",
  },
  "email-not-verified": {
    en: "Your email has not been verified! Please check your email.",
    jp: "メールアドレスが確認されていません。メールをご確認ください。",
  },
  "unknown-error": {
    en: "There was an error with your request. Please try again later or contact support for assistance.",
    jp: "リクエスト中にエラーが発生しました。しばらくしてからもう一度お試しいただくか、サポートにお問い合わせください。",
  },
  "not-super-user": {
    en: "Please sign in as a super user.",
    jp: "スーパーユーザーとしてサインインしてください。",
  },
  "email-already-in-use": {
    en: "An account with this email address already exists.",
    jp: "このメールアドレスのアカウントは既に存在します。",
  },
  "invalid-token": {
    en: "This link is invalid or has expired. Please request a new one.",
    jp: "このリンクは無効か、有効期限が切れています。もう一度お申し込みください。",
  },
  unauthenticated: {
    en: "Your session has expired. Please sign in again.",
    jp: "セッションの有効期限が切れました。もう一度サインインしてください。",
  },
  forbidden: {
    en: "You do not have permission to do this.",
    jp: "この操作を行う権限がありません。",
  },
  "not-found": { en: "Not found.", jp: "見つかりません。" },
  "entity-not-found": { en: "Entity not found.", jp: "エンティティが見つかりません。" },
  "user-missing": { en: "User not found", jp: "ユーザーが見つかりません" },
  "invalid-input": { en: "The input is not valid.", jp: "入力内容が正しくありません。" },
  "payload-too-large": { en: "The request is too large.", jp: "リクエストが大きすぎます。" },
  required: { en: "This field is required.", jp: "この項目は必須です。" },
  "invalid-email": {
    en: "Please enter a valid email address.",
    jp: "有効なメールアドレスを入力してください。",
  },
  "password-too-short": { en: "Need 6 or more characters", jp: "6文字以上入力してください" },
  "password-too-long": { en: "Use 128 characters or fewer", jp: "128文字以内で入力してください" },
  "password-not-matched": { en: "Password is not matched", jp: "パスワードが一致しません" },
  "password-does-not-match": { en: "Password does not match", jp: "パスワードが一致しません" },
  "name-too-long": {
    en: "Name must be 150 characters or fewer",
    jp: "名前は150文字以内で入力してください",
  },
  "name-at-limit": {
    en: "The name has reached the 150-character limit",
    jp: "名前が150文字の上限に達しています",
  },
  "digits-only": { en: "Use digits only", jp: "数字のみで入力してください" },
  "too-long": { en: "This is too long.", jp: "文字数が多すぎます。" },
  "invalid-language": { en: "Language must be jp or en.", jp: "言語は jp または en を指定してください。" },
  "terms-required": {
    en: "Please agree to the terms of use and the privacy policy.",
    jp: "利用規約とプライバシーポリシーに同意してください。",
  },
  "same-password": {
    en: "The new password must differ from the old one.",
    jp: "新しいパスワードは現在のパスワードと異なるものにしてください。",
  },
  "account-created": {
    en: "Account successfully created! Please check your email to confirm",
    jp: "アカウントが作成されました。確認のためメールをご確認ください",
  },
  "reset-sent": {
    en: "Password reset link has been sent. Please check your email.",
    jp: "パスワード再設定のリンクを送信しました。メールをご確認ください。",
  },
  "reset-failed": {
    en: "Failed to reset password. Please confirm your email address.",
    jp: "パスワードの再設定に失敗しました。メールアドレスをご確認ください。",
  },
  "password-changed": { en: "Password successfully changed", jp: "パスワードが変更されました" },
  "request-successful": { en: "Request Successful", jp: "リクエストが完了しました" },
  saved: { en: "Saved.", jp: "保存しました。" },
  "failed-saving": { en: "Failed saving.", jp: "保存に失敗しました。" },
  failed: { en: "Failed.", jp: "失敗しました。" },
  "email-verified": {
    en: "Your email address has been verified. You can now sign in.",
    jp: "メールアドレスが確認されました。サインインできます。",
  },
  "verification-sent": {
    en: "A verification email has been sent. Please check your email.",
    jp: "確認メールを送信しました。メールをご確認ください。",
  },
  "password-reset-done": {
    en: "Your password has been reset. Please sign in with the new password.",
    jp: "パスワードを再設定しました。新しいパスワードでサインインしてください。",
  },
  "entity-required": { en: "Please select an entity.", jp: "エンティティを選択してください。" },
} as const satisfies Record<string, Record<Language, string>>;

export type MessageCode = keyof typeof MESSAGES;

export function isMessageCode(code: string): code is MessageCode {
  return Object.hasOwn(MESSAGES, code);
}

export function message(code: string, language: Language): string {
  return isMessageCode(code) ? MESSAGES[code][language] : MESSAGES["unknown-error"][language];
}
