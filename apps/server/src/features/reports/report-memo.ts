import type { Measure } from "@mimamori/shared";
import { sql } from "drizzle-orm";
import type { Changes } from "../../db/changes";
import type { Db } from "../../db/client";
import { PREPARED, rows } from "../../db/client";
import { acceptedClientConsent } from "../../db/membership-rules";
import { memberships, vitalSync } from "../../db/schema";
import { bare } from "../../db/sql-names";
import type { Window } from "./series";
import { consentedStatsQuery, type Stat, statsReach, statsRows } from "./stats";

/** A member's stats over a window as read, with what they were read under. */
export interface KeptStat {
  /** The member's `vital_sync.revision` in the statement that read the stats. */
  revision: number;
  /** Their consent then (epoch ms): sleep counts nights from it. */
  since: number | null;
  /** Null: no data in the window. */
  stat: Stat | null;
}

/**
 * Members kept at most, stats and rosters together: ~220 bytes each (measured), ~4.4 MB in all. A window of a
 * 1,000-member entity keeps 1,000 stats and its roster 1,000 members: room for ten of its report and interval pairs
 * (a staff member looks at a few), or for a hundred of a 100-member entity's.
 */
export const REPORT_MEMO_MAX_MEMBERS = 20_000;

/**
 * What the staff reports keep between reads beside their answers (answer-cache.ts), which every upload drops
 * (issue 32 §1; docs/decisions.md "Stats kept per member"):
 *
 * - Each member's stats per entity, measure and window, until that member's vital data changes. A member's stats over
 *   a window read only their own buckets in [start, reach) (stats.ts `statsReach`), and every write to those moves
 *   the member's `vital_sync.revision` in its transaction, so a report reads the revisions with its members and
 *   reads again only the stats of those whose revision moved (an upload: one member, not the entity's thousand),
 *   whichever process wrote.
 * - Each entity's roster of a measure (its members by name with their consent and tuning, its general ranges) while
 *   no change other than uploads came (db/changes.ts: an upload changes its entities, everything else changes
 *   everything), as the kept answers are.
 *
 * Grading is done at every read. The least recently used go first past `maxMembers`.
 */
export function reportMemo(changes: Changes, maxMembers = REPORT_MEMO_MAX_MEMBERS) {
  const windows = new Map<string, Map<string, KeptStat>>();
  const rosters = new Map<string, { stamp: number; members: number; roster: unknown }>();
  let size = 0;

  const evict = () => {
    // a Map iterates in insertion order: the first are the least recently used
    for (const oldest of windows.keys()) {
      if (size <= maxMembers) return;
      size -= windows.get(oldest)?.size ?? 0;
      windows.delete(oldest);
    }
    for (const oldest of rosters.keys()) {
      if (size <= maxMembers) return;
      size -= rosters.get(oldest)?.members ?? 0;
      rosters.delete(oldest);
    }
  };

  return {
    /** The stats kept of a window (most recently used from now on), or undefined when none are. */
    window(key: string): Map<string, KeptStat> | undefined {
      const kept = windows.get(key);
      if (kept) {
        windows.delete(key);
        windows.set(key, kept);
      }
      return kept;
    },
    /** Keeps members' stats of a window beside those kept. */
    keep(key: string, stats: Iterable<[string, KeptStat]>) {
      const kept = windows.get(key) ?? new Map<string, KeptStat>();
      windows.set(key, kept);
      for (const [id, s] of stats) {
        if (!kept.has(id)) size++;
        kept.set(id, s);
      }
      evict();
    },
    /** The roster of an entity's measure: kept while nothing but uploads changed, else `read` (and kept). */
    async roster<R extends { members: unknown[] }>(
      ws: string,
      m: Measure,
      read: () => Promise<R>,
    ): Promise<R> {
      const key = JSON.stringify([ws, m.measure]);
      const hit = rosters.get(key);
      if (hit && changes.isCurrent(hit.stamp)) {
        rosters.delete(key);
        rosters.set(key, hit);
        return hit.roster as R;
      }
      const stamp = changes.stamp();
      const roster = await read();
      if (changes.isCurrent(stamp)) {
        size += roster.members.length - (rosters.get(key)?.members ?? 0);
        rosters.delete(key);
        rosters.set(key, { stamp, members: roster.members.length, roster });
        evict();
      }
      return roster;
    },
    size: () => ({ windows: windows.size, rosters: rosters.size, members: size }),
  };
}

export type ReportMemo = ReturnType<typeof reportMemo>;

/** The key of an entity's stats of a measure over a window: the window as far as the stats read (statsReach). */
export const statsKey = (ws: string, m: Measure, w: Window) =>
  JSON.stringify([ws, m.measure, w.timezone, w.start, statsReach(m, w)]);

/**
 * Whether a member's stats over `w` come from the entity's stats statement (stats.ts `consentedStatsQuery`): those
 * of every consented member for sleep, else of those who consented at or before the window's start.
 */
export const readTogether = (m: Measure, w: Window, since: number | null) =>
  since !== null && (m.aggregation === "sleep" || since <= w.start);

/** A row of `readStale`: a measure and member, the member's revision and consent, and their stats. */
type StaleRow = [
  measure: number,
  id: string,
  revision: number | null,
  since: number | null,
  has: boolean,
  max: number | null,
  min: number | null,
  mean: number | null,
];

/** What `readStale` read of a member: to keep, unless the member has no revision (no sync row: never kept). */
export type ReadStat = KeptStat | { revision: null; stat: Stat | null };

/**
 * The stats over `w` of each part's members (`ids`, among the entity's members whose stats are read together: see
 * consentedStatsQuery) for its measure, each with the member's revision and consent read in the same statement (what
 * to keep matches what was read): one statement for every part. By measure, then member.
 */
export async function readStale(
  db: Db,
  ws: string,
  w: Window,
  parts: { m: Measure; ids: string[] }[],
): Promise<Map<number, Map<string, ReadStat>>> {
  const stats = sql.join(
    parts.map(({ m, ids }) => {
      const only = sql`${sql.param(ids)}::uuid[]`;
      return sql`select ${m.measure}::int as smeasure, x.* from (${statsRows(consentedStatsQuery(ws, m, w, undefined, only))}) x`;
    }),
    sql` union all `,
  );
  const measures = parts.flatMap(({ m, ids }) => ids.map(() => m.measure));
  const ids = parts.flatMap((p) => p.ids);
  const y = vitalSync;
  const found = await rows<{ r: StaleRow[] | null }>(
    db,
    sql`with s as materialized (${stats})
      select json_agg(json_build_array(k.measure, k.id, y.${bare(y.revision)}, extract(epoch from cs.since) * 1000,
          s.sid is not null, s.smax, s.smin, s.smean)) as r
        from unnest(${sql.param(measures)}::int[], ${sql.param(ids)}::uuid[]) as k(measure, id)
          left join ${y} y on y.${bare(y.userId)} = k.id
          left join (${acceptedClientConsent(ws)}) cs on cs.${bare(memberships.userId)} = k.id
          left join s on s.smeasure = k.measure and s.sid = k.id`,
    PREPARED,
  );
  const out = new Map<number, Map<string, ReadStat>>(parts.map(({ m }) => [m.measure, new Map()]));
  for (const [measure, id, revision, since, has, max, min, mean] of found[0]?.r ?? []) {
    const stat = has ? { max: max as number, min: min as number, mean: mean as number } : null;
    out.get(measure)?.set(id, revision === null ? { revision, stat } : { revision, since, stat });
  }
  return out;
}

/** A member as the memo needs them: consent and vital-data revision read now. */
export interface MemberState {
  id: string;
  since: number | null;
  revision?: number | null;
}

/**
 * What to keep of stats a statement read for every member of a measure (`stats`, none for a member without data):
 * those of the members read together with a revision.
 */
export function keptOf(
  m: Measure,
  w: Window,
  members: MemberState[],
  stats: Map<string, Stat>,
): [string, KeptStat][] {
  const kept: [string, KeptStat][] = [];
  for (const { id, since, revision } of members)
    if (revision != null && readTogether(m, w, since))
      kept.push([id, { revision, since, stat: stats.get(id) ?? null }]);
  return kept;
}

/**
 * Each measure's stats of the members read together over `w`, from a window whose stats are kept (`kept`): a kept
 * member's whose revision and consent are those read now, the others' read again (one statement for every measure)
 * and kept. By measure.
 */
export async function keptStats(
  db: Db,
  memo: ReportMemo,
  ws: string,
  w: Window,
  members: MemberState[],
  parts: { m: Measure; kept: Map<string, KeptStat> }[],
): Promise<Map<number, Map<string, Stat>>> {
  const out = new Map<number, Map<string, Stat>>();
  const stale: { m: Measure; ids: string[] }[] = [];
  for (const { m, kept } of parts) {
    const stats = new Map<string, Stat>();
    out.set(m.measure, stats);
    const ids: string[] = [];
    for (const { id, since, revision } of members) {
      if (!readTogether(m, w, since)) continue;
      const k = kept.get(id);
      if (k && revision != null && k.revision === revision && k.since === since) {
        if (k.stat) stats.set(id, k.stat);
      } else ids.push(id);
    }
    if (ids.length) stale.push({ m, ids });
  }
  if (stale.length === 0) return out;
  const read = await readStale(db, ws, w, stale);
  for (const { m } of stale) {
    const fresh: [string, KeptStat][] = [];
    for (const [id, s] of read.get(m.measure) ?? []) {
      if (s.stat) out.get(m.measure)?.set(id, s.stat);
      if (s.revision !== null) fresh.push([id, s]);
    }
    memo.keep(statsKey(ws, m, w), fresh);
  }
  return out;
}
