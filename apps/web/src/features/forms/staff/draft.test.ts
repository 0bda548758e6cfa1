import { FORM_LIMITS } from "@mimamori/shared";
import { describe, expect, it } from "vitest";
import {
  canAddOption,
  draftFromForm,
  moveItem,
  newDraft,
  newOption,
  nextOptionOrder,
  withType,
} from "./draft";
import { nth, savedForm } from "./testForm";

describe("a new form (FORM-17)", () => {
  it("starts with one non-required short-text question", () => {
    const draft = newDraft();
    expect(draft.questions).toHaveLength(1);
    expect(draft.questions[0]).toMatchObject({ text: "", question_type: 1, is_required: false, options: [] });
    expect(draft.questions[0]?.id).toBeUndefined();
    expect(draft).toMatchObject({ name: "", description: "", is_editable: true, is_default: false });
  });
});

describe("new option order (spec §5: max order + 1)", () => {
  it("is 1 for the first option", () => {
    expect(nextOptionOrder([])).toBe(1);
  });
  it("is the highest order plus one, whatever the list order", () => {
    expect(nextOptionOrder([{ order: 1 }, { order: 5 }, { order: 2 }])).toBe(6);
  });
  it("counts the saved orders too, so a deleted option's order is not reused before the save", () => {
    expect(newOption([{ key: "a", order: 1, text: "A" }], [{ order: 1 }, { order: 2 }]).order).toBe(3);
    expect(newOption([], []).text).toBe("");
  });
});

describe("adding option rows (one at a time)", () => {
  it("is allowed when every row has a text", () => {
    expect(canAddOption([{ text: "Yes" }, { text: "No" }], FORM_LIMITS.optionsMax)).toBe(true);
    expect(canAddOption([], FORM_LIMITS.optionsMax)).toBe(true);
  });
  it("waits while an empty (or blank) row exists", () => {
    expect(canAddOption([{ text: "Yes" }, { text: "" }], FORM_LIMITS.optionsMax)).toBe(false);
    expect(canAddOption([{ text: "  " }], FORM_LIMITS.optionsMax)).toBe(false);
  });
  it("stops at the limit of 30 options", () => {
    const full = Array.from({ length: 30 }, (_, i) => ({ text: `o${i}` }));
    expect(canAddOption(full, FORM_LIMITS.optionsMax)).toBe(false);
    expect(canAddOption(full.slice(1), FORM_LIMITS.optionsMax)).toBe(true);
  });
});

describe("changing a question's type", () => {
  it("gives a choice question one empty option row and keeps existing options", () => {
    const text = nth(newDraft().questions, 0);
    const single = withType(text, 3);
    expect(single.options).toHaveLength(1);
    expect(single.options[0]).toMatchObject({ order: 1, text: "" });
    const withOptions = { ...single, options: [{ key: "k", order: 4, text: "A" }] };
    expect(withType(withOptions, 4).options).toEqual([{ key: "k", order: 4, text: "A" }]);
  });
  it("drops the options of a question that is no longer a choice", () => {
    const q = nth(draftFromForm(savedForm()).questions, 1);
    expect(withType(q, 5)).toMatchObject({ question_type: 5, options: [] });
  });
});

describe("draftFromForm", () => {
  it("orders questions and options by their order and keys them by id", () => {
    const form = savedForm();
    form.questions = [...form.questions].reverse();
    const draft = draftFromForm(form);
    expect(draft.questions.map((q) => q.key)).toEqual(["q11", "q12", "q13"]);
    expect(draft.questions[1]?.options.map((o) => o.key)).toEqual(["q12-o1", "q12-o2", "q12-o3"]);
  });
});

describe("moveItem", () => {
  it("moves one item and keeps the others in order", () => {
    expect(moveItem(["a", "b", "c", "d"], 0, 2)).toEqual(["b", "c", "a", "d"]);
    expect(moveItem(["a", "b", "c", "d"], 3, 1)).toEqual(["a", "d", "b", "c"]);
  });
});
