import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { ForgetMember } from "../../db/membership-rules";
import { formRecipientList, formRecipients, formSchedules, forms } from "../../db/schema";
import { requireRecipients } from "./send";
import { uuidArray } from "./sql";

/**
 * The form's saved recipient list (`sent_users`): preselected when staff send the form, and the "chosen list" of
 * a recurring send. Only people who could receive the form may be added (400 `recipient-not-member`).
 */
export async function addToRecipientList(
  tx: Db,
  ws: string,
  formId: number,
  userIds: string[],
  field = "users",
) {
  const ids = [...new Set(userIds)];
  if (!ids.length) return;
  await requireRecipients(tx, ws, ids, field);
  await tx
    .insert(formRecipientList)
    .values(ids.map((userId) => ({ formId, userId })))
    .onConflictDoNothing();
}

export async function removeFromRecipientList(tx: Db, formId: number, userIds: string[]) {
  const ids = [...new Set(userIds)];
  if (!ids.length) return;
  await tx
    .delete(formRecipientList)
    .where(
      and(eq(formRecipientList.formId, formId), sql`${formRecipientList.userId} = any(${uuidArray(ids)})`),
    );
}

/**
 * A member's form requests in an entity go with their membership: the requests and answers of the entity's forms,
 * their place on its forms' recipient lists and in its schedules.
 */
export const forgetMemberRequests: ForgetMember = async (tx, ws, userId) => {
  const entityForms = tx.select({ id: forms.id }).from(forms).where(eq(forms.workspaceName, ws));
  for (const t of [formRecipients, formRecipientList])
    await tx.delete(t).where(and(eq(t.userId, userId), inArray(t.formId, entityForms)));
  await tx
    .update(formSchedules)
    .set({ userIds: sql`array_remove(${formSchedules.userIds}, ${userId}::uuid)` })
    .where(
      and(inArray(formSchedules.formId, entityForms), sql`${userId}::uuid = any(${formSchedules.userIds})`),
    );
};
