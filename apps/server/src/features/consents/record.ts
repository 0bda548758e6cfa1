import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { consentEvents, dataItems, dataItemTypes, entities } from "../../db/schema";
import { bare } from "../../db/sql-names";

export type ConsentEventKind = (typeof consentEvents.$inferInsert)["kind"];

/**
 * Records consent events (issue 29 §2) in the caller's transaction, copying the entity's workspace and name as
 * they are now, so the history outlives a renamed or deleted entity. `workspace` names the entity; `detail` is the
 * data item type's key for share events.
 */
export async function recordConsentEvents(
  db: Db,
  events: { userId: string; kind: ConsentEventKind; workspace: string; detail?: string | null }[],
): Promise<void> {
  if (events.length === 0) return;
  const rows: SQL[] = events.map(
    (e) => sql`(${e.userId}::uuid, ${e.kind}, ${e.workspace}::text, ${e.detail ?? null}::text)`,
  );
  await db.execute(sql`insert into ${consentEvents}
      (${bare(consentEvents.userId)}, ${bare(consentEvents.kind)}, ${bare(consentEvents.workspaceName)},
       ${bare(consentEvents.entityName)}, ${bare(consentEvents.detail)})
    select e.user_id, e.kind, ${entities.workspaceName}, ${entities.name}, e.detail
    from (values ${sql.join(rows, sql`, `)}) as e(user_id, kind, workspace, detail)
    join ${entities} on ${entities.workspaceName} = e.workspace`);
}

/**
 * Records a share of a data item with an entity granted or revoked (issue 29 §2), in the caller's transaction: the
 * item's owner, the entity's workspace and name, and the item type's key (the page names it in the reader's
 * language).
 */
export async function recordShareEvent(
  db: Db,
  kind: "share-granted" | "share-revoked",
  itemId: number,
  workspace: string,
): Promise<void> {
  await db.execute(sql`insert into ${consentEvents}
      (${bare(consentEvents.userId)}, ${bare(consentEvents.kind)}, ${bare(consentEvents.workspaceName)},
       ${bare(consentEvents.entityName)}, ${bare(consentEvents.detail)})
    select ${dataItems.userId}, ${kind}, ${entities.workspaceName}, ${entities.name}, ${dataItemTypes.key}
    from ${dataItems}
    join ${dataItemTypes} on ${dataItemTypes.id} = ${dataItems.typeId}
    join ${entities} on ${entities.workspaceName} = ${workspace}
    where ${dataItems.id} = ${itemId}`);
}
