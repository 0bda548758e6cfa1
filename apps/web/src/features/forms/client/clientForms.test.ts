import type { ClientFormCard, FormHistoryItem } from "@mimamori/shared";
import { describe, expect, it } from "vitest";
import {
  answerPath,
  detailPath,
  formIdOf,
  sentOrderOf,
  showAnswerPath,
  splitForms,
  splitHistory,
  unansweredTotal,
} from "./clientForms";

const card = (id: number, unanswered: number, answered: number, lastSent: string): ClientFormCard => ({
  id,
  name: `Form ${id}`,
  description: "",
  created_at: "2026-01-01T00:00:00.000Z",
  last_sent_at: lastSent,
  workspace_name: "ws1",
  entity_name: "Entity",
  unanswered_count: unanswered,
  answered_count: answered,
});

describe("client form list (FORM-37/38)", () => {
  const cards = [
    card(1, 0, 2, "2026-03-01T00:00:00.000Z"),
    card(2, 1, 0, "2026-05-01T00:00:00.000Z"),
    card(3, 2, 1, "2026-04-01T00:00:00.000Z"),
  ];

  it("puts forms with unanswered requests under New Forms and answered ones under history, newest first", () => {
    const { newForms, history } = splitForms(cards);
    expect(newForms.map((c) => c.id)).toEqual([2, 3]);
    expect(history.map((c) => c.id)).toEqual([3, 1]);
  });

  it("counts the unanswered requests of all forms for the badge", () => {
    expect(unansweredTotal(cards)).toBe(3);
    expect(unansweredTotal([])).toBe(0);
  });

  it("moves a form back to New Forms when its only answer is deleted (FORM-51)", () => {
    const after = splitForms([card(1, 1, 0, "2026-03-01T00:00:00.000Z")]);
    expect(after.newForms.map((c) => c.id)).toEqual([1]);
    expect(after.history).toEqual([]);
  });
});

describe("form detail lists (FORM-40)", () => {
  const item = (order: number, answered: string | null): FormHistoryItem => ({
    entity_name: "Entity",
    date: `2026-0${order}-01T00:00:00.000Z`,
    sent_order: order,
    is_answered: answered !== null,
    answered_date: answered,
  });

  it("lists not-answered requests oldest first and answers latest first", () => {
    const { notAnswered, answered } = splitHistory([
      item(1, "2026-01-05T00:00:00.000Z"),
      item(4, null),
      item(2, null),
      item(3, "2026-03-02T00:00:00.000Z"),
    ]);
    expect(notAnswered.map((i) => i.sent_order)).toEqual([2, 4]);
    expect(answered.map((i) => i.sent_order)).toEqual([3, 1]);
  });
});

describe("answer page addresses (FORM-41)", () => {
  it("builds the detail, answer and show-answer paths with the sent order in the query", () => {
    expect(detailPath(7)).toBe("/client/forms/7/detail");
    expect(answerPath(7, 3)).toBe("/client/forms/7/detail/answer?sent_order=3");
    expect(showAnswerPath(7, 3)).toBe("/client/forms/7/detail/show-answer?sent_order=3");
  });

  it("takes the sent order from navigation state first, else from ?sent_order=", () => {
    expect(sentOrderOf({ sent_order: 2 }, new URLSearchParams("sent_order=5"))).toBe(2);
    expect(sentOrderOf(null, new URLSearchParams("sent_order=5"))).toBe(5);
    expect(sentOrderOf({ sent_order: "x" }, new URLSearchParams("sent_order=5"))).toBe(5);
    expect(sentOrderOf(undefined, new URLSearchParams("sent_order=0"))).toBeNull();
    expect(sentOrderOf(undefined, new URLSearchParams("sent_order=1.5"))).toBeNull();
    expect(sentOrderOf(undefined, new URLSearchParams(""))).toBeNull();
  });

  it("reads the form id of the path", () => {
    expect(formIdOf("12")).toBe(12);
    expect(formIdOf("abc")).toBeNull();
    expect(formIdOf("0")).toBeNull();
    expect(formIdOf(undefined)).toBeNull();
    expect(formIdOf("99999999999")).toBeNull();
  });
});
