import {
  celsiusToFahrenheit,
  type Language,
  measureByNumber,
  SKIN_TEMPERATURE,
  usesFahrenheit,
} from "@mimamori/shared";

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

function layout(lines: string[], link: { url: string; label: string }, footer: string): MailContent["html"] {
  const paragraphs = lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("\n");
  return `<!doctype html><html><body style="font-family:sans-serif;color:#222">
<h2 style="color:#8b0000">Mimamori</h2>
${paragraphs}
<p><a href="${escapeHtml(link.url)}" style="background:#8b0000;color:#fff;padding:10px 16px;border-radius:4px;text-decoration:none">${escapeHtml(link.label)}</a></p>
<p style="font-size:12px;color:#666">${escapeHtml(link.url)}</p>
<p style="font-size:12px;color:#666">${escapeHtml(footer)}</p>
</body></html>`;
}

function build(
  subject: string,
  greeting: string,
  lines: string[],
  link: { url: string; label: string },
  footer: string,
) {
  const all = [greeting, ...lines];
  return {
    subject,
    text: `${all.join("\n\n")}\n\n${link.label}: ${link.url}\n\n${footer}\n`,
    html: layout(all, link, footer),
  };
}

/** One alert in an alert mail; the template words it in the recipient's language. */
export interface AlertMailItem {
  /** The member's name. */
  member: string;
  /** Measurement: the report code number (5098 …); absent for an out-of-sync alert. */
  measure?: number;
  value?: number | null;
  /** Epoch ms: the sample's time (measurement) or the member's last sync (synchronization). */
  at: number;
  /** Synchronization: data arrived again since. */
  cleared?: boolean;
  /** The member's report at that time. */
  url: string;
}

interface AlertListVars {
  /** The staff member's name. */
  name: string;
  entityName: string;
  /** The entity's IANA zone: times are written on its clock. */
  timeZone: string;
  /** The alerts named in the mail (the caller bounds them). */
  items: AlertMailItem[];
  /** Alerts the mail covers without naming them (the list page shows them). */
  more: number;
  /** The staff notifications list of the entity. */
  listUrl: string;
}

export interface AlertDigestVars extends AlertListVars {
  type: "measurement" | "sync";
  /** Synchronization: the entity's out-of-sync length. */
  syncHours: number;
}

export interface AlertEscalationVars extends AlertListVars {
  /** The entity's escalation time. */
  minutes: number;
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** `2026/11/23 13:05` (jp) or `Nov 23, 2026, 13:05` (en) on the entity's clock. */
function localTime(lang: Language, ms: number, timeZone: string): string {
  // a formatter costs far more to make than to use: one per language and zone (a digest writes hundreds of times)
  const key = `${lang} ${timeZone}`;
  let format = timeFormats.get(key);
  if (!format) {
    const common = { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" } as const;
    format =
      lang === "jp"
        ? new Intl.DateTimeFormat("ja-JP", { ...common, year: "numeric", month: "2-digit", day: "2-digit" })
        : new Intl.DateTimeFormat("en-US", { ...common, year: "numeric", month: "short", day: "numeric" });
    timeFormats.set(key, format);
  }
  return format.format(ms);
}

/** "Heat-stress score 84 pts" in the recipient's language; skin temperature in °F where the entity's zone reads °F. */
function measured(
  lang: Language,
  measure: number,
  value: number | null | undefined,
  timeZone: string,
): string {
  const m = measureByNumber(measure);
  if (!m) return String(measure);
  if (value === null || value === undefined) return m.name[lang];
  const fahrenheit = m.id === SKIN_TEMPERATURE && usesFahrenheit(timeZone);
  const shown = (fahrenheit ? celsiusToFahrenheit(value) : value).toFixed(fahrenheit ? 1 : m.decimals);
  return `${m.name[lang]} ${shown} ${fahrenheit ? "°F" : m.unit[lang]}`;
}

function alertLine(lang: Language, item: AlertMailItem, timeZone: string): string {
  const when = localTime(lang, item.at, timeZone);
  if (item.measure === undefined) {
    const again = item.cleared
      ? lang === "jp"
        ? "（その後、同期を再開）"
        : " (synchronised again since)"
      : "";
    return lang === "jp"
      ? `${item.member}：最終同期 ${when}${again}`
      : `${item.member}: last synchronised ${when}${again}`;
  }
  const what = measured(lang, item.measure, item.value, timeZone);
  return lang === "jp"
    ? `${item.member}：${what}（レッドゾーン）${when}`
    : `${item.member}: ${what} (red zone) at ${when}`;
}

/** A mail that lists alerts, each a link to the member's report, then a button to the notifications list. */
function alertList(
  lang: Language,
  v: AlertListVars,
  subject: string,
  intro: string[],
  footer: string,
): MailContent {
  const greeting = lang === "jp" ? `${v.name} 様` : `Hello ${v.name},`;
  const lines = v.items.map((item) => ({ text: alertLine(lang, item, v.timeZone), url: item.url }));
  const more =
    v.more > 0
      ? lang === "jp"
        ? `ほか ${v.more} 件。すべてのアラートは通知一覧で確認できます。`
        : `…and ${v.more} more. The notifications list shows them all.`
      : null;
  const zone =
    lang === "jp"
      ? `時刻は ${v.entityName} の現地時刻（${v.timeZone}）です。`
      : `Times are local times of ${v.entityName} (${v.timeZone}).`;
  const button = lang === "jp" ? "通知一覧を開く" : "Open the notifications list";
  const text = [
    greeting,
    ...intro,
    lines.map((l) => `- ${l.text}\n  ${l.url}`).join("\n"),
    ...(more ? [more] : []),
    zone,
    `${button}: ${v.listUrl}`,
    footer,
  ].join("\n\n");
  const items = lines
    .map((l) => `<li style="margin:6px 0"><a href="${escapeHtml(l.url)}">${escapeHtml(l.text)}</a></li>`)
    .join("\n");
  const para = (l: string) => `<p>${escapeHtml(l)}</p>`;
  const html = `<!doctype html><html><body style="font-family:sans-serif;color:#222">
<h2 style="color:#8b0000">Mimamori</h2>
${[greeting, ...intro].map(para).join("\n")}
<ul>
${items}
</ul>
${more ? para(more) : ""}
<p style="font-size:12px;color:#666">${escapeHtml(zone)}</p>
<p><a href="${escapeHtml(v.listUrl)}" style="background:#8b0000;color:#fff;padding:10px 16px;border-radius:4px;text-decoration:none">${escapeHtml(button)}</a></p>
<p style="font-size:12px;color:#666">${escapeHtml(footer)}</p>
</body></html>`;
  return { subject, text: `${text}\n`, html };
}

/** The subject of an alert mail: the one alert when there is one, else the count. */
function digestSubject(lang: Language, v: AlertDigestVars): string {
  const total = v.items.length + v.more;
  const [only] = v.items;
  if (v.type === "sync")
    return lang === "jp"
      ? `【Mimamori】${v.entityName}：同期が途絶えたメンバー ${total}名`
      : `[Mimamori] ${v.entityName}: ${total} ${total === 1 ? "member" : "members"} out of sync`;
  if (total === 1 && only?.measure !== undefined) {
    const name = measureByNumber(only.measure)?.name[lang] ?? "";
    return lang === "jp"
      ? `【Mimamori】${v.entityName}：${only.member} さんの${name}がレッドゾーン`
      : `[Mimamori] ${v.entityName}: ${name} of ${only.member} in the red zone`;
  }
  return lang === "jp"
    ? `【Mimamori】${v.entityName}：測定値のアラート ${total}件`
    : `[Mimamori] ${v.entityName}: ${total} measurement alerts`;
}

export const mailTemplates = {
  "verify-email": (lang: Language, v: { name: string; url: string }): MailContent =>
    lang === "jp"
      ? build(
          "【Mimamori】メールアドレスの確認",
          `${v.name} 様`,
          [
            "Mimamori にご登録いただきありがとうございます。",
            "下のリンクからメールアドレスを確認してください。リンクの有効期限は24時間です。",
          ],
          { url: v.url, label: "メールアドレスを確認する" },
          "このメールに心当たりがない場合は、破棄してください。",
        )
      : build(
          "[Mimamori] Verify your email address",
          `Hello ${v.name},`,
          [
            "Thank you for signing up for Mimamori.",
            "Please verify your email address with the link below. It expires in 24 hours.",
          ],
          { url: v.url, label: "Verify email address" },
          "If you did not sign up, you can ignore this email.",
        ),
  "reset-password": (lang: Language, v: { name: string; url: string }): MailContent =>
    lang === "jp"
      ? build(
          "【Mimamori】パスワードの再設定",
          `${v.name} 様`,
          [
            "パスワード再設定のご依頼を受け付けました。",
            "下のリンクから新しいパスワードを設定してください。リンクの有効期限は1時間です。",
          ],
          { url: v.url, label: "パスワードを再設定する" },
          "ご依頼に心当たりがない場合は、このメールを破棄してください。パスワードは変更されません。",
        )
      : build(
          "[Mimamori] Reset your password",
          `Hello ${v.name},`,
          [
            "We received a request to reset your password.",
            "Set a new password with the link below. It expires in 1 hour.",
          ],
          { url: v.url, label: "Reset password" },
          "If you did not ask for this, ignore this email: your password stays unchanged.",
        ),
  /** A person without a password (new, or never signed in): set one, then answer the invitation. */
  invite: (lang: Language, v: { name: string; url: string; entity: string }): MailContent =>
    lang === "jp"
      ? build(
          `【Mimamori】${v.entity} からの招待`,
          `${v.name} 様`,
          [
            `${v.entity} が Mimamori へあなたを招待しました。`,
            "下のリンクからパスワードを設定してサインインし、「エンティティ」の画面で招待を承認するか辞退してください。リンクの有効期限は7日間です。",
            `承認するまで、${v.entity} にあなたのデータは一切共有されません。`,
          ],
          { url: v.url, label: "パスワードを設定する" },
          "このメールに心当たりがない場合は、破棄してください。",
        )
      : build(
          `[Mimamori] Invitation from ${v.entity}`,
          `Hello ${v.name},`,
          [
            `${v.entity} has invited you to Mimamori.`,
            "Set your password with the link below, sign in, and accept or decline the invitation on the Entities page. The link expires in 7 days.",
            `Nothing of yours is shared with ${v.entity} until you accept.`,
          ],
          { url: v.url, label: "Set your password" },
          "If you do not expect this invitation, you can ignore this email.",
        ),
  /** An existing account invited as a watched-over member: what accepting shares, and from when. */
  invitation: (lang: Language, v: { name: string; url: string; entity: string }): MailContent =>
    lang === "jp"
      ? build(
          `【Mimamori】${v.entity} から見守りへの招待`,
          `${v.name} 様`,
          [
            `${v.entity} が Mimamori であなたを見守りの対象として招待しました。`,
            `承認すると、${v.entity} のスタッフは承認した時点以降のあなたのバンドのデータ（心拍数、皮膚温、血中酸素、睡眠などの測定値）を閲覧・ダウンロードできるようになります。承認より前のデータは共有されません。`,
            "承認するまで何も共有されません。下のリンクから「エンティティ」の画面を開き、承認するか辞退してください。",
          ],
          { url: v.url, label: "招待を確認する" },
          "このメールに心当たりがない場合は、辞退するか、このメールを破棄してください。",
        )
      : build(
          `[Mimamori] ${v.entity} invites you to share your band data`,
          `Hello ${v.name},`,
          [
            `${v.entity} has invited you to be watched over on Mimamori.`,
            `If you accept, the staff of ${v.entity} can see and download your band data (heart rate, skin temperature, blood oxygen, sleep and the other measurements) from the moment you accept on. Nothing from before is shared.`,
            "Nothing is shared until you accept. Open the Entities page with the link below to accept or decline.",
          ],
          { url: v.url, label: "Review the invitation" },
          "If you do not expect this invitation, decline it or ignore this email.",
        ),
  /** An existing account invited as staff of an entity. */
  "staff-invitation": (lang: Language, v: { name: string; url: string; entity: string }): MailContent =>
    lang === "jp"
      ? build(
          `【Mimamori】${v.entity} のスタッフへの招待`,
          `${v.name} 様`,
          [
            `${v.entity} のスタッフが、あなたを Mimamori の ${v.entity} のスタッフとして招待しました。`,
            "承認すると、このエンティティのメンバーのバンドのデータを閲覧し、ユーザーやスタッフを管理できるようになります。",
            "下のリンクから「エンティティ」の画面を開き、承認するか辞退してください。",
          ],
          { url: v.url, label: "招待を確認する" },
          "このメールに心当たりがない場合は、辞退するか、このメールを破棄してください。",
        )
      : build(
          `[Mimamori] Invitation to join ${v.entity} as staff`,
          `Hello ${v.name},`,
          [
            `The staff of ${v.entity} have invited you to become staff of ${v.entity} on Mimamori.`,
            "As staff you would see the band data of the entity's members and manage its users and staff.",
            "Open the Entities page with the link below to accept or decline.",
          ],
          { url: v.url, label: "Review the invitation" },
          "If you do not expect this invitation, decline it or ignore this email.",
        ),
  /** A form sent to a member (queued in the outbox by the send). */
  "form-request": (
    lang: Language,
    v: { name: string; formName: string; entityName: string; url: string },
  ): MailContent =>
    lang === "jp"
      ? build(
          `【Mimamori】${v.entityName} からフォームへの回答のお願い`,
          `${v.name} 様`,
          [
            `${v.entityName} から、フォーム「${v.formName}」への回答のお願いが届いています。`,
            "下のリンクからサインインして回答してください。",
          ],
          { url: v.url, label: "フォームに回答する" },
          "このメールに心当たりがない場合は、破棄してください。",
        )
      : build(
          `[Mimamori] ${v.entityName} asks you to answer a form`,
          `Hello ${v.name},`,
          [
            `${v.entityName} asks you to answer the form "${v.formName}".`,
            "Sign in with the link below to answer it.",
          ],
          { url: v.url, label: "Answer the form" },
          "If you do not expect this request, you can ignore this email.",
        ),
  /**
   * The form requests of a day past the member's daily mail cap (FORM_MAILS_PER_DAY), in one mail the next
   * morning (features/forms/mail-cap.ts); rewritten while it waits, as more requests are folded into it.
   */
  "form-digest": (
    lang: Language,
    v: { name: string; items: { formName: string; entityName: string; reminder?: boolean }[]; url: string },
  ): MailContent =>
    lang === "jp"
      ? build(
          `【Mimamori】フォームへの回答のお願い（ほか${v.items.length}件）`,
          `${v.name} 様`,
          [
            `きのう、次の${v.items.length}件のフォームへの回答のお願いが届きました（1日のお知らせメールの上限を超えた分を、このメールにまとめています）。`,
            ...v.items.map((i) => `・${i.entityName}：「${i.formName}」${i.reminder ? "（再送）" : ""}`),
            "下のリンクからサインインして回答してください。",
          ],
          { url: v.url, label: "フォームの一覧を開く" },
          "すでに回答済みの場合は、このメールを破棄してください。",
        )
      : build(
          `[Mimamori] ${v.items.length} more form ${v.items.length === 1 ? "request" : "requests"} for you`,
          `Hello ${v.name},`,
          [
            `Yesterday you were asked to answer ${v.items.length === 1 ? "this form" : `these ${v.items.length} forms`} (requests beyond the day's e-mail limit are gathered in this one e-mail):`,
            ...v.items.map((i) => `- ${i.entityName}: "${i.formName}"${i.reminder ? " (reminder)" : ""}`),
            "Sign in with the link below to answer.",
          ],
          { url: v.url, label: "Open your forms" },
          "If you have already answered, you can ignore this email.",
        ),
  /** A reminder to a member who has not answered a send yet. */
  "form-reminder": (
    lang: Language,
    v: { name: string; formName: string; entityName: string; url: string },
  ): MailContent =>
    lang === "jp"
      ? build(
          `【Mimamori】フォームへの回答のお願い（再送）`,
          `${v.name} 様`,
          [
            `${v.entityName} からのフォーム「${v.formName}」に、まだ回答していません。`,
            "下のリンクからサインインして回答してください。",
          ],
          { url: v.url, label: "フォームに回答する" },
          "すでに回答済みの場合は、このメールを破棄してください。",
        )
      : build(
          `[Mimamori] Reminder: ${v.entityName} is waiting for your answer`,
          `Hello ${v.name},`,
          [
            `You have not answered the form "${v.formName}" from ${v.entityName} yet.`,
            "Sign in with the link below to answer it.",
          ],
          { url: v.url, label: "Answer the form" },
          "If you have already answered, you can ignore this email.",
        ),
  /** New alerts of an entity for one staff member (a digest at the entity's times, or real time). */
  "alert-digest": (lang: Language, v: AlertDigestVars): MailContent => {
    const intro =
      v.type === "sync"
        ? lang === "jp"
          ? [`${v.entityName} で、バンドが ${v.syncHours} 時間以上同期していないメンバーがいます。`]
          : [
              `These members of ${v.entityName} have not synchronised their band for ${v.syncHours} hours or more.`,
            ]
        : lang === "jp"
          ? [`${v.entityName} のメンバーの測定値がレッドゾーンに入りました。`]
          : [`Measured values of members of ${v.entityName} entered the red zone.`];
    const footer =
      lang === "jp"
        ? `${v.entityName} のスタッフとしてお送りしています。受信は通知設定で止められます。`
        : `You receive this as staff of ${v.entityName}. You can turn these e-mails off in the notification settings.`;
    return alertList(lang, v, digestSubject(lang, v), intro, footer);
  },
  /** Red heat-stress alerts nobody acknowledged in time, to every staff member of the entity. */
  "alert-escalation": (lang: Language, v: AlertEscalationVars): MailContent => {
    const total = v.items.length + v.more;
    const [only] = v.items;
    const subject =
      total === 1 && only
        ? lang === "jp"
          ? `【Mimamori】未対応の暑熱ストレスアラート：${only.member} さん（${v.entityName}）`
          : `[Mimamori] Not yet acknowledged: heat-stress alert for ${only.member} (${v.entityName})`
        : lang === "jp"
          ? `【Mimamori】未対応の暑熱ストレスアラート ${total}件（${v.entityName}）`
          : `[Mimamori] Not yet acknowledged: ${total} heat-stress alerts (${v.entityName})`;
    const intro =
      lang === "jp"
        ? [
            `暑熱ストレススコアのレッドゾーンのアラートが、${v.minutes} 分たっても対応済みになっていません。`,
            "本人の様子を確認し、対応したら通知一覧で対応内容を記録してください。",
          ]
        : [
            `A red heat-stress alert has not been acknowledged within ${v.minutes} minutes.`,
            "Please check on the member now, and record what was done in the notifications list.",
          ];
    const footer =
      lang === "jp"
        ? `このメールは、通知の受信設定にかかわらず ${v.entityName} のすべてのスタッフにお送りしています。`
        : `This e-mail goes to every staff member of ${v.entityName}, whatever their own e-mail settings.`;
    return alertList(lang, v, subject, intro, footer);
  },
};

export type MailTemplate = keyof typeof mailTemplates;
