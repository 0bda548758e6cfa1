import { FORM_LIMITS } from "@mimamori/shared";
import { describe, expect, it } from "vitest";
import { type Draft, newDraft, newQuestion } from "./draft";
import { nth } from "./testForm";
import { hasIssues, validateDraft } from "./validation";

function validDraft(): Draft {
  const draft = newDraft();
  draft.name = "Daily check";
  draft.description = "How are you?";
  nth(draft.questions, 0).text = "Mood";
  return draft;
}

describe("validateDraft (the server's rules, shown inline)", () => {
  it("accepts a complete form", () => {
    expect(validateDraft(validDraft())).toEqual({});
    expect(hasIssues(validateDraft(validDraft()))).toBe(false);
  });

  it("requires the name, the description and each question's text (a new form has none)", () => {
    const draft = newDraft();
    const key = nth(draft.questions, 0).key;
    expect(validateDraft(draft)).toEqual({
      name: "required",
      description: "required",
      [`question:${key}:text`]: "required",
    });
  });

  it("treats blank texts as missing", () => {
    const draft = { ...validDraft(), name: "   " };
    expect(validateDraft(draft)).toEqual({ name: "required" });
  });

  it("limits the name to 150 characters and the description to 2000", () => {
    const draft = validDraft();
    draft.name = "x".repeat(FORM_LIMITS.nameMax);
    draft.description = "x".repeat(FORM_LIMITS.descriptionMax);
    expect(validateDraft(draft)).toEqual({});
    draft.name = "x".repeat(FORM_LIMITS.nameMax + 1);
    draft.description = "x".repeat(FORM_LIMITS.descriptionMax + 1);
    expect(validateDraft(draft)).toEqual({ name: "too-long", description: "too-long" });
  });

  it("limits a question text to 500 characters", () => {
    const draft = validDraft();
    nth(draft.questions, 0).text = "x".repeat(FORM_LIMITS.questionTextMax + 1);
    expect(validateDraft(draft)).toEqual({ [`question:${nth(draft.questions, 0).key}:text`]: "too-long" });
  });

  it("requires every option text, also in a newly added multiple-choice question (decisions: FORM-23)", () => {
    const draft = validDraft();
    const q = newQuestion("Pain?", 4);
    draft.questions.push(q);
    expect(validateDraft(draft)).toEqual({ [`option:${nth(q.options, 0).key}`]: "required" });
  });

  it("requires at least one option of a choice question", () => {
    const draft = validDraft();
    const q = { ...newQuestion("Sleep?", 3), options: [] };
    draft.questions.push(q);
    expect(validateDraft(draft)).toEqual({ [`question:${q.key}:options`]: "options-required" });
  });

  it("allows 30 options and refuses 31", () => {
    const draft = validDraft();
    const q = newQuestion("Pick", 3);
    q.options = Array.from({ length: FORM_LIMITS.optionsMax }, (_, i) => ({
      key: `k${i}`,
      order: i + 1,
      text: `o${i}`,
    }));
    draft.questions.push(q);
    expect(validateDraft(draft)).toEqual({});
    q.options.push({ key: "k30", order: 31, text: "o30" });
    expect(validateDraft(draft)).toEqual({ [`question:${q.key}:options`]: "too-many-options" });
  });

  it("needs at least one question and allows at most 100", () => {
    const none = { ...validDraft(), questions: [] };
    expect(validateDraft(none)).toEqual({ questions: "form-no-questions" });
    const many = validDraft();
    many.questions = Array.from({ length: FORM_LIMITS.questionsMax + 1 }, () => newQuestion("Q"));
    expect(validateDraft(many)).toEqual({ questions: "too-many-questions" });
  });
});
