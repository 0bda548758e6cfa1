import {
  type AnswerDistribution,
  FORM_LIMITS,
  type FormSummaryStats,
  isChoiceType,
  QUESTION_TYPE,
} from "@mimamori/shared";
import { sql } from "drizzle-orm";
import { type Db, oneRow, rows } from "../../db/client";
import { formAnswers, formRecipients, formSends } from "../../db/schema";
import { iso, ms } from "../../lib/time-sql";
import { currentQuestions, requireForm } from "./forms";
import { recipientIsMember, snapshotQuestionRows } from "./sql";

/**
 * (sent_order, question id, type) of every question of the given types in the form's sent snapshots: an answer
 * was checked against its send's question, so it is read as that type only (a question's type may have changed
 * between sends).
 */
const questionsSentAs = (formId: number, types: number[]) =>
  sql`select ${formSends.sentOrder} as ord, (q->>'id')::int as qid, (q->>'question_type_id')::int as qtype
    from ${formSends}, ${snapshotQuestionRows} q
    where ${formSends.formId} = ${formId}
      and (q->>'question_type_id')::int in (${sql.join(
        types.map((t) => sql`${t}::int`),
        sql`, `,
      )})`;

const DATE_TYPES: number[] = [QUESTION_TYPE.date, QUESTION_TYPE.datetime];

/**
 * The distribution of a date, time or date-time question from its counts per key (`YYYY-MM-DD` or `HH`, in
 * order): hours from the first answered to the last, empty ones included; days one by one, or months when more
 * than `FORM_LIMITS.summaryDaysMax` days were named.
 */
export function distributionOf(type: number, counts: { key: string; n: number }[]): AnswerDistribution {
  if (type === QUESTION_TYPE.time) {
    const byHour = new Map(counts.map((c) => [Number(c.key), c.n]));
    const hours = [...byHour.keys()];
    const buckets =
      hours.length === 0
        ? []
        : Array.from({ length: Math.max(...hours) - Math.min(...hours) + 1 }, (_, i) => {
            const h = Math.min(...hours) + i;
            return { key: String(h).padStart(2, "0"), count: byHour.get(h) ?? 0 };
          });
    return { unit: "hour", buckets };
  }
  if (counts.length <= FORM_LIMITS.summaryDaysMax)
    return { unit: "day", buckets: counts.map((c) => ({ key: c.key, count: c.n })) };
  const months = new Map<string, number>();
  for (const c of counts) months.set(c.key.slice(0, 7), (months.get(c.key.slice(0, 7)) ?? 0) + c.n);
  return { unit: "month", buckets: [...months].map(([key, count]) => ({ key, count })) };
}

/**
 * Per question of the form as it is now: how many members answered it, counts per option for choice
 * questions, mean/min/max for number questions, the newest free-text answers (latest first, with their time and
 * the total) and the distribution of date, time and date-time answers, over the answers to the sends whose
 * snapshot held a question with the same id (and, for values, the same type). Members who left the entity are
 * not counted. Answer texts are personal data: they leave the server only through this staff route.
 */
export async function formSummaryStats(db: Db, ws: string, formId: number): Promise<FormSummaryStats> {
  await requireForm(db, ws, formId);
  const member = recipientIsMember(ws, formAnswers.userId);
  const answerOf = (types: number[]) =>
    sql`${formAnswers} join (${questionsSentAs(formId, types)}) sq
      on sq.ord = ${formAnswers.sentOrder} and sq.qid = ${formAnswers.questionId}`;
  const [questions, totals, answered, numbers, options, texts, spread] = await Promise.all([
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
        from ${answerOf([QUESTION_TYPE.number])}
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
    // the newest texts per question (latest answer first), each with the count of them all
    rows<{ qid: number; text: string; at: number; total: number }>(
      db,
      sql`select qid, text, at, total from (
          select ${formAnswers.questionId} as qid, ${formAnswers.value} as text, ${ms(formRecipients.answeredAt)} as at,
            count(*) over (partition by ${formAnswers.questionId})::int as total,
            row_number() over (partition by ${formAnswers.questionId}
              order by ${formRecipients.answeredAt} desc, ${formAnswers.sentOrder} desc, ${formAnswers.userId}) as rn
          from ${answerOf([QUESTION_TYPE.text])}
            join ${formRecipients} on ${formRecipients.formId} = ${formAnswers.formId}
              and ${formRecipients.sentOrder} = ${formAnswers.sentOrder}
              and ${formRecipients.userId} = ${formAnswers.userId}
          where ${formAnswers.formId} = ${formId} and ${formAnswers.value} is not null and ${member}
        ) t where rn <= ${FORM_LIMITS.summaryTextsMax}
        order by qid, rn`,
    ),
    // counts per day (dates, date-times: their date) or hour (times)
    rows<{ qid: number; qtype: number; key: string; n: number }>(
      db,
      sql`select ${formAnswers.questionId} as qid, sq.qtype,
          left(${formAnswers.value}, case when sq.qtype = ${QUESTION_TYPE.time}::int then 2 else 10 end) as key,
          count(*)::int as n
        from ${answerOf([QUESTION_TYPE.date, QUESTION_TYPE.time, QUESTION_TYPE.datetime])}
        where ${formAnswers.formId} = ${formId} and ${formAnswers.value} is not null and ${member}
        group by 1, 2, 3
        order by 1, 2, 3`,
    ),
  ]);
  const answeredBy = new Map(answered.map((a) => [a.qid, a.n]));
  const numberOf = new Map(numbers.map((n) => [n.qid, n]));
  const optionCount = new Map(options.map((o) => [`${o.qid}:${o.option}`, o.n]));
  const textsOf = new Map<number, { total: number; items: { text: string; answered_at: string }[] }>();
  for (const r of texts) {
    const list = textsOf.get(r.qid) ?? { total: r.total, items: [] };
    list.items.push({ text: r.text, answered_at: iso(r.at) });
    textsOf.set(r.qid, list);
  }
  // a question's keys of the same type (dates and date-times share the day keys)
  const countsOf = (qid: number, type: number) =>
    spread.filter(
      (r) => r.qid === qid && (type === QUESTION_TYPE.time ? r.qtype === type : DATE_TYPES.includes(r.qtype)),
    );
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
        texts: q.questionType === QUESTION_TYPE.text ? (textsOf.get(q.id) ?? { total: 0, items: [] }) : null,
        distribution:
          q.questionType === QUESTION_TYPE.time || DATE_TYPES.includes(q.questionType)
            ? distributionOf(q.questionType, mergeKeys(countsOf(q.id, q.questionType)))
            : null,
      };
    }),
  };
}

/** Counts of equal keys added up, in key order (a date and a date-time question sent under one id share days). */
function mergeKeys(rs: { key: string; n: number }[]): { key: string; n: number }[] {
  const m = new Map<string, number>();
  for (const r of rs) m.set(r.key, (m.get(r.key) ?? 0) + r.n);
  return [...m].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, n]) => ({ key, n }));
}
