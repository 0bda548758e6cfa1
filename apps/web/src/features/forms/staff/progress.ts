import { FORM_LIMITS } from "@mimamori/shared";

/** Share of a form's sent requests that are answered, 0–100 (0 before the first send). */
export function answeredPercent(answered: number, sent: number): number {
  return sent > 0 ? Math.min(100, Math.round((answered / sent) * 100)) : 0;
}

/** The name a duplicate starts with ("Copy of …"), cut to the name limit so it can be saved as it is. */
export function copyNameWithin(text: string): string {
  return [...text].slice(0, FORM_LIMITS.nameMax).join("");
}
