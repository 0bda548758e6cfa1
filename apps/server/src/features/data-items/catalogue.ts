import {
  type DataItemType,
  type DataQuestion,
  type dataItemTypeBodySchema,
  isChoiceType,
  type Language,
  QUESTION_TYPE_IDS,
} from "@mimamori/shared";
import { asc, eq, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client";
import {
  dataAnswers,
  dataImages,
  dataItems,
  dataItemTypes,
  dataQuestions,
  dataShares,
} from "../../db/schema";
import { AppError } from "../../lib/errors";

/*
 * The catalogue of item types (admin: /admin/data-types). A type "in use" has a member's item holding something
 * (an answer, an image or a share): such a type keeps its data_type, its question keeps its question type, and it
 * cannot be deleted. Empty items (created when a member's list is first read) do not count: deleting a type
 * deletes them.
 */

type TypeRow = typeof dataItemTypes.$inferSelect;
type QuestionRow = typeof dataQuestions.$inferSelect;
/** The body as the route's schema hands it over (trimmed, defaults applied). */
export type CheckedBody = z.output<typeof dataItemTypeBodySchema>;

/** Items of the type (`dataItemTypes.id` of the outer query) that hold an answer, an image or a share. */
const itemsInUse: SQL<number> = sql<number>`(select count(*)::int from ${dataItems}
  where ${dataItems.typeId} = ${dataItemTypes.id} and (
    exists (select 1 from ${dataAnswers} where ${dataAnswers.itemId} = ${dataItems.id})
    or exists (select 1 from ${dataImages} where ${dataImages.itemId} = ${dataItems.id})
    or exists (select 1 from ${dataShares} where ${dataShares.itemId} = ${dataItems.id})))`;

/** Answers to the type's question (`dataItemTypes.id` of the outer query). */
const answersOfType: SQL<number> = sql<number>`(select count(*)::int from ${dataAnswers}
  join ${dataItems} on ${dataItems.id} = ${dataAnswers.itemId} where ${dataItems.typeId} = ${dataItemTypes.id})`;

function toType(t: TypeRow, q: QuestionRow | null, items: number): DataItemType {
  return {
    id: t.id,
    key: t.key,
    data_type: t.dataType,
    name_jp: t.nameJp,
    name_en: t.nameEn,
    description_jp: t.descriptionJp,
    description_en: t.descriptionEn,
    question: q
      ? {
          id: q.id,
          text_jp: q.textJp,
          text_en: q.textEn,
          question_type: q.questionType,
          options: q.options.map((o) => ({ order: o.order, text_jp: o.text_jp, text_en: o.text_en })),
        }
      : null,
    items,
  };
}

/** The question of a type in one language, as members and staff see it. */
export function questionIn(q: QuestionRow, lang: Language): DataQuestion {
  return {
    id: q.id,
    text: lang === "en" ? q.textEn : q.textJp,
    question_type: q.questionType,
    options: q.options.map((o) => ({ order: o.order, text: lang === "en" ? o.text_en : o.text_jp })),
  };
}

const typeColumns = {
  type: dataItemTypes,
  question: dataQuestions,
  items: itemsInUse,
  answers: answersOfType,
};

function typeQuery(db: Db) {
  return db
    .select(typeColumns)
    .from(dataItemTypes)
    .leftJoin(dataQuestions, eq(dataQuestions.typeId, dataItemTypes.id));
}

export async function listTypes(db: Db): Promise<DataItemType[]> {
  const found = await typeQuery(db).orderBy(asc(dataItemTypes.id));
  return found.map((r) => toType(r.type, r.question, r.items));
}

async function requireType(db: Db, id: number, lock = false) {
  const query = typeQuery(db).where(eq(dataItemTypes.id, id));
  const [row] = await (lock ? query.for("update", { of: dataItemTypes }) : query);
  if (!row) throw new AppError("data-type-not-found");
  return row;
}

/** The question as stored: a known question type; choice questions have options, numbered 1…n; others none. */
function checkedQuestion(body: CheckedBody) {
  const q = body.question;
  if (body.data_type !== "form_data" || !q) return null;
  if (!(QUESTION_TYPE_IDS as number[]).includes(q.question_type))
    throw new AppError("invalid-question-type", "question.question_type");
  const choice = isChoiceType(q.question_type);
  if (choice && !q.options.length) throw new AppError("options-required", "question.options");
  return {
    textJp: q.text_jp,
    textEn: q.text_en,
    questionType: q.question_type,
    options: choice
      ? q.options.map((o, i) => ({ order: i + 1, text_jp: o.text_jp, text_en: o.text_en }))
      : [],
  };
}

const typeValues = (b: CheckedBody) => ({
  key: b.key,
  dataType: b.data_type,
  nameJp: b.name_jp,
  nameEn: b.name_en,
  descriptionJp: b.description_jp,
  descriptionEn: b.description_en,
});

export async function createType(db: Db, body: CheckedBody): Promise<DataItemType> {
  const question = checkedQuestion(body);
  const id = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(dataItemTypes)
      .values(typeValues(body))
      .onConflictDoNothing({ target: dataItemTypes.key })
      .returning({ id: dataItemTypes.id });
    if (!created) throw new AppError("data-type-key-exists", "key");
    if (question) await tx.insert(dataQuestions).values({ typeId: created.id, ...question });
    return created.id;
  });
  const row = await requireType(db, id);
  return toType(row.type, row.question, row.items);
}

/**
 * Replaces a type's fields and question. A type in use keeps its data_type (409 data-type-in-use), and its
 * question keeps its question type while answers exist (their values were checked against it).
 */
export async function updateType(db: Db, id: number, body: CheckedBody): Promise<DataItemType> {
  const question = checkedQuestion(body);
  await db.transaction(async (tx) => {
    const current = await requireType(tx as unknown as Db, id, true);
    if (current.type.dataType !== body.data_type && current.items > 0)
      throw new AppError("data-type-in-use", "data_type");
    if (
      current.question &&
      question &&
      current.question.questionType !== question.questionType &&
      current.answers > 0
    )
      throw new AppError("data-type-in-use", "question.question_type");
    if (body.key !== current.type.key) {
      const [taken] = await tx
        .select({ id: dataItemTypes.id })
        .from(dataItemTypes)
        .where(eq(dataItemTypes.key, body.key));
      if (taken) throw new AppError("data-type-key-exists", "key");
    }
    await tx
      .update(dataItemTypes)
      .set({ ...typeValues(body), updatedAt: sql`now()` })
      .where(eq(dataItemTypes.id, id));
    if (question)
      await tx
        .insert(dataQuestions)
        .values({ typeId: id, ...question })
        .onConflictDoUpdate({ target: dataQuestions.typeId, set: question });
    else await tx.delete(dataQuestions).where(eq(dataQuestions.typeId, id));
  });
  const row = await requireType(db, id);
  return toType(row.type, row.question, row.items);
}

/** Deletes a type no member's item holds anything of (its empty items go with it); else 409 data-type-in-use. */
export async function deleteType(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await requireType(tx as unknown as Db, id, true);
    if (current.items > 0) throw new AppError("data-type-in-use");
    await tx.delete(dataItemTypes).where(eq(dataItemTypes.id, id));
  });
}
