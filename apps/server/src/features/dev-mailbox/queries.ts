import type { DevMail, DevMailbox, DevMailSummary } from "@mimamori/shared";
import { and, desc, eq, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mailOutbox, notificationMails, notifications } from "../../db/schema";
import type { AuthUser } from "../../lib/access";
import { AppError } from "../../lib/errors";

/*
 * The development mailbox (docs/decisions.md "The development mailbox"): the mails of `mail_outbox` as their
 * recipients read them while the server has no SMTP_URL outside production.
 */

/**
 * The mails `viewer` may read: a super user every mail, anyone else only mails addressed to their own e-mail (the
 * addresses are stored lower-case, as the accounts' are), so nobody reads another person's secret links.
 */
function readableBy(viewer: Pick<AuthUser, "email" | "isSuperUser">): SQL | undefined {
  return viewer.isSuperUser ? undefined : eq(mailOutbox.recipient, viewer.email);
}

const summaryColumns = {
  id: mailOutbox.id,
  recipient: mailOutbox.recipient,
  subject: mailOutbox.subject,
  template: mailOutbox.template,
  status: mailOutbox.status,
  sentAt: mailOutbox.sentAt,
  createdAt: mailOutbox.createdAt,
};

type SummaryRow = { [K in keyof typeof summaryColumns]: (typeof mailOutbox.$inferSelect)[K] };

function toSummary(r: SummaryRow): DevMailSummary {
  return {
    id: r.id,
    recipient: r.recipient,
    subject: r.subject,
    template: r.template,
    status: r.status,
    // delivered (to the mailbox or over SMTP), else written
    at: (r.sentAt ?? r.createdAt).toISOString(),
  };
}

/** The newest `limit` mails the viewer may read, newest first; `truncated` when there are older ones. */
export async function listMails(
  db: Db,
  viewer: Pick<AuthUser, "email" | "isSuperUser">,
  limit: number,
): Promise<DevMailbox> {
  const found = await db
    .select(summaryColumns)
    .from(mailOutbox)
    .where(readableBy(viewer))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit + 1);
  return { mails: found.slice(0, limit).map(toSummary), truncated: found.length > limit, limit };
}

/** One mail the viewer may read, with its text and HTML; 404 `mail-not-found` for any other id. */
export async function readMail(
  db: Db,
  viewer: Pick<AuthUser, "email" | "isSuperUser">,
  id: string,
): Promise<DevMail> {
  const [row] = await db
    .select({ ...summaryColumns, text: mailOutbox.textBody, html: mailOutbox.htmlBody })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.id, id), readableBy(viewer)));
  if (!row) throw new AppError("mail-not-found");
  return { ...toSummary(row), text: row.text, html: row.html };
}

/** The members (and their entity) the alerts a mail names are about: whose health data the mail shows. */
export function alertMembersOf(db: Db, mailId: string) {
  return db
    .selectDistinct({ id: notifications.userId, ws: notifications.workspaceName })
    .from(notificationMails)
    .innerJoin(notifications, eq(notifications.id, notificationMails.notificationId))
    .where(eq(notificationMails.mailId, mailId));
}
