import type { Measure } from "@mimamori/shared";
import { sql } from "drizzle-orm";
import type { Changes } from "../../db/changes";
import type { Db } from "../../db/client";
import { PREPARED, rows } from "../../db/client";
import { acceptedClientConsent } from "../../db/membership-rules";
import { memberships, vitalSync } from "../../db/schema";
import { bare } from "../../db/sql-names";
import type { Window } from "./series";
import { consentedStatsQuery, type Stat, statsReach } from "./stats";

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

/** A row of `readStale`: a member, their revision, consent and stats in one statement. */
type StaleRow = [
  id: string,
  revision: number | null,
  since: number | null,
  has: boolean,
  max: number | null,
  min: number | null,
  mean: number | null,
];

/**
 * The stats of `ids` among the entity's members whose stats are read together (consentedStatsQuery), each with the
 * revision and consent read in the same statement: what to keep. A member without a sync row (no upload yet) has
 * no revision and is not kept.
 */
export async function readStale(
  db: Db,
  ws: string,
  m: Measure,
  w: Window,
  ids: string[],
): Promise<Map<string, KeptStat | { revision: null; stat: Stat | null }>> {
  const only = sql`${sql.param(ids)}::uuid[]`;
  const query = consentedStatsQuery(ws, m, w, undefined, only);
  const y = vitalSync;
  const consent = acceptedClientConsent(ws);
  const stats = query ?? sql`select null::uuid, null::float8, null::float8, null::float8 where false`;
  const found = await rows<{ r: StaleRow[] | null }>(
    db,
    sql`with s as materialized (select * from (${stats}) as x(sid, smax, smin, smean))
      select json_agg(json_build_array(k.id, y.${bare(y.revision)}, extract(epoch from cs.since) * 1000,
          s.sid is not null, s.smax, s.smin, s.smean)) as r
        from unnest(${only}) as k(id)
          left join ${y} y on y.${bare(y.userId)} = k.id
          left join (${consent}) cs on cs.${bare(memberships.userId)} = k.id
          left join s on s.sid = k.id`,
    PREPARED,
  );
  const out = new Map<string, KeptStat | { revision: null; stat: Stat | null }>();
  for (const [id, revision, since, has, max, min, mean] of found[0]?.r ?? []) {
    const stat = has ? { max: max as number, min: min as number, mean: mean as number } : null;
    out.set(id, revision === null ? { revision, stat } : { revision, since, stat });
  }
  return out;
}
