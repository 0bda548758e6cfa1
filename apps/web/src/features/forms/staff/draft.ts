import { type Form, isChoiceType, QUESTION_TYPE } from "@mimamori/shared";

/**
 * The editor's working copy of a form. `key` identifies a question or option on the page (React keys, drag and
 * drop, focus) whether or not the server knows it; `id` is the server's question id (absent when added), and an
 * option's `order` is its identity within its question (spec §5: a new option takes the max order + 1).
 */
export interface DraftOption {
  key: string;
  order: number;
  text: string;
}

export interface DraftQuestion {
  key: string;
  /** The server's id of an existing question; absent for a question added in this editing session. */
  id?: number;
  text: string;
  question_type: number;
  is_required: boolean;
  options: DraftOption[];
}

export interface Draft {
  name: string;
  description: string;
  is_editable: boolean;
  is_default: boolean;
  questions: DraftQuestion[];
}

let counter = 0;
/** A key unique on this page (not sent to the server). */
export const newKey = (prefix: string) => `${prefix}-${++counter}`;

/** Spec §5: a new option's order is the highest order of the question plus 1 (1 for the first). */
export function nextOptionOrder(options: readonly { order: number }[]): number {
  return options.reduce((max, o) => Math.max(max, o.order), 0) + 1;
}

/** Spec §5: only one option row is added at a time, so adding waits until every row has a text. */
export function canAddOption(options: readonly { text: string }[], max: number): boolean {
  return options.length < max && options.every((o) => o.text.trim() !== "");
}

/**
 * A new empty option row. `saved` are the question's options as last saved: their orders stay taken until the
 * save, so a row added after a deletion never reuses the deleted option's order within one save.
 */
export function newOption(
  options: readonly DraftOption[],
  saved: readonly { order: number }[] = [],
): DraftOption {
  return { key: newKey("o"), order: nextOptionOrder([...options, ...saved]), text: "" };
}

/** A new question; a choice question starts with one (empty) option row, as it needs at least one. */
export function newQuestion(text = "", questionType: number = QUESTION_TYPE.text): DraftQuestion {
  return {
    key: newKey("q"),
    text,
    question_type: questionType,
    is_required: false,
    options: isChoiceType(questionType) ? [newOption([])] : [],
  };
}

/** Spec §5 / FORM-17: a new form starts with one non-required short-text question. */
export function newDraft(): Draft {
  return { name: "", description: "", is_editable: true, is_default: false, questions: [newQuestion()] };
}

const byOrder = <T extends { order: number }>(items: readonly T[]): T[] =>
  [...items].sort((a, b) => a.order - b.order);

export function draftFromForm(form: Form): Draft {
  return {
    name: form.name,
    description: form.description,
    is_editable: form.is_editable,
    is_default: form.is_default,
    questions: byOrder(form.questions).map((q) => ({
      key: `q${q.id}`,
      id: q.id,
      text: q.text,
      question_type: q.question_type_id,
      is_required: q.is_required,
      options: byOrder(q.question_options).map((o) => ({
        key: `q${q.id}-o${o.order}`,
        order: o.order,
        text: o.text,
      })),
    })),
  };
}

/**
 * A question of another type: choice types keep (or get one empty row of) options, the others have none (their
 * existing options are then deleted by the save).
 */
export function withType(q: DraftQuestion, questionType: number): DraftQuestion {
  if (!isChoiceType(questionType)) return { ...q, question_type: questionType, options: [] };
  return {
    ...q,
    question_type: questionType,
    options: q.options.length ? q.options : [newOption([])],
  };
}

/** Moves the item at `from` to `to` (indexes), keeping the others in order. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item === undefined) return next;
  next.splice(to, 0, item);
  return next;
}
