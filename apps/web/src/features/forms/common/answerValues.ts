import {
  type Answer,
  type AnswerInput,
  type FormQuestion,
  isChoiceType,
  type Language,
  localeOf,
  type MessageCode,
  QUESTION_TYPE,
} from "@mimamori/shared";

/**
 * What the member has entered for one question while the form is open. `value` is the text of the input
 * (for date-time: `<date>T<time>`, either part possibly empty); `options` the chosen option orders.
 */
export interface Draft {
  value: string;
  options: number[];
}

export type Drafts = Record<number, Draft>;

export const EMPTY_DRAFT: Draft = { value: "", options: [] };

/** The drafts of a form, filled from stored answers (show-answer, or an answer opened again). */
export function draftsFromAnswers(
  questions: readonly FormQuestion[],
  answers: readonly Answer[] = [],
): Drafts {
  const byQuestion = new Map(answers.map((a) => [a.question_id, a]));
  const drafts: Drafts = {};
  for (const q of questions) {
    const a = byQuestion.get(q.id);
    drafts[q.id] = {
      value: isChoiceType(q.question_type_id) ? "" : (a?.value ?? ""),
      options: isChoiceType(q.question_type_id) ? [...(a?.answer_options ?? [])] : [],
    };
  }
  return drafts;
}

// ---------- value <-> input conversions ----------

/** Full-width digits and signs (typed with a Japanese IME) as their ASCII forms. */
export function toHalfWidth(text: string): string {
  return text
    .replace(/[０-９．，－＋：]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/ー|−/g, "-");
}

const pad2 = (n: number) => String(n).padStart(2, "0");

/** A number answer as stored ("12.5", "-3"), or null when the text is not a number. Thousands commas are dropped. */
export function parseNumberInput(text: string): string | null {
  const t = toHalfWidth(text).trim().replace(/,/g, "");
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? String(n) : null;
}

/** A date `YYYY-MM-DD` that exists in the calendar (no 2026-02-30). */
export function isIsoDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/**
 * A 24-hour time as stored (`HH:mm`) from what was typed: "9:05", "09:05", "0905", "905", "９：０５";
 * null when it is not a time of day.
 */
export function parseTimeInput(text: string): string | null {
  const t = toHalfWidth(text).trim();
  const m = /^(\d{1,2}):(\d{2})$/.exec(t) ?? /^(\d{1,2})(\d{2})$/.exec(t);
  if (!m) return null;
  const [h, min] = [Number(m[1]), Number(m[2])];
  return h <= 23 && min <= 59 ? `${pad2(h)}:${pad2(min)}` : null;
}

/** The date and time parts of a date-time draft (`YYYY-MM-DDTHH:mm`, either part possibly empty). */
export function splitDateTime(value: string): { date: string; time: string } {
  const i = value.indexOf("T");
  return i < 0 ? { date: value, time: "" } : { date: value.slice(0, i), time: value.slice(i + 1) };
}

export function joinDateTime(date: string, time: string): string {
  return date || time ? `${date}T${time}` : "";
}

/** A date shown in the UI language: "2026/11/23" (jp), "Nov 23, 2026" (en) (docs/decisions.md). */
export function formatDateValue(iso: string, language: Language): string {
  if (!isIsoDate(iso)) return iso;
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  const options: Intl.DateTimeFormatOptions =
    language === "jp"
      ? { year: "numeric", month: "2-digit", day: "2-digit", timeZone: "UTC" }
      : { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" };
  return new Intl.DateTimeFormat(localeOf(language), options).format(new Date(Date.UTC(y, m - 1, d)));
}

/** A date-time shown in the UI language with a 24-hour time: "2026/11/23 14:30", "Nov 23, 2026 14:30". */
export function formatDateTimeValue(value: string, language: Language): string {
  const { date, time } = splitDateTime(value);
  return [formatDateValue(date, language), time].filter(Boolean).join(" ");
}

/**
 * An instant of the server (a send, an answer) in `timeZone` (staff: the entity's, `useEntityTimeZone`) or else the
 * viewer's zone, in the language, with a 24-hour time:
 * "2026/11/23 14:30" (jp), "Nov 23, 2026, 14:30" (en); the date alone with `withTime` false.
 */
export function formatInstant(iso: string, language: Language, withTime = true, timeZone?: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const date: Intl.DateTimeFormatOptions =
    language === "jp"
      ? { year: "numeric", month: "2-digit", day: "2-digit" }
      : { year: "numeric", month: "short", day: "numeric" };
  const time: Intl.DateTimeFormatOptions = withTime
    ? { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }
    : {};
  return new Intl.DateTimeFormat(localeOf(language), { ...date, ...time, timeZone }).format(d);
}

/** A stored answer value as the read-only view shows it. */
export function displayValue(q: FormQuestion, value: string | null, language: Language): string {
  if (!value) return "";
  if (q.question_type_id === QUESTION_TYPE.date) return formatDateValue(value, language);
  if (q.question_type_id === QUESTION_TYPE.datetime) return formatDateTimeValue(value, language);
  return value;
}

// ---------- checking and building the answer ----------

/** The stored value of a non-choice draft: `null` when empty, `undefined` when filled but not valid. */
export function answerValue(q: FormQuestion, draft: Draft): string | null | undefined {
  const text = draft.value.trim();
  switch (q.question_type_id) {
    case QUESTION_TYPE.number:
      return text ? (parseNumberInput(text) ?? undefined) : null;
    case QUESTION_TYPE.date:
      return text ? (isIsoDate(text) ? text : undefined) : null;
    case QUESTION_TYPE.time:
      return text ? (parseTimeInput(text) ?? undefined) : null;
    case QUESTION_TYPE.datetime: {
      const { date, time } = splitDateTime(text);
      if (!date.trim() && !time.trim()) return null;
      const clock = parseTimeInput(time);
      return isIsoDate(date.trim()) && clock ? `${date.trim()}T${clock}` : undefined;
    }
    default:
      return text || null;
  }
}

const INVALID_CODE: Partial<Record<number, MessageCode>> = {
  [QUESTION_TYPE.number]: "answer-not-number",
  [QUESTION_TYPE.date]: "answer-invalid-date",
  [QUESTION_TYPE.time]: "answer-invalid-time",
  [QUESTION_TYPE.datetime]: "answer-invalid-datetime",
};

/** Whether a draft holds an answer: a value, or at least one chosen option for choice questions (FORM-43). */
export function isAnswered(q: FormQuestion, draft: Draft | undefined): boolean {
  if (!draft) return false;
  return isChoiceType(q.question_type_id) ? draft.options.length > 0 : draft.value.trim() !== "";
}

/** The ids of required questions without an answer, in form order. */
export function missingRequired(questions: readonly FormQuestion[], drafts: Drafts): number[] {
  return questions.filter((q) => q.is_required && !isAnswered(q, drafts[q.id])).map((q) => q.id);
}

/**
 * The problem of each question that cannot be sent, by question id: `required-field-not-filled` for a
 * required question without an answer, the type's invalid-value code for a value that is not a number, date or
 * time. Empty when the answer can be submitted.
 */
export function answerProblems(
  questions: readonly FormQuestion[],
  drafts: Drafts,
): Record<number, MessageCode> {
  const problems: Record<number, MessageCode> = {};
  const missing = new Set(missingRequired(questions, drafts));
  for (const q of questions) {
    if (missing.has(q.id)) {
      problems[q.id] = "required-field-not-filled";
    } else if (
      !isChoiceType(q.question_type_id) &&
      answerValue(q, drafts[q.id] ?? EMPTY_DRAFT) === undefined
    ) {
      problems[q.id] = INVALID_CODE[q.question_type_id] ?? "invalid-input";
    } else if (q.question_type_id === QUESTION_TYPE.single && (drafts[q.id]?.options.length ?? 0) > 1) {
      problems[q.id] = "answer-single-choice";
    }
  }
  return problems;
}

/**
 * The chosen option orders of a choice question: only orders the question offers, each once, in ascending
 * order (the list the server stores as `answer_options`, FORM-47/48).
 */
export function answerOptions(q: FormQuestion, chosen: readonly number[]): number[] {
  const offered = new Set(q.question_options.map((o) => o.order));
  return [...new Set(chosen)].filter((o) => offered.has(o)).sort((a, b) => a - b);
}

/** A checkbox toggled: the chosen orders with `order` added or removed. */
export function toggleOption(chosen: readonly number[], order: number, on: boolean): number[] {
  const rest = chosen.filter((o) => o !== order);
  return on ? [...rest, order] : rest;
}

/**
 * The body's `answers` (POST /user/forms/{id}/{sent_order}/answer): one entry per question, in form order, with
 * `value` for typed questions and `answer_options` for choice questions. Call after `answerProblems` is empty.
 */
export function buildAnswerInputs(questions: readonly FormQuestion[], drafts: Drafts): AnswerInput[] {
  return questions.map((q) => {
    const draft = drafts[q.id] ?? EMPTY_DRAFT;
    const choice = isChoiceType(q.question_type_id);
    return {
      question_id: q.id,
      value: choice ? null : (answerValue(q, draft) ?? null),
      answer_options: choice ? answerOptions(q, draft.options) : [],
      is_required: q.is_required,
    };
  });
}
