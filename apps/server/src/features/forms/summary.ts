import { type FormSummaryStats, isChoiceType, QUESTION_TYPE } from "@mimamori/shared";
import { sql } from "drizzle-orm";
import { type Db, oneRow, rows } from "../../db/client";
import { formAnswers, formRecipients, formSends } from "../../db/schema";
import { currentQuestions, requireForm } from "./forms";
import { recipientIsMember, snapshotQuestionRows } from "./sql";

/**
 * (sent_order, question id) of every number question in the form's sent snapshots: only answers given to a
 * number question were checked as numbers, so only they are read as numbers (a question's type may have changed
 * between sends).
 */
const numberQuestionsSent = (formId: number) =>
  sql`select ${formSends.sentOrder} as ord, (q->>'id')::int as qid
    from ${formSends}, ${snapshotQuestionRows} q
    where ${formSends.formId} = ${formId} and (q->>'question_type_id')::int = ${QUESTION_TYPE.number}`;

/**
 * Per question of the form as it is now: how many members answered it, counts per option for choice
 * questions and mean/min/max for number questions, over the answers to the sends whose snapshot held a
 * question with the same id. Members who left the entity are not counted.
 */
export async function formSummaryStats(db: Db, ws: string, formId: number): Promise<FormSummaryStats> {
  await requireForm(db, ws, formId);
  const member = recipientIsMember(ws, formAnswers.userId);
  const [questions, totals, answered, numbers, options] = await Promise.all([
    currentQuestions(db, formId),
    oneRow<{ recipients: number; answered: number }>(
      db,
      sql`select count(*)::int as recipients, count(${formRecipients.answeredAt})::int as answered
        from ${formRecipients} where ${formRecipients.formId} = ${formId} and ${recipientIsMember(ws)}`,
    ),
    rows<{ qid: number; n: number }>(
      db,
      sql`select ${formAnswers.questionId} as qid, count(*)::int as n from ${formAnswers}
        where ${formAnswers.formId} = ${formId} and ${member}
          and (${formAnswers.value} is not null or cardinality(${formAnswers.answerOptions}) > 0)
        group by 1`,
    ),
    rows<{ qid: number; mean: number; min: number; max: number }>(
      db,
      sql`select ${formAnswers.questionId} as qid, avg(${formAnswers.value}::float8)::float8 as mean,
          min(${formAnswers.value}::float8)::float8 as min, max(${formAnswers.value}::float8)::float8 as max
        from ${formAnswers} join (${numberQuestionsSent(formId)}) nq
          on nq.ord = ${formAnswers.sentOrder} and nq.qid = ${formAnswers.questionId}
        where ${formAnswers.formId} = ${formId} and ${formAnswers.value} is not null and ${member}
        group by 1`,
    ),
    rows<{ qid: number; option: number; n: number }>(
      db,
      sql`select ${formAnswers.questionId} as qid, o::int as option, count(*)::int as n
        from ${formAnswers}, unnest(${formAnswers.answerOptions}) o
        where ${formAnswers.formId} = ${formId} and ${member}
        group by 1, 2`,
    ),
  ]);
  const answeredBy = new Map(answered.map((a) => [a.qid, a.n]));
  const numberOf = new Map(numbers.map((n) => [n.qid, n]));
  const optionCount = new Map(options.map((o) => [`${o.qid}:${o.option}`, o.n]));
  return {
    recipients: totals.recipients,
    answered: totals.answered,
    questions: questions.map((q) => {
      const num = q.questionType === QUESTION_TYPE.number ? numberOf.get(q.id) : undefined;
      return {
        question_id: q.id,
        text: q.text,
        question_type_id: q.questionType,
        answers: answeredBy.get(q.id) ?? 0,
        options: isChoiceType(q.questionType)
          ? q.options.map((o) => ({
              order: o.order,
              text: o.text,
              count: optionCount.get(`${q.id}:${o.order}`) ?? 0,
            }))
          : [],
        number: num ? { mean: num.mean, min: num.min, max: num.max } : null,
      };
    }),
  };
}
