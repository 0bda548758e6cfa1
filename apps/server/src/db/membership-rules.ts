import { and, eq, ne, type Placeholder, type SQL, sql } from "drizzle-orm";
import { QueryBuilder } from "drizzle-orm/pg-core";
import type { Db } from "./client";
import { memberships } from "./schema";

/**
 * The membership rules, each written once. An entity's staff see a client only through an **accepted** client
 * membership, and that client's data only from its `accepted_at` (the person's consent) on; a person acts as
 * staff of an entity only through an accepted staff membership. Use the Drizzle conditions in query builders and
 * the subqueries inside raw `sql` statements.
 */

/**
 * A membership kept for a closed account (issue 29 §4: closed, waiting for deletion): the entity does not see it
 * at all, as if it were gone, until the person cancels the deletion by signing in.
 */
const notClosed: SQL = ne(memberships.status, "closed");

/** Every client membership of the entity (accepted, invited, pending), never one of a closed account. */
export const clientMembershipOf = (ws: string): SQL =>
  and(eq(memberships.workspaceName, ws), eq(memberships.role, "client"), notClosed) as SQL;

/** Every staff membership of the entity (accepted, invited), never one of a closed account. */
export const staffMembershipOf = (ws: string): SQL =>
  and(eq(memberships.workspaceName, ws), eq(memberships.role, "staff"), notClosed) as SQL;

/** An accepted client membership, of any entity. */
export const acceptedClient: SQL = and(
  eq(memberships.role, "client"),
  eq(memberships.status, "accepted"),
) as SQL;

/** An accepted staff membership, of any entity. */
export const acceptedStaff: SQL = and(
  eq(memberships.role, "staff"),
  eq(memberships.status, "accepted"),
) as SQL;

/** The accepted client members of the entity: the people its staff watch over. */
export const acceptedClientOf = (ws: string): SQL =>
  and(eq(memberships.workspaceName, ws), acceptedClient) as SQL;

/** The accepted staff of the entity: the people who may act for it. */
export const acceptedStaffOf = (ws: string | Placeholder): SQL =>
  and(eq(memberships.workspaceName, ws), acceptedStaff) as SQL;

const qb = new QueryBuilder();

/** Subquery `(user_id)`: the accepted client members of the entity. */
export const acceptedClientIds = (ws: string) =>
  qb.select({ user_id: memberships.userId }).from(memberships).where(acceptedClientOf(ws));

/**
 * Subquery `(user_id, since)`: the accepted client members with the moment from which the entity may count their
 * data, their consent (`accepted_at`; docs/decisions.md, Trust). A membership without one shares nothing.
 */
export const acceptedClientConsent = (ws: string) =>
  qb
    .select({ user_id: memberships.userId, since: sql<Date>`${memberships.acceptedAt}`.as("since") })
    .from(memberships)
    .where(and(acceptedClientOf(ws), sql`${memberships.acceptedAt} is not null`));

/**
 * What a feature forgets of a person when their membership of an entity ends (`removeMember`): each feature that
 * keeps rows per entity and member deletes its own, in the membership's transaction.
 */
export type ForgetMember = (tx: Db, ws: string, userId: string) => Promise<void>;
