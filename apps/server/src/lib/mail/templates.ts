import type { Language } from "@mimamori/shared";

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
};

export type MailTemplate = keyof typeof mailTemplates;
