import {
  emailSchema,
  type Language,
  languageSchema,
  nameSchema,
  PASSWORD_MAX_LENGTH,
} from "@mimamori/shared";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { hashPassword } from "../../lib/crypto";
import { DEMO_PASSWORD } from "../demo";

/** A super user's password is longer than the sign-up minimum: it opens every entity's data. */
export const ADMIN_PASSWORD_MIN_LENGTH = 12;

export interface NewSuperUser {
  email: string;
  name: string;
  password: string;
  language?: Language;
}

/** What was asked for cannot be a super user's account; the message says why. */
export class AdminInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AdminInputError";
  }
}

/** Checks and normalises the fields of a first super user (the e-mail is trimmed and lower-cased). */
export function checkSuperUser(input: NewSuperUser): Required<NewSuperUser> {
  const email = emailSchema.safeParse(input.email);
  if (!email.success) throw new AdminInputError(`"${input.email}" is not a valid e-mail address.`);
  const name = nameSchema.safeParse(input.name);
  if (!name.success) throw new AdminInputError("The name must be 1 to 150 characters.");
  const language = languageSchema.safeParse(input.language ?? "jp");
  if (!language.success) throw new AdminInputError('The language is "jp" or "en".');
  const { password } = input;
  if (password.length < ADMIN_PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH)
    throw new AdminInputError(
      `A super user's password has ${ADMIN_PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`,
    );
  if (password === DEMO_PASSWORD)
    throw new AdminInputError("The demo password is public: choose another one.");
  return { email: email.data, name: name.data, password, language: language.data };
}

/**
 * Creates a verified super user unless an account with that e-mail exists (which is left as it is).
 * The operator's path to a first admin: `npm run create-admin`, or ADMIN_EMAIL/ADMIN_PASSWORD at start.
 */
export async function createSuperUser(
  db: Db,
  input: NewSuperUser,
): Promise<{ created: boolean; email: string; superUser: boolean }> {
  const email = emailSchema.safeParse(input.email);
  if (email.success) {
    const [existing] = await db
      .select({ isSuperUser: users.isSuperUser })
      .from(users)
      .where(eq(users.email, email.data));
    if (existing) return { created: false, email: email.data, superUser: existing.isSuperUser };
  }
  const u = checkSuperUser(input);
  const [created] = await db
    .insert(users)
    .values({
      email: u.email,
      name: u.name,
      displayName: u.name,
      passwordHash: await hashPassword(u.password),
      language: u.language,
      isSuperUser: true,
      emailVerifiedAt: new Date(),
    })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return { created: !!created, email: u.email, superUser: true };
}
