import { isChoiceType, type UpdateFormBody } from "@mimamori/shared";
import { eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { formQuestions, forms } from "../../db/schema";
import type { AppContext } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { checkQuestions, type DraftQuestion, draftOf, renumbered, sortedOptions } from "./form-rules";
import { clearOtherDefaults, currentQuestions, insertQuestions, requireForm } from "./forms";
import { addToRecipientList, removeFromRecipientList } from "./recipient-list";

type StoredQuestion = Awaited<ReturnType<typeof currentQuestions>>[number];

const draftFromStored = (q: StoredQuestion): DraftQuestion => ({
  id: q.id,
  position: q.position,
  text: q.text,
  questionType: q.questionType,
  isRequired: q.isRequired,
  options: q.options,
  sourceQuestionId: q.sourceQuestionId,
});

const sameQuestion = (a: DraftQuestion, b: DraftQuestion) =>
  a.position === b.position &&
  a.text === b.text &&
  a.questionType === b.questionType &&
  a.isRequired === b.isRequired &&
  JSON.stringify(sortedOptions(a.options)) === JSON.stringify(sortedOptions(b.options));

/**
 * The form's questions after the save's question changes, applied in this order (FORM-29):
 * 1. `deleted_questions`: orders of stored questions (as the form was before the save) go;
 * 2. `questions`: edited existing questions, by `id` (order, text, type, required). Their `question_options`
 *    replace the stored options when not empty; an empty list keeps them (options are removed with
 *    `deleted_question_options`); a question changed to a non-choice type keeps none. An entry without `id` is
 *    added like one of `added_questions`;
 * 3. `added_questions`;
 * 4. `deleted_question_options` per question id, then 5. `added_question_options` (an order already used by
 *    the question is 400 `duplicate-option`).
 * A question id or order that is not the form's is 404 `question-not-found`. Pure: nothing is written.
 */
export function applyQuestionEdits(stored: StoredQuestion[], body: UpdateFormBody): DraftQuestion[] {
  let drafts = stored.map(draftFromStored);
  const deletedOrders = new Set(body.deleted_questions ?? []);
  for (const order of deletedOrders)
    if (!drafts.some((d) => d.position === order))
      throw new AppError("question-not-found", "deleted_questions");
  drafts = drafts.filter((d) => !deletedOrders.has(d.position));
  const byId = (id: number, field: string) => {
    const d = drafts.find((x) => x.id === id);
    if (!d) throw new AppError("question-not-found", field);
    return d;
  };
  (body.questions ?? []).forEach((input, i) => {
    if (input.id === undefined) {
      drafts.push(draftOf(input));
      return;
    }
    const d = byId(input.id, `questions.${i}.id`);
    const edited = draftOf(input);
    d.position = edited.position;
    d.text = edited.text;
    d.isRequired = edited.isRequired;
    d.options = !isChoiceType(edited.questionType)
      ? []
      : edited.options.length
        ? edited.options
        : isChoiceType(d.questionType)
          ? d.options
          : [];
    d.questionType = edited.questionType;
  });
  for (const input of body.added_questions ?? []) drafts.push({ ...draftOf(input), id: undefined });
  (body.deleted_question_options ?? []).forEach((del, i) => {
    const d = byId(del.question_id, `deleted_question_options.${i}.question_id`);
    const gone = new Set(del.options_to_delete);
    d.options = d.options.filter((o) => !gone.has(o.order));
  });
  (body.added_question_options ?? []).forEach((add, i) => {
    const d = byId(add.question_id, `added_question_options.${i}.question_id`);
    const used = new Set(d.options.map((o) => o.order));
    for (const o of add.options) {
      if (used.has(o.order)) throw new AppError("duplicate-option", `added_question_options.${i}.options`);
      used.add(o.order);
    }
    d.options = sortedOptions([...d.options, ...add.options]);
  });
  return drafts;
}

/** True when the questions differ from the stored ones in anything a member would see. */
function questionsChanged(stored: StoredQuestion[], next: DraftQuestion[]): boolean {
  if (stored.length !== next.length) return true;
  const before = new Map(stored.map((q) => [q.id, draftFromStored(q)]));
  return next.some((d) => {
    const old = d.id === undefined ? undefined : before.get(d.id);
    return !old || !sameQuestion(old, d);
  });
}

async function writeQuestions(tx: Db, formId: number, stored: StoredQuestion[], next: DraftQuestion[]) {
  const kept = new Set(next.flatMap((d) => (d.id === undefined ? [] : [d.id])));
  const gone = stored.filter((q) => !kept.has(q.id)).map((q) => q.id);
  if (gone.length) await tx.delete(formQuestions).where(inArray(formQuestions.id, gone));
  const before = new Map(stored.map((q) => [q.id, draftFromStored(q)]));
  for (const d of next) {
    const old = d.id === undefined ? undefined : before.get(d.id);
    if (d.id === undefined || !old || sameQuestion(old, d)) continue;
    await tx
      .update(formQuestions)
      .set({
        position: d.position,
        text: d.text,
        questionType: d.questionType,
        isRequired: d.isRequired,
        options: d.options,
      })
      .where(eq(formQuestions.id, d.id));
  }
  await insertQuestions(
    tx,
    formId,
    next.filter((d) => d.id === undefined),
  );
}

/**
 * Saves an edited form in one transaction (FORM-29): the question changes (refused with 409
 * `form-not-editable` on a locked form unless the same save unlocks it), the saved recipient list, name,
 * description and flags. After the changes the form must still meet the rules of a form (at least one question,
 * valid options), else 400 and nothing is changed.
 */
export async function updateForm(
  ctx: AppContext,
  ws: string,
  id: number,
  body: UpdateFormBody,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const form = await requireForm(tx, ws, id, true);
    const stored = await currentQuestions(tx, id);
    const drafts = applyQuestionEdits(stored, body);
    const next = renumbered(drafts);
    if (questionsChanged(stored, next)) {
      if (!form.isEditable && body.is_editable !== true) throw new AppError("form-not-editable");
      // the orders as sent must be unique; renumbering would hide a clash
      checkQuestions(drafts, () => "questions");
      await writeQuestions(tx, id, stored, next);
    }
    await removeFromRecipientList(tx, id, body.deleted_users ?? []);
    await addToRecipientList(tx, ws, id, body.added_users ?? [], "added_users");
    await tx
      .update(forms)
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.is_editable !== undefined ? { isEditable: body.is_editable } : {}),
        ...(body.is_default !== undefined ? { isDefault: body.is_default } : {}),
        updatedAt: new Date(),
      })
      .where(eq(forms.id, id));
    if (body.is_default) await clearOtherDefaults(tx, ws, id);
  });
}
