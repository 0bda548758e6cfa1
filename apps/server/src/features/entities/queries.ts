import type { Entity } from "@mimamori/shared";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { entities } from "../../db/schema";
import { AppError } from "../../lib/errors";

export type EntityRow = typeof entities.$inferSelect;

export function toEntity(e: EntityRow): Entity {
  return {
    workspace_name: e.workspaceName,
    name: e.name,
    description: e.description,
    is_public: e.isPublic,
    language: e.language,
    notification_setting_status: e.notificationSettingStatus,
    created_at: e.createdAt.toISOString(),
  };
}

export async function findEntity(db: Db, ws: string): Promise<EntityRow | undefined> {
  const [row] = await db.select().from(entities).where(eq(entities.workspaceName, ws));
  return row;
}

export async function requireEntity(db: Db, ws: string): Promise<EntityRow> {
  const row = await findEntity(db, ws);
  if (!row) throw new AppError("entity-not-found");
  return row;
}
