import type { CreateFormBody, Form, QuestionInput, UpdateFormBody } from "@mimamori/shared";
import type { Draft, DraftQuestion } from "./draft";

/**
 * What a save sends (spec §4, §7, FORM-29). A question's order is its position in the editor (1, 2, …); an
 * existing question or option is recognised by its `key` (`q{id}`, `q{id}-o{order}`, as `draftFromForm` gives
 * them), so an option added in place of a deleted one is a new option even when it reuses the order.
 */

const optionKey = (questionId: number, order: number) => `q${questionId}-o${order}`;

function questionInput(q: DraftQuestion, order: number, options: DraftQuestion["options"]): QuestionInput {
  return {
    ...(q.id !== undefined ? { id: q.id } : {}),
    order,
    text: q.text.trim(),
    question_type: q.question_type,
    is_required: q.is_required,
    question_options: options.map((o) => ({ order: o.order, text: o.text.trim() })),
  };
}

/** `POST /staff/{ws}/forms`: a new form, sent at once to `users` when any are given. */
export function createBody(draft: Draft, users: string[] = []): CreateFormBody {
  return {
    name: draft.name.trim(),
    description: draft.description.trim(),
    is_editable: draft.is_editable,
    is_default: draft.is_default,
    questions: draft.questions.map((q, i) => questionInput(q, i + 1, q.options)),
    users,
  };
}

/**
 * `PUT /staff/{ws}/forms/{id}`: the changes of `draft` against `baseline` (the form as last loaded or saved), in
 * one body: changed fields; edited existing questions (`questions`, with their kept options); new questions
 * (`added_questions`); new options of existing questions (`added_question_options`); removed questions by
 * their saved order (`deleted_questions`); removed options per question (`deleted_question_options`). Empty
 * when nothing changed.
 */
export function formDiff(baseline: Form, draft: Draft): UpdateFormBody {
  const body: UpdateFormBody = {};
  if (draft.name !== baseline.name) body.name = draft.name.trim();
  if (draft.description !== baseline.description) body.description = draft.description.trim();
  if (draft.is_editable !== baseline.is_editable) body.is_editable = draft.is_editable;
  if (draft.is_default !== baseline.is_default) body.is_default = draft.is_default;

  const saved = new Map(baseline.questions.map((q) => [q.id, q]));
  const kept = new Set(draft.questions.flatMap((q) => (q.id !== undefined && saved.has(q.id) ? [q.id] : [])));

  const edited: QuestionInput[] = [];
  const added: QuestionInput[] = [];
  const addedOptions: NonNullable<UpdateFormBody["added_question_options"]> = [];
  const deletedOptions: NonNullable<UpdateFormBody["deleted_question_options"]> = [];

  draft.questions.forEach((q, i) => {
    const order = i + 1;
    const before = q.id !== undefined ? saved.get(q.id) : undefined;
    if (q.id === undefined || !before) {
      added.push(questionInput({ ...q, id: undefined }, order, q.options));
      return;
    }
    const savedOptions = new Map(before.question_options.map((o) => [optionKey(before.id, o.order), o]));
    const keptOptions = q.options.filter((o) => savedOptions.has(o.key));
    const newOptions = q.options.filter((o) => !savedOptions.has(o.key));
    const keptKeys = new Set(keptOptions.map((o) => o.key));
    const removed = before.question_options.filter((o) => !keptKeys.has(optionKey(before.id, o.order)));

    const changed =
      order !== before.order ||
      q.text !== before.text ||
      q.question_type !== before.question_type_id ||
      q.is_required !== before.is_required ||
      keptOptions.some((o) => o.text !== savedOptions.get(o.key)?.text);
    if (changed) edited.push(questionInput(q, order, keptOptions));
    if (newOptions.length) {
      addedOptions.push({
        question_id: before.id,
        options: newOptions.map((o) => ({ order: o.order, text: o.text.trim() })),
      });
    }
    if (removed.length) {
      deletedOptions.push({ question_id: before.id, options_to_delete: removed.map((o) => o.order) });
    }
  });

  const deleted = baseline.questions.filter((q) => !kept.has(q.id)).map((q) => q.order);

  if (edited.length) body.questions = edited;
  if (added.length) body.added_questions = added;
  if (addedOptions.length) body.added_question_options = addedOptions;
  if (deleted.length) body.deleted_questions = deleted;
  if (deletedOptions.length) body.deleted_question_options = deletedOptions;
  return body;
}

/** True when a diff carries no change (nothing to save). */
export function isEmptyDiff(body: UpdateFormBody): boolean {
  return Object.keys(body).length === 0;
}

/** True when a diff changes questions (refused with 409 `form-not-editable` on a frozen form). */
export function changesQuestions(body: UpdateFormBody): boolean {
  return (
    body.questions !== undefined ||
    body.added_questions !== undefined ||
    body.added_question_options !== undefined ||
    body.deleted_questions !== undefined ||
    body.deleted_question_options !== undefined
  );
}

/**
 * The saved recipient list's change (`added_users`, `deleted_users`) when a send goes to `chosen`: the list
 * becomes the members last sent to, which the next Send preselects (the form's `sent_users`).
 */
export function recipientListDiff(
  saved: readonly string[],
  chosen: readonly string[],
): Pick<UpdateFormBody, "added_users" | "deleted_users"> {
  const before = new Set(saved);
  const after = new Set(chosen);
  const added = [...after].filter((uid) => !before.has(uid));
  const deleted = [...before].filter((uid) => !after.has(uid));
  return {
    ...(added.length ? { added_users: added } : {}),
    ...(deleted.length ? { deleted_users: deleted } : {}),
  };
}
