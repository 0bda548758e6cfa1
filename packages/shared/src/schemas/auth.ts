import { z } from "zod";
import { PASSWORD_MAX_LENGTH } from "../constants";
import { emailSchema, languageSchema, nameSchema, newPasswordSchema } from "./common";

export const registerBodySchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  lng: languageSchema,
});
export type RegisterBody = z.infer<typeof registerBodySchema>;
/** `POST /user/register` answers 201 with the new account's id. */
export const registerResponseSchema = z.object({ uid: z.string() });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

const anyPasswordSchema = z
  .string("required")
  .min(1, "required")
  .max(PASSWORD_MAX_LENGTH, "password-too-long");

export const signInBodySchema = z.object({
  email: emailSchema,
  password: anyPasswordSchema,
  remember: z.boolean().optional(),
});
export type SignInBody = z.infer<typeof signInBodySchema>;

export const authUserSchema = z.object({ uid: z.string(), email: z.string(), emailVerified: z.boolean() });

export const sessionResponseSchema = z.object({
  idToken: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number(),
  user: authUserSchema,
  /** Sign-in only: true when this sign-in cancelled the account's deletion (issue 29 §4). */
  deletionCancelled: z.boolean().optional(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** The web sends no body: its refresh token travels in an httpOnly cookie. */
export const refreshBodySchema = z.object({ refreshToken: z.string().min(1).max(200).optional() }).nullish();

export const tokenBodySchema = z.object({
  token: z.string("required").min(1, "required").max(200, "too-long"),
});
export type TokenBody = z.infer<typeof tokenBodySchema>;
export const emailBodySchema = z.object({ email: emailSchema });
export type EmailBody = z.infer<typeof emailBodySchema>;

export const resetConfirmBodySchema = z.object({
  token: z.string("required").min(1, "required").max(200, "too-long"),
  newPassword: newPasswordSchema,
});
export type ResetConfirmBody = z.infer<typeof resetConfirmBodySchema>;

export const changePasswordBodySchema = z.object({
  oldPassword: anyPasswordSchema,
  newPassword: newPasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;
