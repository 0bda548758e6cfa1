import { sql } from "drizzle-orm";
import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import { at, entityRef, parentRef, userRef } from "./columns";
import { users } from "./identity";

/**
 * An entity's question bank (`/staff/questions`). Deleting a question only marks it (`deleted_at`): forms hold
 * copies of their questions and answers hold snapshots, so nothing answered depends on a bank row.
 */
export const questions = pgTable(
  "questions",
  {
    id: serial("id").primaryKey(),
    workspaceName: entityRef(),
    text: text("text").notNull(),
    questionType: smallint("question_type").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
    deletedAt: at("deleted_at"),
  },
  (t) => [index("questions_workspace_idx").on(t.workspaceName)],
);

export interface StoredOption {
  order: number;
  text: string;
}

/** A questionnaire of an entity. */
export const forms = pgTable(
  "forms",
  {
    id: serial("id").primaryKey(),
    workspaceName: entityRef(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    isEditable: boolean("is_editable").notNull().default(true),
    isPublic: boolean("is_public").notNull().default(false),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [index("forms_workspace_idx").on(t.workspaceName)],
);

/** The current questions of a form, in `position` order; options as [{order, text}]. */
export const formQuestions = pgTable(
  "form_questions",
  {
    id: serial("id").primaryKey(),
    formId: parentRef("form_id", () => forms.id),
    position: integer("position").notNull(),
    text: text("text").notNull(),
    questionType: smallint("question_type").notNull(),
    isRequired: boolean("is_required").notNull().default(false),
    options: jsonb("options").$type<StoredOption[]>().notNull().default(sql`'[]'::jsonb`),
    /** The bank question it was copied from, if any. */
    sourceQuestionId: integer("source_question_id").references(() => questions.id, { onDelete: "set null" }),
  },
  (t) => [index("form_questions_form_idx").on(t.formId, t.position)],
);

/** The form's saved recipient list (`sent_users`; `added_users` / `deleted_users` of the form save). */
export const formRecipientList = pgTable(
  "form_recipient_list",
  {
    formId: parentRef("form_id", () => forms.id),
    userId: userRef(),
  },
  (t) => [primaryKey({ columns: [t.formId, t.userId] })],
);

export interface FormSnapshot {
  name: string;
  description: string;
  questions: {
    id: number;
    order: number;
    text: string;
    question_type_id: number;
    is_required: boolean;
    question_options: StoredOption[];
  }[];
}

/**
 * One send of a form (a sent order, numbered per form from 1). `snapshot` holds the form as it was sent: its
 * recipients answer, and are shown, exactly those questions and options even after the form is edited.
 */
export const formSends = pgTable(
  "form_sends",
  {
    formId: parentRef("form_id", () => forms.id),
    sentOrder: integer("sent_order").notNull(),
    sentAt: at("sent_at").notNull().defaultNow(),
    sentBy: uuid("sent_by").references(() => users.id, { onDelete: "set null" }),
    scheduleId: integer("schedule_id"),
    snapshot: jsonb("snapshot").$type<FormSnapshot>().notNull(),
    /** When unanswered recipients get a reminder (null: none), and when it was queued. */
    reminderDueAt: at("reminder_due_at"),
    reminderSentAt: at("reminder_sent_at"),
  },
  (t) => [
    primaryKey({ columns: [t.formId, t.sentOrder] }),
    index("form_sends_reminder_idx")
      .on(t.reminderDueAt)
      .where(sql`${t.reminderDueAt} is not null and ${t.reminderSentAt} is null`),
  ],
);

/** A member asked to answer one sent order. */
export const formRecipients = pgTable(
  "form_recipients",
  {
    formId: integer("form_id").notNull(),
    sentOrder: integer("sent_order").notNull(),
    userId: userRef(),
    answeredAt: at("answered_at"),
  },
  (t) => [
    primaryKey({ columns: [t.formId, t.sentOrder, t.userId] }),
    foreignKey({
      columns: [t.formId, t.sentOrder],
      foreignColumns: [formSends.formId, formSends.sentOrder],
    }).onDelete("cascade"),
    index("form_recipients_user_idx").on(t.userId, t.formId),
    // the board counts each recent send's answers from the index alone (an index-only scan), not from the rows
    index("form_recipients_answers_idx").on(t.formId, t.sentOrder, t.userId, t.answeredAt),
  ],
);

/** One answer of one recipient to one question of the sent order's snapshot. */
export const formAnswers = pgTable(
  "form_answers",
  {
    formId: integer("form_id").notNull(),
    sentOrder: integer("sent_order").notNull(),
    userId: uuid("user_id").notNull(),
    questionId: integer("question_id").notNull(),
    value: text("value"),
    answerOptions: integer("answer_options").array().notNull().default(sql`'{}'::integer[]`),
  },
  (t) => [
    primaryKey({ columns: [t.formId, t.sentOrder, t.userId, t.questionId] }),
    foreignKey({
      columns: [t.formId, t.sentOrder, t.userId],
      foreignColumns: [formRecipients.formId, formRecipients.sentOrder, formRecipients.userId],
    }).onDelete("cascade"),
  ],
);

/** A recurring send: daily or on chosen weekdays at a local time of the entity's zone. */
export const formSchedules = pgTable(
  "form_schedules",
  {
    id: serial("id").primaryKey(),
    formId: parentRef("form_id", () => forms.id),
    kind: text("kind", { enum: ["daily", "weekly"] }).notNull(),
    /** 0 Sunday … 6 Saturday. */
    weekdays: smallint("weekdays").array().notNull().default(sql`'{}'::smallint[]`),
    /** HH:mm, local to `time_zone`. */
    localTime: text("local_time").notNull(),
    timeZone: text("time_zone").notNull(),
    allMembers: boolean("all_members").notNull().default(true),
    userIds: uuid("user_ids").array().notNull().default(sql`'{}'::uuid[]`),
    reminderAfterHours: integer("reminder_after_hours"),
    active: boolean("active").notNull().default(true),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [index("form_schedules_form_idx").on(t.formId)],
);
