import { sql } from "drizzle-orm";
import { vitalDays, vitalSamples } from "../db/schema";

const v = vitalSamples;
const d = vitalDays;

/**
 * How many samples are stored more than once (hot and packed, or in two packed days): a pack, an upload or a crash
 * may leave none. A plain union of the two tables, the tests' own check of raw.ts.
 */
export const samplesStoredTwice = sql<number>`(select count(*) from (
    select u, m, t from (
      select ${v.userId} as u, ${v.measure} as m, ${v.at} as t from ${v}
      union all
      select ${d.userId}, ${d.measure}, (${d.day} + x.o * interval '1 millisecond') at time zone 'UTC'
      from ${d}, unnest(${d.offsets}) as x(o)
    ) a group by 1, 2, 3 having count(*) > 1) b)::int`;
