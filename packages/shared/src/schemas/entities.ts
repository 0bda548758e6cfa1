import { z } from "zod";
import { ENTITY_ID_MAX_LENGTH, ENTITY_ID_MIN_LENGTH } from "../constants";
import { emailSchema, INT4_MAX, languageSchema, pageQuerySchema } from "./common";
import { rawRetentionDaysSchema } from "./retention";

/**
 * Entity IDs the API's paths would shadow: `/staff/questions/{id}` and `/admin/users/{workspace}` answer where
 * `/staff/{workspace}/…` and `/admin/{workspace}/…` of an entity with that ID are meant (the static segment wins).
 * apps/server/src/features/alerts/list-routes.test.ts derives the shadows from the route table.
 */
export const RESERVED_ENTITY_IDS: readonly string[] = ["questions", "users"];

/** Entity ID (workspace_name): 3–20 single-byte letters and digits, with separate messages (spec §5). */
export const entityIdSchema = z
  .string("required")
  .trim()
  .min(1, "required")
  .min(ENTITY_ID_MIN_LENGTH, "entity-id-length")
  .max(ENTITY_ID_MAX_LENGTH, "entity-id-length")
  .regex(/^[A-Za-z0-9]+$/, "entity-id-chars")
  .refine((id) => !RESERVED_ENTITY_IDS.includes(id.toLowerCase()), "entity-id-reserved");

const requiredText = (max: number) => z.string("required").trim().min(1, "required").max(max, "too-long");

export const entityFieldsSchema = z.object({
  name: requiredText(150),
  description: requiredText(2000),
  is_public: z.boolean(),
  language: languageSchema,
});

export const createEntityBodySchema = entityFieldsSchema.extend({ workspace_name: entityIdSchema });
export type CreateEntityBody = z.infer<typeof createEntityBodySchema>;

export const notificationSettingStatusSchema = z.enum(["unlocked", "locked"], "invalid-input");

export const updateEntityBodySchema = entityFieldsSchema.extend({
  notification_setting_status: notificationSettingStatusSchema,
  /** Days the raw band samples of its members are kept (null: the server's default); left out: unchanged. */
  raw_retention_days: rawRetentionDaysSchema.optional(),
});
export type UpdateEntityBody = z.infer<typeof updateEntityBodySchema>;

export const entitySchema = z.object({
  workspace_name: z.string(),
  name: z.string(),
  description: z.string(),
  is_public: z.boolean(),
  language: languageSchema,
  notification_setting_status: notificationSettingStatusSchema,
  created_at: z.string(),
  /** The entity's IANA time zone: its staff's times, and an admin's downloads for it, are on this clock. */
  time_zone: z.string(),
  /** Days its members' raw band samples are kept at least (null: the server's default; schemas/retention.ts). */
  raw_retention_days: z.number().int().nullable(),
});
export type Entity = z.infer<typeof entitySchema>;

export const adminEntitySchema = entitySchema.extend({ staff_count: z.number(), member_count: z.number() });
export type AdminEntity = z.infer<typeof adminEntitySchema>;

export const MEMBERSHIP_ROLES = ["client", "staff"] as const;
export const membershipRoleSchema = z.enum(MEMBERSHIP_ROLES, "not-found");

/**
 * A client's view of an entity: status "added" once accepted, is_pending while the application waits;
 * `invitation` while the entity's staff have invited the person (as a watched-over member or as staff) and
 * the person has not answered yet (the member invitation first when there are both).
 */
export const clientEntitySchema = entitySchema.omit({ notification_setting_status: true }).extend({
  status: z.enum(["added", ""]),
  is_pending: z.boolean(),
  invitation: z.object({ role: membershipRoleSchema, invited_at: z.string() }).nullable(),
});
export type ClientEntity = z.infer<typeof clientEntitySchema>;

export const moduleOptionSchema = z.object({ id: z.number(), text: z.string() });
export const moduleSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  status: z.enum(["subscribed", ""]),
  subscription_mode: z.number().nullable(),
  module_subscription_mode: z.object({ options: z.array(moduleOptionSchema) }),
});
export type Module = z.infer<typeof moduleSchema>;
export const modeBodySchema = z.object({
  mode_option: z
    .number("required")
    .int("invalid-input")
    .min(1, "invalid-input")
    .max(INT4_MAX, "invalid-input"),
});
export type ModeBody = z.infer<typeof modeBodySchema>;

export const staffMemberSchema = z.object({
  uid: z.string(),
  name: z.string(),
  email: z.string(),
  language: languageSchema,
  /** Invited and not yet accepted: no staff access until the person accepts. */
  is_invited: z.boolean(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
export const staffEmailBodySchema = z.object({ email: emailSchema });
export type StaffEmailBody = z.infer<typeof staffEmailBodySchema>;
export const changeLanguageBodySchema = z.object({ email: emailSchema, language: languageSchema });
export type ChangeLanguageBody = z.infer<typeof changeLanguageBodySchema>;

/** A watched-over member of an entity, as staff see them (spec §3 User). */
export const memberUserSchema = z.object({
  id: z.string(),
  uid: z.string(),
  name: z.string(),
  email: z.string(),
  language: languageSchema,
  is_active: z.boolean(),
  is_pending: z.boolean(),
  /** Invited by staff and not yet accepted: the entity sees none of the person's data. */
  is_invited: z.boolean(),
  email_is_active: z.boolean(),
  created_at: z.string(),
});
export type MemberUser = z.infer<typeof memberUserSchema>;

export const USER_ROW_STATUSES = [
  "ok",
  "already_exists",
  "invalid_email",
  "invalid_name",
  "duplicate_email",
  "sent",
  "create_user_error",
] as const;
export type UserRowStatus = (typeof USER_ROW_STATUSES)[number];

export const MAX_IMPORT_ROWS = 5000;

export const userRowInputSchema = z.object({
  name: z.string().max(1000, "too-long"),
  email: z.string().max(1000, "too-long"),
  language: languageSchema.default("jp"),
});
export type UserRowInput = z.infer<typeof userRowInputSchema>;
export const userRowsBodySchema = z.array(userRowInputSchema).max(MAX_IMPORT_ROWS, "too-many-rows");
export type UserRowsBody = z.infer<typeof userRowsBodySchema>;

export const userRowSchema = z.object({
  name: z.string(),
  email: z.string(),
  language: languageSchema,
  status: z.enum(USER_ROW_STATUSES),
});
export type UserRow = z.infer<typeof userRowSchema>;

export const adminUserSchema = z.object({
  uid: z.string(),
  name: z.string(),
  email: z.string(),
  language: languageSchema,
  email_is_active: z.boolean(),
  is_super_user: z.boolean(),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/**
 * A page of a user list, by e-mail: `GET /get_user_list` (spec §7, API-48) and `GET /admin/users/{entity or
 * all_entities}` (API-45).
 */
export const USER_LIST_PAGE_MAX = 10_000;
export const userListQuerySchema = pageQuerySchema(USER_LIST_PAGE_MAX);
export const userListItemSchema = z.object({ uid: z.string(), name: z.string(), email: z.string() });
