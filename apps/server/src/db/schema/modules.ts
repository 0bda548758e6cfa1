import { integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { entityRef, parentRef, userRef } from "./columns";

/** The KPI module catalogue (spec §3 Module); rows are kept in step with `db/module-catalogue.ts`. */
export const modules = pgTable("modules", {
  id: integer("id").primaryKey(),
  code: text("code").notNull().unique(),
  nameJp: text("name_jp").notNull(),
  nameEn: text("name_en").notNull(),
  descriptionJp: text("description_jp").notNull(),
  descriptionEn: text("description_en").notNull(),
  sortOrder: integer("sort_order").notNull(),
});

export const moduleOptions = pgTable("module_options", {
  id: integer("id").primaryKey(),
  moduleId: parentRef("module_id", () => modules.id),
  textJp: text("text_jp").notNull(),
  textEn: text("text_en").notNull(),
  sortOrder: integer("sort_order").notNull(),
});

/** Modules an entity subscribes to (set by admins), with the chosen mode option. */
export const entityModules = pgTable(
  "entity_modules",
  {
    workspaceName: entityRef(),
    moduleId: parentRef("module_id", () => modules.id),
    modeOptionId: integer("mode_option_id").references(() => moduleOptions.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceName, t.moduleId] })],
);

/** A client's own subscription to a module its entity offers. */
export const memberModules = pgTable(
  "member_modules",
  {
    workspaceName: entityRef(),
    userId: userRef(),
    moduleId: parentRef("module_id", () => modules.id),
    modeOptionId: integer("mode_option_id").references(() => moduleOptions.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceName, t.userId, t.moduleId] })],
);
