import { ALERT_MEASURES, NOTIFICATION_TYPE, WEBHOOK_EVENT_TYPES } from "@mimamori/shared";
import { type SQL, sql } from "drizzle-orm";
import { notifications, webhookDeliveries, webhookEndpoints } from "../../db/schema";
import { bare, bareList } from "../../db/sql-names";

/** The name and unit (English) of each alert measure, by measure number: one constant parameter. */
const MEASURE_INFO = JSON.stringify(
  Object.fromEntries(ALERT_MEASURES.map((m) => [String(m.measure), { name: m.name.en, unit: m.unit.en }])),
);

/** An ISO 8601 UTC text of a timestamptz, as `Date.toISOString` writes it. */
export const isoText = (col: SQL) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Columns of `notifications` the source relation of `alertDeliveriesSql` must return (its `returning` list). */
export const ALERT_SOURCE_COLUMNS = [
  notifications.id,
  notifications.workspaceName,
  notifications.userId,
  notifications.notificationType,
  notifications.measure,
  notifications.value,
  notifications.at,
  notifications.createdAt,
  notifications.snoozeId,
] as const;

/**
 * Queues the webhook deliveries of newly raised alerts, in the statement (and so the transaction) that raises
 * them: `source` names a relation with the ALERT_SOURCE_COLUMNS (a data-modifying CTE's `returning`). One row per
 * alert and enabled endpoint of the alert's entity whose kinds include the alert's type; an alert raised during a
 * snooze is not sent, as it is mailed to nobody. The event id is made of the alert's id, and (endpoint, event id)
 * is unique, so an alert is queued at most once per endpoint whoever raises or queues it again.
 */
export function alertDeliveriesSql(source: SQL): SQL {
  const [d, e, n] = [webhookDeliveries, webhookEndpoints, notifications];
  const col = (c: (typeof ALERT_SOURCE_COLUMNS)[number]) => sql`r.${bare(c)}`;
  const eventId = sql`'msg_alert_' || ${col(n.id)}`;
  const info = sql`(${MEASURE_INFO}::jsonb -> (${col(n.measure)}::text))`;
  const payload = sql`jsonb_build_object('type', ${WEBHOOK_EVENT_TYPES.alert}::text, 'id', ${eventId},
      'timestamp', ${isoText(col(n.createdAt))},
      'data', jsonb_build_object('workspace', ${col(n.workspaceName)}, 'alert_id', ${col(n.id)},
        'kind', case when ${col(n.notificationType)} = ${NOTIFICATION_TYPE.sync} then 'synchronization' else 'measurement' end,
        'measure', ${col(n.measure)}, 'measure_name', ${info} ->> 'name', 'value', ${col(n.value)},
        'unit', ${info} ->> 'unit', 'at', ${isoText(col(n.at))}, 'member', ${col(n.userId)}))`;
  return sql`insert into ${d} (${bareList(d.endpointId, d.eventId, d.eventType, d.notificationId, d.payload, d.status, d.nextAttemptAt)})
    select ${e.id}, ${eventId}, ${WEBHOOK_EVENT_TYPES.alert}::text, ${col(n.id)}, ${payload}, 'queued', ${col(n.createdAt)}
    from ${source} as r
    join ${e} on ${e.workspaceName} = ${col(n.workspaceName)} and ${e.enabled}
      and ${col(n.notificationType)} = any(${e.kinds})
    where ${col(n.snoozeId)} is null
    on conflict (${bareList(d.endpointId, d.eventId)}) do nothing`;
}

/** The `returning` list of an insert into `notifications` feeding `alertDeliveriesSql`. */
export const alertSourceReturning = (): SQL => bareList(...ALERT_SOURCE_COLUMNS);
