import {
  DATA_LIMITS,
  type DataAnswer,
  type dataAnswerBodySchema,
  isChoiceType,
  type Language,
} from "@mimamori/shared";
import { count, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { dataAnswers, dataItems, dataQuestions, type FormSnapshot } from "../../db/schema";
import { bare } from "../../db/sql-names";
import { AppError } from "../../lib/errors";
import { checkAnswers } from "../forms";
import { answerOut } from "./items";

type AnswerBody = z.output<typeof dataAnswerBodySchema>;
type QuestionRow = typeof dataQuestions.$inferSelect;

/** The question as a one-question form, so that an answer is checked by the questionnaire rules (FORM-48). */
const asSnapshot = (q: QuestionRow): FormSnapshot => ({
  name: "",
  description: "",
  questions: [
    {
      id: q.id,
      order: 1,
      text: q.textEn,
      question_type_id: q.questionType,
      is_required: true,
      question_options: q.options.map((o) => ({ order: o.order, text: o.text_en })),
    },
  ],
});

/**
 * The answer checked against its question's type: text as given (trimmed), a number, a date (YYYY-MM-DD), a time
 * (HH:mm), a date and time, or options of the question (one for a single choice). An empty answer is 400
 * `required`; the questionnaire rules' codes otherwise, with the body's field.
 */
function checkedAnswer(q: QuestionRow, body: AnswerBody) {
  const choice = isChoiceType(q.questionType);
  if (choice ? body.answer_options.length === 0 : !body.value?.trim())
    throw new AppError("required", choice ? "answer_options" : "value");
  try {
    const [checked] = checkAnswers(asSnapshot(q), [
      { question_id: q.id, value: body.value, answer_options: body.answer_options },
    ]);
    if (!checked) throw new AppError("invalid-input");
    return checked;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    throw new AppError(
      err.code,
      err.field?.replace(/^answers(\.\d+)?\.?/, "") || (choice ? "answer_options" : "value"),
    );
  }
}

/**
 * Answers a `form_data` item's question (`POST /user/questions/{questionId}/answer`): the member's item of that
 * type is created when missing. An item keeps at most DATA_LIMITS.answersPerItemMax answers (409
 * too-many-answers): the item row is locked while counting, so two answers at once cannot pass the limit.
 */
export async function answerQuestion(
  db: Db,
  userId: string,
  questionId: number,
  body: AnswerBody,
  lang: Language,
): Promise<DataAnswer> {
  const [q] = await db.select().from(dataQuestions).where(eq(dataQuestions.id, questionId));
  if (!q) throw new AppError("question-not-found");
  const checked = checkedAnswer(q, body);
  const answer = await db.transaction(async (tx) => {
    const [item] = await tx
      .insert(dataItems)
      .values({ userId, typeId: q.typeId, updatedAt: sql`now()` })
      .onConflictDoUpdate({
        target: [dataItems.userId, dataItems.typeId],
        set: { updatedAt: sql`excluded.${bare(dataItems.updatedAt)}` },
      })
      .returning({ id: dataItems.id });
    if (!item) throw new AppError("data-not-found");
    const [held] = await tx.select({ n: count() }).from(dataAnswers).where(eq(dataAnswers.itemId, item.id));
    if ((held?.n ?? 0) >= DATA_LIMITS.answersPerItemMax) throw new AppError("too-many-answers");
    const [created] = await tx
      .insert(dataAnswers)
      .values({ itemId: item.id, value: checked.value, answerOptions: checked.options })
      .returning();
    return created;
  });
  if (!answer) throw new AppError("answer-not-found");
  return answerOut(answer, q, lang);
}
