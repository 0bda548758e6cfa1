import { FORM_LIMITS, isChoiceType, type QuestionInput } from "@mimamori/shared";
import type { StoredOption } from "../../db/schema";
import { AppError } from "../../lib/errors";

/** A question of a form as the server keeps it while building or editing the form (`id` absent: new). */
export interface DraftQuestion {
  id?: number;
  position: number;
  text: string;
  questionType: number;
  isRequired: boolean;
  options: StoredOption[];
  sourceQuestionId?: number | null;
}

/** A question as the editor sends it, made a draft: non-choice questions keep no options. */
export function draftOf(q: QuestionInput): DraftQuestion {
  return {
    id: q.id,
    position: q.order,
    text: q.text,
    questionType: q.question_type,
    isRequired: q.is_required,
    options: isChoiceType(q.question_type) ? sortedOptions(q.question_options) : [],
  };
}

export const sortedOptions = (options: StoredOption[]): StoredOption[] =>
  [...options].map((o) => ({ order: o.order, text: o.text })).sort((a, b) => a.order - b.order);

/**
 * The rules every saved form meets (a new form, and an edited one after all its changes): at least one
 * question and at most 100, question orders unique, choice questions with 1–30 options of unique orders.
 * A broken rule is a 400 with its code and the path of the offending field.
 */
export function checkQuestions(
  questions: DraftQuestion[],
  fieldOf: (index: number, part: string) => string = (i, part) => `questions.${i}.${part}`,
): void {
  if (!questions.length) throw new AppError("form-no-questions", "questions");
  if (questions.length > FORM_LIMITS.questionsMax) throw new AppError("too-many-questions", "questions");
  const orders = new Set<number>();
  questions.forEach((q, i) => {
    if (orders.has(q.position)) throw new AppError("duplicate-question", fieldOf(i, "order"));
    orders.add(q.position);
    if (!isChoiceType(q.questionType)) return;
    if (!q.options.length) throw new AppError("options-required", fieldOf(i, "question_options"));
    if (q.options.length > FORM_LIMITS.optionsMax)
      throw new AppError("too-many-options", fieldOf(i, "question_options"));
    const seen = new Set<number>();
    for (const o of q.options) {
      if (seen.has(o.order)) throw new AppError("duplicate-option", fieldOf(i, "question_options"));
      seen.add(o.order);
    }
  });
}

/** Drafts in their order, numbered 1…n: stored orders are always dense, also after deletions. */
export const renumbered = (drafts: DraftQuestion[]): DraftQuestion[] =>
  [...drafts].sort((a, b) => a.position - b.position).map((d, i) => ({ ...d, position: i + 1 }));
