import type { UserRow } from "@mimamori/shared";
import { eq } from "drizzle-orm";
import type { EntityRow } from "../../../db/entities";
import { memberships, users } from "../../../db/schema";
import type { AppContext } from "../../../lib/context";
import { releaseSlots } from "../../identity";
import { entityCapReached, type InvitationMail, takeInvitationSlot } from "../invitations/service";
import { memberEmails } from "./queries";
import { validateRows } from "./rows";

/**
 * Invites the rows that validate as ok. Every row becomes an "invited" membership: only the person's own
 * acceptance on /client/entities gives the entity access (docs/decisions.md, Trust). A new person also gets an
 * account without password. Each row first takes a slot under the invitation caps and is one transaction, so a
 * row over a cap or failing leaves nothing behind and is reported as create_user_error.
 */
export async function registerRows(ctx: AppContext, entity: EntityRow, input: UserRow[]) {
  const ws = entity.workspaceName;
  const existing = await memberEmails(
    ctx.db,
    ws,
    input.map((r) => r.email.trim().toLowerCase()),
  );
  const rows = validateRows(input, existing, entity.language);
  const mails: InvitationMail[] = [];
  const out: UserRow[] = [];
  let capped = false;
  for (const [i, row] of rows.entries()) {
    // PGlite answers in microtasks: without a macrotask break a long import would starve every other request.
    if (i % 5 === 4) await new Promise((resolve) => setImmediate(resolve));
    const failed = () => out.push({ ...row, status: "create_user_error" });
    if (row.status !== "ok") {
      out.push(row);
      continue;
    }
    const slots = capped ? null : await takeInvitationSlot(ctx.db, ws, row.email);
    if (!slots) {
      capped ||= await entityCapReached(ctx.db, ws);
      failed();
      continue;
    }
    try {
      mails.push(
        await ctx.db.transaction(async (tx) => {
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
            .values({ workspaceName: ws, userId: user.id, role: "client", status: "invited" });
          return {
            userId: user.id,
            email: user.email,
            name: user.name,
            language: user.language,
            role: "client" as const,
            hasPassword: user.passwordHash !== null,
          };
        }),
      );
      out.push({ ...row, status: "sent" });
    } catch {
      await releaseSlots(ctx.db, slots).catch(() => {});
      failed();
    }
  }
  return { rows: out, mails };
}
