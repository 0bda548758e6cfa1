import { describe, expect, it } from "vitest";
import { MAIL_SANDBOX, mailDocument, textParts } from "./mailDocument";

describe("mailDocument", () => {
  const BASE = '<base target="_blank"><meta name="referrer" content="no-referrer">';

  it("makes every link of a whole document open in a new tab", () => {
    expect(
      mailDocument(
        '<!doctype html><html><head><title>x</title></head><body><a href="/a">a</a></body></html>',
      ),
    ).toBe(`<!doctype html><html><head>${BASE}<title>x</title></head><body><a href="/a">a</a></body></html>`);
  });

  it("adds a head to a document without one (as the mail templates write them)", () => {
    expect(mailDocument('<!doctype html><html><body style="x"><p>Hi</p></body></html>')).toBe(
      `<!doctype html><html><head>${BASE}</head><body style="x"><p>Hi</p></body></html>`,
    );
    expect(mailDocument('<html lang="ja"><body></body></html>')).toBe(
      `<html lang="ja"><head>${BASE}</head><body></body></html>`,
    );
  });

  it("wraps a fragment", () => {
    expect(mailDocument("<p>Hi</p>")).toBe(
      `<!doctype html><html><head>${BASE}</head><body><p>Hi</p></body></html>`,
    );
  });

  it("keeps the frame without scripts, forms or the app's origin", () => {
    expect(MAIL_SANDBOX.split(" ")).not.toContain("allow-scripts");
    expect(MAIL_SANDBOX.split(" ")).not.toContain("allow-same-origin");
    expect(MAIL_SANDBOX.split(" ")).not.toContain("allow-forms");
    expect(MAIL_SANDBOX.split(" ")).toContain("allow-popups");
  });
});

describe("textParts", () => {
  it("finds the web links of a mail's text, without a sentence's closing punctuation", () => {
    expect(
      textParts(
        "Open: http://127.0.0.1:3000/staff/notifications?workspace=sakura.\nThen https://x.example/a)",
      ),
    ).toEqual([
      { text: "Open: " },
      {
        text: "http://127.0.0.1:3000/staff/notifications?workspace=sakura",
        href: "http://127.0.0.1:3000/staff/notifications?workspace=sakura",
      },
      { text: ".\nThen " },
      { text: "https://x.example/a", href: "https://x.example/a" },
      { text: ")" },
    ]);
  });

  it("leaves text without links whole, and other schemes as text", () => {
    expect(textParts("no link; javascript:alert(1) mailto:a@b")).toEqual([
      { text: "no link; javascript:alert(1) mailto:a@b" },
    ]);
    expect(textParts("")).toEqual([]);
  });
});
