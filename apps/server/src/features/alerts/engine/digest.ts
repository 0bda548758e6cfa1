import {
  type Frequency,
  frequencyById,
  NOTIFICATION_DEFAULTS,
  NOTIFICATION_TYPE,
  NOTIFICATION_TYPES,
  type NotificationType,
  REALTIME_FREQUENCY_ID,
} from "@mimamori/shared";
import { and, asc, eq, isNull, like, max, type SQL, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../../db/client";
import { entities, jobSlots, notificationSettings, notifications } from "../../../db/schema";
import type { Job } from "../../../jobs/runner";
import { claimSlot } from "../../../jobs/slots";
import type { AppContext } from "../../../lib/context";
import { dueSlot } from "../../forms";
import { type AlertRow, alertColumns, queueAlertMails, staffRecipients } from "./mails";

export const DIGEST_JOB = "alert-digest";
export const REALTIME_JOB = "alert-realtime";
/** Real time: "within a minute" of the sync; ingestion also pokes the job when it raised alerts. */
export const REALTIME_EVERY = "*/15 * * * * *";
/** The job_slots name of an entity's digests of one type. */
export const digestSlotJob = (ws: string, type: NotificationType) => `${DIGEST_JOB}:${type}:${ws}`;
/** Alerts one real-time transaction takes; the job repeats until none is left. */
const REALTIME_BATCH = 500;

/**
 * The digest time to mail at `now`: the latest of the frequency's times on the entity's clock after `since` (the
 * last digest, or the entity's creation) and at or before `now`, while less than 24 hours old (the catch-up rule
 * of recurring sends, forms/schedule-job.ts `dueSlot`); null when none is due.
 */
export function dueDigestSlot(f: Frequency, timeZone: string, since: Date, now: Date): Date | null {
  let due: Date | null = null;
  for (const localTime of f.times) {
    const at = dueSlot({ kind: "daily", weekdays: [], localTime, timeZone }, since, now);
    if (at && (!due || at > due)) due = at;
  }
  return due;
}

/** An entity's frequency of a type: its choice, else the default (real time for measurement, 1 time for sync). */
export function frequencyOf(row: { frequencyId: number } | undefined, type: NotificationType): Frequency {
  const fallback =
    type === NOTIFICATION_TYPE.measurement
      ? NOTIFICATION_DEFAULTS.measurementFrequencyId
      : NOTIFICATION_DEFAULTS.syncFrequencyId;
  return (frequencyById(row?.frequencyId ?? fallback) ?? frequencyById(fallback)) as Frequency;
}

/**
 * Takes the not yet mailed alerts matching `where` and marks them mailed at `now`, oldest first, in one statement
 * of the caller's transaction: the rows stay locked until it commits and another instance's run skips them
 * (`SKIP LOCKED`), and the mark commits with the queued mails, so no alert is mailed twice. Alerts nobody receives
 * (no such staff, a former member) are marked too: they are done.
 */
async function takeUnmailed(tx: Db, where: SQL, now: Date, limit?: number): Promise<AlertRow[]> {
  const due = tx
    .select({ id: notifications.id })
    .from(notifications)
    .leftJoin(
      notificationSettings,
      and(
        eq(notificationSettings.workspaceName, notifications.workspaceName),
        eq(notificationSettings.notificationType, notifications.notificationType),
      ),
    )
    .where(and(isNull(notifications.mailedAt), where))
    .orderBy(asc(notifications.id))
    .$dynamic();
  if (limit) due.limit(limit);
  // `= any(array(…))`, not `in (…)`: the ids are read once and the rows found by primary key (an `in` plans as a
  // hash join over the whole table, 4× slower at 100,000 alerts)
  const taken = await tx
    .update(notifications)
    .set({ mailedAt: now })
    .where(
      sql`${notifications.id} = any(array(${due.for("update", { of: notifications, skipLocked: true })}))`,
    )
    .returning(alertColumns);
  return taken.sort((a, b) => a.id - b.id);
}

/** Mails the alerts of one entity and type to its staff who receive that type (taken by `takeUnmailed`). */
async function mailAlerts(ctx: AppContext, tx: Db, ws: string, type: NotificationType, alerts: AlertRow[]) {
  const recipients = await staffRecipients(tx, ws, type);
  return queueAlertMails(ctx, tx, { workspace: ws, kind: "alert", alerts, recipients });
}

/** Groups rows by entity, keeping their order. */
function byEntity(alerts: AlertRow[]): Map<string, AlertRow[]> {
  const out = new Map<string, AlertRow[]>();
  for (const a of alerts) {
    const list = out.get(a.workspace);
    if (list) list.push(a);
    else out.set(a.workspace, [a]);
  }
  return out;
}

/**
 * Real-time measurement alerts (the default frequency): every 15 seconds and when ingestion raised alerts, the
 * unmailed measurement alerts of entities on real time are mailed, one mail per staff member and entity.
 */
export function alertRealtimeJob(ctx: AppContext, log: FastifyBaseLogger): Job {
  const realtime = sql`${notifications.notificationType} = ${NOTIFICATION_TYPE.measurement}
    and coalesce(${notificationSettings.frequencyId}, ${NOTIFICATION_DEFAULTS.measurementFrequencyId}) = ${REALTIME_FREQUENCY_ID}`;
  return {
    name: REALTIME_JOB,
    every: REALTIME_EVERY,
    // it marks alerts mailed and queues mail: nothing a kept report reads (db/changes.ts)
    changes: "none",
    async run(now) {
      for (;;) {
        const mailed: Date[] = [];
        const taken = await ctx.db.transaction(async (tx) => {
          const due = await takeUnmailed(tx, realtime, now, REALTIME_BATCH);
          for (const [ws, alerts] of byEntity(due)) {
            const mails = await mailAlerts(ctx, tx, ws, NOTIFICATION_TYPE.measurement, alerts);
            log.info({ workspace: ws, alerts: alerts.length, mails }, "real-time alerts mailed");
            if (mails) for (const a of alerts) if (a.snoozeId === null) mailed.push(a.receivedAt);
          }
          return due.length;
        });
        // once the mails are committed to the outbox: upload received → alert mail queued
        ctx.metrics?.alertMailsQueued(mailed);
        if (taken < REALTIME_BATCH) return;
      }
    },
  };
}

/** The latest done digest of every entity and type, by slot job name. */
async function lastDigests(db: Db): Promise<Map<string, Date>> {
  const found = await db
    .select({ job: jobSlots.job, at: max(jobSlots.slotAt) })
    .from(jobSlots)
    .where(like(jobSlots.job, `${DIGEST_JOB}:%`))
    .groupBy(jobSlots.job);
  return new Map(found.flatMap((r) => (r.at ? [[r.job, r.at] as const] : [])));
}

/**
 * Claims the digest slot and mails the entity's unmailed alerts of the type, in one transaction: the slot, the
 * marks and the queued mails commit together, so two instances mail a digest once and a crash leaves the slot due.
 */
async function runDigest(
  ctx: AppContext,
  ws: string,
  type: NotificationType,
  slot: Date,
  now: Date,
): Promise<{ alerts: number; mails: number } | null> {
  return ctx.db.transaction(async (tx) => {
    if (!(await claimSlot(tx, digestSlotJob(ws, type), slot))) return null;
    const alerts = await takeUnmailed(
      tx,
      and(eq(notifications.workspaceName, ws), eq(notifications.notificationType, type)) as SQL,
      now,
    );
    if (!alerts.length) return { alerts: 0, mails: 0 };
    return { alerts: alerts.length, mails: await mailAlerts(ctx, tx, ws, type, alerts) };
  });
}

/**
 * Digests: at each time of an entity's frequency (on its clock, `entities.time_zone`) the alerts of that type not
 * yet mailed go to its staff, one mail per staff member. A missed time is caught up while less than 24 hours old,
 * only the latest (docs/decisions.md, "Alerts (issue 11)").
 */
export function alertDigestJob(ctx: AppContext, log: FastifyBaseLogger): Job {
  return {
    name: DIGEST_JOB,
    async run(now) {
      const [all, settings, done] = [
        await ctx.db
          .select({ ws: entities.workspaceName, timeZone: entities.timeZone, createdAt: entities.createdAt })
          .from(entities),
        await ctx.db.select().from(notificationSettings),
        await lastDigests(ctx.db),
      ];
      const settingOf = new Map(settings.map((s) => [`${s.notificationType}:${s.workspaceName}`, s]));
      for (const e of all)
        for (const type of NOTIFICATION_TYPES) {
          const f = frequencyOf(settingOf.get(`${type}:${e.ws}`), type);
          if (f.realtime) continue;
          const last = done.get(digestSlotJob(e.ws, type));
          const slot = dueDigestSlot(f, e.timeZone, last && last > e.createdAt ? last : e.createdAt, now);
          if (!slot) continue;
          try {
            const outcome = await runDigest(ctx, e.ws, type, slot, now);
            if (outcome?.alerts)
              log.info(
                { workspace: e.ws, type, slot: slot.toISOString(), ...outcome },
                "alert digest mailed",
              );
          } catch (err) {
            // one entity's failure does not hold up the others; its slot stays open for the next tick
            log.error({ workspace: e.ws, type, err }, "alert digest failed");
          }
        }
    },
  };
}
