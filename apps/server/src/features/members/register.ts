import type { Language, UserRow } from "@mimamori/shared";
import { eq } from "drizzle-orm";
import { memberships, users } from "../../db/schema";
import type { AppContext } from "../../lib/context";
import { issueEmailToken } from "../auth/email-tokens";
import type { EntityRow } from "../entities/queries";
import { memberEmails } from "./queries";
import { validateRows } from "./rows";

export const INVITE_TTL_S = 7 * 24 * 3600;

interface Invitation {
  userId: string;
  email: string;
  name: string;
  language: Language;
}

/**
 * Registers the rows that validate as ok: an existing account gets an accepted membership; a new person gets an
 * account without password, the membership and an invitation. Each row is one transaction, so a failing row
 * leaves nothing behind and is reported as create_user_error.
 */
export async function registerRows(ctx: AppContext, entity: EntityRow, input: UserRow[]) {
  const ws = entity.workspaceName;
  const existing = await memberEmails(
    ctx.db,
    ws,
    input.map((r) => r.email.trim().toLowerCase()),
  );
  const rows = validateRows(input, existing, entity.language);
  const invitations: (Invitation & { token: string })[] = [];
  const out: UserRow[] = [];
  for (const [i, row] of rows.entries()) {
    // PGlite answers in microtasks: without a macrotask break a long import would starve every other request.
    if (i % 5 === 4) await new Promise((resolve) => setImmediate(resolve));
    if (row.status !== "ok") {
      out.push(row);
      continue;
    }
    try {
      const invitation = await ctx.db.transaction(async (tx) => {
        const [found] = await tx.select().from(users).where(eq(users.email, row.email));
        const user =
          found ??
          (
            await tx
              .insert(users)
              .values({ email: row.email, name: row.name, displayName: row.name, language: row.language })
              .returning()
          )[0];
        if (!user) throw new Error("user not created");
        await tx
          .insert(memberships)
          .values({ workspaceName: ws, userId: user.id, role: "client", status: "accepted" });
        return found
          ? null
          : { userId: user.id, email: user.email, name: user.name, language: user.language };
      });
      if (invitation) {
        const token = await issueEmailToken(ctx.db, invitation.userId, "invite", INVITE_TTL_S);
        invitations.push({ ...invitation, token });
      }
      out.push({ ...row, status: "sent" });
    } catch {
      out.push({ ...row, status: "create_user_error" });
    }
  }
  return { rows: out, invitations };
}

/** Mails the invitations one after another, after the response: a large import never waits on SMTP. */
export function sendInvitations(
  ctx: AppContext,
  entity: EntityRow,
  invitations: (Invitation & { token: string })[],
) {
  void (async () => {
    for (const inv of invitations) {
      await ctx.mailer.send({
        to: inv.email,
        language: inv.language,
        template: "invite",
        vars: {
          name: inv.name,
          entity: entity.name,
          url: `${ctx.config.appUrl}/auth/set-password?token=${inv.token}`,
        },
      });
    }
  })().catch(() => {});
}
