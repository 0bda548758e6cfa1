import { defaultRanges, type Measure, type ZoneRange, type ZoneRanges } from "@mimamori/shared";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { ForgetMember } from "../../db/membership-rules";
import { reportRanges, reportTunings } from "../../db/schema";
import { bare } from "../../db/sql-names";
import { regradeStates } from "../../db/state-zones";

const toRanges = (r: { maxValue: number[]; minValue: number[]; meanValue: number[] }): ZoneRanges => ({
  maxValue: r.maxValue as ZoneRange,
  minValue: r.minValue as ZoneRange,
  meanValue: r.meanValue as ZoneRange,
});

/** The entity's general ranges of a measure, or the defaults of §9. */
export async function generalRanges(db: Db, ws: string, m: Measure): Promise<ZoneRanges> {
  const [row] = await db
    .select()
    .from(reportRanges)
    .where(and(eq(reportRanges.workspaceName, ws), eq(reportRanges.measure, m.measure)));
  return row ? toRanges(row) : defaultRanges(m);
}

/** Saves the entity's ranges of a measure; its members' kept zones are graded again in the same transaction. */
export async function saveGeneralRanges(db: Db, ws: string, m: Measure, r: ZoneRanges): Promise<void> {
  const values = { workspaceName: ws, measure: m.measure, ...r, updatedAt: new Date() };
  await db.transaction(async (tx) => {
    await tx
      .insert(reportRanges)
      .values(values)
      .onConflictDoUpdate({ target: [reportRanges.workspaceName, reportRanges.measure], set: values });
    await regradeStates(tx, ws, m);
  });
}

export interface Tuning {
  isTuned: boolean;
  ranges: ZoneRanges | null;
}

/** Every member's tuning of a measure in the entity, by user id. */
export async function tuningsOf(db: Db, ws: string, m: Measure): Promise<Map<string, Tuning>> {
  const rows = await db
    .select()
    .from(reportTunings)
    .where(and(eq(reportTunings.workspaceName, ws), eq(reportTunings.measure, m.measure)));
  return new Map(
    rows.map((r) => [
      r.userId,
      {
        isTuned: r.isTuned,
        ranges:
          r.maxValue && r.minValue && r.meanValue
            ? toRanges({ maxValue: r.maxValue, minValue: r.minValue, meanValue: r.meanValue })
            : null,
      },
    ]),
  );
}

/** The ranges that colour a member's values: their own while tuned, else the entity's. */
export function effectiveRanges(general: ZoneRanges, t: Tuning | undefined): ZoneRanges {
  return t?.isTuned && t.ranges ? t.ranges : general;
}

/** Saves a member's own ranges and switches tuning on. */
export async function saveTuning(db: Db, ws: string, m: Measure, userId: string, r: ZoneRanges) {
  const values = {
    workspaceName: ws,
    measure: m.measure,
    userId,
    isTuned: true,
    ...r,
    updatedAt: new Date(),
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(reportTunings)
      .values(values)
      .onConflictDoUpdate({
        target: [reportTunings.workspaceName, reportTunings.measure, reportTunings.userId],
        set: values,
      });
    await regradeStates(tx, ws, m, userId);
  });
}

/**
 * Switches a member's tuning on or off. Switching on without own ranges starts them from the general ones;
 * switching off keeps the own ranges for the next time.
 */
export async function setTuned(db: Db, ws: string, m: Measure, userId: string, isTuned: boolean) {
  const general = await generalRanges(db, ws, m);
  const t = reportTunings;
  await db.transaction(async (tx) => {
    await tx
      .insert(reportTunings)
      .values({ workspaceName: ws, measure: m.measure, userId, isTuned, ...(isTuned ? general : {}) })
      .onConflictDoUpdate({
        target: [reportTunings.workspaceName, reportTunings.measure, reportTunings.userId],
        set: {
          isTuned,
          updatedAt: new Date(),
          ...(isTuned
            ? {
                // Drizzle has no `excluded.` column: its bare name, from the column
                maxValue: sql`coalesce(${t.maxValue}, excluded.${bare(t.maxValue)})`,
                minValue: sql`coalesce(${t.minValue}, excluded.${bare(t.minValue)})`,
                meanValue: sql`coalesce(${t.meanValue}, excluded.${bare(t.meanValue)})`,
              }
            : {}),
        },
      });
    await regradeStates(tx, ws, m, userId);
  });
}

/** A member's own report ranges in an entity go with their membership. */
export const forgetMemberTunings: ForgetMember = async (tx, ws, userId) => {
  await tx
    .delete(reportTunings)
    .where(and(eq(reportTunings.workspaceName, ws), eq(reportTunings.userId, userId)));
};
