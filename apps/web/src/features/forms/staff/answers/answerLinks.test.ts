import type { SentHistoryRow } from "@mimamori/shared";
import { describe, expect, it } from "vitest";
import {
  answerSearch,
  answerTargetOf,
  matchesMember,
  newestFirst,
  STAFF_ANSWER_PATH,
  STAFF_ANSWERS_TAB_PATH,
} from "./answerLinks";
import { optionShares } from "./summary";

const target = {
  sent_order: 3,
  user_id: "6f1c2a4e-0000-4000-8000-000000000001",
  date: "2026-11-23T05:30:00.000Z",
};

describe("staff answer page target (FORM-36)", () => {
  it("round-trips through the query string, so a reload opens the same answer", () => {
    const params = new URLSearchParams(answerSearch(target));
    expect(params.get("sent_order")).toBe("3");
    expect(answerTargetOf(null, params)).toEqual(target);
  });

  it("prefers navigation state over the query", () => {
    const params = new URLSearchParams("sent_order=9&user_id=other");
    expect(answerTargetOf(target, params)).toEqual(target);
  });

  it("carries ids only: an old link's name and e-mail are not read", () => {
    const old = new URLSearchParams({
      ...target,
      sent_order: "3",
      user_name: "山田 花子",
      user_email: "h@example.com",
    });
    expect(answerTargetOf(null, old)).toEqual(target);
    expect(answerTargetOf({ ...target, user_name: "山田 花子", user_email: "h@example.com" }, old)).toEqual(
      target,
    );
    expect(answerSearch(target)).toBe(
      "sent_order=3&user_id=6f1c2a4e-0000-4000-8000-000000000001&date=2026-11-23T05%3A30%3A00.000Z",
    );
  });

  it("is null without a valid sent order or member", () => {
    expect(answerTargetOf(null, new URLSearchParams("user_id=u1"))).toBeNull();
    expect(answerTargetOf(null, new URLSearchParams("sent_order=0&user_id=u1"))).toBeNull();
    expect(answerTargetOf(null, new URLSearchParams("sent_order=2"))).toBeNull();
    expect(answerTargetOf(null, new URLSearchParams("sent_order=2&user_id=u1"))).toEqual({
      sent_order: 2,
      user_id: "u1",
      date: "",
    });
  });
});

describe("member rows", () => {
  const row = { user_name: "Hanako Yamada", user_email: "hanako@example.com" };
  it("matches the search by name or e-mail, case-insensitively", () => {
    expect(matchesMember(row, "yamada")).toBe(true);
    expect(matchesMember(row, " EXAMPLE.COM ")).toBe(true);
    expect(matchesMember(row, "taro")).toBe(false);
    expect(matchesMember(row, "")).toBe(true);
  });

  it("lists a member's sent orders newest first", () => {
    const history: SentHistoryRow["history"] = [1, 3, 2].map((o) => ({
      sent_order: o,
      sent_at: "2026-01-01T00:00:00.000Z",
      is_answered: false,
      answered_date: null,
    }));
    expect(newestFirst(history).map((h) => h.sent_order)).toEqual([3, 2, 1]);
  });
});

describe("summary bars", () => {
  it("gives each option its share of the question's answers, in option order", () => {
    const shares = optionShares({
      answers: 4,
      options: [
        { order: 2, text: "B", count: 1 },
        { order: 1, text: "A", count: 3 },
      ],
    });
    expect(shares).toEqual([
      { order: 1, text: "A", count: 3, share: 0.75 },
      { order: 2, text: "B", count: 1, share: 0.25 },
    ]);
  });

  it("draws no bar when nobody answered", () => {
    expect(optionShares({ answers: 0, options: [{ order: 1, text: "A", count: 0 }] })[0]?.share).toBe(0);
  });
});

describe("answer page paths", () => {
  it("opens the answer page under the form's history and leads back to its Answers tab", () => {
    expect(STAFF_ANSWER_PATH(3)).toBe("/staff/form/3/history/answer");
    expect(STAFF_ANSWERS_TAB_PATH(3)).toBe("/staff/form/3/history?tab=answers");
  });
});
