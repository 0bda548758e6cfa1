import {
  devMailboxQuerySchema,
  devMailboxSchema,
  devMailIdParamSchema,
  devMailSchema,
} from "@mimamori/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser } from "../../lib/access";
import { auditRead } from "../../lib/access-audit";
import type { AppContext } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { devMailboxOn } from "../../lib/mail/mailer";
import { call } from "../../lib/openapi/operations";
import { alertMembersOf, listMails, readMail } from "./queries";

/** Anyone signed in; what they may read is decided by the query (`readableBy`: a super user every mail). */

/**
 * The development mailbox (issue 28 §3): `GET /dev-mailbox` (the newest mails) and `GET /dev-mailbox/{id}` (one
 * mail with its text and HTML). Only while `devMailboxOn` (no SMTP_URL outside production); otherwise 404
 * `mailbox-off`. Answers are never cached: they carry working links.
 */
export function devMailboxRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const on = devMailboxOn(ctx.config);
  return async (app) => {
    // after the access check (a root hook): anonymous callers get 401 either way
    app.addHook("onRequest", async (_req, reply) => {
      if (!on) throw new AppError("mailbox-off");
      reply.header("cache-control", "no-store");
    });

    app.get(
      "/dev-mailbox",
      {
        config: call("user", "listMailbox", "The mails addressed to the signed-in person"),
        schema: { querystring: devMailboxQuerySchema, response: { 200: devMailboxSchema } },
      },
      async (req) => listMails(ctx.db, requireUser(req), req.query.limit),
    );

    app.get(
      "/dev-mailbox/:id",
      {
        config: call("user", "getMail", "One mail of the development mailbox"),
        schema: { params: devMailIdParamSchema, response: { 200: devMailSchema } },
      },
      async (req) => {
        const mail = await readMail(ctx.db, requireUser(req), req.params.id);
        // an alert mail carries the member's value: a read of their health data (the access audit)
        const about = await alertMembersOf(ctx.db, mail.id);
        if (about.length)
          auditRead(req, { what: "mailbox", subjects: about.map((a) => a.id), workspace: about[0]?.ws });
        return mail;
      },
    );
  };
}
