import type { Language } from "./constants";
import { DATA_LIMITS, EVENT_LIMITS, FORM_LIMITS } from "./limits";
import {
  EXPORTS_PER_USER,
  WINDOW_LIMIT_DAYS,
  WINDOW_MIN_TIME_S,
  type WindowLimitDays,
} from "./report-windows";
import { RAW_RETENTION_MAX_DAYS, RAW_RETENTION_MIN_DAYS } from "./schemas/retention";
import { WEBHOOK_LIMITS } from "./schemas/webhooks";

const MIN_YEAR = new Date(WINDOW_MIN_TIME_S * 1000).getUTCFullYear();

/** A window limit as people read it: "31 days", "5 years (1,827 days)"; 「31日」「5年（1,827日）」. */
export function windowLimitText(days: number, lang: Language): string {
  const n = days.toLocaleString("en");
  if (days < 730) return lang === "en" ? `${n} days` : `${n}日`;
  const years = Math.round(days / 365.25);
  return lang === "en" ? `${years} years (${n} days)` : `${years}年（${n}日）`;
}

/** "The period is too long", naming each window limit of report-windows.ts. */
function windowTooLongMessages() {
  return Object.fromEntries(
    WINDOW_LIMIT_DAYS.map((d) => [
      `window-too-long-${d}`,
      {
        en: `The period is too long: at most ${windowLimitText(d, "en")}.`,
        jp: `期間が長すぎます。${windowLimitText(d, "jp")}以内で指定してください。`,
      },
    ]),
  ) as Record<`window-too-long-${WindowLimitDays}`, Record<Language, string>>;
}

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
  "terms-acceptance-required": {
    en: "The terms of use or the privacy policy have changed. Please read and accept them to continue.",
    jp: "利用規約またはプライバシーポリシーが改定されました。続けるには内容をご確認のうえ同意してください。",
  },
  "terms-version-mismatch": {
    en: "These are not the current versions of the terms of use and the privacy policy. Please reload the page.",
    jp: "利用規約とプライバシーポリシーの現行版ではありません。ページを再読み込みしてください。",
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
  "invalid-characters": {
    en: "The input contains a character that is not allowed.",
    jp: "入力に使用できない文字が含まれています。",
  },
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
  "entity-id-length": {
    en: "The entity ID must be 3 to 20 characters long.",
    jp: "エンティティIDは3〜20文字で入力してください。",
  },
  "entity-id-chars": {
    en: "The entity ID may contain single-byte letters and digits only.",
    jp: "エンティティIDには半角英数字のみ使用できます。",
  },
  "entity-id-reserved": {
    en: "This entity ID is reserved. Please choose another.",
    jp: "このエンティティIDは使用できません。別のIDを指定してください。",
  },
  "entity-exists": {
    en: "An entity with this ID already exists.",
    jp: "このIDのエンティティは既に存在します。",
  },
  "already-member": {
    en: "You have already joined or applied to this entity.",
    jp: "このエンティティには既に参加済みか、申請中です。",
  },
  "not-pending": { en: "There is no pending application to cancel.", jp: "取り消す申請がありません。" },
  "not-member": {
    en: "You are not a member of this entity.",
    jp: "このエンティティのメンバーではありません。",
  },
  "module-not-found": { en: "Module not found.", jp: "モジュールが見つかりません。" },
  "module-not-offered": {
    en: "This entity does not offer this module.",
    jp: "このエンティティではこのモジュールを利用できません。",
  },
  "not-subscribed": {
    en: "Subscribe to the module before choosing a mode.",
    jp: "モードを選ぶ前にモジュールを購読してください。",
  },
  "invalid-mode-option": { en: "This mode option does not exist.", jp: "このモードは存在しません。" },
  "already-staff": {
    en: "This person is already staff of the entity.",
    jp: "この方は既にこのエンティティのスタッフです。",
  },
  "staff-not-found": {
    en: "No staff member with this email address.",
    jp: "このメールアドレスのスタッフはいません。",
  },
  "cannot-remove-self": { en: "You cannot remove yourself.", jp: "自分自身は削除できません。" },
  "last-staff": {
    en: "The last staff member of an entity cannot be removed.",
    jp: "エンティティの最後のスタッフは削除できません。",
  },
  "member-not-found": {
    en: "User not found in this entity.",
    jp: "このエンティティにそのユーザーはいません。",
  },
  "not-pending-user": { en: "This user has no pending request.", jp: "このユーザーの申請はありません。" },
  "already-invited": {
    en: "This person has already been invited and has not answered yet.",
    jp: "この方は既に招待済みで、まだ回答していません。",
  },
  "invitation-not-found": {
    en: "There is no open invitation from this entity.",
    jp: "このエンティティからの未回答の招待はありません。",
  },
  "too-many-invitations": {
    en: "Too many invitations have been sent (by this entity in the last hour, or to this address today). Please try again later.",
    jp: "招待メールの送信が多すぎます（このエンティティから直近1時間、またはこのアドレスへ本日）。しばらくしてからもう一度お試しください。",
  },
  invalid_csv: { en: "The CSV file format is incorrect", jp: "CSVファイルの形式が正しくありません" },
  "csv-only": { en: "Please choose a .csv file.", jp: ".csv ファイルを選択してください。" },
  no_user_alert: { en: "No user to register", jp: "登録するユーザーがいません" },
  // USERS-16: shown with the rows that repeat an e-mail of an earlier row (status duplicate_email)
  email_unique_alert: { en: "Email must be unique", jp: "メールアドレスは重複できません" },
  "users-registered": { en: "users successfully registered", jp: "ユーザーを登録しました" },
  "too-many-rows": {
    en: "Up to 5,000 rows can be added at once.",
    jp: "一度に追加できるのは5,000行までです。",
  },
  "cannot-delete-self": {
    en: "You cannot delete your own account here.",
    jp: "ここでは自分のアカウントを削除できません。",
  },
  "entity-required": { en: "Please select an entity.", jp: "エンティティを選択してください。" },
  "unknown-report": { en: "There is no report with this ID.", jp: "このIDのレポートはありません。" },
  "invalid-timezone": {
    en: "The time zone is not a valid IANA name (e.g. Asia/Tokyo).",
    jp: "タイムゾーンが正しくありません（例: Asia/Tokyo）。",
  },
  "invalid-time": { en: "The time is not valid.", jp: "日時が正しくありません。" },
  "invalid-time-range": {
    en: "The end must be later than the start.",
    jp: "終了日時は開始日時より後にしてください。",
  },
  "invalid-interval": { en: "The interval is not valid.", jp: "期間の指定が正しくありません。" },
  "period-incomplete": {
    en: "Give both the start and the end of the period.",
    jp: "期間の開始と終了を両方指定してください。",
  },
  ...windowTooLongMessages(),
  "time-too-early": {
    en: `Dates before ${MIN_YEAR}/01/01 cannot be requested.`,
    jp: `${MIN_YEAR}/01/01より前の日時は指定できません。`,
  },
  "time-too-far-ahead": {
    en: "Dates more than a year ahead cannot be requested.",
    jp: "1年より先の日時は指定できません。",
  },
  "too-many-streams": {
    en: `You already have ${EVENT_LIMITS.streamsPerUser} pages receiving live updates. Pages beyond that refresh every 30 seconds.`,
    jp: `ライブ更新を受け取っているページが既に${EVENT_LIMITS.streamsPerUser}件あります。それ以上のページは30秒ごとに更新されます。`,
  },
  "rate-limited": {
    en: "Too many of these requests in a short time. Please wait a moment and try again.",
    jp: "短い時間にこの操作が多すぎます。しばらく待ってからもう一度お試しください。",
  },
  "not-ready": {
    en: "The server is not ready to serve requests. Please try again shortly.",
    jp: "サーバーはまだリクエストを処理できる状態ではありません。しばらくしてからもう一度お試しください。",
  },
  "streams-unavailable": {
    en: "Live updates are not available at the moment. The page refreshes every 30 seconds.",
    jp: "現在ライブ更新を利用できません。ページは30秒ごとに更新されます。",
  },
  "export-running": {
    en: "An export of your data is already being prepared. Please wait until it has finished, then try again.",
    jp: "データのエクスポートを準備中です。終わってから、もう一度お試しください。",
  },
  "too-many-exports": {
    en: `You already have ${EXPORTS_PER_USER} downloads running. Please wait until one has finished.`,
    jp: `ダウンロードが既に${EXPORTS_PER_USER}件実行中です。いずれかが終わるまでお待ちください。`,
  },
  "invalid-ranges": {
    en: "Each range needs four numbers in increasing order.",
    jp: "各範囲には昇順の4つの数値が必要です。",
  },
  "batch-too-large": {
    en: "Up to 10,000 samples and 2,000 sleep segments can be uploaded at once.",
    jp: "一度にアップロードできるのは測定値10,000件、睡眠区間2,000件までです。",
  },
  "unknown-code": { en: "Unknown measurement code.", jp: "不明な測定項目コードです。" },
  "use-sleep-segments": {
    en: "Sleep is uploaded as segments (sleep), not as samples.",
    jp: "睡眠は測定値ではなく睡眠区間（sleep）として送信してください。",
  },
  "not-finite": { en: "The value is not a finite number.", jp: "値が有限の数値ではありません。" },
  "out-of-range": {
    en: "The value is outside the plausible range of this measurement.",
    jp: "値がこの測定項目の妥当な範囲外です。",
  },
  "future-time": { en: "The time is in the future.", jp: "日時が未来です。" },
  "too-old": { en: "The time is too far in the past.", jp: "日時が古すぎます。" },
  "before-raw-retention": {
    en: "Raw samples from before the retention period are no longer kept (the aggregates of that period stay): not stored.",
    jp: "保存期間より前の生データは保存されません（その期間の集計値は残ります）。保存されませんでした。",
  },
  "invalid-sample": {
    en: "A sample needs code, time and value.",
    jp: "測定値には code、time、value が必要です。",
  },
  "invalid-stage": {
    en: "The sleep stage must be deep, light, rem or awake.",
    jp: "睡眠段階は deep、light、rem、awake のいずれかです。",
  },
  "invalid-sleep-range": {
    en: "A sleep segment must end after it starts and last at most 24 hours.",
    jp: "睡眠区間は開始より後に終わり、24時間以内である必要があります。",
  },
  "sleep-overlap": {
    en: "The sleep segment overlaps another one.",
    jp: "睡眠区間が他の区間と重なっています。",
  },
  // questionnaires (forms)
  "invalid-question-type": { en: "Choose a question type.", jp: "質問の種類を選んでください。" },
  "invalid-clock-time": {
    en: "Enter a time as HH:mm (24 hours).",
    jp: "時刻を HH:mm（24時間）で入力してください。",
  },
  "question-not-found": { en: "The question was not found.", jp: "質問が見つかりません。" },
  "form-not-found": { en: "The form was not found.", jp: "フォームが見つかりません。" },
  "form-no-questions": {
    en: "A form needs at least one question.",
    jp: "フォームには質問が1つ以上必要です。",
  },
  "options-required": {
    en: "A choice question needs at least one option.",
    jp: "選択式の質問には選択肢が1つ以上必要です。",
  },
  "duplicate-option": { en: "Two options have the same order.", jp: "同じ番号の選択肢があります。" },
  "duplicate-question": { en: "Two questions have the same order.", jp: "同じ番号の質問があります。" },
  "too-many-questions": {
    en: "A form can have at most 100 questions.",
    jp: "1つのフォームの質問は100件までです。",
  },
  "too-many-options": {
    en: "A question can have at most 30 options.",
    jp: "1つの質問の選択肢は30件までです。",
  },
  "too-many-recipients": {
    en: "Too many recipients for one send (at most 10,000).",
    jp: "一度に送信できる宛先は10,000件までです。",
  },
  "no-recipients": { en: "Choose at least one recipient.", jp: "宛先を1人以上選んでください。" },
  "weekdays-required": { en: "Choose at least one weekday.", jp: "曜日を1つ以上選んでください。" },
  "recipient-not-member": {
    en: "A recipient is not an accepted member of this entity.",
    jp: "宛先に、このエンティティの承認済みメンバーではない人が含まれています。",
  },
  "form-not-editable": {
    en: "This form cannot be edited.",
    jp: "このフォームは編集できません。",
  },
  /** The limits a sender must not pass (issue 29 §5; FORM_LIMITS, docs/decisions.md "Sender limits"). */
  "too-many-schedules": {
    en: `A form can have at most ${FORM_LIMITS.schedulesPerFormMax} recurring sends. Delete one before adding another.`,
    jp: `1つのフォームの定期送信は${FORM_LIMITS.schedulesPerFormMax}件までです。追加する前に、どれかを削除してください。`,
  },
  "schedule-duplicate": {
    en: "This form already has a recurring send with the same days, time and recipients.",
    jp: "このフォームには、曜日・時刻・宛先が同じ定期送信がすでにあります。",
  },
  "schedule-too-often": {
    en: "Another recurring send of this form already reaches some of these recipients on one of these days. A form goes to each member at most once a day.",
    jp: "このフォームの別の定期送信が、同じ曜日にこの宛先の一部へすでに送信します。フォームは1人に1日1回までしか送信できません。",
  },
  "form-sent-today": {
    en: "This form was already sent to one or more of these members in the last 24 hours. A form goes to each member at most once a day: remove them or send later.",
    jp: "このフォームは、選んだメンバーの一部に過去24時間以内にすでに送信されています。フォームは1人に1日1回までです。そのメンバーを外すか、時間をおいて送信してください。",
  },
  "sent-order-not-found": {
    en: "This form was not sent to you, or the request does not exist.",
    jp: "このフォームはあなたに送信されていないか、依頼が存在しません。",
  },
  "already-answered": {
    en: "You have already answered this request.",
    jp: "この依頼にはすでに回答済みです。",
  },
  "answer-not-found": { en: "The answer was not found.", jp: "回答が見つかりません。" },
  "invalid-notification-type": {
    en: "Unknown notification type (1 synchronization, 2 measurement).",
    jp: "通知の種類が正しくありません（1 同期、2 測定値）。",
  },
  /** The admin notifications download numbers the types the other way round (ADMIN_NOTIF_TYPE). */
  "invalid-admin-notification-type": {
    en: "Unknown notification type (1 measurement, 2 synchronization).",
    jp: "通知の種類が正しくありません（1 測定値、2 同期）。",
  },
  "invalid-frequency": {
    en: "Choose one of the offered e-mail frequencies.",
    jp: "表示されている通知頻度から選んでください。",
  },
  "invalid-sync-length": {
    en: "Choose one of the offered out-of-sync lengths.",
    jp: "表示されている未同期時間から選んでください。",
  },
  "invalid-escalation": {
    en: "Choose one of the offered escalation times.",
    jp: "表示されているエスカレーション時間から選んでください。",
  },
  "invalid-ack-action": {
    en: "Choose what was done.",
    jp: "実施した対応を選んでください。",
  },
  "ack-action-not-fitting": {
    en: "That action does not fit this kind of alert. Choose one of the actions offered for it.",
    jp: "その対応はこの種類のアラートには選べません。表示されている対応から選んでください。",
  },
  "too-many-ids": { en: "Too many items in one request.", jp: "1回のリクエストの件数が多すぎます。" },
  "notification-settings-locked": {
    en: "Notification settings are locked. Only the provider's administrator can unlock them.",
    jp: "通知設定はロックされています。ロックを解除できるのは提供元の管理者のみです。",
  },
  "notification-not-found": { en: "The notification was not found.", jp: "通知が見つかりません。" },
  "already-acknowledged": {
    en: "This alert has already been acknowledged.",
    jp: "このアラートはすでに対応済みです。",
  },
  "invalid-snooze-length": {
    en: "Choose how long to snooze, in whole minutes (at least one).",
    jp: "一時停止する時間を1分以上の分単位で選んでください。",
  },
  "snooze-too-long": {
    en: "A snooze can last at most 7 days.",
    jp: "通知の一時停止は最長7日間です。",
  },
  "raw-retention-days-range": {
    en: `Enter how many days raw samples are kept as a whole number from ${RAW_RETENTION_MIN_DAYS} to ${RAW_RETENTION_MAX_DAYS.toLocaleString("en")}, or leave it empty for the server's default.`,
    jp: `生データの保存期間は${RAW_RETENTION_MIN_DAYS}〜${RAW_RETENTION_MAX_DAYS.toLocaleString("en")}日の整数で入力してください（空欄ではサーバーの既定値になります）。`,
  },
  "snooze-heat-stress-too-long": {
    en: "A heat-stress snooze can last at most one hour.",
    jp: "暑熱ストレスの通知の一時停止は最長1時間です。",
  },
  "snooze-not-found": {
    en: "The snooze was not found.",
    jp: "通知の一時停止が見つかりません。",
  },
  "required-not-answered": {
    en: "Please answer all required questions",
    jp: "すべての必須質問に回答してください",
  },
  "required-field-not-filled": { en: "required field not filled", jp: "必須項目が未入力です" },
  "answer-unknown-question": {
    en: "An answer names a question that is not in this form.",
    jp: "このフォームにない質問への回答が含まれています。",
  },
  "answer-option-out-of-range": {
    en: "A chosen option does not exist for this question.",
    jp: "この質問にない選択肢が選ばれています。",
  },
  "answer-not-number": { en: "Enter a number.", jp: "数値を入力してください。" },
  "answer-invalid-date": { en: "Enter a valid date.", jp: "正しい日付を入力してください。" },
  "answer-invalid-time": {
    en: "Enter a valid time (24 hours).",
    jp: "正しい時刻（24時間）を入力してください。",
  },
  "answer-invalid-datetime": {
    en: "Enter a valid date and time (24 hours).",
    jp: "正しい日時（24時間）を入力してください。",
  },
  "answer-single-choice": { en: "Choose only one option.", jp: "選択肢を1つだけ選んでください。" },
  "schedule-not-found": { en: "The scheduled send was not found.", jp: "定期送信が見つかりません。" },
  // personal data items
  "data-not-found": { en: "The data item was not found.", jp: "データが見つかりません。" },
  "data-type-not-found": { en: "The item type was not found.", jp: "データの種類が見つかりません。" },
  "invalid-data-type": { en: "Choose form data or image.", jp: "フォームデータか画像を選んでください。" },
  "invalid-data-type-key": {
    en: "Use lower-case letters, digits and _ for the key.",
    jp: "キーには半角の英小文字、数字、_ を使ってください。",
  },
  "data-type-question-mismatch": {
    en: "A form data item needs a question; an image item has none.",
    jp: "フォームデータには質問が必要です。画像には質問を設定できません。",
  },
  "data-type-key-exists": {
    en: "An item type with this key already exists.",
    jp: "このキーのデータの種類は既に存在します。",
  },
  "data-type-in-use": {
    en: "Members hold data of this type: its kind and question type cannot change, and it cannot be deleted.",
    jp: "この種類のデータを保存しているメンバーがいるため、種類・質問形式の変更や削除はできません。",
  },
  "data-not-image": { en: "This item does not hold images.", jp: "このデータには画像を登録できません。" },
  "share-not-found": {
    en: "The item is not shared with this entity.",
    jp: "このデータはこのエンティティと共有されていません。",
  },
  "too-many-answers": {
    en: `An item can hold at most ${DATA_LIMITS.answersPerItemMax} answers. Delete one first.`,
    jp: `1つのデータに登録できる回答は${DATA_LIMITS.answersPerItemMax}件までです。先に削除してください。`,
  },
  "too-many-images": {
    en: `An item can hold at most ${DATA_LIMITS.imagesPerItemMax} images. Delete one first.`,
    jp: `1つのデータに登録できる画像は${DATA_LIMITS.imagesPerItemMax}件までです。先に削除してください。`,
  },
  "image-required": {
    en: "Choose an image or PDF file to upload (field image).",
    jp: "アップロードする画像またはPDFファイルを選んでください（フィールド image）。",
  },
  "image-not-found": { en: "The image was not found.", jp: "画像が見つかりません。" },
  "mailbox-off": {
    en: "The development mailbox is off: this server delivers mail over SMTP.",
    jp: "開発用メールボックスは使われていません。このサーバーはメールをSMTPで送信します。",
  },
  "mail-not-found": { en: "The mail was not found.", jp: "メールが見つかりません。" },
  "image-too-large": {
    en: `The file is too large: at most ${DATA_LIMITS.imageBytesMax / 1024 / 1024} MB.`,
    jp: `ファイルが大きすぎます。${DATA_LIMITS.imageBytesMax / 1024 / 1024}MB以下のファイルを選んでください。`,
  },
  "image-too-many-pixels": {
    en: `The image has too many pixels: at most ${(DATA_LIMITS.imagePixelsMax / 1_000_000).toLocaleString("en")} million.`,
    jp: `画像の画素数が多すぎます。${(DATA_LIMITS.imagePixelsMax / 10_000).toLocaleString("en")}万画素以下の画像を選んでください。`,
  },
  "image-type-not-allowed": {
    en: "Only JPEG, PNG or WebP images and PDF files can be uploaded.",
    jp: "アップロードできるのは JPEG・PNG・WebP の画像と PDF ファイルのみです。",
  },
  "image-unreadable": {
    en: "The file could not be read: it may be damaged.",
    jp: "ファイルを読み込めませんでした。破損している可能性があります。",
  },
  "pdf-active-content": {
    en: "This PDF contains active content (JavaScript, a program to start, embedded files or a form that sends data) and cannot be uploaded. Print it to a new PDF or scan it, then upload that file.",
    jp: "このPDFには実行される内容（JavaScript、プログラムの起動、埋め込みファイル、データを送信するフォーム）が含まれているため、アップロードできません。新しいPDFに印刷するかスキャンしてから、そのファイルをアップロードしてください。",
  },
  "webhook-url-invalid": {
    en: "Enter a full web address starting with https://, without a user name or password.",
    jp: "https:// で始まる完全なURLを入力してください（ユーザー名やパスワードは含めないでください）。",
  },
  "webhook-https-required": {
    en: "The webhook address must start with https://.",
    jp: "Webhook のURLは https:// で始まる必要があります。",
  },
  "webhook-private-address": {
    en: "This address points to a private or internal network and cannot receive webhooks.",
    jp: "このURLはプライベートネットワークまたは内部ネットワークを指しているため、Webhook の送信先にできません。",
  },
  "webhook-host-unresolvable": {
    en: "The host name of this address could not be found.",
    jp: "このURLのホスト名が見つかりませんでした。",
  },
  "webhook-url-too-long": {
    en: `The address is too long: at most ${WEBHOOK_LIMITS.urlMax.toLocaleString("en")} characters.`,
    jp: `URLが長すぎます。${WEBHOOK_LIMITS.urlMax.toLocaleString("en")}文字以内で入力してください。`,
  },
  "webhook-kinds-invalid": {
    en: "Choose at least one alert kind: synchronization (1) or measurement (2).",
    jp: "通知の種類（同期: 1、測定値: 2）を1つ以上選んでください。",
  },
  "webhook-limit": {
    en: `An organisation can have at most ${WEBHOOK_LIMITS.endpointsPerEntity} webhooks.`,
    jp: `Webhook は1つのエンティティにつき${WEBHOOK_LIMITS.endpointsPerEntity}件まで登録できます。`,
  },
  "webhook-not-found": { en: "Webhook not found.", jp: "Webhook が見つかりません。" },
  "last-super-user": {
    en: "This is the last super user account: it cannot be deleted. Make another account a super user first.",
    jp: "最後のスーパーユーザーのアカウントは削除できません。先に別のアカウントをスーパーユーザーにしてください。",
  },
  "deletion-not-confirmed": {
    en: "Confirm that you want to delete the account.",
    jp: "アカウントを削除することを確認してください。",
  },
  "account-already-closed": {
    en: "This account is already closed and waiting for deletion.",
    jp: "このアカウントはすでに閉鎖され、削除を待っています。",
  },
  "account-deletion-cancelled": {
    en: "Your account deletion was cancelled. Welcome back.",
    jp: "アカウントの削除を取り消しました。おかえりなさい。",
  },
  "pdf-encrypted": {
    en: "A password-protected (encrypted) PDF cannot be checked and cannot be uploaded. Remove the protection, then upload the file again.",
    jp: "パスワードで保護された（暗号化された）PDFは内容を確認できないため、アップロードできません。保護を解除してからアップロードしてください。",
  },
} as const satisfies Record<string, Record<Language, string>>;

export type MessageCode = keyof typeof MESSAGES;

export function isMessageCode(code: string): code is MessageCode {
  return Object.hasOwn(MESSAGES, code);
}

export function message(code: string, language: Language): string {
  return isMessageCode(code) ? MESSAGES[code][language] : MESSAGES["unknown-error"][language];
}
