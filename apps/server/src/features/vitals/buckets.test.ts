import { measureOf } from "@mimamori/shared";
import { type SQL, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type Db, oneRow, rows } from "../../db/client";
import { vitalSamples } from "../../db/schema";
import { signedInPerFile } from "../../test/per-file";
import { prng } from "../demo/simulator";
import { insideStats, windowStats } from "../reports/stats";
import { LEVEL_TABLE, LEVELS, type Level } from "./levels";
import { rebuildUser } from "./rebuild";

const { t, person: client2 } = signedInPerFile("client2@example.com");

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

/** Uploads `samples` as the person of `token`, batches starting every 1,500 samples (`size` long: they may overlap). */
async function uploadInBatches(samples: S[], token: string, size = 1500) {
  for (let i = 0; i < samples.length; i += 1500) {
    const res = await t.call(
      "POST",
      "/user/vitals",
      { samples: samples.slice(i, i + size) as never },
      { token },
    );
    expect(res.status).toBe(200);
  }
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

/** A level's stored buckets, and the same aggregates computed from the raw samples. */
const stored = (level: Level) => {
  const { table, column } = LEVEL_TABLE[level];
  return sql`select measure::int as m, extract(epoch from ${column})::float8 as b, min::float8, max::float8,
    round(sum::numeric, 6)::float8 as sum, count::int from ${table}`;
};
const start = (level: Level) =>
  sql`extract(epoch from date_trunc(${level}, at at time zone 'UTC') at time zone 'UTC')`;
const fromRaw = (
  level: Level,
) => sql`select measure::int as m, (${start(level)})::float8 as b, min(value)::float8 as min,
  max(value)::float8 as max, round(sum(value)::numeric, 6)::float8 as sum, count(*)::int as count from ${vitalSamples}`;
const allLevels = (user: SQL) =>
  Promise.all(LEVELS.map((level) => rows(t.db, sql`${stored(level)} ${user} order by 1, 2`)));

describe("buckets equal the raw aggregates (property, seeded random data)", () => {
  const samples = randomSamples(42, 6000);
  // each key keeps its first value: later uploads of the same key are duplicates
  const kept = new Map<string, S>();
  for (const s of samples) if (!kept.has(`${s.code}:${s.time}`)) kept.set(`${s.code}:${s.time}`, s);

  beforeAll(() => uploadInBatches(samples, client2.token, 2500));

  it.each(LEVELS)("%s buckets match GROUP BY over the raw samples", async (level) => {
    const user = sql`where user_id = ${client2.uid}::uuid`;
    const expected = await rows(t.db, sql`${fromRaw(level)} ${user} group by 1, 2 order by 1, 2`);
    expect(expected.length).toBeGreaterThan(0);
    expect(await rows(t.db, sql`${stored(level)} ${user} order by 1, 2`)).toEqual(expected);
    const n = await oneRow<{ n: number }>(t.db, sql`select count(*)::int as n from ${vitalSamples} ${user}`);
    expect(n.n).toBe(kept.size);
  });

  it("window statistics over random windows equal the raw aggregates of the window", async () => {
    const r = prng(7);
    const hr = measureOf("00005091");
    for (let i = 0; i < 40; i++) {
      const from = (START - 86400 + Math.floor((r.next() * (SPAN + 86400)) / 900) * 900) * 1000;
      const to = from + Math.floor(r.next() * r.next() * SPAN * 1000);
      const stats = await windowStats(t.db, sql`select ${client2.uid}::uuid`, hr, {
        start: from,
        end: to,
        timezone: "UTC",
      });
      const raw = await oneRow<{ max: number | null; min: number | null; mean: number | null }>(
        t.db,
        sql`select max(value)::float8 as max, min(value)::float8 as min, avg(value)::float8 as mean from ${vitalSamples}
          where user_id = ${client2.uid}::uuid and measure = 5091
            and at >= ${new Date(from).toISOString()}::timestamptz and at < ${new Date(to).toISOString()}::timestamptz`,
      );
      const got = stats.get(client2.uid);
      if (raw.max === null) expect(got).toBeUndefined();
      else {
        expect(got).toBeDefined();
        expect([got?.max, got?.min]).toEqual([raw.max, raw.min]);
        expect(got?.mean).toBeCloseTo(raw.mean as number, 9);
      }
    }
  });

  it("members who consented inside the window count from their consent, read together in one statement", async () => {
    // a second member with data of their own, so that a consent hour holds two people
    const other = await t.signIn("client3@example.com");
    await uploadInBatches(randomSamples(43, 3000), other.idToken);
    let statements = 0;
    const counted = new Proxy(t.db, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (key !== "execute") return value;
        return (...args: unknown[]) => {
          statements++;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    }) as Db;
    const rawStats = (uid: string, code: number, from: number, to: number) =>
      oneRow<{ max: number | null; min: number | null; mean: number | null }>(
        t.db,
        sql`select max(value)::float8 as max, min(value)::float8 as min, avg(value)::float8 as mean from ${vitalSamples}
          where user_id = ${uid}::uuid and measure = ${code}
            and at >= ${new Date(from).toISOString()}::timestamptz and at < ${new Date(to).toISOString()}::timestamptz`,
      );
    const r = prng(11);
    const hr = measureOf("00005091");
    for (let i = 0; i < 30; i++) {
      const start = (START + Math.floor(r.next() * SPAN * 0.5)) * 1000;
      const end = start + Math.floor((0.2 + r.next()) * SPAN * 500);
      // consents at odd milliseconds; the second in the first's hour every other time, else in another hour
      const first = start + Math.floor(r.next() * (end - start) * 0.8) + 0.4;
      const sameHour = i % 2 === 0;
      const second = sameHour
        ? Math.min(Math.ceil(first / 3_600_000) * 3_600_000 - 1, first + Math.floor(r.next() * 3_600_000))
        : first + 3_600_000 + Math.floor(r.next() * (end - first - 3_600_000) * 0.9);
      const members = [
        { id: client2.uid, since: first },
        { id: other.user.uid, since: second },
        { id: "00000000-0000-4000-8000-000000000000", since: start - 1 }, // consented before: not read here
      ];
      statements = 0;
      const stats = await insideStats(counted, hr, { start, end, timezone: "UTC" }, members);
      expect(statements).toBe(1);
      for (const { id, since } of members.slice(0, 2)) {
        const raw = await rawStats(id, hr.measure, Math.ceil(since), end);
        const got = stats.get(id);
        if (raw.max === null) expect(got).toBeUndefined();
        else {
          expect([got?.max, got?.min]).toEqual([raw.max, raw.min]);
          expect(got?.mean).toBeCloseTo(raw.mean as number, 9);
        }
      }
      expect(stats.has(members[2]?.id ?? "")).toBe(false);
    }
    // steps: each member's daily totals from their consent on, in Tokyo days
    const steps = measureOf("00005097");
    const start = (START + 3 * 86400) * 1000;
    const end = start + 20 * 86_400_000;
    const since = start + 5.5 * 86_400_000 + 1234;
    const stats = await insideStats(counted, steps, { start, end, timezone: "Asia/Tokyo" }, [
      { id: client2.uid, since },
      { id: other.user.uid, since: since + 60_000 },
    ]);
    for (const [uid, from] of [
      [client2.uid, since],
      [other.user.uid, since + 60_000],
    ] as const) {
      const totals = await rows<{ total: number }>(
        t.db,
        sql`select sum(value)::float8 as total from ${vitalSamples}
          where user_id = ${uid}::uuid and measure = ${steps.measure}
            and at >= ${new Date(from).toISOString()}::timestamptz and at < ${new Date(end).toISOString()}::timestamptz
          group by (at at time zone 'Asia/Tokyo')::date`,
      );
      const values = totals.map((x) => x.total);
      expect(values.length).toBeGreaterThan(0);
      const got = stats.get(uid);
      expect([got?.max, got?.min]).toEqual([Math.max(...values), Math.min(...values)]);
    }
  });

  it.each(["Asia/Tokyo", "America/New_York", "Asia/Kolkata", "Asia/Kathmandu"])(
    "daily points of the report equal the raw samples grouped by local day in %s",
    async (tz) => {
      for (const code of ["00005091", "00005097"]) {
        const res = await t.call(
          "GET",
          `/user/reports/resq_band/${code}?start_time=${START - 86400}&end_time=${START + SPAN + 86400}&interval=monthly&timezone=${tz}`,
          undefined,
          { token: client2.token },
        );
        expect(res.status).toBe(200);
        const expected = new Map<string, { max: number; min: number; sum: number; n: number }>();
        for (const s of kept.values()) {
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

  it("a window that ends now counts the samples of the current hour", async () => {
    const now = Date.now();
    const recent = [
      { code: "00005091", time: Math.floor(now / 1000) - 5, value: 181 },
      { code: "00005091", time: Math.floor(now / 1000) - 3 * 3600, value: 41 },
    ];
    expect(
      (await t.call("POST", "/user/vitals", { samples: recent }, { token: client2.token })).body,
    ).toMatchObject({
      accepted: 2,
    });
    const hr = measureOf("00005091");
    const users = sql`select ${client2.uid}::uuid`;
    for (const open of [true, false]) {
      const end = Date.now();
      const stats = await windowStats(t.db, users, hr, {
        start: end - 4 * 3600_000,
        end,
        timezone: "UTC",
        open,
      });
      expect(stats.get(client2.uid)).toEqual({ max: 181, min: 41, mean: 111 });
    }
    // longer windows that end now end with the current day's and month's buckets (stats.ts): still the raw figures
    for (const days of [2, 40, 400]) {
      const end = Date.now();
      const start = end - days * 86_400_000;
      const stats = await windowStats(t.db, users, hr, { start, end, timezone: "UTC", open: true });
      const raw = await oneRow<{ max: number; min: number; mean: number }>(
        t.db,
        sql`select max(value)::float8 as max, min(value)::float8 as min, avg(value)::float8 as mean from ${vitalSamples}
          where user_id = ${client2.uid}::uuid and measure = 5091 and at >= ${new Date(start).toISOString()}::timestamptz`,
      );
      const got = stats.get(client2.uid);
      expect([got?.max, got?.min]).toEqual([raw.max, raw.min]);
      expect(got?.mean).toBeCloseTo(raw.mean, 9);
    }
  });

  it("a rebuild from raw gives the same buckets at every level", async () => {
    const user = sql`where user_id = ${client2.uid}::uuid`;
    const before = await allLevels(user);
    const { hour, day, month } = LEVEL_TABLE;
    await t.db.execute(sql`update ${hour.table} set count = count + 1 ${user}`);
    await t.db.execute(sql`delete from ${day.table} ${user}`);
    await t.db.execute(sql`update ${month.table} set max = max + 1 ${user}`);
    await rebuildUser(t.db, client2.uid);
    expect(await allLevels(user)).toEqual(before);
  });
});
