import type { FormQuestion } from "@mimamori/shared";
import { describe, expect, it } from "vitest";
import {
  answerOptions,
  answerProblems,
  answerValue,
  buildAnswerInputs,
  type Drafts,
  displayValue,
  draftsFromAnswers,
  formatDateTimeValue,
  formatDateValue,
  formatInstant,
  isIsoDate,
  joinDateTime,
  missingRequired,
  parseNumberInput,
  parseTimeInput,
  splitDateTime,
  toggleOption,
} from "./answerValues";

const q = (id: number, type: number, required = false, options: number[] = []): FormQuestion => ({
  id,
  order: id,
  text: `Question ${id}`,
  question_type_id: type,
  is_required: required,
  question_options: options.map((o) => ({ order: o, text: `Option ${o}` })),
});

// one question of each type (QUESTION_TYPE: 1 text … 7 date-time), all required
const questions = [
  q(1, 1, true),
  q(2, 2, true),
  q(3, 3, true, [1, 2, 3]),
  q(4, 4, true, [1, 2, 10]),
  q(5, 5, true),
  q(6, 6, true),
  q(7, 7, true),
];
const empty = () => draftsFromAnswers(questions);

describe("required-answer check (FORM-43)", () => {
  it("lists every required question without a value or a chosen option, in form order", () => {
    expect(missingRequired(questions, empty())).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("counts blank text as missing and one chosen option as answered", () => {
    const d: Drafts = {
      ...empty(),
      1: { value: "   ", options: [] },
      3: { value: "", options: [2] },
      4: { value: "", options: [1, 10] },
      7: { value: "2026-11-23T", options: [] },
    };
    expect(missingRequired(questions, d)).toEqual([1, 2, 5, 6]);
  });

  it("ignores optional questions", () => {
    const optional = [q(1, 1), q(2, 4, false, [1])];
    expect(missingRequired(optional, draftsFromAnswers(optional))).toEqual([]);
  });

  it("names the problem of each question: required, or the type's invalid value", () => {
    const d: Drafts = {
      ...empty(),
      1: { value: "fine", options: [] },
      2: { value: "12a", options: [] },
      3: { value: "", options: [1] },
      5: { value: "2026-02-30", options: [] },
      6: { value: "24:00", options: [] },
      7: { value: "2026-11-23T", options: [] },
    };
    expect(answerProblems(questions, d)).toEqual({
      2: "answer-not-number",
      4: "required-field-not-filled",
      5: "answer-invalid-date",
      6: "answer-invalid-time",
      7: "answer-invalid-datetime",
    });
  });

  it("refuses two options on a single-choice question", () => {
    const one = [q(3, 3, false, [1, 2])];
    expect(answerProblems(one, { 3: { value: "", options: [1, 2] } })).toEqual({ 3: "answer-single-choice" });
  });

  it("has no problems for a complete, valid answer", () => {
    const d: Drafts = {
      1: { value: "ok", options: [] },
      2: { value: "3", options: [] },
      3: { value: "", options: [1] },
      4: { value: "", options: [2] },
      5: { value: "2026-11-23", options: [] },
      6: { value: "9:05", options: [] },
      7: { value: "2026-11-23T14:30", options: [] },
    };
    expect(answerProblems(questions, d)).toEqual({});
  });
});

describe("value <-> input conversions", () => {
  it("reads numbers, also full-width and with thousands commas, as canonical strings", () => {
    expect(parseNumberInput("12.50")).toBe("12.5");
    expect(parseNumberInput("-3")).toBe("-3");
    expect(parseNumberInput("１２．５")).toBe("12.5");
    expect(parseNumberInput("1,234")).toBe("1234");
    expect(parseNumberInput(".5")).toBe("0.5");
    expect(parseNumberInput("12a")).toBeNull();
    expect(parseNumberInput("1e5")).toBeNull();
    expect(parseNumberInput("")).toBeNull();
  });

  it("accepts only calendar dates as YYYY-MM-DD", () => {
    expect(isIsoDate("2026-11-23")).toBe(true);
    expect(isIsoDate("2028-02-29")).toBe(true);
    expect(isIsoDate("2026-02-29")).toBe(false);
    expect(isIsoDate("2026-13-01")).toBe(false);
    expect(isIsoDate("2026/11/23")).toBe(false);
  });

  it("reads a 24-hour time in the forms people type and stores HH:mm", () => {
    expect(parseTimeInput("9:05")).toBe("09:05");
    expect(parseTimeInput("09:05")).toBe("09:05");
    expect(parseTimeInput("0905")).toBe("09:05");
    expect(parseTimeInput("905")).toBe("09:05");
    expect(parseTimeInput("２３：５９")).toBe("23:59");
    expect(parseTimeInput("00:00")).toBe("00:00");
    expect(parseTimeInput("24:00")).toBeNull();
    expect(parseTimeInput("12:60")).toBeNull();
    expect(parseTimeInput("2pm")).toBeNull();
  });

  it("splits and joins a date-time draft", () => {
    expect(splitDateTime("2026-11-23T14:30")).toEqual({ date: "2026-11-23", time: "14:30" });
    expect(splitDateTime("2026-11-23")).toEqual({ date: "2026-11-23", time: "" });
    expect(splitDateTime("")).toEqual({ date: "", time: "" });
    expect(joinDateTime("2026-11-23", "")).toBe("2026-11-23T");
    expect(joinDateTime("", "")).toBe("");
  });

  it("stores each type's value as ISO (or null when empty)", () => {
    expect(answerValue(q(5, 5), { value: "2026-11-23", options: [] })).toBe("2026-11-23");
    expect(answerValue(q(6, 6), { value: "7:5", options: [] })).toBeUndefined();
    expect(answerValue(q(6, 6), { value: "7:05", options: [] })).toBe("07:05");
    expect(answerValue(q(7, 7), { value: "2026-11-23T7:05", options: [] })).toBe("2026-11-23T07:05");
    expect(answerValue(q(7, 7), { value: "T14:30", options: [] })).toBeUndefined();
    expect(answerValue(q(1, 1), { value: "  hi  ", options: [] })).toBe("hi");
    expect(answerValue(q(2, 2), { value: "", options: [] })).toBeNull();
  });

  it("shows dates in the UI language (docs/decisions.md)", () => {
    expect(formatDateValue("2026-11-23", "jp")).toBe("2026/11/23");
    expect(formatDateValue("2026-11-23", "en")).toBe("Nov 23, 2026");
    expect(formatDateTimeValue("2026-11-23T14:30", "jp")).toBe("2026/11/23 14:30");
    expect(formatDateTimeValue("2026-11-23T14:30", "en")).toBe("Nov 23, 2026 14:30");
    expect(displayValue(q(5, 5), "2026-01-02", "en")).toBe("Jan 2, 2026");
    expect(displayValue(q(6, 6), "14:30", "jp")).toBe("14:30");
    expect(displayValue(q(1, 1), null, "jp")).toBe("");
  });

  it("shows a server instant in the given zone with a 24-hour time", () => {
    const iso = "2026-11-23T05:30:00.000Z";
    expect(formatInstant(iso, "jp", true, "Asia/Tokyo")).toBe("2026/11/23 14:30");
    expect(formatInstant(iso, "en", true, "Asia/Tokyo")).toBe("Nov 23, 2026, 14:30");
    expect(formatInstant(iso, "en", false, "America/New_York")).toBe("Nov 23, 2026");
    expect(formatInstant("not a date", "en")).toBe("not a date");
  });
});

describe("answer_options building (FORM-47/48)", () => {
  it("keeps offered orders once each, ascending", () => {
    expect(answerOptions(q(4, 4, false, [1, 2, 10]), [10, 1, 10, 7])).toEqual([1, 10]);
  });

  it("toggles a checkbox's order in and out", () => {
    expect(toggleOption([1, 3], 2, true)).toEqual([1, 3, 2]);
    expect(toggleOption([1, 3], 3, false)).toEqual([1]);
    expect(toggleOption([1], 1, true)).toEqual([1]);
  });

  it("builds the request's answers in form order, value for typed and options for choice questions", () => {
    const d: Drafts = {
      1: { value: " hello ", options: [] },
      2: { value: "１,２００", options: [] },
      3: { value: "", options: [2] },
      4: { value: "", options: [10, 1] },
      5: { value: "2026-11-23", options: [] },
      6: { value: "905", options: [] },
      7: { value: "2026-11-23T14:30", options: [] },
    };
    expect(buildAnswerInputs(questions, d)).toEqual([
      { question_id: 1, value: "hello", answer_options: [], is_required: true },
      { question_id: 2, value: "1200", answer_options: [], is_required: true },
      { question_id: 3, value: null, answer_options: [2], is_required: true },
      { question_id: 4, value: null, answer_options: [1, 10], is_required: true },
      { question_id: 5, value: "2026-11-23", answer_options: [], is_required: true },
      { question_id: 6, value: "09:05", answer_options: [], is_required: true },
      { question_id: 7, value: "2026-11-23T14:30", answer_options: [], is_required: true },
    ]);
  });

  it("sends null for an unanswered optional question", () => {
    const optional = [q(1, 1), q(2, 3, false, [1])];
    expect(buildAnswerInputs(optional, draftsFromAnswers(optional))).toEqual([
      { question_id: 1, value: null, answer_options: [], is_required: false },
      { question_id: 2, value: null, answer_options: [], is_required: false },
    ]);
  });

  it("fills drafts from stored answers", () => {
    const drafts = draftsFromAnswers(questions, [
      { question_id: 1, value: "x", answer_options: [], answer_option_order: "" },
      { question_id: 4, value: null, answer_options: [1, 10], answer_option_order: "1,10" },
    ]);
    expect(drafts[1]).toEqual({ value: "x", options: [] });
    expect(drafts[4]).toEqual({ value: "", options: [1, 10] });
    expect(drafts[2]).toEqual({ value: "", options: [] });
  });
});
