import type { Language } from "@mimamori/shared";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { EntityRow } from "../../../db/entities";
import { memberships } from "../../../db/schema";
import type { AppContext } from "../../../lib/context";
import { AppError } from "../../../lib/errors";
import { recordConsentEvents } from "../../consents";
import { issueEmailToken, pruneRateEvents, Throttle, takeSlots } from "../../identity";

/**
 * Invitations to an entity, one module for both sides: the inviting parts of the domain (members/ registers
 * clients, staff/ invites staff) take a slot under the caps and mail the invitation; the invitee answers through
 * memberships/ (accept or decline). It imports no other part of entities/, so they all may import it.
 */

export type MembershipRole = "client" | "staff";

/** A set-password link of an invitation stays valid for a week. */
export const INVITE_TTL_S = 7 * 24 * 3600;

/**
 * Caps on invitation mails (docs/decisions.md, Trust), counted in the database so that every instance shares
 * them: per entity per hour against a runaway import, per address per day against one person being flooded.
 */
export const INVITES_PER_ENTITY = { kind: "invite-entity", max: 200, windowS: 3600 };
export const INVITES_PER_ADDRESS = { kind: "invite-address", max: 3, windowS: 24 * 3600 };

/** One slot under both caps for a mail from entity `ws` to `email` (release it if the invitation fails), or null. */
export function takeInvitationSlot(db: Db, ws: string, email: string) {
  return takeSlots(db, [
    { ...INVITES_PER_ENTITY, key: ws },
    { ...INVITES_PER_ADDRESS, key: email },
  ]);
}

/** True when the entity's hourly cap is used up, so the rest of an import need not be tried. */
export function entityCapReached(db: Db, ws: string) {
  const { kind, max, windowS } = INVITES_PER_ENTITY;
  return new Throttle(db, kind, max, windowS).isLimited([ws]);
}

export interface InvitationMail {
  userId: string;
  email: string;
  name: string;
  language: Language;
  role: MembershipRole;
  /** Without a password (a new person) the mail carries the set-password link instead. */
  hasPassword: boolean;
}

/**
 * Mails the invitations one after another after the response, so a large import never waits on SMTP. Each
 * mail is in the invitee's language and leads to /client/entities, where the person accepts or declines; a
 * person without a password first sets one through the mailed link.
 */
export function sendInvitations(ctx: AppContext, entity: EntityRow, mails: InvitationMail[]) {
  void (async () => {
    for (const m of mails) {
      const base = { to: m.email, language: m.language };
      const vars = { name: m.name, entity: entity.name };
      if (!m.hasPassword) {
        const token = await issueEmailToken(ctx.db, m.userId, "invite", INVITE_TTL_S);
        const url = `${ctx.config.appUrl}/auth/set-password?token=${token}`;
        await ctx.mailer.send({ ...base, template: "invite", vars: { ...vars, url } });
      } else {
        const template = m.role === "staff" ? "staff-invitation" : "invitation";
        await ctx.mailer.send({
          ...base,
          template,
          vars: { ...vars, url: `${ctx.config.appUrl}/client/entities` },
        });
      }
    }
    await pruneRateEvents(ctx.db);
  })().catch(() => {});
}

const openInvitation = (ws: string, userId: string, role: MembershipRole) =>
  and(
    eq(memberships.workspaceName, ws),
    eq(memberships.userId, userId),
    eq(memberships.role, role),
    eq(memberships.status, "invited"),
  );

/** The invitee's own yes: from now on (accepted_at) the entity sees their data, never before. */
export async function acceptInvitation(db: Db, ws: string, userId: string, role: MembershipRole) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(memberships)
      .set({ status: "accepted", acceptedAt: new Date() })
      .where(openInvitation(ws, userId, role))
      .returning();
    if (!row) throw new AppError("invitation-not-found");
    const kind = role === "staff" ? "staff-invitation-accepted" : "membership-accepted";
    await recordConsentEvents(tx, [{ userId, kind, workspace: ws }]);
  });
}

/** The invitee's no: the invitation goes; the entity may invite again (within the caps). */
export async function declineInvitation(db: Db, ws: string, userId: string, role: MembershipRole) {
  const [row] = await db
    .delete(memberships)
    .where(openInvitation(ws, userId, role))
    .returning();
  if (!row) throw new AppError("invitation-not-found");
}
