import type { BankQuestion, CreateQuestionBody } from "@mimamori/shared";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { questions } from "../../db/schema";
import { AppError } from "../../lib/errors";

type QuestionRow = typeof questions.$inferSelect;

const present = (q: QuestionRow): BankQuestion => ({
  id: q.id,
  text: q.text,
  question_type_id: q.questionType,
  created_at: q.createdAt.toISOString(),
  updated_at: q.updatedAt.toISOString(),
});

/** A live (not deleted) question of the entity's bank; another entity's or a deleted one is not found. */
const liveQuestion = (ws: string, id: number) =>
  and(eq(questions.id, id), eq(questions.workspaceName, ws), isNull(questions.deletedAt));

/** The entity's question bank, oldest first (the order staff built it in). */
export async function listQuestions(db: Db, ws: string): Promise<BankQuestion[]> {
  const rows = await db
    .select()
    .from(questions)
    .where(and(eq(questions.workspaceName, ws), isNull(questions.deletedAt)))
    .orderBy(asc(questions.createdAt), asc(questions.id));
  return rows.map(present);
}

export async function createQuestion(db: Db, ws: string, body: CreateQuestionBody): Promise<BankQuestion> {
  const [row] = await db
    .insert(questions)
    .values({ workspaceName: ws, text: body.text, questionType: body.question_type })
    .returning();
  if (!row) throw new Error("insert returned no row");
  return present(row);
}

export async function renameQuestion(db: Db, ws: string, id: number, text: string): Promise<BankQuestion> {
  const [row] = await db
    .update(questions)
    .set({ text, updatedAt: new Date() })
    .where(liveQuestion(ws, id))
    .returning();
  if (!row) throw new AppError("question-not-found");
  return present(row);
}

/** Marks the question deleted: forms hold copies of their questions, so nothing else changes. */
export async function deleteQuestion(db: Db, ws: string, id: number): Promise<void> {
  const [row] = await db
    .update(questions)
    .set({ deletedAt: new Date() })
    .where(liveQuestion(ws, id))
    .returning({ id: questions.id });
  if (!row) throw new AppError("question-not-found");
}
