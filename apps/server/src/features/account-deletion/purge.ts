import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { type Db, rows } from "../../db/client";
import {
  accessAudit,
  dataViews,
  formAnswers,
  formSchedules,
  mailOutbox,
  notifications,
  rateEvents,
  SAMPLE_TABLES,
  users,
  webhookDeliveries,
} from "../../db/schema";

/**
 * Deletes an account's rows everywhere (issue 29 §4; every column in registry.ts), in the caller's transaction:
 * the rows without a foreign key explicitly, the rest by the foreign keys of `users` (cascade, set null). What stays
 * cannot identify the person: another person's rows without them, an entity's counts, and the access audit with the
 * person replaced by one random id (a row per read stays, so an entity can still show how often data was read).
 * Answers the random id, or null when the account was gone already.
 */
export async function purgeAccount(tx: Db, userId: string): Promise<string | null> {
  const [user] = await rows<{ email: string }>(
    tx,
    sql`select ${users.email} as email from ${users} where ${users.id} = ${userId} for update`,
  );
  if (!user) return null;
  const pseudonym = randomUUID();
  const id = sql`${userId}::uuid`;

  // the audit refuses updates unless the transaction says it is maintenance (migration 0010)
  await tx.execute(sql`select set_config('mimamori.audit_maintenance', 'on', true)`);
  await tx.update(accessAudit).set({ subjectId: pseudonym }).where(eq(accessAudit.subjectId, userId));
  await tx
    .update(accessAudit)
    .set({ actorId: pseudonym, actorName: pseudonym, address: "" })
    .where(eq(accessAudit.actorId, userId));

  // no foreign key: band data and answers
  for (const t of SAMPLE_TABLES) await tx.execute(sql`delete from ${t} where ${t.userId} = ${id}`);
  await tx.execute(sql`delete from ${formAnswers} where ${formAnswers.userId} = ${id}`);

  // webhook deliveries of alerts about them (the alerts themselves cascade below)
  await tx.execute(
    sql`delete from ${webhookDeliveries} where ${webhookDeliveries.notificationId} in
        (select ${notifications.id} from ${notifications} where ${notifications.userId} = ${id})
      or strpos(${webhookDeliveries.payload}::text, ${userId}) > 0`,
  );
  // mail to them, and mail about them (a link carries their id); strpos: an address may hold LIKE's `_`
  await tx.execute(
    sql`delete from ${mailOutbox} where lower(${mailOutbox.recipient}) = ${user.email}
      or strpos(${mailOutbox.textBody}, ${userId}) > 0 or strpos(${mailOutbox.htmlBody}, ${userId}) > 0`,
  );
  // throttle keys end with the address (`email:…`, `verify:…`, `reset:…`)
  await tx.execute(
    sql`delete from ${rateEvents} where right(${rateEvents.key}, ${user.email.length + 1}) = ${`:${user.email}`}`,
  );
  // another person's rows: no trace of them
  await tx.update(dataViews).set({ staffId: null, staffName: "" }).where(eq(dataViews.staffId, userId));
  await tx
    .update(formSchedules)
    .set({ userIds: sql`array_remove(${formSchedules.userIds}, ${id})` })
    .where(sql`${id} = any(${formSchedules.userIds})`);

  // the rest by the foreign keys: cascade (their own rows) and set null (their name on others' rows)
  await tx.execute(sql`delete from ${users} where ${users.id} = ${id}`);
  return pseudonym;
}
