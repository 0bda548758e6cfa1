import { and, eq } from "drizzle-orm";
import { AppError } from "../lib/errors";
import type { Db } from "./client";
import { clientMembershipOf } from "./membership-rules";
import { entities, memberships } from "./schema";

export type EntityRow = typeof entities.$inferSelect;

/** The entity of workspace `ws`, or 404 entity-not-found: the first step of every route about one entity. */
export async function requireEntity(db: Db, ws: string): Promise<EntityRow> {
  const [row] = await db.select().from(entities).where(eq(entities.workspaceName, ws));
  if (!row) throw new AppError("entity-not-found");
  return row;
}

/**
 * Runs `change` in a transaction unless the entity's notification settings are locked (409
 * notification-settings-locked; `admin` may change them anyway). The entity row is share-locked for the
 * transaction, so a lock taken meanwhile waits for the change or refuses it, never lets it through after locking.
 * Alert settings (features/alerts) and webhooks (features/webhooks) are changed under it.
 */
export async function whileSettingsUnlocked<T>(
  db: Db,
  ws: string,
  change: (tx: Db) => Promise<T>,
  admin = false,
): Promise<T> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: entities.notificationSettingStatus })
      .from(entities)
      .where(eq(entities.workspaceName, ws))
      .for("share");
    if (!row) throw new AppError("entity-not-found");
    if (row.status === "locked" && !admin) throw new AppError("notification-settings-locked");
    return change(tx);
  });
}

/** The person's client membership of the entity, in any status; 404 `member-not-found` without one. */
export async function requireMember(db: Db, ws: string, userId: string) {
  const [m] = await db
    .select()
    .from(memberships)
    .where(and(clientMembershipOf(ws), eq(memberships.userId, userId)));
  if (!m) throw new AppError("member-not-found");
  return m;
}
