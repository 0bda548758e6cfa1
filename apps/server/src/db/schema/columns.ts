import { type AnyPgColumn, integer, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { entities } from "./entities";
import { users } from "./identity";

/* Column kinds many tables share. */

/** A point in time, with its zone. */
export const at = (name: string) => timestamp(name, { withTimezone: true });

/** The entity a row belongs to: the row goes with the entity and follows a change of its workspace name. */
export const entityRef = () =>
  text("workspace_name")
    .notNull()
    .references(() => entities.workspaceName, { onDelete: "cascade", onUpdate: "cascade" });

/** The person a row belongs to: the row goes with their account. */
export const userRef = () =>
  uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

/** The row a row belongs to, by its integer id (`parent`): the row goes with it. */
export const parentRef = (name: string, parent: () => AnyPgColumn) =>
  integer(name).notNull().references(parent, { onDelete: "cascade" });
