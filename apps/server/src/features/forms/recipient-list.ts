import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { formRecipientList } from "../../db/schema";
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
