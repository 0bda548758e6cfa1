import { type SQL, sql } from "drizzle-orm";
import { acceptedClientIds } from "../../db/membership-rules";
import { formRecipients, formSends } from "../../db/schema";

/**
 * Timestamps read in raw SQL come back as epoch milliseconds (`float8`): the two drivers return `timestamptz`
 * text in different shapes, a number is the same on both.
 */
export const ms = (col: SQL | unknown) => sql`(extract(epoch from ${col}) * 1000)::float8`;

/** A uuid[] parameter (one array parameter, however many ids). */
export const uuidArray = (ids: string[]) => sql`${sql.param(ids)}::uuid[]`;

/** An ISO instant from epoch milliseconds (null stays null). */
export function iso(msValue: number): string;
export function iso(msValue: number | null): string | null;
export function iso(msValue: number | null): string | null {
  return msValue === null ? null : new Date(Math.round(msValue)).toISOString();
}

/**
 * Staff see a recipient's rows (history, answers, counts, downloads) only while the person is an accepted client
 * member of the entity, like any other data of theirs (docs/architecture.md).
 */
export const recipientIsMember = (ws: string, userId: SQL | unknown = formRecipients.userId): SQL =>
  sql`${userId} in (${acceptedClientIds(ws)})`;

/**
 * The questions of a send's snapshot as rows (`q` in `from form_sends, ${snapshotQuestionRows} q`). The JSON
 * key is bound as a parameter: written as text it would read as the table of the same name (db/sql-names.test.ts).
 */
export const snapshotQuestionRows = sql`jsonb_array_elements(${formSends.snapshot} -> ${"questions"}::text)`;
