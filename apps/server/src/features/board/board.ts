import {
  ALERT_MEASURES,
  BOARD_LIST_MAX,
  type Board,
  type BoardAlertRow,
  type BoardMember,
  type BoardZoneRow,
  HEART_RATE,
  HEAT_STRESS,
  type Language,
  type Measure,
  measureByNumber,
  measureOf,
  NOTIFICATION_TYPE,
  type ReportId,
  type Snooze,
} from "@mimamori/shared";
import { type SQL, sql } from "drizzle-orm";
import { type Db, numberArrayValue, oneRow, PREPARED } from "../../db/client";
import { requireEntity } from "../../db/entities";
import { acceptedClientIds, acceptedClientOf } from "../../db/membership-rules";
import {
  alertStates,
  formRecipients,
  formSends,
  forms,
  mailOutbox,
  memberSnoozes,
  memberships,
  notificationMails,
  notifications,
  users,
  vitalBucketsHour,
  vitalSync,
} from "../../db/schema";
import { bare } from "../../db/sql-names";
import { rangeCtes, rangeJoins, rangeSource, zoneRank } from "../../db/state-zones";
import { at, iso, localDateIso, localMidnightMs, ms } from "../../lib/time-sql";
import { aboutCurrentMember, mailStatus, readAlertSettings } from "../alerts";
import { viewOf } from "../reports";
import type { WeekWearKeeper } from "./week-wear";

/*
 * The watch board (issue 28 §1; docs/decisions.md "The watch board"): one entity's members who need attention now,
 * in one statement whose every part is bounded by the entity's members or by BOARD_LIST_MAX.
 */

const HEAT_MEASURE = measureOf(HEAT_STRESS).measure;
/** A worn band measures the pulse all along: the wear counts read the heart rate's hour buckets. */
const WEAR_MEASURE = measureOf(HEART_RATE).measure;
/** Sends older than this are not "waiting" any more, however many answers they miss. */
export const FORMS_WAITING_DAYS = 7;
const DAY_MS = 86_400_000;

export interface BoardQuery {
  timezone: string;
  report_id?: ReportId;
  /** The board's time (epoch ms); the clock by default. */
  now?: number;
}

type Member = [uid: string, name: string, email: string];
type ZoneJson = [
  ...member: Member,
  measure: number,
  red: boolean,
  value: number,
  t: number,
  since: number | null,
  ranges: "tuned" | "entity" | "default",
  snoozedUntil: number | null,
];
type SilentJson = [...member: Member, lastSync: number | null];
type MailJson = { name: string; status: string; kind: "alert" | "escalation" };
type AlertJson = [
  ...member: Member,
  id: number,
  type: number,
  measure: number | null,
  value: number | null,
  t: number,
  created: number,
  escalated: number | null,
  snoozed: boolean,
  mails: MailJson[] | null,
];
type FormJson = [
  formId: number,
  name: string,
  sentOrder: number,
  sent: number,
  answered: number,
  total: number,
  overdue: number,
];
type SnoozeJson = [
  ...member: Member,
  id: number,
  measure: number,
  starts: number,
  until: number,
  reason: string,
  byUid: string | null,
  byName: string | null,
];

interface BoardJson {
  zones: ZoneJson[] | null;
  red: number;
  yellow: number;
  silent: SilentJson[] | null;
  silent_total: number;
  alerts: AlertJson[] | null;
  alerts_total: number;
  waiting: FormJson[] | null;
  waiting_total: number;
  members: number;
  /** Members with heart-rate data today. */
  today: number;
  /** Members with heart-rate data on each of the six days before today, oldest first. */
  week: number[];
  snoozes: SnoozeJson[] | null;
  snoozes_total: number;
}

const memberJson = sql`${users.id}, ${users.name}, ${users.email}`;

/**
 * The board is read in three statements that PostgreSQL runs at once on three connections (PGlite one after the
 * other), so that the board's wait is its longest part, not the sum (bench/README.md "The watch board"). Each
 * statement names only the parts it answers; the others' CTEs are not run. `week`, the wear of the six days before
 * today, is the one part that reads many index entries a member (an hour bucket each): it is kept for a minute
 * (week-wear.ts); today's wear is one index probe a member and always read.
 */
export const BOARD_PARTS = {
  zones: ["zones", "red", "yellow", "members", "today"],
  week: ["week"],
  lists: [
    "silent",
    "silent_total",
    "alerts",
    "alerts_total",
    "waiting",
    "waiting_total",
    "snoozes",
    "snoozes_total",
  ],
} as const satisfies Record<string, readonly (keyof BoardJson)[]>;
export type BoardPart = keyof typeof BOARD_PARTS;

/** One part of the board's reading (see `buildBoard`). */
export function boardStatement(
  db: Db,
  ws: string,
  now: number,
  syncHours: number,
  measures: readonly Measure[],
  filtered: boolean,
  dayStarts: number[],
  part: BoardPart,
): SQL {
  const [m, st, n, z, r, fs, f] = [
    memberships,
    alertStates,
    notifications,
    memberSnoozes,
    formRecipients,
    formSends,
    forms,
  ];
  const numbers = numberArrayValue(
    db,
    "int",
    measures.map((x) => x.measure),
  );
  const nowAt = at(now);
  const today = dayStarts[6] as number;
  const fresh = at(now - syncHours * 3_600_000);
  // `s`: each member's latest judged sample per measure (alert_states) out of green, with where its range comes from
  // (zones.ts)
  const measureFilter = filtered ? sql`and ${n.measure} = any(${numbers}::int[])` : sql``;
  const fields: Record<keyof BoardJson, SQL> = {
    zones: sql`(select json_agg(json_build_array(${memberJson}, zrows.zm, zrows.grade = 2, zrows.v,
          (extract(epoch from zrows.zt) * 1000)::float8,
          case when zrows.grade = 2 and zrows.zr then (select ${ms(sql`max(${n.at})`)} from ${n}
            where ${n.userId} = zrows.uid and ${n.workspaceName} = ${ws} and ${n.measure} = zrows.zm
              and ${n.notificationType} = ${NOTIFICATION_TYPE.measurement} and ${n.clearedAt} is null) end,
          zrows.source,
          (select (extract(epoch from max(snoozing.until_ts)) * 1000)::float8 from snoozing
            where snoozing.uid = zrows.uid and snoozing.zmeasure = zrows.zm)) order by zrows.rn)
        from zrows join ${users} on ${users.id} = zrows.uid where zrows.rn <= ${BOARD_LIST_MAX})`,
    red: sql`(select count(*)::int from zoned where grade = 2)`,
    yellow: sql`(select count(*)::int from zoned where grade = 1)`,
    silent: sql`(select json_agg(json_build_array(${memberJson}, (extract(epoch from q.last_sync) * 1000)::float8)
          order by q.last_sync nulls last, ${users.name}, ${users.email})
        from (select * from quiet order by last_sync nulls last limit ${BOARD_LIST_MAX}) q
          join ${users} on ${users.id} = q.uid)`,
    silent_total: sql`(select count(*)::int from quiet)`,
    alerts: sql`(select json_agg(json_build_array(${memberJson}, ${n.id}, ${n.notificationType}, ${n.measure},
          ${n.value}, ${ms(n.at)}, ${ms(n.createdAt)}, ${ms(n.escalatedAt)}, ${n.snoozeId} is not null, mails.list)
          order by page.created_ts desc, page.nid desc)
        from page join ${n} on ${n.id} = page.nid join ${users} on ${users.id} = ${n.userId}
          left join mails on mails.nid = page.nid)`,
    alerts_total: sql`(select count(*)::int from open)`,
    waiting: sql`(select json_agg(json_build_array(w.fid, w.fname, w.sorder, (extract(epoch from w.sent_ts) * 1000)::float8, w.answered,
          w.total, case when w.reminded then w.total - w.answered else 0 end) order by w.sent_ts desc, w.fid)
        from (select * from sends order by sent_ts desc, fid limit ${BOARD_LIST_MAX}) w)`,
    waiting_total: sql`(select count(*)::int from sends)`,
    members: sql`(select count(*)::int from c)`,
    // one index probe a member: the first heart-rate hour of today, if any
    today: sql`(select count(*)::int from c where exists (select 1 from ${vitalBucketsHour}
      where ${vitalBucketsHour.userId} = c.uid and ${vitalBucketsHour.measure} = ${WEAR_MEASURE}
        and ${vitalBucketsHour.bucket} >= greatest(c.since, ${at(today)}) and ${vitalBucketsHour.bucket} <= ${nowAt}))`,
    week: sql`(select json_build_array(${sql.raw([1, 2, 3, 4, 5, 6].map((k) => `coalesce(sum((mask >> ${k}) & 1), 0)`).join(", "))}) from worn)`,
    snoozes: sql`(select json_agg(json_build_array(${memberJson}, x.zid, x.zmeasure, (extract(epoch from x.starts_ts) * 1000)::float8,
          (extract(epoch from x.until_ts) * 1000)::float8, x.zreason, x.by_id, (select ${users.name} from ${users} where ${users.id} = x.by_id))
          order by x.until_ts, x.zid)
        from (select * from snoozing order by until_ts, zid limit ${BOARD_LIST_MAX}) x
          join ${users} on ${users.id} = x.uid)`,
    snoozes_total: sql`(select count(*)::int from snoozing)`,
  };
  return sql`with c as materialized (
      select ${m.userId} as uid, ${m.acceptedAt} as since from ${m}
      where ${acceptedClientOf(ws)} and ${m.isActive} and ${m.acceptedAt} is not null
    ),
    ${rangeCtes(db, ws, measures)},
    -- the states out of green (the engine keeps each state's zone; a state without one is graded here), read through
    -- the partial index alert_states_attention_idx
    s as (
      select c.uid, ${st.measure} as measure, ${st.inRed} as in_red, ${st.lastAt} as last_at,
        ${st.lastValue} as v, ${rangeSource} as source,
        case ${st.zone} when 'red' then 2 when 'yellow' then 1 when 'green' then 0
          else ${zoneRank(sql`${st.lastValue}`)} end as grade
      from ${st} join c on c.uid = ${st.userId}
        ${rangeJoins(sql`c.uid`, sql`${st.measure}`)}
      where ${st.workspaceName} = ${ws} and ${st.zone} is distinct from 'green' and ${st.lastValue} is not null
        and ${st.lastAt} >= c.since and ${st.lastAt} >= ${fresh}
    ),
    zoned as (select * from s where grade > 0),
    zrows as (
      select zoned.*, zoned.measure as zm, zoned.last_at as zt, zoned.in_red as zr, row_number() over (order by grade desc, (measure = ${HEAT_MEASURE}) desc, last_at desc, uid)
        as rn
      from zoned
    ),
    silent as (
      select c.uid, case when ${vitalSync.lastSyncAt} >= c.since then ${vitalSync.lastSyncAt} end as last_sync
      from c left join ${vitalSync} on ${vitalSync.userId} = c.uid
    ),
    quiet as (select * from silent where last_sync is null or last_sync < ${fresh}),
    open as (
      select ${n.id} as nid, ${n.createdAt} as created_ts from ${n}
      where ${n.workspaceName} = ${ws} and ${n.acknowledgedAt} is null and ${n.deletedAt} is null
        ${measureFilter} and ${aboutCurrentMember(ws)}
    ),
    page as (select nid, created_ts from open order by created_ts desc, nid desc limit ${BOARD_LIST_MAX}),
    cm as materialized (${acceptedClientIds(ws)}),
    recent as (
      select ${fs.formId} as fid, ${fs.sentOrder} as sorder, ${fs.snapshot}->>'name' as fname, ${fs.sentAt} as sent_ts,
        ${fs.reminderDueAt} <= ${nowAt} as reminded
      from ${f} join ${fs} on ${fs.formId} = ${f.id}
      where ${f.workspaceName} = ${ws} and ${fs.sentAt} >= ${at(now - FORMS_WAITING_DAYS * DAY_MS)}
    ),
    -- each recent send's recipients through the key's index: a hash over every recipient row grows with the history
    sends as (
      select recent.*, k.answered, k.total from recent cross join lateral (
        select count(${r.answeredAt})::int as answered, count(*)::int as total from ${r}
        where ${r.formId} = recent.fid and ${r.sentOrder} = recent.sorder
          and ${r.userId} in (select ${bare(memberships.userId)} from cm)
      ) k
      where k.total > k.answered
    ),
    snoozing as (
      select ${z.id} as zid, ${z.userId} as uid, ${z.measure} as zmeasure, ${z.startsAt} as starts_ts,
        ${z.until} as until_ts, ${z.reason} as zreason, ${z.createdBy} as by_id
      from ${z} join c on c.uid = ${z.userId}
      where ${z.workspaceName} = ${ws} and ${z.endedAt} is null and ${z.until} > ${nowAt}
    ),
    -- the week's hour buckets are all rows of the hour table: packing leaves the last HOT_HOUR_DAYS hot (vitals/hot.ts)
    worn as materialized (
      select (select bit_or(1 << width_bucket(${vitalBucketsHour.bucket}, ${sql.param(dayStarts.map((d) => new Date(d).toISOString()))}::timestamptz[]))
        from ${vitalBucketsHour} where ${vitalBucketsHour.userId} = c.uid and ${vitalBucketsHour.measure} = ${WEAR_MEASURE}
          and ${vitalBucketsHour.bucket} >= greatest(c.since, ${at(dayStarts[0] as number)})
          and ${vitalBucketsHour.bucket} < ${at(today)}) as mask
      from c
    ),
    mails as (
      select ${notificationMails.notificationId} as nid,
        json_agg(json_build_object('name', coalesce(${users.name}, ''), 'status', ${mailOutbox.status},
          'kind', ${notificationMails.kind}) order by ${mailOutbox.createdAt}, ${mailOutbox.id}) as list
      from ${notificationMails} join ${mailOutbox} on ${mailOutbox.id} = ${notificationMails.mailId}
        left join ${users} on ${users.id} = ${notificationMails.recipientId}
      where ${notificationMails.notificationId} in (select nid from page)
      group by ${notificationMails.notificationId}
    )
    select json_build_object(${sql.join(
      BOARD_PARTS[part].map((k) => sql`${sql.raw(`'${k}'`)}, ${fields[k]}`),
      sql`, `,
    )}) as board`;
}

const member = ([uid, name, email]: Member): BoardMember => ({ uid, name, email });

/**
 * GET /staff/{ws}/board: the entity's accepted, active client members who need attention now (their data from
 * their consent on), for a viewer in `q.timezone` reading `lang`.
 */
export async function buildBoard(
  db: Db,
  ws: string,
  q: BoardQuery,
  lang: Language,
  weeks?: WeekWearKeeper,
): Promise<Board> {
  const now = q.now ?? Date.now();
  const [entity, settings] = await Promise.all([requireEntity(db, ws), readAlertSettings(db, ws)]);
  const measures = q.report_id
    ? ALERT_MEASURES.filter((m) => m.id === q.report_id)
    : (ALERT_MEASURES as readonly Measure[]);
  // the seven local days ending today, oldest first
  const dayStarts = Array.from({ length: 7 }, (_, i) => localMidnightMs(now, q.timezone, 6 - i));
  const read = (part: BoardPart) => async () => {
    const statement = boardStatement(
      db,
      ws,
      now,
      settings.sync.syncHours,
      measures,
      q.report_id !== undefined,
      dayStarts,
      part,
    );
    return (await oneRow<{ board: Partial<BoardJson> }>(db, statement, PREPARED)).board;
  };
  const parts = await Promise.all([
    read("zones")(),
    read("lists")(),
    weeks ? weeks.get(JSON.stringify([ws, q.timezone, dayStarts[0]]), read("week")) : read("week")(),
  ]);
  const board = Object.assign({}, ...parts) as BoardJson;
  const views = new Map<number, ReturnType<typeof viewOf>>();
  const viewFor = (measure: number) => {
    let v = views.get(measure);
    if (!v) {
      v = viewOf(measureByNumber(measure) as Measure, q.timezone, lang);
      views.set(measure, v);
    }
    return v;
  };
  const zones = (board.zones ?? []).map(
    ([uid, name, email, measure, red, value, t, since, ranges, snoozedUntil]): BoardZoneRow => {
      const view = viewFor(measure);
      return {
        user: member([uid, name, email]),
        report_id: (measureByNumber(measure) as Measure).id,
        zone: red ? "red" : "yellow",
        value: view.toView(value),
        unit: view.unit,
        at: iso(t),
        since: red ? iso(since) : null,
        ranges,
        snoozed_until: iso(snoozedUntil),
      };
    },
  );
  const escalationMs = settings.measurement.escalationMinutes;
  const alerts = (board.alerts ?? []).map(
    ([uid, name, email, id, type, measure, value, t, created, escalated, snoozed, mails]): BoardAlertRow => {
      const m = measure === null ? undefined : measureByNumber(measure);
      const view = m && type === NOTIFICATION_TYPE.measurement ? viewFor(m.measure) : undefined;
      const escalates =
        escalationMs !== null &&
        measure === HEAT_MEASURE &&
        !snoozed &&
        type === NOTIFICATION_TYPE.measurement
          ? created + escalationMs * 60_000
          : null;
      return {
        id,
        notification_type: type,
        user: member([uid, name, email]),
        report_id: view && m ? m.id : null,
        value: view ? view.toViewOrNull(value) : null,
        unit: view ? view.unit : null,
        time: iso(t),
        created_at: iso(created),
        mailed: (mails ?? []).map((x) => ({ name: x.name, status: mailStatus(x.status), kind: x.kind })),
        snoozed,
        escalates_at: iso(escalates),
        escalated_at: iso(escalated),
      };
    },
  );
  const snoozes = (board.snoozes ?? []).map(
    ([uid, name, email, id, measure, starts, until, reason, byUid, byName]): Snooze => ({
      id,
      user: member([uid, name, email]),
      report_id: (measureByNumber(measure) as Measure).id,
      starts_at: iso(starts),
      until: iso(until),
      reason,
      by: { uid: byUid ?? "", name: byName ?? "" },
    }),
  );
  return {
    entity: { workspace_name: entity.workspaceName, name: entity.name, time_zone: entity.timeZone },
    generated_at: iso(now),
    sync_length_hours: settings.sync.syncHours,
    zones,
    zones_total: { red: board.red, yellow: board.yellow },
    not_syncing: (board.silent ?? []).map(([uid, name, email, last]) => ({
      user: member([uid, name, email]),
      last_sync_at: iso(last),
    })),
    not_syncing_total: board.silent_total,
    open_alerts: alerts,
    open_alerts_total: board.alerts_total,
    forms_waiting: (board.waiting ?? []).map(([formId, name, sentOrder, sent, answered, total, overdue]) => ({
      form_id: formId,
      name,
      sent_order: sentOrder,
      sent_at: iso(sent),
      answered,
      total,
      overdue,
    })),
    forms_waiting_total: board.waiting_total,
    wear: {
      members: board.members,
      today: board.today,
      week: dayStarts.map((d, i) => ({
        date: localDateIso(d, q.timezone),
        members: i === 6 ? board.today : Number(board.week[i] ?? 0),
      })),
    },
    snoozes,
    snoozes_total: board.snoozes_total,
  };
}
