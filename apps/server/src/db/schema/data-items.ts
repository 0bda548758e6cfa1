import { sql } from "drizzle-orm";
import {
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { at, entityRef, parentRef, userRef } from "./columns";
import { users } from "./identity";

/*
 * Personal data items (issue 12; docs/decisions.md "Personal data items"). Everything a member keeps hangs off
 * their `data_items` rows with `on delete cascade`, so deleting the account deletes every answer, image, share
 * and access record; image bytes live in the database so a backup holds them.
 */

/** Both drivers hand bytea over as bytes (pg: Buffer, PGlite: Uint8Array); the app works with Buffers. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** The catalogue of item types, managed by admins; the spec's five are seeded by migration 0008. */
export const dataItemTypes = pgTable("data_item_types", {
  id: serial("id").primaryKey(),
  key: text("key").notNull().unique(),
  dataType: text("data_type", { enum: ["form_data", "image"] }).notNull(),
  nameJp: text("name_jp").notNull(),
  nameEn: text("name_en").notNull(),
  descriptionJp: text("description_jp").notNull().default(""),
  descriptionEn: text("description_en").notNull().default(""),
  createdAt: at("created_at").notNull().defaultNow(),
  updatedAt: at("updated_at").notNull().defaultNow(),
});

export interface DataQuestionOption {
  order: number;
  text_jp: string;
  text_en: string;
}

/** The one question a `form_data` type asks; its id is what `POST /user/questions/{id}/answer` names. */
export const dataQuestions = pgTable("data_questions", {
  id: serial("id").primaryKey(),
  typeId: integer("type_id")
    .notNull()
    .unique()
    .references(() => dataItemTypes.id, { onDelete: "cascade" }),
  textJp: text("text_jp").notNull(),
  textEn: text("text_en").notNull(),
  questionType: smallint("question_type").notNull(),
  options: jsonb("options").$type<DataQuestionOption[]>().notNull().default(sql`'[]'::jsonb`),
});

/** A member's item of one type (one per member and type, created the first time the member's list is read). */
export const dataItems = pgTable(
  "data_items",
  {
    id: serial("id").primaryKey(),
    userId: userRef(),
    typeId: parentRef("type_id", () => dataItemTypes.id),
    createdAt: at("created_at").notNull().defaultNow(),
    /** The last answer, image or share change (the spec's `last_updated`); null while never used. */
    updatedAt: at("updated_at"),
  },
  (t) => [
    uniqueIndex("data_items_user_type_idx").on(t.userId, t.typeId),
    index("data_items_type_idx").on(t.typeId),
  ],
);

/** An answer to the item type's question: the typed value, or the chosen option orders. */
export const dataAnswers = pgTable(
  "data_answers",
  {
    id: serial("id").primaryKey(),
    itemId: parentRef("item_id", () => dataItems.id),
    value: text("value"),
    answerOptions: integer("answer_options").array().notNull().default(sql`'{}'::integer[]`),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [index("data_answers_item_idx").on(t.itemId, t.createdAt)],
);

/**
 * A stored image: a photo as re-encoded (no metadata) with its JPEG thumbnail, or a PDF as uploaded. Who added
 * it: the member, or a staff member of an entity the item is shared with (their account may go; the entity stays
 * named).
 */
export const dataImages = pgTable(
  "data_images",
  {
    id: serial("id").primaryKey(),
    itemId: parentRef("item_id", () => dataItems.id),
    contentType: text("content_type", {
      enum: ["image/jpeg", "image/png", "image/webp", "application/pdf"],
    }).notNull(),
    fileName: text("file_name").notNull(),
    size: integer("size").notNull(),
    width: integer("width"),
    height: integer("height"),
    bytes: bytea("bytes").notNull(),
    thumbnail: bytea("thumbnail"),
    addedBy: text("added_by", { enum: ["member", "staff"] }).notNull(),
    addedByUser: uuid("added_by_user").references(() => users.id, { onDelete: "set null" }),
    addedByWorkspace: text("added_by_workspace"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [index("data_images_item_idx").on(t.itemId, t.createdAt)],
);

/**
 * The member's consent: the item is shared with the entity since `shared_at`. A share counts only while the
 * member is an accepted client member whose consent (`accepted_at`) is not newer than the share, so leaving the
 * entity ends it, and joining again does not revive it.
 */
export const dataShares = pgTable(
  "data_shares",
  {
    itemId: parentRef("item_id", () => dataItems.id),
    workspaceName: entityRef(),
    sharedAt: at("shared_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.workspaceName] }),
    index("data_shares_workspace_idx").on(t.workspaceName),
  ],
);

/**
 * Staff access to an item, for the member's history. The entity's and the staff member's names are copied: the
 * record outlives a deleted entity or staff account.
 */
export const dataViews = pgTable(
  "data_views",
  {
    id: serial("id").primaryKey(),
    itemId: parentRef("item_id", () => dataItems.id),
    workspaceName: text("workspace_name").notNull(),
    entityName: text("entity_name").notNull(),
    staffId: uuid("staff_id").references(() => users.id, { onDelete: "set null" }),
    staffName: text("staff_name").notNull(),
    action: text("action", { enum: ["view", "download", "upload"] }).notNull(),
    at: at("at").notNull().defaultNow(),
  },
  (t) => [index("data_views_item_idx").on(t.itemId, t.at)],
);
