import { type Language, PRIVACY_VERSION, TERMS_VERSION } from "@mimamori/shared";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { changesOf } from "../db/changes";
import type { Db } from "../db/client";
import { acceptedStaffOf } from "../db/membership-rules";
import { perDatabase } from "../db/per-database";
import { consents, memberships, sessions, users } from "../db/schema";
import type { AppContext } from "./context";
import { AppError, forbidden, unauthenticated } from "./errors";

/**
 * Who may call a route. Every /api route must declare one (secure by default):
 * - public: anyone; user: any signed-in person (a client);
 * - staff: staff of the entity named by the `workspace` path parameter (or, for a route without one in its
 *   path, the `?workspace=` query parameter); super-user: an admin.
 */
export type Access = "public" | "user" | "staff" | "super-user";

export interface AuthUser {
  id: string;
  email: string;
  name: string;
  language: Language;
  isSuperUser: boolean;
  emailVerified: boolean;
  sessionId: string;
  /** When the caller's id token expires (epoch ms): a live event stream ends then (features/events). */
  tokenExpiresAt: number;
  /** The caller's own profile, read with the session: `GET /user/info` answers it without a second query. */
  profile: UserProfile;
  /**
   * Issue 29 §2: the person's latest accepted terms are older than TERMS_VERSION or PRIVACY_VERSION, so every route
   * but those declaring `config.allowWithoutCurrentTerms` answers 403 `terms-acceptance-required`. Read with the
   * session (one statement); an account with no acceptance at all (made by staff or the tools) is not asked.
   */
  termsOutdated: boolean;
}

/** The profile columns of `users` (`GET /user/info`); never the password hash. */
export const profileColumns = {
  displayName: users.displayName,
  firstName: users.firstName,
  lastName: users.lastName,
  firstNameKana: users.firstNameKana,
  lastNameKana: users.lastNameKana,
  phoneNumber1: users.phoneNumber1,
  phoneNumber2: users.phoneNumber2,
  address: users.address,
};
export type UserProfile = { [K in keyof typeof profileColumns]: (typeof users.$inferSelect)[K] };

declare module "fastify" {
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    access?: Access;
    /**
     * The route answers a signed-in person who has not yet accepted the current terms or privacy policy (issue 29
     * §2): what the acceptance page needs (the person's info and language, the terms status, accepting), signing
     * out and deleting the account. Every other route answers them 403 `terms-acceptance-required`.
     */
    allowWithoutCurrentTerms?: boolean;
  }
  interface FastifyInstance {
    /** Every /api route with who may call it, for tests and docs. */
    accessTable: { method: string; url: string; access: Access }[];
  }
}

export function requireUser(req: FastifyRequest): AuthUser {
  if (!req.user) throw unauthenticated();
  return req.user;
}

function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m?.[1] ?? null;
}

/**
 * The two lookups every signed-in request makes, built once per database (drizzle's prepared queries): building a
 * query object per request cost more than the database's answer to it.
 */
const lookupsOf = perDatabase((db) => ({
  session: db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      language: users.language,
      isSuperUser: users.isSuperUser,
      emailVerifiedAt: users.emailVerifiedAt,
      tokenVersion: users.tokenVersion,
      expiresAt: sessions.expiresAt,
      ...profileColumns,
      termsOutdated: sql<boolean>`coalesce((${db
        .select({
          outdated: sql`${consents.termsVersion} < ${TERMS_VERSION} or ${consents.privacyVersion} < ${PRIVACY_VERSION}`,
        })
        .from(consents)
        .where(eq(consents.userId, users.id))
        .orderBy(desc(consents.agreedAt))
        .limit(1)}), false)`,
    })
    .from(users)
    .innerJoin(sessions, eq(sessions.userId, users.id))
    .where(
      and(
        eq(users.id, sql.placeholder("uid")),
        eq(sessions.id, sql.placeholder("sid")),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder("now")),
      ),
    )
    .prepare("auth_session"),
  staff: db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.userId, sql.placeholder("uid")), acceptedStaffOf(sql.placeholder("ws"))))
    .prepare("auth_staff"),
}));

type SessionRow = Awaited<ReturnType<ReturnType<typeof lookupsOf>["session"]["execute"]>>[number];

/** How many session lookups are kept (a few hundred bytes each); past it the oldest go first. */
export const KEPT_SESSIONS_MAX = 10_000;

interface KeptSession {
  stamp: number;
  row: SessionRow;
  expiresAt: number;
}

const keptSessionsOf = perDatabase(() => new Map<string, KeptSession>());

/**
 * The caller's user and session row: live, not revoked, not expired. A lookup is kept while nothing has changed
 * since it was read (db/changes.ts: every mutating request and every revocation marks everything changed, before
 * its answer leaves) and until the session's expiry, so a signed-in read costs no round trip; a revoked session or
 * a changed profile is read again at the next request. Only found sessions are kept.
 */
async function sessionRow(db: Db, uid: string, sid: string): Promise<SessionRow | undefined> {
  const kept = keptSessionsOf(db);
  const changes = changesOf(db);
  const key = `${sid}/${uid}`;
  const now = Date.now();
  const hit = kept.get(key);
  if (hit && hit.expiresAt > now && changes.isCurrent(hit.stamp)) return hit.row;
  kept.delete(key);
  const stamp = changes.stamp();
  const [row] = await lookupsOf(db).session.execute({ uid, sid, now: new Date(now) });
  if (!row) return undefined;
  // a Map iterates in insertion order: the first key is the oldest lookup
  const oldest = kept.size >= KEPT_SESSIONS_MAX ? kept.keys().next().value : undefined;
  if (oldest !== undefined) kept.delete(oldest);
  kept.set(key, { stamp, row, expiresAt: row.expiresAt.getTime() });
  return row;
}

async function loadUser(ctx: AppContext, token: string): Promise<AuthUser | null> {
  const claims = await ctx.idTokens.verify(token);
  if (!claims) return null;
  const u = await sessionRow(ctx.db, claims.uid, claims.sid);
  if (!u || u.tokenVersion !== claims.tv) return null;
  const {
    id,
    email,
    name,
    language,
    isSuperUser,
    emailVerifiedAt,
    tokenVersion: _,
    expiresAt: __,
    termsOutdated,
    ...profile
  } = u;
  return {
    id,
    email,
    name,
    language,
    isSuperUser,
    emailVerified: emailVerifiedAt !== null,
    sessionId: claims.sid,
    tokenExpiresAt: claims.expiresAt,
    profile,
    termsOutdated,
  };
}

export async function isStaffOf(ctx: AppContext, userId: string, workspaceName: string): Promise<boolean> {
  const [row] = await lookupsOf(ctx.db).staff.execute({ uid: userId, ws: workspaceName });
  return Boolean(row);
}

/**
 * The entity a staff route acts for: the `workspace` path parameter, or for staff routes without one in the
 * path (`/staff/questions`, `/staff/forms/…/answers/…`) the `?workspace=` query parameter, as the web's staff
 * pages name it. A repeated query parameter (an array) names no entity.
 */
function staffWorkspace(req: FastifyRequest): string | undefined {
  const fromPath = (req.params as { workspace?: unknown }).workspace;
  const named = fromPath ?? (req.query as { workspace?: unknown } | undefined)?.workspace;
  return typeof named === "string" ? named : undefined;
}

/**
 * Whether a staff route can name the entity it acts for (`staffWorkspace`): otherwise it would register and then
 * refuse everyone, so registering it is refused instead.
 */
function namesEntity(url: string, querystring: unknown): boolean {
  if (/(^|\/):workspace(\/|$)/.test(url)) return true;
  const shape = (querystring as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape !== undefined && "workspace" in shape;
}

export function registerAccessControl(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest("user", null);
  const table: FastifyInstance["accessTable"] = [];
  app.decorate("accessTable", table);
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/") || route.url.startsWith("/api/docs")) return;
    const access = route.config?.access;
    if (!access)
      throw new Error(`Route ${route.method} ${route.url} does not declare who may call it (config.access)`);
    if (access === "staff" && !namesEntity(route.url, route.schema?.querystring))
      throw new Error(
        `Staff route ${route.method} ${route.url} names no entity: a :workspace path parameter or a workspace query parameter in its schema`,
      );
    for (const method of [route.method].flat())
      if (method !== "HEAD") table.push({ method, url: route.url, access });
  });
  app.addHook("onRequest", async (req) => {
    const access = req.routeOptions.config?.access;
    if (!access || access === "public") return;
    const token = bearer(req);
    const user = token ? await loadUser(ctx, token) : null;
    if (!user) throw unauthenticated();
    if (!user.emailVerified) throw new AppError("email-not-verified");
    req.user = user;
    if (user.termsOutdated && !req.routeOptions.config?.allowWithoutCurrentTerms)
      throw new AppError("terms-acceptance-required");
    if (access === "super-user" && !user.isSuperUser) throw forbidden();
    if (access === "staff") {
      const workspace = staffWorkspace(req);
      // a NUL cannot name an entity, and the database would refuse it in the query (500)
      if (!workspace || workspace.includes("\u0000") || !(await isStaffOf(ctx, user.id, workspace)))
        throw forbidden();
    }
  });
}
