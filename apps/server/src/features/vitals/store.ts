import { RAW_RETENTION_MIN_DAYS, SLEEP_SESSION_GAP_S, type SleepStage } from "@mimamori/shared";
import { eq, getTableName, type SQL, sql } from "drizzle-orm";
import { changesOf } from "../../db/changes";
import { copyIn, type Db, type NumericType, numberArray, oneRow, PREPARED, rows } from "../../db/client";
import {
  memberships,
  sleepSegments,
  sleepSessions,
  users,
  vitalRetention,
  vitalSamples,
  vitalSync,
} from "../../db/schema";
import { bare, bareList } from "../../db/sql-names";
import { AppError } from "../../lib/errors";
import { at } from "../../lib/time-sql";
import { KeyedMap, KeySet } from "./keys";
import { bucketStart, LEVEL_TABLE, LEVELS, type Level, nextBucket } from "./levels";
import { packableDays, unpackDays } from "./pack";
import type { Rejection, Sample, Segment } from "./validate";

export interface StoreResult {
  accepted: number;
  duplicates: number;
  rejected: Rejection[];
  lastSync: number;
}

/**
 * Serialises writers of one user's vital data (ingestion, rebuild) for the length of a transaction, and
 * holds the user's row against deletion meanwhile (the sample tables have no foreign key; see schema). Returns
 * the entities the user belongs to, whose kept reports the write makes out of date (db/changes.ts).
 */
export async function lockUser(tx: Db, userId: string): Promise<string[]> {
  const m = memberships;
  // one round trip: the lock is taken as the user's row is read (a missing user returns no row and takes no lock)
  // every statement a batch runs has one text: named, each connection parses and analyses it once (`prepared`)
  const found = await rows<{ of_user: string[] }>(
    tx,
    sql`select pg_advisory_xact_lock(hashtextextended(${`vitals:${userId}`}, 0)) is null as locked,
        array(select ${m.workspaceName} from ${m} where ${m.userId} = ${userId}::uuid) as of_user
      from ${users} where ${users.id} = ${userId}::uuid for key share`,
    PREPARED,
  );
  if (!found[0]) throw new AppError("user-missing");
  return found[0].of_user;
}

/**
 * Adds aggregates of new rows to the buckets of one level, creating the missing ones; with `allNew` (none of the
 * buckets can be stored yet) a plain insert, which costs the database less than an upsert's conflict check.
 */
function upsertLevel(db: Db, userId: string, level: Level, aggs: BucketAggregate[], allNew: boolean): SQL {
  const { table: t, column } = LEVEL_TABLE[level];
  // bare column names: insert lists, the conflict target, `excluded.` and the alias `b` take no table prefix
  const [min, max, sum, count] = [bare(t.min), bare(t.max), bare(t.sum), bare(t.count)];
  const insert = sql`insert into ${t} as b (${bareList(t.userId, t.measure, column, t.min, t.max, t.sum, t.count)})
    select ${userId}::uuid, measure, to_timestamp(start), min, max, sum, count
    from ${bucketParams(db, aggs)} as a(measure, start, min, max, sum, count)`;
  if (allNew) return insert;
  return sql`${insert}
    on conflict (${bareList(t.userId, t.measure, column)}) do update set
      ${min} = least(b.${min}, excluded.${min}), ${max} = greatest(b.${max}, excluded.${max}),
      ${sum} = b.${sum} + excluded.${sum}, ${count} = b.${count} + excluded.${count}`;
}

const maxOf = (xs: number[]) => xs.reduce((a, b) => Math.max(a, b), Number.NEGATIVE_INFINITY);

/** The latest sample time or segment end of a batch (epoch ms), null for an empty one. */
function latestOf(samples: Sample[], segments: Segment[]): number | null {
  let latest = Number.NEGATIVE_INFINITY;
  for (const s of samples) if (s.at > latest) latest = s.at;
  for (const s of segments) if (s.end > latest) latest = s.end;
  return latest === Number.NEGATIVE_INFINITY ? null : latest;
}

export interface BucketAggregate {
  measure: number;
  /** Bucket start, epoch milliseconds. */
  start: number;
  min: number;
  max: number;
  sum: number;
  count: number;
}

/** Min, max, sum and count of the samples per measure and hour (the finest bucket level). */
export function aggregateSamples(samples: Sample[]): BucketAggregate[] {
  const buckets = new KeyedMap<BucketAggregate>();
  for (const { measure, at, value } of samples) {
    const start = bucketStart(LEVELS[0], at);
    const b = buckets.get(measure, start);
    if (b) {
      if (value < b.min) b.min = value;
      if (value > b.max) b.max = value;
      b.sum += value;
      b.count++;
    } else buckets.set(measure, start, { measure, start, min: value, max: value, sum: value, count: 1 });
  }
  return buckets.values();
}

/** Aggregates of a finer level combined into the buckets of `level`. */
export function rollUp(aggs: BucketAggregate[], level: Level): BucketAggregate[] {
  const buckets = new KeyedMap<BucketAggregate>();
  for (const x of aggs) {
    const start = bucketStart(level, x.start);
    const b = buckets.get(x.measure, start);
    if (b) {
      if (x.min < b.min) b.min = x.min;
      if (x.max > b.max) b.max = x.max;
      b.sum += x.sum;
      b.count += x.count;
    } else buckets.set(x.measure, start, { ...x, start });
  }
  return buckets.values();
}

/**
 * Parallel arrays of bucket aggregates, bound as one parameter each (`numberArray`): an `unnest` of measure, start
 * (epoch seconds), min, max, sum and count, whose columns the caller names.
 */
function bucketParams(db: Db, aggs: BucketAggregate[]) {
  const col = (type: NumericType, f: (a: BucketAggregate) => number) => numberArray(db, type, aggs.map(f));
  return sql`unnest(${col("smallint", (a) => a.measure)}, ${col("float8", (a) => a.start / 1000)},
    ${col("float8", (a) => a.min)}, ${col("float8", (a) => a.max)}, ${col("float8", (a) => a.sum)},
    ${col("int", (a) => a.count)})`;
}

/** A stored range holding more rows than this many times the batch is probed sample by sample instead. */
const RANGE_READ_FACTOR = 4;

interface Stored {
  /** (measure, time) of stored samples among the batch's (maybe others too), time as epoch ms. */
  found: { m: number; t: number }[];
  /** No sample of the batch's measures is stored in any hour the batch touches, so neither is their hour bucket. */
  hoursEmpty: boolean;
}

/**
 * What of `samples` is stored already. Uploads are mostly new, contiguous data, so one range read of the batch's
 * span, widened to whole hours, usually answers, and tells whether the batch's hour buckets are all new (buckets
 * hold exactly the stored samples); a sparse batch over a densely stored span is looked up by its exact times
 * instead, so the read never grows with the stored history.
 */
async function storedKeys(tx: Db, userId: string, samples: Sample[]): Promise<Stored> {
  const [first] = samples;
  if (!first) return { found: [], hoursEmpty: true };
  const measures = numberArray(tx, "smallint", [...new Set(samples.map((s) => s.measure))]);
  let lo = first.at;
  let hi = lo;
  for (const s of samples) {
    if (s.at < lo) lo = s.at;
    if (s.at > hi) hi = s.at;
  }
  const cap = samples.length * RANGE_READ_FACTOR;
  const v = vitalSamples;
  const [hour] = LEVELS;
  const where = sql`${v.userId} = ${userId}::uuid and ${v.measure} = any(${measures})
    and ${v.at} >= ${at(bucketStart(hour, lo))} and ${v.at} < ${at(nextBucket(hour, bucketStart(hour, hi)))}`;
  const key = sql`${v.measure}::int as m, round(extract(epoch from ${v.at}) * 1000)::float8 as t`;
  const found = await rows<{ m: number; t: number }>(
    tx,
    sql`select ${key} from ${v} where ${where} limit ${cap + 1}`,
    PREPARED,
  );
  const hoursEmpty = found.length === 0;
  if (found.length <= cap) return { found, hoursEmpty };
  const exact = await rows<{ m: number; t: number }>(
    tx,
    sql`select ${key} from ${v} where ${where}
      and ${v.at} = any(${sql.param(samples.map((s) => new Date(s.at).toISOString()))}::timestamptz[])`,
  );
  return { found: exact, hoursEmpty };
}

/** Each measure's times strictly increase through the batch, as a band sends them: no sample repeats another. */
function timesIncrease(samples: Sample[]): boolean {
  const last = new Map<number, number>();
  for (const { measure, at } of samples) {
    const before = last.get(measure);
    if (before !== undefined && at <= before) return false;
    last.set(measure, at);
  }
  return true;
}

/**
 * The samples neither stored nor repeated earlier in the batch. The usual upload, new data in time order, needs no
 * set of its own keys (5,000 entries a batch, garbage the server's collector would copy): only the few stored
 * ones it may meet at the edge of an hour begun by the batch before are looked up.
 */
function freshSamples(samples: Sample[], stored: Stored): Sample[] {
  const increasing = timesIncrease(samples);
  if (increasing && stored.found.length === 0) return samples;
  const keys = new KeySet();
  for (const r of stored.found) keys.add(r.m, r.t);
  if (increasing) return samples.filter((s) => !keys.has(s.measure, s.at));
  return samples.filter((s) => keys.add(s.measure, s.at));
}

/**
 * Inserts the samples that are not stored yet (nor repeated earlier in the batch) and adds exactly those to
 * the buckets of every level: a retried batch inserts nothing and changes no total. Records the synchronisation in
 * the same statement (`syncUpsert`, latest sample or segment time `latestMs`). Returns the number inserted and the
 * sync time. Callers hold the user's lock (`lockUser`), so no other writer adds the user's samples in between: the
 * fresh samples cannot collide with a stored one, and on PostgreSQL they are copied in (`copyIn`).
 */
async function insertSamples(
  tx: Db,
  userId: string,
  samples: Sample[],
  latestMs: number | null,
): Promise<{ inserted: number; lastSync: number }> {
  const sync = syncUpsert(userId, latestMs);
  // samples of packed days: those days go back to the hot table first, so that what follows sees them (pack.ts)
  const old = packableDays(samples);
  if (old.days.length) await unpackDays(tx, userId, old.measures, old.days);
  const stored = await storedKeys(tx, userId, samples);
  const fresh = freshSamples(samples, stored);
  if (fresh.length === 0) {
    const { t } = await oneRow<{ t: number }>(tx, sync, PREPARED);
    return { inserted: 0, lastSync: t };
  }
  let aggs = aggregateSamples(fresh);
  const writes = LEVELS.map((level, i) => {
    if (i > 0) aggs = rollUp(aggs, level);
    const allNew = i === 0 && stored.hoursEmpty;
    return sql`${sql.raw(`l${i}`)} as (${upsertLevel(tx, userId, level, aggs, allNew)})`;
  });
  writes.push(sql`sync as (${sync})`);
  const copied = await copyIn(tx, COPY_SAMPLES, samplesCopyData(userId, fresh));
  const col = (type: NumericType, f: (s: Sample) => number) => numberArray(tx, type, fresh.map(f));
  // on PGlite one statement writes the samples, every level's buckets and the sync together
  // epoch seconds as float8: cheaper to bind and convert than ISO text; to_timestamp keeps the milliseconds
  const statement = copied
    ? sql`with ${sql.join(writes, sql`, `)} select t from sync`
    : sql`with s as (
        insert into ${vitalSamples} (${SAMPLE_COLUMNS})
        select ${userId}::uuid, i.measure, to_timestamp(i.at), i.value
        from unnest(${col("smallint", (s) => s.measure)}, ${col("float8", (s) => s.at / 1000)},
          ${col("float8", (s) => s.value)}) as i(measure, at, value)
      ), ${sql.join(writes, sql`, `)}
      select t from sync`;
  const { t } = await oneRow<{ t: number }>(tx, statement, PREPARED);
  return { inserted: fresh.length, lastSync: t };
}

/** The samples' columns in the order both ways of writing them give them. */
const SAMPLE_FIELDS = [
  vitalSamples.userId,
  vitalSamples.measure,
  vitalSamples.at,
  vitalSamples.value,
] as const;
const SAMPLE_COLUMNS = bareList(...SAMPLE_FIELDS);
const COPY_SAMPLES = `copy "${getTableName(vitalSamples)}" (${SAMPLE_FIELDS.map((c) => `"${c.name}"`).join(", ")}) from stdin with (format binary)`;

/** PostgreSQL's epoch (2000-01-01 UTC) in Unix milliseconds: binary timestamps count microseconds from it. */
const PG_EPOCH_MS = Date.UTC(2000, 0, 1);
/** COPY's binary signature, flags and header extension length. */
const COPY_HEADER = Buffer.concat([Buffer.from("PGCOPY\n\xff\r\n\0", "latin1"), Buffer.alloc(8)]);
/** Bytes of one sample's tuple: the field count, then each field's length and value (uuid, int2, int8, float8). */
const SAMPLE_TUPLE_BYTES = 2 + (4 + 16) + (4 + 2) + (4 + 8) + (4 + 8);

/** The samples of one user in COPY's binary format (user_id, measure, at, value). */
export function samplesCopyData(userId: string, samples: Sample[]): Buffer {
  const uuid = Buffer.from(userId.replaceAll("-", ""), "hex");
  const b = Buffer.allocUnsafe(COPY_HEADER.length + samples.length * SAMPLE_TUPLE_BYTES + 2);
  let o = COPY_HEADER.copy(b, 0);
  for (const s of samples) {
    o = b.writeInt16BE(4, o);
    o = b.writeInt32BE(16, o);
    o += uuid.copy(b, o);
    o = b.writeInt32BE(2, o);
    o = b.writeInt16BE(s.measure, o);
    o = b.writeInt32BE(8, o);
    // an int8 as two halves: a BigInt per sample would be garbage; microseconds stay exact in a double
    const micros = Math.round((s.at - PG_EPOCH_MS) * 1000);
    const high = Math.floor(micros / 2 ** 32);
    o = b.writeInt32BE(high, o);
    o = b.writeUInt32BE(micros - high * 2 ** 32, o);
    o = b.writeInt32BE(8, o);
    o = b.writeDoubleBE(s.value, o);
  }
  b.writeInt16BE(-1, o);
  return b;
}

/**
 * Stores sleep segments: one already stored with the same start, end and stage is a duplicate; one that
 * overlaps another segment is refused. The sessions around the new segments are recomputed.
 */
export async function insertSleep(
  tx: Db,
  userId: string,
  segments: Segment[],
): Promise<{ inserted: number; duplicates: number; rejected: Rejection[] }> {
  const sorted = [...segments].sort((a, b) => a.start - b.start);
  const [first] = sorted;
  if (!first) return { inserted: 0, duplicates: 0, rejected: [] };
  const lo = first.start;
  const hi = maxOf(sorted.map((s) => s.end));
  const g = sleepSegments;
  const existing = await rows<{ s: number; e: number; stage: string }>(
    tx,
    sql`select extract(epoch from ${g.startAt})::float8 * 1000 as s, extract(epoch from ${g.endAt})::float8 * 1000 as e,
        ${g.stage}
      from ${g} where ${g.userId} = ${userId}::uuid
      and ${g.startAt} >= ${at(lo - 86_400_000)} and ${g.startAt} < ${at(hi)} and ${g.endAt} > ${at(lo)}`,
  );
  const taken = existing.map((x) => ({ start: Math.round(x.s), end: Math.round(x.e), stage: x.stage }));
  const fresh: Segment[] = [];
  let duplicates = 0;
  const rejected: Rejection[] = [];
  for (const seg of sorted) {
    const same = taken.find((x) => x.start === seg.start);
    if (same && same.end === seg.end && same.stage === seg.stage) {
      duplicates++;
      continue;
    }
    if (taken.some((x) => x.start < seg.end && x.end > seg.start)) {
      rejected.push({ kind: "sleep", index: seg.index, reason: "sleep-overlap" });
      continue;
    }
    taken.push(seg);
    fresh.push(seg);
  }
  const [earliest] = fresh;
  if (earliest) {
    await tx.execute(sql`insert into ${g} (${bareList(g.userId, g.startAt, g.endAt, g.stage)})
      select ${userId}::uuid, i.s, i.e, i.stage
      from unnest(${sql.param(fresh.map((s) => new Date(s.start).toISOString()))}::timestamptz[],
        ${sql.param(fresh.map((s) => new Date(s.end).toISOString()))}::timestamptz[],
        ${sql.param(fresh.map((s) => s.stage))}::text[]) as i(s, e, stage)
      on conflict do nothing`);
    await refreshSessions(tx, userId, earliest.start, maxOf(fresh.map((s) => s.end)));
  }
  return { inserted: fresh.length, duplicates, rejected: rejected.sort((a, b) => a.index - b.index) };
}

/**
 * Recomputes the sleep sessions touching [lo, hi] (epoch ms): sessions within the gap of that span are
 * replaced by the islands of their segments and the new ones. Pass the whole time line to rebuild a user.
 */
export async function refreshSessions(tx: Db, userId: string, lo: number, hi: number): Promise<void> {
  const gap = SLEEP_SESSION_GAP_S * 1000;
  const ss = sleepSessions;
  const g = sleepSegments;
  const old = await oneRow<{ lo: number | null; hi: number | null }>(
    tx,
    sql`with d as (delete from ${ss} where ${ss.userId} = ${userId}::uuid
        and ${ss.endAt} >= ${at(lo - gap)} and ${ss.startAt} <= ${at(hi + gap)} returning ${ss.startAt}, ${ss.endAt})
      select extract(epoch from min(${bare(ss.startAt)}))::float8 * 1000 as lo,
        extract(epoch from max(${bare(ss.endAt)}))::float8 * 1000 as hi from d`,
  );
  const from = Math.min(lo, old.lo ?? lo);
  const to = Math.max(hi, old.hi ?? hi);
  // the inner queries' output columns are the segments' own, read by their bare names
  const [startAt, endAt, stage] = [bare(g.startAt), bare(g.endAt), bare(g.stage)];
  const hours = (x: SleepStage) => sql`coalesce(sum(h) filter (where ${stage} = ${x}), 0)`;
  await tx.execute(sql`insert into ${ss} (${bareList(ss.userId, ss.startAt, ss.endAt, ss.deep, ss.light, ss.rem, ss.awake)})
    select ${userId}::uuid, min(${startAt}), max(${endAt}),
      ${hours("deep")}, ${hours("light")}, ${hours("rem")}, ${hours("awake")}
    from (
      select *, sum(brk) over (order by ${startAt}) as grp from (
        select ${g.startAt}, ${g.endAt}, ${g.stage}, extract(epoch from ${g.endAt} - ${g.startAt}) / 3600 as h,
          case when ${g.startAt} - max(${g.endAt}) over (order by ${g.startAt} rows between unbounded preceding and 1 preceding)
            <= make_interval(secs => ${SLEEP_SESSION_GAP_S}) then 0 else 1 end as brk
        from ${g}
        where ${g.userId} = ${userId}::uuid and ${g.startAt} >= ${at(from)} and ${g.startAt} <= ${at(to)}
      ) a
    ) b group by grp`);
}

/**
 * Moves the user's vital-data revision (`vital_sync.revision`) in the transaction of a write to their buckets or
 * sessions other than an upload (which moves it in `syncUpsert`); nothing without a sync row, whose stats are never
 * kept (features/reports/report-memo.ts).
 */
export async function moveRevision(tx: Db, userId: string): Promise<void> {
  const y = vitalSync;
  await tx
    .update(y)
    .set({ revision: sql`${y.revision} + 1` })
    .where(eq(y.userId, userId));
}

/**
 * Records a synchronisation: now, the latest sample time seen (null: none) and a move of the data's revision. Returns the sync time (epoch s) as
 * `t`.
 */
function syncUpsert(userId: string, latestMs: number | null): SQL {
  const y = vitalSync;
  return sql`insert into ${y} as v (${bareList(y.userId, y.lastSyncAt, y.lastSampleAt)})
    values (${userId}::uuid, now(), ${latestMs === null ? null : new Date(latestMs).toISOString()}::timestamptz)
    on conflict (${bare(y.userId)}) do update set ${bare(y.lastSyncAt)} = excluded.${bare(y.lastSyncAt)},
      ${bare(y.lastSampleAt)} = greatest(v.${bare(y.lastSampleAt)}, excluded.${bare(y.lastSampleAt)}),
      ${bare(y.revision)} = v.${bare(y.revision)} + 1
    returning extract(epoch from v.${bare(y.lastSyncAt)})::float8 as t`;
}

/**
 * Work of another feature done in the batch's transaction once the batch is stored, so it commits with the data
 * or not at all (the alert evaluation: an acknowledged upload has its alerts). app.ts passes it to the routes, so
 * vitals imports no other feature. It may return what to do once the transaction has committed.
 */
export type IngestHook = (
  tx: Db,
  batch: { userId: string; samples: Sample[] },
) => Promise<(() => void) | undefined>;

/** No person's raw samples are removed younger than this (the shortest retention setting). */
const SAFE_FROM_RETENTION_MS = RAW_RETENTION_MIN_DAYS * 86_400_000;

/**
 * The samples not older than the person's raw data (`vital_retention.raw_from`): the retention job removed the raw
 * samples before it and kept their buckets, so such a sample, stored again, would count twice in the aggregates
 * (or, in a fresh hour, collide with them). It is refused with `before-raw-retention`. Read only for a batch
 * reaching back past the shortest retention; the caller holds the user's lock, as the retention job does.
 */
async function withinRawRetention(
  tx: Db,
  userId: string,
  samples: Sample[],
): Promise<{ kept: Sample[]; refused: Rejection[] }> {
  const oldest = Date.now() - SAFE_FROM_RETENTION_MS;
  if (!samples.some((s) => s.at < oldest)) return { kept: samples, refused: [] };
  const [row] = await tx
    .select({ rawFrom: vitalRetention.rawFrom })
    .from(vitalRetention)
    .where(eq(vitalRetention.userId, userId));
  if (!row) return { kept: samples, refused: [] };
  const from = row.rawFrom.getTime();
  const kept: Sample[] = [];
  const refused: Rejection[] = [];
  for (const s of samples)
    if (s.at >= from) kept.push(s);
    else refused.push({ kind: "samples", index: s.index ?? -1, reason: "before-raw-retention" });
  return { kept, refused };
}

/** The bulk path of ingestion (API, simulator, demo seed): one transaction per batch. */
export async function storeBatch(
  db: Db,
  userId: string,
  samples: Sample[],
  segments: Segment[],
  onStored?: IngestHook,
): Promise<StoreResult> {
  let afterCommit: (() => void) | undefined;
  let entities: string[] = [];
  const result = await db.transaction(async (tx) => {
    entities = await lockUser(tx, userId);
    const sleep = await insertSleep(tx, userId, segments);
    const { kept, refused } = await withinRawRetention(tx, userId, samples);
    const { inserted, lastSync } = await insertSamples(tx, userId, kept, latestOf(kept, segments));
    afterCommit = await onStored?.(tx, { userId, samples: kept });
    return {
      accepted: inserted + sleep.inserted,
      duplicates: kept.length - inserted + sleep.duplicates,
      rejected: [...refused, ...sleep.rejected].sort((a, b) => a.index - b.index),
      lastSync,
    };
  });
  // the member's entities' kept reports are out of date (db/changes.ts)
  changesOf(db).entities(entities);
  afterCommit?.();
  return result;
}
