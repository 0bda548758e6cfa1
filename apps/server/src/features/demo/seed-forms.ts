import { QUESTION_TYPE } from "@mimamori/shared";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  type FormSnapshot,
  formAnswers,
  formQuestions,
  formRecipients,
  formSends,
  forms,
  questions,
  users,
} from "../../db/schema";
import { DEMO_MEMBERS, demoMemberIds } from "./seed-watch";
import { prng } from "./simulator";

const DAY = 86_400_000;

/** A question of a demo form, its options numbered in order. */
const question = (
  order: number,
  text: string,
  type: number,
  required: boolean,
  options: string[] = [],
): FormSnapshot["questions"][number] => ({
  id: 0,
  order,
  text,
  question_type_id: type,
  is_required: required,
  question_options: options.map((option, i) => ({ order: i + 1, text: option })),
});

/** The daily health check that Japanese workplaces and care homes run (the demo's one form). */
const HEALTH_CHECK: FormSnapshot = {
  name: "毎日の体調チェック",
  description: "出勤・活動の前に、今日の体調を教えてください。",
  questions: [
    question(1, "今朝の体温（℃）", QUESTION_TYPE.number, true),
    question(2, "今日の体調はいかがですか？", QUESTION_TYPE.single, true, ["良い", "普通", "悪い"]),
    question(3, "当てはまる症状をすべて選んでください", QUESTION_TYPE.multiple, false, [
      "せき",
      "のどの痛み",
      "頭痛",
      "だるさ",
    ]),
    question(4, "昨夜の就寝時刻", QUESTION_TYPE.time, false),
    question(5, "その他、気になることがあれば記入してください", QUESTION_TYPE.text, false),
  ],
};

/** Harbor's English check before a warehouse shift. */
const SHIFT_CHECK: FormSnapshot = {
  name: "Before-shift heat check",
  description: "Tell us how you are before today's shift in the warehouse.",
  questions: [
    question(1, "How many hours did you sleep last night?", QUESTION_TYPE.number, true),
    question(2, "Have you had water in the last hour?", QUESTION_TYPE.single, true, ["Yes", "No"]),
    question(3, "Shift start", QUESTION_TYPE.datetime, false),
  ],
};

/**
 * Demo questionnaires for `npm start`: sakura's question bank and its daily health check, sent to Tanaka Hanako
 * three days ago (answered) and today (waiting for her answer); Harbor's before-shift check, sent to John Smith
 * this morning. With the demo members (features/demo/seed-watch.ts) the sends go to them too: most answered three days
 * ago, about half today, a few never. Written straight into the tables, without mail.
 */
export async function seedDemoForms(db: Db): Promise<void> {
  const account = async (email: string) =>
    (await db.select().from(users).where(sql`${users.email} = ${email}`))[0]?.id;
  const staff = await account("staff@example.com");
  const client = await account("client@example.com");
  const client2 = await account("client2@example.com");
  if (!staff || !client || !client2) return;
  const ids = await demoMemberIds(db);
  const membersOf = (ws: string) =>
    DEMO_MEMBERS.flatMap((m) => {
      const id = ids.get(m.email);
      return m.ws === ws && id ? [id] : [];
    });
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
    const hourAgo = new Date(Date.now() - 60 * 60_000);
    const residents = membersOf("sakura");
    await seedSend(tx, check, 1, threeDaysAgo, [
      { userId: client, answeredAt: new Date(threeDaysAgo.getTime() + 2 * 60 * 60_000) },
      ...memberAnswers(residents, threeDaysAgo, (i) => i % 7 !== 3),
    ]);
    await seedSend(tx, check, 2, hourAgo, [
      { userId: client, answeredAt: null },
      ...memberAnswers(residents, hourAgo, (i) => i % 2 === 0),
    ]);
    const [temp, feeling, symptoms, bedtime, notes] = check.snapshot.questions;
    if (!temp || !feeling || !symptoms || !bedtime || !notes) return;
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

    await insertMemberAnswers(
      tx,
      check.id,
      1,
      residents,
      (i) => i % 7 !== 3,
      (i) => healthCheckAnswers(i, { temp, feeling, symptoms, bedtime, notes }),
    );
    await insertMemberAnswers(
      tx,
      check.id,
      2,
      residents,
      (i) => i % 2 === 0,
      (i) => healthCheckAnswers(i + 5, { temp, feeling, symptoms, bedtime, notes }),
    );

    const shift = await seedForm(tx, "harbor", SHIFT_CHECK, staff, new Date(Date.now() - DAY));
    const crew = membersOf("harbor");
    const answersShift = (i: number) => i % 3 !== 1;
    await seedSend(tx, shift, 1, hourAgo, [
      { userId: client2, answeredAt: null },
      ...memberAnswers(crew, hourAgo, answersShift),
    ]);
    const [slept, water, start] = shift.snapshot.questions;
    if (!slept || !water || !start) return;
    await insertMemberAnswers(tx, shift.id, 1, crew, answersShift, (i) => {
      const r = prng(500 + i);
      // today on Tokyo's wall clock (the demo entities' zone, UTC+9)
      const today = new Date(hourAgo.getTime() + 9 * 60 * 60_000).toISOString().slice(0, 10);
      const local = `${today}T${i % 2 ? "08:00" : "07:30"}`;
      return [
        { questionId: slept.id, value: String(Math.round(r.between(5, 8.4))), answerOptions: [] },
        { questionId: water.id, value: null, answerOptions: [r.chance(0.8) ? 1 : 2] },
        { questionId: start.id, value: local, answerOptions: [] },
      ];
    });
  });
}

type AnswerValue = { questionId: number; value: string | null; answerOptions: number[] };
type HealthQuestions = Record<"temp" | "feeling" | "symptoms" | "bedtime" | "notes", { id: number }>;

const NOTES = [
  "少し膝が痛いです。",
  "よく眠れました。",
  "食欲があまりありません。",
  "散歩に出かけたいです。",
];

/** The answers of the `i`-th resident to the daily health check (deterministic, realistic). */
function healthCheckAnswers(i: number, q: HealthQuestions): AnswerValue[] {
  const r = prng(300 + i);
  const feeling = r.chance(0.6) ? 1 : r.chance(0.8) ? 2 : 3;
  const symptoms = feeling === 1 ? [] : [1 + Math.floor(r.between(0, 4))];
  const bedtime = `${r.chance(0.7) ? 21 : 22}:${r.chance(0.5) ? "00" : "30"}`;
  const answers: AnswerValue[] = [
    { questionId: q.temp.id, value: (36 + r.between(0.1, 0.8)).toFixed(1), answerOptions: [] },
    { questionId: q.feeling.id, value: null, answerOptions: [feeling] },
    { questionId: q.bedtime.id, value: bedtime, answerOptions: [] },
  ];
  if (symptoms.length) answers.push({ questionId: q.symptoms.id, value: null, answerOptions: symptoms });
  if (r.chance(0.3))
    answers.push({ questionId: q.notes.id, value: NOTES[i % NOTES.length] as string, answerOptions: [] });
  return answers;
}

/** The members' recipient rows of a send: those `answers` picks answered within the first hours. */
function memberAnswers(userIds: string[], sentAt: Date, answers: (i: number) => boolean) {
  return userIds.map((userId, i) => ({
    userId,
    answeredAt: answers(i) ? new Date(sentAt.getTime() + (10 + ((i * 13) % 50)) * 60_000) : null,
  }));
}

async function insertMemberAnswers(
  tx: Tx,
  formId: number,
  sentOrder: number,
  userIds: string[],
  answers: (i: number) => boolean,
  values: (i: number) => AnswerValue[],
) {
  const rows = userIds.flatMap((userId, i) =>
    answers(i) ? values(i).map((v) => ({ formId, sentOrder, userId, ...v })) : [],
  );
  if (rows.length) await tx.insert(formAnswers).values(rows);
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

/** One sent order of `form` to its recipients, each answered at `answeredAt` (null: waiting). */
async function seedSend(
  tx: Tx,
  form: SeededForm,
  sentOrder: number,
  sentAt: Date,
  recipients: { userId: string; answeredAt: Date | null }[],
) {
  await tx.insert(formSends).values({ formId: form.id, sentOrder, sentAt, snapshot: form.snapshot });
  await tx
    .insert(formRecipients)
    .values(
      recipients.map((r) => ({ formId: form.id, sentOrder, userId: r.userId, answeredAt: r.answeredAt })),
    );
}
