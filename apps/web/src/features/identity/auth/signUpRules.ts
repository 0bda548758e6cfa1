import { NAME_MAX_LENGTH, registerBodySchema, signInBodySchema } from "@mimamori/shared";

/** Spec §5: a warning is raised when the name has 150 or more characters (the input stops at 150). */
export function nameAtLimit(name: string): boolean {
  return name.length >= NAME_MAX_LENGTH;
}

/** Step one of sign-up: the registration rules plus the repeated password, which must match. */
export const accountStepSchema = registerBodySchema
  .pick({ name: true, email: true, password: true })
  .extend({ repeat: signInBodySchema.shape.password })
  .refine((v) => v.password === v.repeat, { path: ["repeat"], message: "password-not-matched" });

export interface AccountValues {
  name: string;
  email: string;
  password: string;
  repeat: string;
}
