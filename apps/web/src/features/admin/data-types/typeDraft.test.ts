import { QUESTION_TYPE } from "@mimamori/shared";
import { describe, expect, it } from "vitest";
import { bodyOf, draftOf, draftProblems, newOption } from "./typeDraft";

const valid = () => ({
  ...draftOf(null),
  key: "blood_type",
  name_jp: "血液型",
  name_en: "Blood type",
});

describe("data type drafts (admin catalogue)", () => {
  it("an image type sends no question", () => {
    const d = valid();
    expect(draftProblems(d)).toEqual({});
    expect(bodyOf(d).question).toBeNull();
  });

  it("requires the key's characters and both names", () => {
    expect(draftProblems({ ...valid(), key: "Blood Type" })).toEqual({ key: "invalid-data-type-key" });
    expect(draftProblems({ ...valid(), name_en: " " })).toEqual({ name_en: "required" });
  });

  it("a form_data type needs its question in both languages, a type, and options for a choice", () => {
    const d = { ...valid(), data_type: "form_data" as const };
    expect(draftProblems(d)).toMatchObject({
      "question.text_jp": "required",
      "question.text_en": "required",
      "question.question_type": "required",
    });
    const choice = {
      ...d,
      question_jp: "血液型は？",
      question_en: "Blood type?",
      question_type: QUESTION_TYPE.single,
    };
    expect(draftProblems(choice)).toEqual({ "question.options": "options-required" });
    const withOption = { ...choice, options: [{ ...newOption(), text_jp: "A型", text_en: "A" }] };
    expect(draftProblems(withOption)).toEqual({});
    expect(bodyOf(withOption).question).toEqual({
      text_jp: "血液型は？",
      text_en: "Blood type?",
      question_type: 3,
      options: [{ text_jp: "A型", text_en: "A" }],
    });
  });

  it("drops options of a question that is not a choice", () => {
    const d = {
      ...valid(),
      data_type: "form_data" as const,
      question_jp: "電話",
      question_en: "Phone",
      question_type: QUESTION_TYPE.text,
      options: [{ ...newOption(), text_jp: "x", text_en: "x" }],
    };
    expect(bodyOf(d).question?.options).toEqual([]);
  });
});
