import { type SQL, sql } from "drizzle-orm";
import { acceptedClientIds } from "../../db/membership-rules";
import { formRecipients, formSends } from "../../db/schema";

/** A uuid[] parameter (one array parameter, however many ids). */
export const uuidArray = (ids: string[]) => sql`${sql.param(ids)}::uuid[]`;

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
