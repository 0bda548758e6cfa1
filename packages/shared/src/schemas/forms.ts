import { z } from "zod";
import type { Language } from "../constants";
import { FORM_LIMITS } from "../limits";
import { INT4_MAX, pageQuerySchema } from "./common";

/**
 * Questionnaires (spec §2, §3, §5, §7). The server's list of question types is authoritative (FORM-08,
 * docs/decisions.md): 1 short text, 2 number, 3 single choice, 4 multiple choice, 5 date, 6 time (24 h),
 * 7 date-time (24 h). Both the staff and the client screens render from `GET /staff/question_types`.
 */
export const QUESTION_TYPE = {
  text: 1,
  number: 2,
  single: 3,
  multiple: 4,
  date: 5,
  time: 6,
  datetime: 7,
} as const;
export type QuestionTypeId = (typeof QUESTION_TYPE)[keyof typeof QUESTION_TYPE];
export const QUESTION_TYPE_IDS = Object.values(QUESTION_TYPE) as QuestionTypeId[];

export const QUESTION_TYPE_NAMES: Record<QuestionTypeId, Record<Language, string>> = {
  1: { en: "Short text", jp: "記述式（短文）" },
  2: { en: "Number", jp: "数値" },
  3: { en: "Single choice", jp: "単一選択（ラジオボタン）" },
  4: { en: "Multiple choice", jp: "複数選択（チェックボックス）" },
  5: { en: "Date", jp: "日付" },
  6: { en: "Time (24 h)", jp: "時刻（24時間）" },
  7: { en: "Date and time (24 h)", jp: "日時（24時間）" },
};

/** Choice types: their questions carry options and their answers are option orders. */
export const isChoiceType = (t: number): boolean =>
  t === QUESTION_TYPE.single || t === QUESTION_TYPE.multiple;

export { FORM_LIMITS };

const requiredText = (max: number) => z.string("required").trim().min(1, "required").max(max, "too-long");
const int4 = (min = 1) =>
  z.number("invalid-input").int("invalid-input").min(min, "invalid-input").max(INT4_MAX, "invalid-input");
const uidSchema = z.uuid("invalid-input");

export const questionTypeIdSchema = z
  .number("required")
  .int("invalid-question-type")
  .min(1, "invalid-question-type")
  .max(QUESTION_TYPE_IDS.length, "invalid-question-type");

export const questionTypeSchema = z.object({ id: z.number(), name: z.string() });
export type QuestionType = z.infer<typeof questionTypeSchema>;

// ---------- question bank (/staff/questions?workspace=) ----------

export const bankQuestionSchema = z.object({
  id: z.number(),
  text: z.string(),
  question_type_id: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BankQuestion = z.infer<typeof bankQuestionSchema>;
export const createQuestionBodySchema = z.object({
  text: requiredText(FORM_LIMITS.questionTextMax),
  question_type: questionTypeIdSchema,
});
export type CreateQuestionBody = z.infer<typeof createQuestionBodySchema>;
export const updateQuestionBodySchema = z.object({ text: requiredText(FORM_LIMITS.questionTextMax) });
export type UpdateQuestionBody = z.infer<typeof updateQuestionBodySchema>;

// ---------- form questions ----------

/** An answer option: `order` identifies it within its question (a new option takes the max order + 1). */
export const questionOptionSchema = z.object({
  order: int4(),
  text: requiredText(FORM_LIMITS.optionTextMax),
});
export type QuestionOption = z.infer<typeof questionOptionSchema>;

export const formQuestionSchema = z.object({
  id: z.number(),
  order: z.number(),
  text: z.string(),
  question_type_id: z.number(),
  is_required: z.boolean(),
  question_options: z.array(z.object({ order: z.number(), text: z.string() })),
});
export type FormQuestion = z.infer<typeof formQuestionSchema>;

/** A question as the editor sends it; `id` names an existing question of the form (absent when new). */
export const questionInputSchema = z.object({
  id: int4().optional(),
  order: int4(),
  text: requiredText(FORM_LIMITS.questionTextMax),
  question_type: questionTypeIdSchema,
  is_required: z.boolean("invalid-input"),
  question_options: z.array(questionOptionSchema).max(FORM_LIMITS.optionsMax, "too-many-options").default([]),
});
export type QuestionInput = z.infer<typeof questionInputSchema>;

const questionsInput = z.array(questionInputSchema).max(FORM_LIMITS.questionsMax, "too-many-questions");

// ---------- forms (/staff/{workspace}/forms) ----------

/**
 * `GET /staff/{workspace}/forms?offset&limit` (issue 29 §5): a page of the entity's forms, newest first. The answer
 * stays the spec's array (§7 "GET /forms (list)"): a call without parameters gets the newest
 * `FORM_LIMITS.listPageMax`; the number of forms in all is in the FORMS_TOTAL_HEADER header.
 */
export const formListQuerySchema = pageQuerySchema(FORM_LIMITS.listPageMax);
export type FormListQuery = z.infer<typeof formListQuerySchema>;
/** The response header of the forms list that counts the entity's forms in all (the pages' total). */
export const FORMS_TOTAL_HEADER = "x-total-count";

export const formSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /** When the form was last sent (null: never). */
  last_requested_at: z.string().nullable(),
  is_default: z.boolean(),
  is_editable: z.boolean(),
  is_public: z.boolean(),
  workspace_name: z.string(),
  entity_name: z.string(),
  question_count: z.number(),
  /** Sent orders × recipients, and how many of them are answered (the card's answer progress). */
  sent_count: z.number(),
  answered_count: z.number(),
});
export type FormSummary = z.infer<typeof formSummarySchema>;

/** One sent order of one member, as the staff Answers tab shows it (spec §3 sent-history row). */
export const sentHistoryItemSchema = z.object({
  sent_order: z.number(),
  sent_at: z.string(),
  is_answered: z.boolean(),
  answered_date: z.string().nullable(),
});
export const sentHistoryRowSchema = z.object({
  user_id: z.string(),
  user_name: z.string(),
  user_email: z.string(),
  last_requested_at: z.string(),
  answered: z.number(),
  total: z.number(),
  history: z.array(sentHistoryItemSchema),
});
export type SentHistoryRow = z.infer<typeof sentHistoryRowSchema>;

export const SCHEDULE_KINDS = ["daily", "weekly"] as const;
export const formScheduleSchema = z.object({
  id: z.number(),
  kind: z.enum(SCHEDULE_KINDS),
  /** 0 Sunday … 6 Saturday (weekly only). */
  weekdays: z.array(z.number()),
  /** Local time HH:mm in `time_zone` (the entity's). */
  time: z.string(),
  time_zone: z.string(),
  all_members: z.boolean(),
  users: z.array(z.string()),
  reminder_after_hours: z.number().nullable(),
  active: z.boolean(),
  next_run_at: z.string().nullable(),
});
export type FormSchedule = z.infer<typeof formScheduleSchema>;

export const scheduleBodySchema = z
  .object({
    kind: z.enum(SCHEDULE_KINDS, "invalid-input"),
    weekdays: z
      .array(z.number().int("invalid-input").min(0, "invalid-input").max(6, "invalid-input"))
      .max(7)
      .default([]),
    time: z.string("required").regex(/^([01]\d|2[0-3]):[0-5]\d$/, "invalid-clock-time"),
    all_members: z.boolean("invalid-input"),
    users: z.array(uidSchema).max(FORM_LIMITS.recipientsMax, "too-many-recipients").default([]),
    reminder_after_hours: z
      .number()
      .int("invalid-input")
      .min(1, "invalid-input")
      .max(FORM_LIMITS.reminderHoursMax, "invalid-input")
      .nullable()
      .default(null),
    active: z.boolean("invalid-input").default(true),
  })
  .refine((s) => s.kind !== "weekly" || s.weekdays.length > 0, {
    message: "weekdays-required",
    path: ["weekdays"],
  })
  .refine((s) => s.all_members || s.users.length > 0, { message: "no-recipients", path: ["users"] });
export type ScheduleBody = z.infer<typeof scheduleBodySchema>;

export const formSchema = formSummarySchema.extend({
  questions: z.array(formQuestionSchema),
  /** Per member: their sent orders of this form (the Answers tab). */
  history: z.array(sentHistoryRowSchema),
  /** The form's saved recipient list (preselected when sending; "chosen list" of a recurring send). */
  sent_users: z.array(z.string()),
  schedules: z.array(formScheduleSchema),
});
export type Form = z.infer<typeof formSchema>;

export const createFormBodySchema = z.object({
  name: requiredText(FORM_LIMITS.nameMax),
  description: requiredText(FORM_LIMITS.descriptionMax),
  is_editable: z.boolean("invalid-input").default(true),
  is_default: z.boolean("invalid-input").default(false),
  questions: questionsInput.min(1, "form-no-questions"),
  /** Recipients to send to at once (may be empty: save only). */
  users: z.array(uidSchema).max(FORM_LIMITS.recipientsMax, "too-many-recipients").default([]),
});
export type CreateFormBody = z.infer<typeof createFormBodySchema>;

/** `PUT /staff/{workspace}/forms {id, name}`: duplicate form `id` under a new name (FORM-12). */
export const duplicateFormBodySchema = z.object({ id: int4(), name: requiredText(FORM_LIMITS.nameMax) });
export type DuplicateFormBody = z.infer<typeof duplicateFormBodySchema>;

/**
 * `PUT /staff/{workspace}/forms/{id}`: every field optional (a rename sends only `name`). `questions` are the
 * edited existing questions (by id); `added_questions` new ones; `added_question_options` new options of
 * existing questions; `deleted_questions` orders of removed questions; `deleted_question_options` per question
 * the orders of removed options; `added_users` / `deleted_users` edit the saved recipient list. One transaction.
 */
export const updateFormBodySchema = z.object({
  name: requiredText(FORM_LIMITS.nameMax).optional(),
  description: requiredText(FORM_LIMITS.descriptionMax).optional(),
  is_editable: z.boolean("invalid-input").optional(),
  is_default: z.boolean("invalid-input").optional(),
  questions: questionsInput.optional(),
  added_questions: questionsInput.optional(),
  added_question_options: z
    .array(
      z.object({ question_id: int4(), options: z.array(questionOptionSchema).max(FORM_LIMITS.optionsMax) }),
    )
    .max(FORM_LIMITS.questionsMax)
    .optional(),
  deleted_questions: z.array(int4()).max(FORM_LIMITS.questionsMax).optional(),
  deleted_question_options: z
    .array(z.object({ question_id: int4(), options_to_delete: z.array(int4()).max(FORM_LIMITS.optionsMax) }))
    .max(FORM_LIMITS.questionsMax)
    .optional(),
  added_users: z.array(uidSchema).max(FORM_LIMITS.recipientsMax, "too-many-recipients").optional(),
  deleted_users: z.array(uidSchema).max(FORM_LIMITS.recipientsMax, "too-many-recipients").optional(),
});
export type UpdateFormBody = z.infer<typeof updateFormBodySchema>;

export const sendFormBodySchema = z.object({
  users: z.array(uidSchema).min(1, "no-recipients").max(FORM_LIMITS.recipientsMax, "too-many-recipients"),
});
export type SendFormBody = z.infer<typeof sendFormBodySchema>;
export const sendResultSchema = z.object({ sent_order: z.number(), recipients: z.number() });
export type SendResult = z.infer<typeof sendResultSchema>;

/**
 * Free-text answers of a question: the newest `FORM_LIMITS.summaryTextsMax`, latest first, with the time each was
 * answered (ISO), and how many there are in all (the CSV has every one).
 */
export const textAnswersSchema = z.object({
  total: z.number(),
  items: z.array(z.object({ text: z.string(), answered_at: z.string() })),
});
/**
 * How date, time and date-time answers spread: counts per day (`YYYY-MM-DD`; per month `YYYY-MM` when more than
 * `FORM_LIMITS.summaryDaysMax` days were named) for dates and date-times, per hour (`HH`) for times, in order.
 */
export const answerDistributionSchema = z.object({
  unit: z.enum(["day", "month", "hour"]),
  buckets: z.array(z.object({ key: z.string(), count: z.number() })),
});
export type AnswerDistribution = z.infer<typeof answerDistributionSchema>;

/**
 * Summary per question for staff: counts per option for choice questions, mean/min/max for numbers, the
 * answers themselves for free text, a distribution for dates and times.
 */
export const questionSummarySchema = z.object({
  question_id: z.number(),
  text: z.string(),
  question_type_id: z.number(),
  answers: z.number(),
  options: z.array(z.object({ order: z.number(), text: z.string(), count: z.number() })),
  number: z.object({ mean: z.number(), min: z.number(), max: z.number() }).nullable(),
  texts: textAnswersSchema.nullable(),
  distribution: answerDistributionSchema.nullable(),
});
export const formSummaryStatsSchema = z.object({
  recipients: z.number(),
  answered: z.number(),
  questions: z.array(questionSummarySchema),
});
export type FormSummaryStats = z.infer<typeof formSummaryStatsSchema>;

// ---------- answers ----------

/**
 * `answer_options` is the list of chosen option orders. The spec's digit string ("13" = options 1 and 3) is
 * accepted too, only where every option order of the question is a single digit (FORM-48); it is always
 * answered as the list.
 */
export const answerOptionsInputSchema = z.union([
  z.array(int4()).max(FORM_LIMITS.optionsMax, "answer-option-out-of-range"),
  z.string().regex(/^\d{0,9}$/, "answer-option-out-of-range"),
  z.null(),
]);

export const answerInputSchema = z.object({
  question_id: int4(),
  value: z.string().max(FORM_LIMITS.answerTextMax, "too-long").nullable().default(null),
  answer_options: answerOptionsInputSchema.default([]),
  /** Sent by the spec's client; ignored (the server knows which questions are required). */
  is_required: z.boolean().optional(),
});
export type AnswerInput = z.infer<typeof answerInputSchema>;
export const submitAnswersBodySchema = z.object({
  answers: z.array(answerInputSchema).max(FORM_LIMITS.questionsMax, "too-many-questions"),
});
export type SubmitAnswersBody = z.infer<typeof submitAnswersBodySchema>;

export const answerSchema = z.object({
  question_id: z.number(),
  value: z.string().nullable(),
  answer_options: z.array(z.number()),
  /** The spec's reading: option orders as one string (digits joined; comma-separated when an order is ≥ 10). */
  answer_option_order: z.string(),
});
export type Answer = z.infer<typeof answerSchema>;

/** A sent order as its recipient saw it: the questions are the snapshot taken when it was sent. */
export const answerDetailSchema = z.object({
  form_id: z.number(),
  sent_order: z.number(),
  name: z.string(),
  description: z.string(),
  entity_name: z.string(),
  workspace_name: z.string(),
  sent_at: z.string(),
  answered_at: z.string().nullable(),
  is_answered: z.boolean(),
  questions: z.array(formQuestionSchema),
  answers: z.array(answerSchema),
});
export type AnswerDetail = z.infer<typeof answerDetailSchema>;

/** Staff read of one member's answer: the detail plus whose it is. */
export const staffAnswerDetailSchema = answerDetailSchema.extend({
  user: z.object({ uid: z.string(), name: z.string(), email: z.string() }),
});
export type StaffAnswerDetail = z.infer<typeof staffAnswerDetailSchema>;

// ---------- client forms (/user/forms) ----------

export const clientFormCardSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  created_at: z.string(),
  last_sent_at: z.string(),
  workspace_name: z.string(),
  entity_name: z.string(),
  unanswered_count: z.number(),
  answered_count: z.number(),
});
export type ClientFormCard = z.infer<typeof clientFormCardSchema>;

/** Spec §3 form history item. */
export const formHistoryItemSchema = z.object({
  entity_name: z.string(),
  date: z.string(),
  sent_order: z.number(),
  is_answered: z.boolean(),
  answered_date: z.string().nullable(),
});
export type FormHistoryItem = z.infer<typeof formHistoryItemSchema>;
export const clientFormHistorySchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  entity_name: z.string(),
  workspace_name: z.string(),
  history: z.array(formHistoryItemSchema),
});
export type ClientFormHistory = z.infer<typeof clientFormHistorySchema>;

/** Path parameters. */
export const formIdParamsSchema = z.object({ id: z.coerce.number("invalid-input").pipe(int4()) });
export const sentOrderParamsSchema = formIdParamsSchema.extend({
  sent_order: z.coerce.number("invalid-input").pipe(int4()),
});
