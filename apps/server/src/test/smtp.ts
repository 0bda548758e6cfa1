import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A real SMTP peer for tests: accepts every message and keeps it parsed. */
export async function startSmtpPeer() {
  const mails: CapturedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream)
        .then((m: ParsedMail) => {
          const to = Array.isArray(m.to) ? m.to[0]?.text : m.to?.text;
          mails.push({
            to: to ?? "",
            subject: m.subject ?? "",
            text: m.text ?? "",
            html: String(m.html || ""),
          });
          for (const w of waiters.splice(0)) w();
          done();
        })
        .catch(done);
    },
  });
  // a sender killed mid-message (the two-server lane's kill -9) resets its connection: the peer notes it and goes on
  // serving, as a real relay does, instead of the error escaping as an unhandled one
  const connectionErrors: Error[] = [];
  server.on("error", (err: Error) => connectionErrors.push(err));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;

  /** Waits for the next mail to `to` that arrives after `since` mails had been received. */
  async function waitFor(to: string, since = 0, timeoutMs = 5000): Promise<CapturedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = mails.slice(since).find((m) => m.to.includes(to));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
      await new Promise<void>((r) => {
        waiters.push(r);
        setTimeout(r, 200);
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    connectionErrors,
    waitFor,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** The token of the first link to `/auth/<page>?token=` in a mail. */
export function linkToken(mail: CapturedMail, page: string): string {
  const m = new RegExp(`/auth/${page}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!m?.[1]) throw new Error(`no ${page} link in mail "${mail.subject}"`);
  return m[1];
}
