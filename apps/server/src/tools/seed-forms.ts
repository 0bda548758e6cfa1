import { QUESTION_TYPE } from "@mimamori/shared";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import {
  type FormSnapshot,
  formAnswers,
  formQuestions,
  formRecipients,
  formSends,
  forms,
  questions,
  users,
} from "../db/schema";

const DAY = 86_400_000;

/** The daily health check that Japanese workplaces and care homes run (the demo's one form). */
const HEALTH_CHECK: FormSnapshot = {
  name: "毎日の体調チェック",
  description: "出勤・活動の前に、今日の体調を教えてください。",
  questions: [
    {
      id: 0,
      order: 1,
      text: "今朝の体温（℃）",
      question_type_id: QUESTION_TYPE.number,
      is_required: true,
      question_options: [],
    },
    {
      id: 0,
      order: 2,
      text: "今日の体調はいかがですか？",
      question_type_id: QUESTION_TYPE.single,
      is_required: true,
      question_options: [
        { order: 1, text: "良い" },
        { order: 2, text: "普通" },
        { order: 3, text: "悪い" },
      ],
    },
    {
      id: 0,
      order: 3,
      text: "当てはまる症状をすべて選んでください",
      question_type_id: QUESTION_TYPE.multiple,
      is_required: false,
      question_options: [
        { order: 1, text: "せき" },
        { order: 2, text: "のどの痛み" },
        { order: 3, text: "頭痛" },
        { order: 4, text: "だるさ" },
      ],
    },
    {
      id: 0,
      order: 4,
      text: "昨夜の就寝時刻",
      question_type_id: QUESTION_TYPE.time,
      is_required: false,
      question_options: [],
    },
    {
      id: 0,
      order: 5,
      text: "その他、気になることがあれば記入してください",
      question_type_id: QUESTION_TYPE.text,
      is_required: false,
      question_options: [],
    },
  ],
};

/** Harbor's English check before a warehouse shift. */
const SHIFT_CHECK: FormSnapshot = {
  name: "Before-shift heat check",
  description: "Tell us how you are before today's shift in the warehouse.",
  questions: [
    {
      id: 0,
      order: 1,
      text: "How many hours did you sleep last night?",
      question_type_id: QUESTION_TYPE.number,
      is_required: true,
      question_options: [],
    },
    {
      id: 0,
      order: 2,
      text: "Have you had water in the last hour?",
      question_type_id: QUESTION_TYPE.single,
      is_required: true,
      question_options: [
        { order: 1, text: "Yes" },
        { order: 2, text: "No" },
      ],
    },
    {
      id: 0,
      order: 3,
      text: "Shift start",
      question_type_id: QUESTION_TYPE.datetime,
      is_required: false,
      question_options: [],
    },
  ],
};

/**
 * Demo questionnaires for `npm start`: sakura's question bank and its daily health check, sent to Tanaka Hanako
 * three days ago (answered) and today (waiting for her answer); Harbor's before-shift check, sent to John Smith
 * this morning. Written straight into the tables, without mail.
 */
export async function seedDemoForms(db: Db): Promise<void> {
  const account = async (email: string) =>
    (await db.select().from(users).where(sql`${users.email} = ${email}`))[0]?.id;
  const staff = await account("staff@example.com");
  const client = await account("client@example.com");
  const client2 = await account("client2@example.com");
  if (!staff || !client || !client2) return;
  await db.transaction(async (tx) => {
    await tx.insert(questions).values(
      HEALTH_CHECK.questions.map((q) => ({
        workspaceName: "sakura",
        text: q.text,
        questionType: q.question_type_id,
      })),
    );
    const check = await seedForm(tx, "sakura", HEALTH_CHECK, staff, new Date(Date.now() - 7 * DAY));
    const threeDaysAgo = new Date(Date.now() - 3 * DAY);
    await seedSend(tx, check, 1, threeDaysAgo, client, new Date(threeDaysAgo.getTime() + 2 * 60 * 60_000));
    await seedSend(tx, check, 2, new Date(Date.now() - 60 * 60_000), client, null);
    const [temp, feeling, symptoms, bedtime] = check.snapshot.questions;
    if (!temp || !feeling || !symptoms || !bedtime) return;
    const answer = (questionId: number, value: string | null, answerOptions: number[] = []) => ({
      formId: check.id,
      sentOrder: 1,
      userId: client,
      questionId,
      value,
      answerOptions,
    });
    await tx
      .insert(formAnswers)
      .values([
        answer(temp.id, "36.4"),
        answer(feeling.id, null, [1]),
        answer(symptoms.id, null, [2]),
        answer(bedtime.id, "22:30"),
      ]);

    const shift = await seedForm(tx, "harbor", SHIFT_CHECK, staff, new Date(Date.now() - DAY));
    await seedSend(tx, shift, 1, new Date(Date.now() - 60 * 60_000), client2, null);
  });
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
interface SeededForm {
  id: number;
  snapshot: FormSnapshot;
}

/** A form of `workspace` with the questions of `spec`; the first demo form of an entity is its default. */
async function seedForm(tx: Tx, workspace: string, spec: FormSnapshot, staffId: string, createdAt: Date) {
  const [form] = await tx
    .insert(forms)
    .values({
      workspaceName: workspace,
      name: spec.name,
      description: spec.description,
      isDefault: true,
      createdBy: staffId,
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  if (!form) throw new Error("seed: form not stored");
  const stored = await tx
    .insert(formQuestions)
    .values(
      spec.questions.map((q) => ({
        formId: form.id,
        position: q.order,
        text: q.text,
        questionType: q.question_type_id,
        isRequired: q.is_required,
        options: q.question_options,
      })),
    )
    .returning();
  const snapshot = { ...spec, questions: spec.questions.map((q, i) => ({ ...q, id: stored[i]?.id ?? 0 })) };
  return { id: form.id, snapshot } satisfies SeededForm;
}

/** One sent order of `form` to one member, answered at `answeredAt` (null: waiting). */
async function seedSend(
  tx: Tx,
  form: SeededForm,
  sentOrder: number,
  sentAt: Date,
  userId: string,
  answeredAt: Date | null,
) {
  await tx.insert(formSends).values({ formId: form.id, sentOrder, sentAt, snapshot: form.snapshot });
  await tx.insert(formRecipients).values({ formId: form.id, sentOrder, userId, answeredAt });
}
