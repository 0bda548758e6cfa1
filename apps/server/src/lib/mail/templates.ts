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
  invite: (lang: Language, v: { name: string; url: string; entity: string }): MailContent =>
    lang === "jp"
      ? build(
          `【Mimamori】${v.entity} からの招待`,
          `${v.name} 様`,
          [
            `${v.entity} が Mimamori であなたを見守りの対象として登録しました。`,
            "下のリンクからパスワードを設定して、サインインしてください。リンクの有効期限は7日間です。",
          ],
          { url: v.url, label: "パスワードを設定する" },
          "このメールに心当たりがない場合は、破棄してください。",
        )
      : build(
          `[Mimamori] Invitation from ${v.entity}`,
          `Hello ${v.name},`,
          [
            `${v.entity} has added you to Mimamori.`,
            "Set your password with the link below, then sign in. The link expires in 7 days.",
          ],
          { url: v.url, label: "Set your password" },
          "If you do not expect this invitation, you can ignore this email.",
        ),
};

export type MailTemplate = keyof typeof mailTemplates;
