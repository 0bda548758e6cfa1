import { z } from "zod";
import { DATA_LIMITS, FORM_LIMITS } from "../limits";
import { INT4_MAX } from "./common";
import { questionOptionSchema } from "./forms";

/**
 * Personal data items (spec §2, §3, §7; issue 12). A catalogue of item types, managed by admins, and one item per
 * member and type, created the first time the member's list is read. An item is shared with an entity only by
 * its member; staff read it only while that share exists, and every staff read is recorded for the member.
 *
 * The wire names follow the spec (`last_updated`, `data_type`, `shared_entities`, `base64_image`, `question.id`).
 */
export const DATA_TYPES = ["form_data", "image"] as const;
export type DataType = (typeof DATA_TYPES)[number];

/** The spec's item types (DATA-11), seeded; what each holds is decided in docs/decisions.md (DATA-15). */
export const SEEDED_DATA_TYPE_KEYS = [
  "covid19_pcr_test",
  "covid19_vaccine",
  "form_data_10",
  "mobile_0509",
  "user_info",
] as const;

export { DATA_LIMITS };

export const IMAGE_MIME_TYPES = ["image/jpeg", "image/png", "image/webp", "application/pdf"] as const;
export type ImageMimeType = (typeof IMAGE_MIME_TYPES)[number];

const int4 = (min = 1) =>
  z.number("invalid-input").int("invalid-input").min(min, "invalid-input").max(INT4_MAX, "invalid-input");
const requiredText = (max: number) => z.string("required").trim().min(1, "required").max(max, "too-long");

// ---------- catalogue (admin) ----------

/** The question a `form_data` item asks (its id is the one answered through `POST /user/questions/{id}/answer`). */
export const dataQuestionSchema = z.object({
  id: z.number(),
  text: z.string(),
  question_type: z.number(),
  options: z.array(questionOptionSchema),
});
export type DataQuestion = z.infer<typeof dataQuestionSchema>;

export const dataItemTypeSchema = z.object({
  id: z.number(),
  key: z.string(),
  data_type: z.enum(DATA_TYPES),
  name_jp: z.string(),
  name_en: z.string(),
  description_jp: z.string(),
  description_en: z.string(),
  /** For `form_data`: the question, in both languages. */
  question: z
    .object({
      id: z.number(),
      text_jp: z.string(),
      text_en: z.string(),
      question_type: z.number(),
      options: z.array(z.object({ order: z.number(), text_jp: z.string(), text_en: z.string() })),
    })
    .nullable(),
  /**
   * Members' items of this type that hold something: an answer, an image or a share. A type in use cannot change
   * its data_type (nor its question's type while answers exist) or be deleted; empty items do not count.
   */
  items: z.number(),
});
export type DataItemType = z.infer<typeof dataItemTypeSchema>;

export const dataItemTypeBodySchema = z
  .object({
    key: z
      .string("required")
      .trim()
      .min(1, "required")
      .max(DATA_LIMITS.keyMax, "too-long")
      .regex(/^[a-z0-9_]+$/, "invalid-data-type-key"),
    data_type: z.enum(DATA_TYPES, "invalid-data-type"),
    name_jp: requiredText(DATA_LIMITS.nameMax),
    name_en: requiredText(DATA_LIMITS.nameMax),
    description_jp: z.string().trim().max(DATA_LIMITS.descriptionMax, "too-long").default(""),
    description_en: z.string().trim().max(DATA_LIMITS.descriptionMax, "too-long").default(""),
    question: z
      .object({
        text_jp: requiredText(FORM_LIMITS.questionTextMax),
        text_en: requiredText(FORM_LIMITS.questionTextMax),
        question_type: int4(),
        options: z
          .array(
            z.object({
              text_jp: requiredText(FORM_LIMITS.optionTextMax),
              text_en: requiredText(FORM_LIMITS.optionTextMax),
            }),
          )
          .max(FORM_LIMITS.optionsMax, "too-many-options")
          .default([]),
      })
      .nullable()
      .default(null),
  })
  .refine((b) => (b.data_type === "form_data") === (b.question !== null), {
    message: "data-type-question-mismatch",
    path: ["question"],
  });
export type DataItemTypeBody = z.input<typeof dataItemTypeBodySchema>;

// ---------- a member's items ----------

export const sharedEntitySchema = z.object({
  name: z.string(),
  description: z.string(),
  workspace_name: z.string(),
  /** When the member shared the item with this entity (consent). */
  shared_at: z.string(),
});
export type SharedEntity = z.infer<typeof sharedEntitySchema>;

export const dataItemSummarySchema = z.object({
  id: z.number(),
  key: z.string(),
  name: z.string(),
  description: z.string(),
  data_type: z.enum(DATA_TYPES),
  /** ISO time of the last answer, image or share change; null for an item never used. */
  last_updated: z.string().nullable(),
});
export type DataItemSummary = z.infer<typeof dataItemSummarySchema>;
export const dataItemListSchema = z.object({ data: z.array(dataItemSummarySchema) });

export const dataAnswerSchema = z.object({
  id: z.number(),
  /** The answer as text (choice answers: the chosen options' texts joined by ", "). */
  value: z.string(),
  answer_options: z.array(z.number()),
  created_at: z.string(),
});
export type DataAnswer = z.infer<typeof dataAnswerSchema>;

export const dataImageSchema = z.object({
  id: z.number(),
  content_type: z.enum(IMAGE_MIME_TYPES),
  file_name: z.string(),
  size: z.number(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  /** A small JPEG as base64 (null for a PDF). */
  thumbnail: z.string().nullable(),
  /** Who added it: the member, or a staff member of an entity (covid19 cards, DATA-13). */
  added_by: z.enum(["member", "staff"]),
  created_at: z.string(),
});
export type DataImage = z.infer<typeof dataImageSchema>;

export const dataItemDetailSchema = dataItemSummarySchema.extend({
  question: dataQuestionSchema.nullable(),
  answers: z.array(dataAnswerSchema),
  images: z.array(dataImageSchema),
  shared_entities: z.array(sharedEntitySchema),
});
export type DataItemDetail = z.infer<typeof dataItemDetailSchema>;

export const sharedEntityListSchema = z.object({ entities: z.array(sharedEntitySchema) });

/** `GET …/images/{imageId}`: the stored file (re-encoded photo, or the PDF as uploaded). */
export const imageDownloadSchema = z.object({
  id: z.number(),
  content_type: z.enum(IMAGE_MIME_TYPES),
  file_name: z.string(),
  base64_image: z.string(),
});
export type ImageDownload = z.infer<typeof imageDownloadSchema>;

/** `POST /user/questions/{questionId}/answer`: `value` as the form answers take it (choice: option orders). */
export const dataAnswerBodySchema = z.object({
  value: z.string("required").max(DATA_LIMITS.answerTextMax, "too-long").nullable().default(null),
  answer_options: z.array(int4()).max(FORM_LIMITS.optionsMax, "answer-option-out-of-range").default([]),
});
export type DataAnswerBody = z.input<typeof dataAnswerBodySchema>;

/** What the member sees of staff access to one item (issue 12 §2): newest first. */
export const dataViewSchema = z.object({
  workspace_name: z.string(),
  entity_name: z.string(),
  staff_name: z.string(),
  action: z.enum(["view", "download", "upload"]),
  at: z.string(),
});
export type DataView = z.infer<typeof dataViewSchema>;
export const dataViewListSchema = z.object({ views: z.array(dataViewSchema) });

// ---------- staff ----------

/** `GET /staff/{ws}/user/{id}/data`: the items the member shares with this entity (spec: "a list of data ids"). */
export const staffDataListSchema = z.object({ data: z.array(dataItemSummarySchema) });
/** `GET /staff/{ws}/data/{dataId}/user/{userId}`: one shared item as staff see it (answers; images listed apart). */
export const staffDataDetailSchema = dataItemSummarySchema.extend({
  question: dataQuestionSchema.nullable(),
  answers: z.array(dataAnswerSchema),
});
export type StaffDataDetail = z.infer<typeof staffDataDetailSchema>;
export const dataImageListSchema = z.object({ images: z.array(dataImageSchema) });
