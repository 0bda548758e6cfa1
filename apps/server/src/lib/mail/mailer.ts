import type { Language } from "@mimamori/shared";
import type { FastifyBaseLogger } from "fastify";
import nodemailer, { type Transporter } from "nodemailer";
import type { Db } from "../../db/client";
import { mailOutbox } from "../../db/schema";
import { redactUrl } from "../log";
import { type MailTemplate, mailTemplates } from "./templates";

export interface MailRequest<T extends MailTemplate> {
  to: string;
  language: Language;
  template: T;
  vars: Parameters<(typeof mailTemplates)[T]>[1];
}

export interface Mailer {
  send<T extends MailTemplate>(req: MailRequest<T>): Promise<void>;
  close(): void;
}

/**
 * Every mail is recorded in `mail_outbox`. With SMTP_URL it is also sent over SMTP; without it the
 * outbox is the delivery (and the log line carries the link) so a newcomer can verify an account locally.
 * With SMTP the recorded copy has its link tokens replaced by `[redacted]`: the mailbox holds the only
 * working link, and a read of the table (a backup, a support query) grants no access.
 * In production (`production`) without SMTP_URL nothing can be delivered: the mail is kept redacted like a sent
 * one and the log says it was not delivered, so no working link reaches a log or a backup.
 */
export function createMailer(opts: {
  db: Db;
  smtpUrl?: string;
  from: string;
  log: FastifyBaseLogger;
  production?: boolean;
}): Mailer {
  const transport: Transporter | null = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  const devOutbox = !transport && !opts.production;
  return {
    async send(req) {
      const render = mailTemplates[req.template] as (
        l: Language,
        v: typeof req.vars,
      ) => ReturnType<(typeof mailTemplates)[MailTemplate]>;
      const content = render(req.language, req.vars);
      let status: "outbox" | "sent" | "failed" = "outbox";
      let error: string | null = null;
      if (transport) {
        try {
          await transport.sendMail({ from: opts.from, to: req.to, ...content });
          status = "sent";
        } catch (err) {
          status = "failed";
          error = err instanceof Error ? err.message : String(err);
          opts.log.error({ template: req.template, err: error }, "mail delivery failed");
        }
      } else if (!devOutbox) {
        opts.log.warn({ template: req.template }, "mail not delivered: SMTP_URL is not set");
      } else {
        opts.log.info(
          { template: req.template, link: (req.vars as { url?: string }).url },
          "mail kept in the dev outbox",
        );
      }
      const stored = devOutbox ? content : render(req.language, withoutLinkTokens(req.vars));
      await opts.db.insert(mailOutbox).values({
        recipient: req.to,
        subject: content.subject,
        textBody: stored.text,
        htmlBody: stored.html,
        template: req.template,
        status,
        error,
        sentAt: status === "sent" ? new Date() : null,
      });
    },
    close() {
      transport?.close();
    },
  };
}

/** The template variables with secret query parameters taken out of every URL (see `redactUrl`). */
function withoutLinkTokens<V>(vars: V): V {
  const out: Record<string, unknown> = { ...(vars as Record<string, unknown>) };
  for (const [key, value] of Object.entries(out))
    if (typeof value === "string" && /^https?:\/\//.test(value)) out[key] = redactUrl(value);
  return out as V;
}
