import { and, eq } from "drizzle-orm";
import type { ForgetMember } from "../../../db/membership-rules";
import { alertStates } from "../../../db/schema";

/**
 * The engine's state of a member in an entity goes with their membership (a later membership starts with no
 * excursion under way). The alerts already raised stay: they are the entity's record.
 */
export const forgetMemberAlertStates: ForgetMember = async (tx, ws, userId) => {
  await tx.delete(alertStates).where(and(eq(alertStates.workspaceName, ws), eq(alertStates.userId, userId)));
};
