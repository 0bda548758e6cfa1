import { NOTIFICATION_DEFAULTS, NOTIFICATION_TYPE, SYNC_LENGTH_OPTIONS } from "@mimamori/shared";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { type Db, numberArray, rows } from "../../../db/client";
import { acceptedClient } from "../../../db/membership-rules";
import { memberships, notificationSettings, notifications, vitalSync } from "../../../db/schema";
import { bareList } from "../../../db/sql-names";
import type { Job } from "../../../jobs/runner";
import type { AppContext } from "../../../lib/context";
import { at } from "../../../lib/time-sql";
import { alertDeliveriesSql, alertSourceReturning } from "../../webhooks";

export const SYNC_SWEEP_JOB = "alert-sync-sweep";
/** Every 5 minutes (docs/decisions.md): sync lengths are hours, so a gap is seen within minutes of its length. */
export const SYNC_SWEEP_EVERY = "0 */5 * * * *";

/**
 * Raises an out-of-sync alert for every accepted, active client member whose last sync (after consent: a member
 * who has not synced since joining gets none) is older than the entity's sync length, in one statement over all
 * entities. One alert per gap: the partial unique index on open sync alerts makes a repeat (or a second instance's
 * sweep) insert nothing (and queue no webhook delivery: features/webhooks/enqueue.ts), and ingestion closes the alert (`cleared_at`) when data arrives again. Returns how many
 * alerts were raised.
 */
export async function sweepSyncGaps(db: Db, now: Date): Promise<number> {
  const n = notifications;
  const m = memberships;
  const s = notificationSettings;
  const y = vitalSync;
  const options = numberArray(
    db,
    "int",
    SYNC_LENGTH_OPTIONS.map((o) => o.id),
  );
  const hours = numberArray(
    db,
    "int",
    SYNC_LENGTH_OPTIONS.map((o) => o.duration_by_hour),
  );
  const raised = await rows<{ one: number }>(
    db,
    sql`with raised as (insert into ${n} (${bareList(n.workspaceName, n.userId, n.notificationType, n.at, n.createdAt)})
      select ${m.workspaceName}, ${m.userId}, ${NOTIFICATION_TYPE.sync}::smallint, ${y.lastSyncAt}, ${at(now.getTime())}
      from ${m}
      join ${y} on ${y.userId} = ${m.userId}
      left join ${s} on ${s.workspaceName} = ${m.workspaceName} and ${s.notificationType} = ${NOTIFICATION_TYPE.sync}
      join unnest(${options}, ${hours}) as len(option, hours)
        on len.option = coalesce(${s.syncLengthOptionId}, ${NOTIFICATION_DEFAULTS.syncLengthOptionId}::int)
      where ${acceptedClient} and ${m.isActive} and ${m.acceptedAt} is not null
        and ${y.lastSyncAt} >= ${m.acceptedAt}
        and ${y.lastSyncAt} < ${at(now.getTime())} - make_interval(hours => len.hours)
      on conflict do nothing
      returning ${alertSourceReturning()}
    ), hooks as (${alertDeliveriesSql(sql`raised`)})
    select 1 as one from raised`,
  );
  return raised.length;
}

/** The sweep on the job runner. */
export function syncSweepJob(ctx: AppContext, log: FastifyBaseLogger): Job {
  return {
    name: SYNC_SWEEP_JOB,
    every: SYNC_SWEEP_EVERY,
    async run(now) {
      const raised = await sweepSyncGaps(ctx.db, now);
      if (raised) log.info({ raised }, "out-of-sync alerts raised");
    },
  };
}
