import { z } from "zod";
import { NAME_MAX_LENGTH } from "../constants";
import { languageSchema, nameSchema } from "./common";

const optionalText = (max: number) => z.string().trim().max(max, "too-long");
const phoneSchema = z
  .string()
  .trim()
  .max(20, "too-long")
  .regex(/^[0-9]*$/, "digits-only");

export const userInfoBodySchema = z.object({
  display_name: nameSchema,
  first_name: nameSchema,
  last_name: nameSchema,
  first_name_kana: optionalText(NAME_MAX_LENGTH),
  last_name_kana: optionalText(NAME_MAX_LENGTH),
  phone_number1: phoneSchema,
  phone_number2: phoneSchema,
  address: optionalText(300),
});
export type UserInfoBody = z.infer<typeof userInfoBodySchema>;

export const userInfoSchema = z.object({
  uid: z.string(),
  email: z.string(),
  name: z.string(),
  language: languageSchema,
  display_name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  first_name_kana: z.string(),
  last_name_kana: z.string(),
  phone_number1: z.string(),
  phone_number2: z.string(),
  address: z.string(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const languageBodySchema = z.object({ language: languageSchema });
export type LanguageBody = z.infer<typeof languageBodySchema>;
export const languageResponseSchema = z.object({ language: languageSchema });
export type LanguageResponse = z.infer<typeof languageResponseSchema>;

/** An entity the caller is staff of, with its IANA time zone: every time its staff see is on that clock. */
export const staffEntitySchema = z.object({
  name: z.string(),
  workspace_name: z.string(),
  time_zone: z.string(),
  /** Days its members' raw band samples are kept at least (its setting, else the server's default). */
  raw_retention_days: z.number().int(),
});
export const staffEntitiesSchema = z.array(staffEntitySchema);
export type StaffEntity = z.infer<typeof staffEntitySchema>;
