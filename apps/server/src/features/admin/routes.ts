import {
  adminUserSchema,
  emailSchema,
  okSchema,
  userListItemSchema,
  userListQuerySchema,
} from "@mimamori/shared";
import { asc, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client";
import { requireEntity } from "../../db/entities";
import { acceptedClientOf } from "../../db/membership-rules";
import { memberships, users } from "../../db/schema";
import { requireUser } from "../../lib/access";
import type { AppContext } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { CONFLICT, call } from "../../lib/openapi/operations";
import { purgeAccount } from "../account-deletion";

const ALL = "all_entities";

/** The order of every user list: by e-mail, then uid, so that pages never overlap. */
const USER_ORDER = [asc(users.email), asc(users.id)];

function toAdminUser(u: typeof users.$inferSelect) {
  return {
    uid: u.id,
    name: u.name,
    email: u.email,
    language: u.language,
    email_is_active: u.emailVerifiedAt !== null,
    is_super_user: u.isSuperUser,
    created_at: u.createdAt.toISOString(),
  };
}

/** A page of the users of one entity or of all (`ALL`), in USER_ORDER. */
async function usersOf(db: Db, ws: string, page: { offset: number; limit: number }) {
  if (ws === ALL)
    return (
      await db
        .select()
        .from(users)
        .orderBy(...USER_ORDER)
        .limit(page.limit)
        .offset(page.offset)
    ).map(toAdminUser);
  await requireEntity(db, ws);
  const rows = await db
    .selectDistinct({ user: users })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(acceptedClientOf(ws))
    .orderBy(...USER_ORDER)
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((r) => toAdminUser(r.user));
}

export function adminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    /** True only when the caller is a super user and asks about themself (spec §7 POST /admin/login). */
    app.post(
      "/admin/login",
      {
        config: call("user", "adminLogin", "Check that the signed-in person is an administrator"),
        schema: { body: z.object({ email: emailSchema }), response: { 200: z.boolean() } },
      },
      async (req) => {
        const me = requireUser(req);
        return me.isSuperUser && me.email === req.body.email;
      },
    );

    /**
     * Users of one entity (accepted members) or of all entities (every account), by e-mail: at most
     * USER_LIST_PAGE_MAX a call, `offset` pages on (the web reads page after page).
     */
    app.get(
      "/admin/users/:workspace",
      {
        config: call("super-user", "adminListEntityUsers", "An entity's members and staff"),
        schema: {
          params: z.object({ workspace: z.string().min(1).max(64) }),
          querystring: userListQuerySchema,
          response: { 200: z.array(adminUserSchema) },
        },
      },
      async (req) => usersOf(ctx.db, req.params.workspace, req.query),
    );

    /**
     * Every account's uid, name and e-mail, by e-mail (spec §7 GET /get_user_list). At most USER_LIST_PAGE_MAX
     * rows a call; `offset` pages on, so the answer stays bounded however many accounts there are.
     */
    app.get(
      "/get_user_list",
      {
        config: call("super-user", "adminListUsers", "Every account"),
        schema: { querystring: userListQuerySchema, response: { 200: z.array(userListItemSchema) } },
      },
      async (req) =>
        ctx.db
          .select({ uid: users.id, name: users.name, email: users.email })
          .from(users)
          .orderBy(...USER_ORDER)
          .limit(req.query.limit)
          .offset(req.query.offset),
    );

    /**
     * Deletes an account with everything that belongs to it, for good: the deletion job's purge (issue 29 §4), so
     * the rows without a foreign key (band data, answers, mail) go too and the access audit keeps a random id.
     */
    app.delete(
      "/admin/users/:uid",
      {
        config: call("super-user", "adminDeleteUser", "Delete an account permanently", CONFLICT),
        schema: { params: z.object({ uid: z.uuid("not-found") }), response: { 200: okSchema } },
      },
      async (req) => {
        if (req.params.uid === requireUser(req).id) throw new AppError("cannot-delete-self");
        const { uid } = req.params;
        if (!(await ctx.db.transaction((tx) => purgeAccount(tx, uid)))) throw new AppError("user-missing");
        return { ok: true as const };
      },
    );
  };
}
