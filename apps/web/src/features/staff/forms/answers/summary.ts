import type { FormSummaryStats } from "@mimamori/shared";

type QuestionSummary = FormSummaryStats["questions"][number];

export interface OptionShare {
  order: number;
  text: string;
  count: number;
  /** The part of the question's answers that chose this option (0…1; a multiple-choice sum may exceed 1). */
  share: number;
}

/**
 * A choice question's options in their order, each with its share of the question's answers; the bar of the
 * summary chart is drawn from `share` (0 when nobody answered the question).
 */
export function optionShares(q: Pick<QuestionSummary, "answers" | "options">): OptionShare[] {
  return [...q.options]
    .sort((a, b) => a.order - b.order)
    .map((o) => ({ ...o, share: q.answers > 0 ? Math.min(1, o.count / q.answers) : 0 }));
}
