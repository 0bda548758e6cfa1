import {
  EMAIL_MAX_LENGTH,
  type Language,
  looksLikeFormula,
  NAME_MAX_LENGTH,
  type UserRow,
  type UserRowInput,
} from "@mimamori/shared";
import { z } from "zod";

const emailFormat = z.email();
const ASCII = /^[\x21-\x7e]+$/;

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

function isValidEmail(email: string) {
  return email.length <= EMAIL_MAX_LENGTH && ASCII.test(email) && emailFormat.safeParse(email).success;
}

/**
 * Gives each row of an add-user request its status (spec §3/§5): invalid_email, invalid_name, duplicate_email
 * (a later repeat of an address in the same request), already_exists (already in this entity), else ok.
 */
export function validateRows(
  rows: UserRowInput[],
  existing: ReadonlySet<string>,
  fallback: Language = "jp",
): UserRow[] {
  const seen = new Set<string>();
  return rows.map((row) => {
    const name = row.name.trim();
    const email = normaliseEmail(row.email);
    const language = row.language ?? fallback;
    const result = (status: UserRow["status"]): UserRow => ({ name, email, language, status });
    if (!isValidEmail(email)) return result("invalid_email");
    // a name a spreadsheet would run as a formula (=, +, -, @) is refused: docs/decisions.md, "Trust"
    if (!name || name.length > NAME_MAX_LENGTH || looksLikeFormula(name)) return result("invalid_name");
    if (seen.has(email)) return result("duplicate_email");
    seen.add(email);
    if (existing.has(email)) return result("already_exists");
    return result("ok");
  });
}
