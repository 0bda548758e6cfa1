import { describe, expect, it } from "vitest";
import { draftFromForm, moveItem, newDraft, newOption, newQuestion, withType } from "./draft";
import { changesQuestions, createBody, formDiff, isEmptyDiff, recipientListDiff } from "./formDiff";
import { nth, savedForm } from "./testForm";

const base = savedForm();
const fresh = () => draftFromForm(base);

describe("formDiff", () => {
  it("is empty for an unchanged form", () => {
    const body = formDiff(base, fresh());
    expect(body).toEqual({});
    expect(isEmptyDiff(body)).toBe(true);
    expect(changesQuestions(body)).toBe(false);
  });

  it("sends only the changed fields of a rename and the settings", () => {
    const draft = { ...fresh(), name: "  Morning check ", is_default: true, is_editable: false };
    const body = formDiff(base, draft);
    expect(body).toEqual({ name: "Morning check", is_default: true, is_editable: false });
    expect(changesQuestions(body)).toBe(false);
  });

  it("sends an edited question with its kept options and its position as order", () => {
    const draft = fresh();
    draft.questions[1] = { ...nth(draft.questions, 1), text: "Did you sleep well?", is_required: false };
    expect(formDiff(base, draft)).toEqual({
      questions: [
        {
          id: 12,
          order: 2,
          text: "Did you sleep well?",
          question_type: 3,
          is_required: false,
          question_options: [
            { order: 1, text: "Yes" },
            { order: 2, text: "No" },
            { order: 3, text: "Not sure" },
          ],
        },
      ],
    });
  });

  it("sends an edited option text as an edit of its question", () => {
    const draft = fresh();
    const q = nth(draft.questions, 1);
    draft.questions[1] = {
      ...q,
      options: q.options.map((o) => (o.order === 2 ? { ...o, text: "Badly" } : o)),
    };
    expect(formDiff(base, draft).questions?.[0]?.question_options).toEqual([
      { order: 1, text: "Yes" },
      { order: 2, text: "Badly" },
      { order: 3, text: "Not sure" },
    ]);
  });

  it("sends the moved questions with their new orders after a drag and drop", () => {
    const draft = fresh();
    draft.questions = moveItem(draft.questions, 2, 0); // Steps, Your mood, Slept well?
    const body = formDiff(base, draft);
    expect(body.questions?.map((q) => [q.id, q.order])).toEqual([
      [13, 1],
      [11, 2],
      [12, 3],
    ]);
    expect(body.added_questions).toBeUndefined();
    expect(body.deleted_questions).toBeUndefined();
  });

  it("sends an added question in added_questions at its position, with its options", () => {
    const draft = fresh();
    const added = { ...newQuestion("Any pain?", 4), is_required: true };
    added.options = [{ ...nth(added.options, 0), text: "Head" }];
    draft.questions.push(added);
    expect(formDiff(base, draft)).toEqual({
      added_questions: [
        {
          order: 4,
          text: "Any pain?",
          question_type: 4,
          is_required: true,
          question_options: [{ order: 1, text: "Head" }],
        },
      ],
    });
  });

  it("deletes a question by its saved order, renumbers the ones after it and drops its options", () => {
    const draft = fresh();
    draft.questions.splice(1, 1); // remove "Slept well?" (order 2) with its three options
    expect(formDiff(base, draft)).toEqual({
      deleted_questions: [2],
      questions: [
        { id: 13, order: 2, text: "Steps", question_type: 2, is_required: false, question_options: [] },
      ],
    });
  });

  it("sends a new option of an existing question with order max + 1", () => {
    const draft = fresh();
    const q = nth(draft.questions, 1);
    const option = { ...newOption(q.options, nth(base.questions, 1).question_options), text: "Maybe" };
    draft.questions[1] = { ...q, options: [...q.options, option] };
    expect(formDiff(base, draft)).toEqual({
      added_question_options: [{ question_id: 12, options: [{ order: 4, text: "Maybe" }] }],
    });
  });

  it("sends a deleted option per question as options_to_delete", () => {
    const draft = fresh();
    const q = nth(draft.questions, 1);
    draft.questions[1] = { ...q, options: q.options.filter((o) => o.order !== 1 && o.order !== 3) };
    expect(formDiff(base, draft)).toEqual({
      deleted_question_options: [{ question_id: 12, options_to_delete: [1, 3] }],
    });
  });

  it("never reuses a deleted option's order for an option added in the same save", () => {
    const draft = fresh();
    const q = nth(draft.questions, 1);
    const left = q.options.filter((o) => o.order !== 3);
    const option = { ...newOption(left, nth(base.questions, 1).question_options), text: "Maybe" };
    draft.questions[1] = { ...q, options: [...left, option] };
    expect(formDiff(base, draft)).toEqual({
      added_question_options: [{ question_id: 12, options: [{ order: 4, text: "Maybe" }] }],
      deleted_question_options: [{ question_id: 12, options_to_delete: [3] }],
    });
  });

  it("deletes every option of a choice question changed to short text", () => {
    const draft = fresh();
    draft.questions[1] = withType(nth(draft.questions, 1), 1);
    expect(formDiff(base, draft)).toEqual({
      questions: [
        { id: 12, order: 2, text: "Slept well?", question_type: 1, is_required: true, question_options: [] },
      ],
      deleted_question_options: [{ question_id: 12, options_to_delete: [1, 2, 3] }],
    });
  });

  it("gives an empty diff again once the saved form becomes the new baseline", () => {
    const draft = fresh();
    draft.questions[0] = { ...nth(draft.questions, 0), text: "Mood" };
    expect(isEmptyDiff(formDiff(base, draft))).toBe(false);
    const saved = savedForm({
      questions: base.questions.map((q) => (q.id === 11 ? { ...q, text: "Mood" } : q)),
    });
    expect(formDiff(saved, draftFromForm(saved))).toEqual({});
  });
});

describe("createBody", () => {
  it("numbers the questions by position, trims the texts and carries the recipients", () => {
    const draft = newDraft();
    draft.name = " Weekly ";
    draft.description = "Once a week ";
    nth(draft.questions, 0).text = " Mood ";
    const choice = newQuestion("Sleep", 3);
    nth(choice.options, 0).text = "Good";
    draft.questions.push(choice);
    expect(createBody(draft, ["u1"])).toEqual({
      name: "Weekly",
      description: "Once a week",
      is_editable: true,
      is_default: false,
      questions: [
        { order: 1, text: "Mood", question_type: 1, is_required: false, question_options: [] },
        {
          order: 2,
          text: "Sleep",
          question_type: 3,
          is_required: false,
          question_options: [{ order: 1, text: "Good" }],
        },
      ],
      users: ["u1"],
    });
  });
});

describe("recipientListDiff", () => {
  it("adds the newly chosen members and removes the ones no longer chosen", () => {
    expect(recipientListDiff(["a", "b"], ["b", "c", "d"])).toEqual({
      added_users: ["c", "d"],
      deleted_users: ["a"],
    });
  });
  it("is empty when the same members are chosen, in any order", () => {
    expect(recipientListDiff(["a", "b"], ["b", "a"])).toEqual({});
  });
  it("counts a member chosen twice once", () => {
    expect(recipientListDiff([], ["a", "a"])).toEqual({ added_users: ["a"] });
  });
});
