import { type AnswerInput, type FormQuestion, isChoiceType, QUESTION_TYPE } from "@mimamori/shared";
import type { FormSnapshot } from "../../db/schema";
import { AppError } from "../../lib/errors";

/** One stored answer: a value for typed questions, chosen option orders for choice questions. */
export interface CheckedAnswer {
  questionId: number;
  value: string | null;
  options: number[];
}

type SnapshotQuestion = FormSnapshot["questions"][number];

const DECIMAL = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

function isCalendarDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return false;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1] as number;
  return d <= days;
}

/** The error of a typed value for its question type, or null when it is well formed. */
function valueError(type: number, value: string) {
  switch (type) {
    case QUESTION_TYPE.number:
      return DECIMAL.test(value) && Number.isFinite(Number(value)) ? null : ("answer-not-number" as const);
    case QUESTION_TYPE.date:
      return isCalendarDate(value) ? null : ("answer-invalid-date" as const);
    case QUESTION_TYPE.time:
      return CLOCK.test(value) ? null : ("answer-invalid-time" as const);
    case QUESTION_TYPE.datetime: {
      const [date, time, extra] = value.split("T");
      return extra === undefined && date && time && isCalendarDate(date) && CLOCK.test(time)
        ? null
        : ("answer-invalid-datetime" as const);
    }
    default:
      return null;
  }
}

/**
 * Chosen option orders: a list, or the spec's digit string ("13" = options 1 and 3) where every option order of
 * the question is a single digit, so the string cannot be ambiguous (FORM-48). Each must be an option of the
 * question (400 `answer-option-out-of-range`); repeats count once.
 */
function chosenOptions(q: SnapshotQuestion, raw: AnswerInput["answer_options"], field: string): number[] {
  const orders = new Set(q.question_options.map((o) => o.order));
  let chosen: number[];
  if (raw === null) chosen = [];
  else if (typeof raw === "string") {
    if ([...orders].some((o) => o > 9)) throw new AppError("answer-option-out-of-range", field);
    chosen = [...raw].map(Number);
  } else chosen = raw;
  for (const o of chosen) if (!orders.has(o)) throw new AppError("answer-option-out-of-range", field);
  return [...new Set(chosen)].sort((a, b) => a - b);
}

/**
 * Checks a member's answers against the sent order's snapshot and answers one row per question of it
 * (unanswered optional questions as null / no options). Refusals, each 400 with the answer's field:
 * `answer-unknown-question`, `required-not-answered`, `answer-not-number`, `answer-invalid-date` (YYYY-MM-DD, a
 * real date), `answer-invalid-time` (HH:mm, 00:00–23:59), `answer-invalid-datetime` (YYYY-MM-DDTHH:mm),
 * `answer-option-out-of-range`, `answer-single-choice`; a question answered twice is `invalid-input`.
 */
export function checkAnswers(snapshot: FormSnapshot, inputs: AnswerInput[]): CheckedAnswer[] {
  const questions = new Map(snapshot.questions.map((q) => [q.id, q]));
  const given = new Map<number, { input: AnswerInput; index: number }>();
  inputs.forEach((input, index) => {
    if (!questions.has(input.question_id))
      throw new AppError("answer-unknown-question", `answers.${index}.question_id`);
    if (given.has(input.question_id)) throw new AppError("invalid-input", `answers.${index}.question_id`);
    given.set(input.question_id, { input, index });
  });
  return snapshot.questions.map((q) => {
    const entry = given.get(q.id);
    const field = entry ? `answers.${entry.index}` : "answers";
    if (isChoiceType(q.question_type_id)) {
      const options = entry ? chosenOptions(q, entry.input.answer_options, `${field}.answer_options`) : [];
      if (q.question_type_id === QUESTION_TYPE.single && options.length > 1)
        throw new AppError("answer-single-choice", `${field}.answer_options`);
      if (q.is_required && !options.length) throw new AppError("required-not-answered", field);
      return { questionId: q.id, value: null, options };
    }
    const value = entry?.input.value?.trim() || null;
    if (value === null) {
      if (q.is_required) throw new AppError("required-not-answered", field);
      return { questionId: q.id, value: null, options: [] };
    }
    const error = valueError(q.question_type_id, value);
    if (error) throw new AppError(error, `${field}.value`);
    return { questionId: q.id, value, options: [] };
  });
}

/** The spec's reading of chosen options: digits joined, comma-separated when an order is 10 or more (FORM-48). */
export const optionOrderText = (options: number[]): string =>
  options.join(options.every((o) => o < 10) ? "" : ",");

/** Snapshot questions in the API's shape. */
export const snapshotQuestions = (snapshot: FormSnapshot): FormQuestion[] =>
  [...snapshot.questions]
    .sort((a, b) => a.order - b.order)
    .map((q) => ({
      ...q,
      question_options: q.question_options.map((o) => ({ order: o.order, text: o.text })),
    }));
