import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/app";
import { prng } from "../../tools/simulator";
import { rebuildUser } from "./rebuild";
import { rows } from "./sql";

let t: TestApp;
let token: string;
let uid: string;
beforeAll(async () => {
  t = await startTestApp({ seed: true });
  const s = await t.signIn("client2@example.com");
  token = s.idToken;
  uid = s.user.uid;
});
afterAll(() => t.close());

const START = Date.parse("2024-03-01T00:00:00Z") / 1000;
const SPAN = 40 * 86400; // across the March daylight-saving change in New York

interface S {
  code: string;
  time: number;
  value: number;
}

/** Random samples of two measures (seeded), uploaded in overlapping batches so that many repeat. */
function randomSamples(seed: number, n: number): S[] {
  const r = prng(seed);
  return Array.from({ length: n }, () => {
    const steps = r.chance(0.3);
    return {
      code: steps ? "00005097" : "00005091",
      time: START + Math.floor(r.next() * SPAN),
      value: steps ? Math.round(r.between(0, 500)) : Math.round(r.between(40, 180) * 10) / 10,
    };
  });
}

/** Local calendar day of an instant, YYYY-MM-DD, by the platform's own time-zone data. */
const formats = new Map<string, Intl.DateTimeFormat>();
function localDay(sec: number, tz: string) {
  let f = formats.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", { timeZone: tz, year: "numeric", month: "2-digit", day: "2-digit" });
    formats.set(tz, f);
  }
  return f.format(sec * 1000);
}

const BUCKETS = sql`select measure::int as m, extract(epoch from bucket)::float8 as b, min::float8, max::float8,
  round(sum::numeric, 6)::float8 as sum, count::int from vital_buckets_15m`;
const DAYS = sql`select measure::int as m, extract(epoch from day)::float8 as b, min::float8, max::float8,
  round(sum::numeric, 6)::float8 as sum, count::int from vital_buckets_day`;

describe("buckets equal the raw aggregates (property, seeded random data)", () => {
  const samples = randomSamples(42, 6000);
  // each key keeps its first value: later uploads of the same key are duplicates
  const stored = new Map<string, S>();
  for (const s of samples) if (!stored.has(`${s.code}:${s.time}`)) stored.set(`${s.code}:${s.time}`, s);

  beforeAll(async () => {
    for (let i = 0; i < samples.length; i += 1500) {
      const res = await t.call(
        "POST",
        "/user/vitals",
        { samples: samples.slice(i, i + 2500) as never },
        { token },
      );
      expect(res.status).toBe(200);
    }
  });

  it("15-minute and UTC-day buckets match GROUP BY over the raw samples", async () => {
    const user = sql`where user_id = ${uid}::uuid`;
    const raw15 = await rows(
      t.db,
      sql`select measure::int as m, (floor(extract(epoch from at) / 900) * 900)::float8 as b, min(value)::float8 as min,
        max(value)::float8 as max, round(sum(value)::numeric, 6)::float8 as sum, count(*)::int as count
        from vital_samples ${user} group by 1, 2 order by 1, 2`,
    );
    const rawDay = await rows(
      t.db,
      sql`select measure::int as m, (floor(extract(epoch from at) / 86400) * 86400)::float8 as b, min(value)::float8 as min,
        max(value)::float8 as max, round(sum(value)::numeric, 6)::float8 as sum, count(*)::int as count
        from vital_samples ${user} group by 1, 2 order by 1, 2`,
    );
    expect(await rows(t.db, sql`${BUCKETS} ${user} order by 1, 2`)).toEqual(raw15);
    expect(await rows(t.db, sql`${DAYS} ${user} order by 1, 2`)).toEqual(rawDay);
    const [n] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from vital_samples ${user}`);
    expect(n.n).toBe(stored.size);
  });

  it.each(["Asia/Tokyo", "America/New_York", "Asia/Kolkata", "Asia/Kathmandu"])(
    "daily points of the report equal the raw samples grouped by local day in %s",
    async (tz) => {
      for (const code of ["00005091", "00005097"]) {
        const res = await t.call(
          "GET",
          `/user/reports/resq_band/${code}?start_time=${START - 86400}&end_time=${START + SPAN + 86400}&interval=monthly&timezone=${tz}`,
          undefined,
          { token },
        );
        expect(res.status).toBe(200);
        const expected = new Map<string, { max: number; min: number; sum: number; n: number }>();
        for (const s of stored.values()) {
          if (s.code !== code) continue;
          const d = localDay(s.time, tz);
          const e = expected.get(d) ?? { max: -Infinity, min: Infinity, sum: 0, n: 0 };
          expected.set(d, {
            max: Math.max(e.max, s.value),
            min: Math.min(e.min, s.value),
            sum: e.sum + s.value,
            n: e.n + 1,
          });
        }
        const got = new Map(
          (res.body.values as [number, number, number | null, number | null][]).map((r) => [
            localDay(r[0], tz),
            r,
          ]),
        );
        expect([...got.keys()].sort()).toEqual([...expected.keys()].sort());
        for (const [d, e] of expected) {
          const row = got.get(d) as [number, number, number | null, number | null];
          // the point's time is that local day's midnight
          expect(localDay(row[0], tz)).toBe(d);
          expect(localDay(row[0] - 1, tz)).not.toBe(d);
          if (code === "00005097") expect(row[1]).toBeCloseTo(e.sum, 6);
          else {
            expect([row[1], row[2]]).toEqual([e.max, e.min]);
            expect(row[3]).toBeCloseTo(e.sum / e.n, 2);
          }
        }
      }
    },
  );

  it("a rebuild from raw gives the same buckets", async () => {
    const user = sql`where user_id = ${uid}::uuid`;
    const before = [
      await rows(t.db, sql`${BUCKETS} ${user} order by 1, 2`),
      await rows(t.db, sql`${DAYS} ${user} order by 1, 2`),
    ];
    await t.db.execute(sql`update vital_buckets_15m set count = count + 1 ${user}`);
    await t.db.execute(sql`delete from vital_buckets_day ${user}`);
    await rebuildUser(t.db, uid);
    const after = [
      await rows(t.db, sql`${BUCKETS} ${user} order by 1, 2`),
      await rows(t.db, sql`${DAYS} ${user} order by 1, 2`),
    ];
    expect(after).toEqual(before);
  });
});
