import type { ClientFormCard, FormHistoryItem } from "@mimamori/shared";

export const CLIENT_FORMS_PATH = "/client/forms";
export const detailPath = (formId: number) => `${CLIENT_FORMS_PATH}/${formId}/detail`;
/** The sent order rides in the URL too (`?sent_order=`), so a reload or a mailed link opens the same request. */
export const answerPath = (formId: number, sentOrder: number) =>
  `${detailPath(formId)}/answer?sent_order=${sentOrder}`;
export const showAnswerPath = (formId: number, sentOrder: number) =>
  `${detailPath(formId)}/show-answer?sent_order=${sentOrder}`;

/** Navigation state of the answer pages (spec §2: the sent order comes from navigation state). */
export interface SentOrderState {
  sent_order: number;
}

const positiveInt = (v: unknown): number | null => {
  const n = typeof v === "number" ? v : typeof v === "string" && /^\d{1,9}$/.test(v) ? Number(v) : Number.NaN;
  return Number.isInteger(n) && n >= 1 && n <= 2_147_483_647 ? n : null;
};

/** The form id of the path, or null when it is not a positive integer. */
export function formIdOf(param: string | undefined): number | null {
  return positiveInt(param);
}

/** The sent order of an answer page: the navigation state first, else `?sent_order=`; null when neither is valid. */
export function sentOrderOf(state: unknown, params: URLSearchParams): number | null {
  const fromState =
    state && typeof state === "object" ? positiveInt((state as Record<string, unknown>).sent_order) : null;
  return fromState ?? positiveInt(params.get("sent_order"));
}

const newestSentFirst = (a: ClientFormCard, b: ClientFormCard) =>
  b.last_sent_at.localeCompare(a.last_sent_at);

/**
 * The two sections of /client/forms (FORM-38): New Forms holds every form with a request not answered yet
 * (a deleted answer puts its form back here, FORM-51), Answer History every form with an answered request; a
 * form with both is in both. Newest request first.
 */
export function splitForms(cards: readonly ClientFormCard[]): {
  newForms: ClientFormCard[];
  history: ClientFormCard[];
} {
  const sorted = [...cards].sort(newestSentFirst);
  return {
    newForms: sorted.filter((c) => c.unanswered_count > 0),
    history: sorted.filter((c) => c.answered_count > 0),
  };
}

/** The badge of the New Forms section (and tab): unanswered requests over all forms. */
export function unansweredTotal(cards: readonly ClientFormCard[]): number {
  return cards.reduce((n, c) => n + c.unanswered_count, 0);
}

/**
 * The detail page's two lists (FORM-40): requests not answered (oldest first: the one asked first is answered
 * first) and answered ones (latest answer first).
 */
export function splitHistory(items: readonly FormHistoryItem[]): {
  notAnswered: FormHistoryItem[];
  answered: FormHistoryItem[];
} {
  return {
    notAnswered: items.filter((i) => !i.is_answered).sort((a, b) => a.sent_order - b.sent_order),
    answered: items
      .filter((i) => i.is_answered)
      .sort((a, b) => (b.answered_date ?? b.date).localeCompare(a.answered_date ?? a.date)),
  };
}
