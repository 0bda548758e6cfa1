import type { Form } from "@mimamori/shared";

/** A saved form of the tests: question 11 (short text), 12 (single choice with options 1–3), 13 (number). */
export function savedForm(overrides: Partial<Form> = {}): Form {
  return {
    id: 7,
    name: "Daily check",
    description: "How are you today?",
    created_at: "2026-01-05T00:00:00.000Z",
    updated_at: "2026-01-05T00:00:00.000Z",
    last_requested_at: null,
    is_default: false,
    is_editable: true,
    is_public: false,
    workspace_name: "sakura",
    entity_name: "Sakura",
    question_count: 3,
    sent_count: 0,
    answered_count: 0,
    questions: [
      { id: 11, order: 1, text: "Your mood", question_type_id: 1, is_required: false, question_options: [] },
      {
        id: 12,
        order: 2,
        text: "Slept well?",
        question_type_id: 3,
        is_required: true,
        question_options: [
          { order: 1, text: "Yes" },
          { order: 2, text: "No" },
          { order: 3, text: "Not sure" },
        ],
      },
      { id: 13, order: 3, text: "Steps", question_type_id: 2, is_required: false, question_options: [] },
    ],
    history: [],
    sent_users: [],
    schedules: [],
    ...overrides,
  };
}

/** The item at `index`, failing the test when there is none (instead of a non-null assertion). */
export function nth<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`no item at ${index}`);
  return item;
}
