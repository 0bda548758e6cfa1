import { randomUUID } from "node:crypto";
import type { Language } from "@mimamori/shared";
import type { FastifyBaseLogger } from "fastify";
import nodemailer, { type Transporter } from "nodemailer";
import type { Db } from "../../db/client";
import { mailOutbox, users } from "../../db/schema";
import { redactUrl } from "../log";
import { DEV_MAILBOX_LOG, NO_SMTP_ERROR } from "./outbox-worker";
import { type MailTemplate, mailTemplates } from "./templates";

/** The columns of `users` a mail to a person needs: whom it greets, where it goes, in which language. */
export const recipientColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  language: users.language,
};

export interface MailRequest<T extends MailTemplate> {
  to: string;
  language: Language;
  template: T;
  vars: Parameters<(typeof mailTemplates)[T]>[1];
  /** Queued mail: not sent before this time (default: at once), e.g. a digest due the next morning. */
  notBefore?: Date;
}

export interface Mailer {
  /** Sends now (sign-up, password links): the request waits for the SMTP answer. */
  send<T extends MailTemplate>(req: MailRequest<T>): Promise<void>;
  /**
   * Queues mails in the outbox, in the caller's transaction (`db` may be a transaction), for the outbox worker
   * to deliver with retries: for mail to many people (form requests, alerts) that must not hold up a request.
   * Only for mails without secret link tokens: the queued copy keeps its links until it is sent. Pokes the worker
   * (`onQueued`); on PGlite its claim waits for the caller's transaction, on PostgreSQL mail committed after
   * that claim goes with the next poll, a few seconds later. Returns the ids of the outbox rows, in the order of
   * `reqs` (alerts record which mail told whom: `notification_mails`).
   */
  enqueue<T extends MailTemplate>(db: Db, reqs: MailRequest<T>[]): Promise<string[]>;
  close(): void;
}

/**
 * The development mailbox is on: no SMTP_URL outside production. Every mail is then delivered to `mail_outbox`
 * (status `outbox`), where the people it is addressed to read it at /staff/mailbox (a super user at
 * /admin/mailbox reads every mail): docs/decisions.md "The development mailbox".
 */
export function devMailboxOn(config: { smtpUrl?: string; production?: boolean }): boolean {
  return !config.smtpUrl && !config.production;
}

/**
 * Every mail is recorded in `mail_outbox`. With SMTP_URL it is also sent over SMTP; without it the
 * outbox is the delivery: the development mailbox (`devMailboxOn`), where a newcomer reads the link that verifies
 * an account locally. The log line names the template and the mail's id, never its link.
 * With SMTP the recorded copy has its link tokens replaced by `[redacted]`: the mailbox holds the only
 * working link, and a read of the table (a backup, a support query) grants no access.
 * In production (`production`) without SMTP_URL nothing can be delivered: the mail is kept redacted and marked
 * failed, and the log says it was not delivered, so no working link reaches a log or a backup.
 */
export function createMailer(opts: {
  db: Db;
  smtpUrl?: string;
  from: string;
  log: FastifyBaseLogger;
  production?: boolean;
  /** Called after `enqueue` wrote rows: the app pokes the outbox worker (lib/mail/outbox-worker.ts). */
  onQueued?: () => void;
}): Mailer {
  const transport: Transporter | null = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  const devOutbox = !transport && devMailboxOn(opts);
  return {
    async send(req) {
      const render = mailTemplates[req.template] as (
        l: Language,
        v: typeof req.vars,
      ) => ReturnType<(typeof mailTemplates)[MailTemplate]>;
      const content = render(req.language, req.vars);
      const id = randomUUID();
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
        status = "failed";
        error = NO_SMTP_ERROR;
        opts.log.warn({ template: req.template, mail: id }, `mail not delivered: ${NO_SMTP_ERROR}`);
      } else {
        opts.log.info({ template: req.template, mail: id }, DEV_MAILBOX_LOG);
      }
      const stored = devOutbox ? content : render(req.language, withoutLinkTokens(req.vars));
      await opts.db.insert(mailOutbox).values({
        id,
        recipient: req.to,
        subject: content.subject,
        textBody: stored.text,
        htmlBody: stored.html,
        template: req.template,
        status,
        error,
        // delivered: accepted by SMTP, or put in the development mailbox
        sentAt: status === "failed" ? null : new Date(),
      });
    },
    async enqueue(db, reqs) {
      const CHUNK = 1000;
      // ids made here rather than read back: the order of a multi-row RETURNING is not promised by SQL
      const ids = reqs.map(() => randomUUID());
      for (let i = 0; i < reqs.length; i += CHUNK) {
        const values = reqs.slice(i, i + CHUNK).map((req, j) => {
          const render = mailTemplates[req.template] as (
            l: Language,
            v: typeof req.vars,
          ) => ReturnType<(typeof mailTemplates)[MailTemplate]>;
          const content = render(req.language, req.vars);
          return {
            id: ids[i + j] as string,
            recipient: req.to,
            subject: content.subject,
            textBody: content.text,
            htmlBody: content.html,
            template: req.template,
            status: "queued" as const,
            nextAttemptAt: req.notBefore ?? new Date(),
          };
        });
        if (values.length) await db.insert(mailOutbox).values(values);
      }
      if (reqs.length) opts.onQueued?.();
      return ids;
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
