import type { SentHistoryRow } from "@mimamori/shared";

/**
 * What the staff answer page needs (spec §2: navigation state sent_order, user_id, user_name, user_email,
 * date), ids only: the page reads the member's name and e-mail from the API (the answer, else the form's sent
 * history), so neither travels in the URL or the history state (docs/decisions.md, "No name or e-mail address
 * in a URL"). The same fields travel as query parameters, so a reload or a shared link opens the same answer.
 */
export interface StaffAnswerTarget {
  sent_order: number;
  user_id: string;
  /** When the request was sent (ISO instant). */
  date: string;
}

export const STAFF_ANSWER_PATH = (formId: number) => `/staff/form/${formId}/history/answer`;
/** The form's page, asking for its Answers tab (`?tab=answers`), where the answer page leads back to. */
export const STAFF_ANSWERS_TAB_PATH = (formId: number) => `/staff/form/${formId}/history?tab=answers`;

/** The query string of the answer page (the workspace is added by `staffPath`). */
export function answerSearch(target: StaffAnswerTarget): string {
  return new URLSearchParams({
    sent_order: String(target.sent_order),
    user_id: target.user_id,
    date: target.date,
  }).toString();
}

const positiveInt = (v: unknown): number | null => {
  const n = typeof v === "number" ? v : typeof v === "string" && /^\d{1,9}$/.test(v) ? Number(v) : Number.NaN;
  return Number.isInteger(n) && n >= 1 ? n : null;
};

/**
 * The target of the answer page: navigation state first (how the Answers tab opens it), else the query
 * parameters; null when the sent order or the member is missing (the page says so instead of guessing). A name
 * or an e-mail address in the state or the query (older links) is not read.
 */
export function answerTargetOf(state: unknown, params: URLSearchParams): StaffAnswerTarget | null {
  const s = (state && typeof state === "object" ? state : {}) as Record<string, unknown>;
  const pick = (key: keyof StaffAnswerTarget): unknown => s[key] ?? params.get(key) ?? undefined;
  const sentOrder = positiveInt(pick("sent_order"));
  const userId = pick("user_id");
  if (sentOrder === null || typeof userId !== "string" || !userId) return null;
  const date = pick("date");
  return { sent_order: sentOrder, user_id: userId, date: typeof date === "string" ? date : "" };
}

/** The sent orders of a member's row, newest first (the expanded row's list). */
export function newestFirst(history: SentHistoryRow["history"]): SentHistoryRow["history"] {
  return [...history].sort((a, b) => b.sent_order - a.sent_order);
}

/** A member row matches the search text by name or e-mail (case-insensitive, spaces around ignored). */
export function matchesMember(row: Pick<SentHistoryRow, "user_name" | "user_email">, query: string): boolean {
  const q = query.trim().toLocaleLowerCase();
  return (
    !q || row.user_name.toLocaleLowerCase().includes(q) || row.user_email.toLocaleLowerCase().includes(q)
  );
}
