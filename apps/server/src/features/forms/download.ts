import { isChoiceType, type Language, QUESTION_TYPE } from "@mimamori/shared";
import { type SQL, sql } from "drizzle-orm";
import { type Db, rows } from "../../db/client";
import { type FormSnapshot, formAnswers, formRecipients, formSends, users } from "../../db/schema";
import { type Cell, localText, pageSize, type RowBatches, zonedHeader } from "../../lib/csv-stream";
import { recipientIsMember, snapshotQuestionRows } from "./sql";

const LABELS = {
  jp: { name: "名前", email: "メールアドレス", sent: "送信日時", answered: "回答日時", order: "送信回" },
  en: { name: "Name", email: "Email", sent: "Sent at", answered: "Answered at", order: "Sent order" },
} as const;

/** Choice answers are written as their option texts, joined by this. */
export const OPTION_SEPARATOR = "; ";

interface ColumnRow {
  id: number;
  text: string;
  ord: number;
  sent_order: number;
}

/**
 * The columns of the answers CSV: name, e-mail, sent at, answered at (each naming the zone `tz` of its times),
 * sent order, then one per question ever sent (the union of the question ids over the sends' snapshots), in the
 * order of each question's latest send, headed by its latest text.
 */
export async function downloadHeaders(db: Db, formId: number, lang: Language, tz: string) {
  const found = await rows<ColumnRow>(
    db,
    sql`select distinct on ((q->>'id')::int) (q->>'id')::int as id, q->>'text' as text, (q->>'order')::int as ord,
        ${formSends.sentOrder} as sent_order
      from ${formSends}, ${snapshotQuestionRows} q
      where ${formSends.formId} = ${formId}
      order by (q->>'id')::int, ${formSends.sentOrder} desc`,
  );
  const columns = found
    .sort((a, b) => a.ord - b.ord || b.sent_order - a.sent_order || a.id - b.id)
    .map((c) => ({ id: c.id, text: c.text }));
  const L = LABELS[lang];
  const zoned = (label: string) => zonedHeader(label, tz, lang);
  return {
    headers: [L.name, L.email, zoned(L.sent), zoned(L.answered), L.order, ...columns.map((c) => c.text)],
    columns,
  };
}

/** Per sent order, per question of its snapshot: its type and option texts (answers read against their send). */
type SnapshotIndex = Map<number, Map<number, { type: number; options: Map<number, string> }>>;

async function snapshotIndex(db: Db, formId: number): Promise<SnapshotIndex> {
  const sends = await rows<{ sent_order: number; snapshot: FormSnapshot | string }>(
    db,
    sql`select ${formSends.sentOrder} as sent_order, ${formSends.snapshot} as snapshot from ${formSends}
      where ${formSends.formId} = ${formId}`,
  );
  const index: SnapshotIndex = new Map();
  for (const s of sends) {
    const snapshot: FormSnapshot = typeof s.snapshot === "string" ? JSON.parse(s.snapshot) : s.snapshot;
    index.set(
      s.sent_order,
      new Map(
        snapshot.questions.map((q) => [
          q.id,
          { type: q.question_type_id, options: new Map(q.question_options.map((o) => [o.order, o.text])) },
        ]),
      ),
    );
  }
  return index;
}

interface PageRow {
  id: string;
  name: string;
  email: string;
  sent_order: number;
  sent: string;
  answered: string | null;
  answers: [number, string | null, number[]][] | string;
}

/**
 * One row per member and sent order (members in name order), page by page with a keyset cursor so a form sent
 * to thousands of members is written in constant memory; times `YYYY/MM/DD HH:mm` in `tz`. Every text cell is
 * neutralised against formulas by the CSV writer; numbers answered to number questions stay numbers.
 */
export async function* downloadRows(
  db: Db,
  ws: string,
  formId: number,
  columns: { id: number }[],
  tz: string,
): RowBatches {
  const index = await snapshotIndex(db, formId);
  const r = formRecipients;
  const a = formAnswers;
  let cursor: { name: string; id: string; sentOrder: number } | null = null;
  for (;;) {
    const after: SQL =
      cursor === null
        ? sql`true`
        : sql`(${users.name}, ${users.id}, ${r.sentOrder}) > (${cursor.name}, ${cursor.id}::uuid, ${cursor.sentOrder}::int)`;
    const size = pageSize(cursor);
    const page = await rows<PageRow>(
      db,
      sql`select ${users.id}::text as id, ${users.name}, ${users.email}, ${r.sentOrder} as sent_order,
          ${localText(sql`${formSends.sentAt}`, tz)} as sent, ${localText(sql`${r.answeredAt}`, tz)} as answered,
          (select coalesce(jsonb_agg(jsonb_build_array(${a.questionId}, ${a.value}, ${a.answerOptions})), '[]'::jsonb)
            from ${a} where ${a.formId} = ${r.formId} and ${a.sentOrder} = ${r.sentOrder} and ${a.userId} = ${r.userId})
            as answers
        from ${r}
          join ${formSends} on ${formSends.formId} = ${r.formId} and ${formSends.sentOrder} = ${r.sentOrder}
          join ${users} on ${users.id} = ${r.userId}
        where ${r.formId} = ${formId} and ${recipientIsMember(ws)} and ${after}
        order by ${users.name}, ${users.id}, ${r.sentOrder} limit ${size}`,
    );
    yield page.map((row) => rowCells(row, columns, index.get(row.sent_order)));
    const last = page.at(-1);
    if (!last || page.length < size) return;
    cursor = { name: last.name, id: last.id, sentOrder: last.sent_order };
  }
}

function rowCells(
  row: PageRow,
  columns: { id: number }[],
  questions: ReturnType<SnapshotIndex["get"]>,
): Cell[] {
  const answers: [number, string | null, number[]][] =
    typeof row.answers === "string" ? JSON.parse(row.answers) : row.answers;
  const byQuestion = new Map(answers.map(([qid, value, options]) => [qid, { value, options }]));
  const cells: Cell[] = [row.name, row.email, row.sent, row.answered, row.sent_order];
  for (const c of columns) {
    const answer = byQuestion.get(c.id);
    const q = questions?.get(c.id);
    if (!answer) cells.push(null);
    else if (q && isChoiceType(q.type))
      cells.push(answer.options.map((o) => q.options.get(o) ?? String(o)).join(OPTION_SEPARATOR) || null);
    else if (q?.type === QUESTION_TYPE.number && answer.value !== null) cells.push(Number(answer.value));
    else cells.push(answer.value);
  }
  return cells;
}
