import { eq } from "drizzle-orm";
import { AppError } from "../lib/errors";
import type { Db } from "./client";
import { entities } from "./schema";

export type EntityRow = typeof entities.$inferSelect;

/** The entity of workspace `ws`, or 404 entity-not-found: the first step of every route about one entity. */
export async function requireEntity(db: Db, ws: string): Promise<EntityRow> {
  const [row] = await db.select().from(entities).where(eq(entities.workspaceName, ws));
  if (!row) throw new AppError("entity-not-found");
  return row;
}
