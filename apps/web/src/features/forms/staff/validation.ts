import { createFormBodySchema, isChoiceType, type MessageCode } from "@mimamori/shared";
import type { Draft } from "./draft";
import { createBody } from "./formDiff";

/**
 * Where an editor error is shown: the form's name or description, the question list, or one question's text,
 * type or options (by question key), or one option's text (by option key).
 */
export type IssueTarget =
  | "name"
  | "description"
  | "questions"
  | `question:${string}:text`
  | `question:${string}:type`
  | `question:${string}:options`
  | `option:${string}`;

export type Issues = Partial<Record<IssueTarget, MessageCode | string>>;

/**
 * The editor's rules, the server's own (spec §5, FORM-22/23, docs/decisions.md): the draft is checked with the
 * contract's `createFormBodySchema` (name and description required, at most 100 questions, each with a text and
 * a type, at most 30 options, every option text required) plus the server's "a choice question needs an option"
 * (`options-required`). Each problem is mapped to the field that shows it; the first problem of a field wins.
 */
export function validateDraft(draft: Draft): Issues {
  const issues: Issues = {};
  const put = (target: IssueTarget, code: string) => {
    issues[target] ??= code;
  };
  const result = createFormBodySchema.safeParse(createBody(draft));
  if (!result.success) {
    for (const issue of result.error.issues) {
      const [field, index, part, optionIndex] = issue.path;
      if (field === "name" || field === "description") put(field, issue.message);
      else if (field === "questions" && typeof index === "number") {
        const q = draft.questions[index];
        if (!q) continue;
        if (part === "text") put(`question:${q.key}:text`, issue.message);
        else if (part === "question_type") put(`question:${q.key}:type`, issue.message);
        else if (part === "question_options" && typeof optionIndex === "number") {
          const o = q.options[optionIndex];
          if (o) put(`option:${o.key}`, issue.message);
        } else if (part === "question_options") put(`question:${q.key}:options`, issue.message);
      } else if (field === "questions") put("questions", issue.message);
    }
  }
  for (const q of draft.questions) {
    if (isChoiceType(q.question_type) && q.options.length === 0)
      put(`question:${q.key}:options`, "options-required");
  }
  return issues;
}

export const hasIssues = (issues: Issues) => Object.keys(issues).length > 0;
