import type { Language } from "@mimamori/shared";
import type { FastifyBaseLogger } from "fastify";
import nodemailer, { type Transporter } from "nodemailer";
import type { Db } from "../../db/client";
import { mailOutbox } from "../../db/schema";
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
 */
export function createMailer(opts: {
  db: Db;
  smtpUrl?: string;
  from: string;
  log: FastifyBaseLogger;
}): Mailer {
  const transport: Transporter | null = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
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
      } else {
        opts.log.info(
          { template: req.template, link: (req.vars as { url?: string }).url },
          "mail kept in the dev outbox",
        );
      }
      await opts.db.insert(mailOutbox).values({
        recipient: req.to,
        subject: content.subject,
        textBody: content.text,
        htmlBody: content.html,
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
