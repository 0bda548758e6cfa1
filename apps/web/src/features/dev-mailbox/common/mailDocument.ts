/**
 * The development mailbox's reader (issue 28 §3): a kept mail's HTML is shown in a sandboxed iframe (`srcdoc`, no
 * scripts, its own opaque origin); these helpers prepare what it shows.
 */

/** The iframe's sandbox: no scripts, no forms, no same origin; links may open a new tab, outside the sandbox. */
export const MAIL_SANDBOX = "allow-popups allow-popups-to-escape-sandbox";

/**
 * The mail's HTML for the iframe's `srcdoc`: every link opens in a new tab (`<base target="_blank">`, so a click
 * neither navigates the small frame nor is blocked by the sandbox) and tells the opened page nothing of the mailbox.
 */
export function mailDocument(html: string): string {
  const head = '<base target="_blank"><meta name="referrer" content="no-referrer">';
  if (/<head[\s>]/i.test(html)) return html.replace(/<head(\s[^>]*)?>/i, (tag) => `${tag}${head}`);
  if (/<html[\s>]/i.test(html))
    return html.replace(/<html(\s[^>]*)?>/i, (tag) => `${tag}<head>${head}</head>`);
  return `<!doctype html><html><head>${head}</head><body>${html}</body></html>`;
}

/** A piece of a mail's text: plain, or a web link. */
export interface TextPart {
  text: string;
  href?: string;
}

/** A mail's text cut into plain pieces and its http(s) links, in order, so the text version's links can be clicked. */
export function textParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const m of text.matchAll(/https?:\/\/[^\s<>"]+/g)) {
    // a sentence's closing punctuation is not part of the link
    const href = m[0].replace(/[.,;:!?)\]]+$/, "");
    if (m.index > last) parts.push({ text: text.slice(last, m.index) });
    parts.push({ text: href, href });
    last = m.index + href.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
