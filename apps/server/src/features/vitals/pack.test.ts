import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changesOf } from "../../db/changes";
import { oneRow, rows } from "../../db/client";
import {
  users,
  vitalBucketsDay,
  vitalBucketsHour,
  vitalBucketsMonth,
  vitalDays,
  vitalHourDays,
  vitalSamples,
} from "../../db/schema";
import { bareList } from "../../db/sql-names";
import { localMidnightMs } from "../../lib/time-sql";
import { startTestApp, type TestApp } from "../../test/app";
import { download } from "../../test/download";
import { samplesStoredTwice } from "../../test/packed-samples";
import { type Role, roleTokens } from "../../test/roles";
import { consentSince } from "../../test/worlds/reports";
import { purgeAccount } from "../account-deletion/purge";
import { prng } from "../demo/simulator";
import { HOT_HOUR_DAYS, hotFrom, hourHotFrom, PACK_CLOCK_SKEW_MS } from "./hot";
import { BUCKET_ROW, hourBuckets } from "./levels";
import { packBatch, packClosedDays, packedCounts } from "./pack";
import { rebuildUser } from "./rebuild";

/*
 * Packed samples and hour buckets (issue 32 §1): every read answers the same before and after the pack job moved
 * closed days into `vital_days` and week-old hours into `vital_hour_days`; uploads over packed days keep today's rules;
 * the pack is resumable and atomic per batch; an upload concurrent with a pack loses and duplicates nothing; a rebuild
 * and a deleted account leave no packed row behind.
 */

const DAY_MS = 86_400_000;
const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
/** The data: twelve to three days ago (UTC), all of it before the hot days; the hours of its first four days packed. */
const FROM = today - 12 * DAY_MS;
const TO = today - 3 * DAY_MS;

let t: TestApp;
let tok: Record<Role, string | undefined>;
const who = { client: { uid: "", token: "" }, client2: { uid: "", token: "" } };

interface Up {
  code: string;
  time: number;
  value: number;
}

/** Heart rate every ~10 minutes at uneven seconds and milliseconds, steps hourly, blood pressure twice a day. */
function samples(seed: number): Up[] {
  const r = prng(seed);
  const out: Up[] = [];
  for (let ms = FROM; ms < TO; ms += 600_000) {
    const at = ms + Math.floor(r.next() * 590_000);
    out.push({ code: "00005091", time: at / 1000, value: Math.round(r.between(50, 150) * 10) / 10 });
    if (ms % 3_600_000 === 0)
      out.push({ code: "00005097", time: ms / 1000, value: Math.round(r.between(0, 900)) });
    if (ms % (12 * 3_600_000) === 0) {
      out.push({ code: "00005095", time: (ms + 60_000) / 1000, value: Math.round(r.between(100, 160)) });
      out.push({ code: "00005096", time: (ms + 60_000) / 1000, value: Math.round(r.between(60, 100)) });
    }
  }
  return out;
}

async function upload(token: string, body: { samples: Up[] }) {
  const res = await t.call("POST", "/user/vitals", body as never, { token });
  expect(res.status).toBe(200);
  expect(res.body.rejected).toEqual([]);
  return res.body as { accepted: number; duplicates: number };
}

async function uploadAll(token: string, all: Up[]) {
  for (let i = 0; i < all.length; i += 2000) await upload(token, { samples: all.slice(i, i + 2000) });
}

const s = (ms: number) => Math.floor(ms / 1000);

/** Every read of raw samples, over the packed period, as the API answers it. */
async function reads() {
  // kept staff answers are served while nothing changed: a pack changes nothing they read, but the test asks again
  changesOf(t.db).everything();
  const c = who.client;
  const get = async (path: string, token: string | undefined) => {
    const res = await t.call("GET", path, undefined, { token });
    expect(res.status, path).toBe(200);
    return res.body;
  };
  const csv = async (path: string, token: string | undefined) => {
    const res = await download(t, path, token);
    expect(res.status, path).toBe(200);
    return res.text;
  };
  const mid = FROM + 3 * DAY_MS + 30 * 60_000; // not on an hour: the window's edges read raw samples
  const personal = await fetch(`${t.url}/api/user/export`, {
    headers: { authorization: `Bearer ${c.token}` },
  });
  expect(personal.status).toBe(200);
  const zip = unzipSync(new Uint8Array(await personal.arrayBuffer()));
  // the bundle's id and time and its resources' ids are the export's own
  const fhir = JSON.parse(
    new TextDecoder().decode(zip["vitals/fhir-bundle.json"]).replace(/urn:uuid:[0-9a-f-]{36}/g, "urn:uuid:x"),
  ) as { entry: unknown[] };
  return {
    hourly: await get(
      `/user/reports/resq_band/00005091?start_time=${s(mid)}&end_time=${s(mid + 3_600_000)}&interval=hourly&timezone=Asia/Tokyo`,
      c.token,
    ),
    daily: await get(
      `/user/reports/resq_band/00005091?start_time=${s(mid)}&end_time=${s(mid + DAY_MS)}&interval=daily&timezone=Asia/Kolkata`,
      c.token,
    ),
    // the latest samples (an upload moves only the last sync time, left out)
    latest: { ...(await get("/user/reports/resq_band", c.token)), last_sync: 0 },
    rawCsv: await csv(
      `/user/reports/resq_band/00005091/download?start_time=${s(FROM - DAY_MS)}&end_time=${s(TO + DAY_MS)}&interval=raw&timezone=Asia/Tokyo`,
      c.token,
    ),
    rawCsvAll: await csv(
      `/staff/sakura/reports/00005091/${c.uid}/download?start_time=${s(FROM)}&end_time=${s(TO)}&interval=raw&timezone=UTC`,
      tok.staff,
    ),
    tenMinutes: await csv(
      `/user/reports/resq_band/00005091/download?start_time=${s(mid)}&end_time=${s(mid + 2 * DAY_MS)}&interval=10m&timezone=Asia/Kathmandu`,
      c.token,
    ),
    adminRaw: await csv(
      `/admin/users/data/download?start_time=${s(FROM)}&end_time=${s(TO)}&timezone=Asia/Tokyo&data_type=Vital&db_type=Raw`,
      tok.admin,
    ),
    // an upload moves the members' last sync times; the window ends at the current minute (the data is days old)
    staffReport: JSON.parse(
      JSON.stringify(
        await get("/staff/sakura/reports_v2/00005091?interval=7&timezone=Asia/Kolkata", tok.staff),
      )
        .replace(/"last_sync":\d+/g, '"last_sync":0')
        .replace(/"end_time":\d+/, '"end_time":0'),
    ),
    personalCsv: new TextDecoder().decode(zip["vitals/samples.csv"]),
    personalFhir: fhir.entry,
  };
}

/** Each read answers as before packing (one read at a time, so that a failure names it). */
function sameReads(now: Awaited<ReturnType<typeof reads>>) {
  for (const k of Object.keys(before) as (keyof typeof before)[]) {
    const [a, b] = [JSON.stringify(now[k]), JSON.stringify(before[k])];
    let i = 0;
    while (i < a.length && a[i] === b[i]) i++;
    expect(a.slice(Math.max(0, i - 300), i + 100), k).toBe(b.slice(Math.max(0, i - 300), i + 100));
  }
}

/** Every hour bucket, hot and packed, of everyone (levels.ts), as rows of BUCKET_ROW. */
const allHours = () => hourBuckets(() => sql`true`, { from: 0, to: Date.now() + DAY_MS });

/** Each level's buckets of everyone, in key order (the hours through their front door). */
const buckets = () => {
  const r = BUCKET_ROW;
  return Promise.all(
    [
      sql`(${allHours()})`,
      ...[vitalBucketsDay, vitalBucketsMonth].map(
        (x) =>
          sql`(select ${x.userId}, ${x.measure}, ${x.bucket} as ${r.bucket}, ${x.min}, ${x.max}, ${x.sum}, ${x.count} from ${x})`,
      ),
    ].map((b) =>
      rows(
        t.db,
        sql`select b.${r.userId}::text as u, b.${r.measure}::int as m, b.${r.bucket}::text as b, b.${r.min}::float8 as min,
          b.${r.max}::float8 as max, round(b.${r.sum}::numeric, 6)::float8 as sum, b.${r.count}::int as n
        from ${b} b order by 1, 2, 3`,
      ),
    ),
  );
};

/** Packed days of hour buckets, and hour buckets still rows, before `hourHotFrom`. */
const hourPlaces = async () => {
  const h = vitalBucketsHour;
  return oneRow<{ packed: number; hotBefore: number; hot: number }>(
    t.db,
    sql`select (select count(*) from ${vitalHourDays})::int as packed,
      (select count(*) from ${h} where ${h.bucket} < ${new Date(hourHotFrom(Date.now())).toISOString()}::timestamptz)::int
        as "hotBefore",
      (select count(*) from ${h})::int as hot`,
  );
};

/** Samples stored more than once: none may be. */
const twice = () => oneRow<{ n: number }>(t.db, sql`select ${samplesStoredTwice} as n`);

const packAll = () => packClosedDays(t.db, Date.now());

let before: Awaited<ReturnType<typeof reads>>;
let bucketsBefore: Awaited<ReturnType<typeof buckets>>;
let total = 0;

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  tok = await roleTokens(t);
  await consentSince(t, s(FROM - 30 * DAY_MS));
  for (const [name, seed] of [
    ["client", 1],
    ["client2", 2],
  ] as const) {
    const signed = await t.signIn(`${name}@example.com`);
    who[name] = { uid: signed.user.uid, token: signed.idToken };
    const all = samples(seed);
    total += all.length;
    await uploadAll(signed.idToken, all);
  }
  before = await reads();
  bucketsBefore = await buckets();
}, 240_000);
afterAll(() => t.close());

describe("the pack", () => {
  it("packs only days before yesterday (UTC), less the clocks' skew", () => {
    const now = Date.parse("2026-05-10T12:00:00Z");
    expect(hotFrom(now)).toBe(Math.min(Date.parse("2026-05-09T00:00:00Z"), hotFrom(Date.now())));
    // just after midnight, within the skew, the day before yesterday is not closed yet
    const early = Date.now() - (Date.now() % DAY_MS) + PACK_CLOCK_SKEW_MS / 2;
    expect(hotFrom(early)).toBe(today - 2 * DAY_MS);
  });

  it("is resumable: a few batches, then the rest; reads in between answer the same", async () => {
    const v = vitalSamples;
    const [hot] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from ${v}`);
    expect(hot?.n).toBe(total);
    const part = await packClosedDays(t.db, Date.now(), { maxBatches: 2, batchSamples: 500 });
    expect(part).toEqual({ samples: 1000, hours: 0, batches: 2, done: false });
    expect(await packedCounts(t.db)).toEqual({ packed: 1000, hot: total - 1000 });
    sameReads(await reads());
    // a batch that fails (here: its write into the packed table) leaves nothing half done
    await t.db.execute(sql`create function fail_pack() returns trigger language plpgsql as $$
      begin raise exception 'pack refused'; end $$`);
    await t.db.execute(
      sql`create trigger fail_pack before insert on ${vitalDays} for each row execute function fail_pack()`,
    );
    await expect(packBatch(t.db, hotFrom(Date.now()), null, 500)).rejects.toThrow();
    await t.db.execute(sql`drop trigger fail_pack on ${vitalDays}`);
    await t.db.execute(sql`drop function fail_pack()`);
    expect(await packedCounts(t.db)).toEqual({ packed: 1000, hot: total - 1000 });
    const hoursBefore = await hourPlaces();
    const rest = await packAll();
    expect(rest.done).toBe(true);
    expect(rest.samples).toBe(total - 1000);
    expect(await packedCounts(t.db)).toEqual({ packed: total, hot: 0 });
    // one row per user, measure and day: 2 users × (9 days of heart rate and steps, 9 of blood pressure × 2)
    const [days] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from ${vitalDays}`);
    expect(days?.n).toBe(2 * 9 * 4);
    // the hour buckets of the days before hourHotFrom (the first four: twelve to nine days ago) moved into one row a
    // user, measure and day; the later ones stay rows
    const packedHourDays = (hourHotFrom(Date.now()) - FROM) / DAY_MS;
    expect(packedHourDays).toBe(Date.now() % DAY_MS < PACK_CLOCK_SKEW_MS ? 3 : 4);
    expect(rest.hours).toBe(hoursBefore.hotBefore);
    expect(await hourPlaces()).toEqual({
      packed: 2 * packedHourDays * 4,
      hotBefore: 0,
      hot: hoursBefore.hot - rest.hours,
    });
    expect((await twice()).n).toBe(0);
    expect(await packAll()).toEqual({ samples: 0, hours: 0, batches: 0, done: true });
  });

  it("every read answers the same over packed days as before packing", async () => {
    const after = await reads();
    expect(after.rawCsv.split("\n").length).toBeGreaterThan(800);
    expect(after.adminRaw.split("\n").length).toBeGreaterThan(2 * 800);
    expect(after.personalCsv.split("\n").length).toBeGreaterThan(800);
    sameReads(after);
    expect(await buckets()).toEqual(bucketsBefore);
  });
});

describe("the packed layout", () => {
  const narrow = async (values: string) =>
    (
      await oneRow<{ n: number[] | null }>(
        t.db,
        sql`select vital_narrow(${sql.raw(values)}::float8[])::float8[] as n`,
      )
    ).n;

  it("keeps values as 4-byte floats only where each one is exactly one, and never fails on a value out of range", async () => {
    expect(await narrow("array[72, 0, -3.5, 0.25, 16777216]")).toEqual([72, 0, -3.5, 0.25, 16777216]);
    for (const wide of [
      "array[72, 36.6]",
      "array[16777217]",
      "array[1e300]",
      "array[1e-300]",
      "array['infinity']",
    ])
      expect(await narrow(wide), wide).toBeNull();
  });

  it("stores each packed day in the narrow or the wide array as its values allow, and reads both back exactly", async () => {
    const d = vitalDays;
    const kinds = await rows<{ m: number; narrow: boolean; n: number }>(
      t.db,
      sql`select ${d.measure}::int as m, ${d.narrowReadings} is not null as narrow, count(*)::int as n
        from ${d} group by 1, 2 order by 1, 2`,
    );
    // heart rate to one decimal is 8-byte; steps and blood pressure (whole numbers) are 4-byte
    expect(kinds.find((k) => k.m === 5091)?.narrow).toBe(false);
    expect(kinds.filter((k) => k.m !== 5091).every((k) => k.narrow)).toBe(true);
    const kh = vitalHourDays;
    const [aggs] = await rows<{ narrow: number; wide: number }>(
      t.db,
      sql`select count(*) filter (where ${kh.narrowAggs} is not null)::int as narrow,
        count(*) filter (where ${kh.aggs} is not null)::int as wide from ${kh}`,
    );
    expect(aggs?.narrow).toBeGreaterThan(0);
    expect(aggs?.wide).toBeGreaterThan(0);
    sameReads(await reads());
    expect(await buckets()).toEqual(bucketsBefore);
  });

  it("reads exactly the packed hours of a window, whatever its edges (part of a day, two or three days, after its start)", async () => {
    const r = BUCKET_ROW;
    const hours = (bucketsBefore[0] ?? []) as { u: string; m: number; b: string; n: number }[];
    const H = 3_600_000;
    const day = FROM + 2 * DAY_MS;
    for (const w of [
      { from: day + 5 * H, to: day + 17 * H },
      { from: day, to: day + DAY_MS },
      { from: day + 23 * H, to: day + DAY_MS + 2 * H },
      { from: day + 5 * H, to: day + 17 * H, after: true },
      { from: day + 5 * H + 1_800_000, to: day + 6 * H + 1_800_000 },
      { from: day + 5 * H + 1_800_000, to: day + 6 * H + 1_800_000, after: true },
      { from: day - DAY_MS + 20 * H, to: day + DAY_MS + 3 * H + 1 },
      { from: day + 22 * H, to: day + DAY_MS, after: true },
    ]) {
      const got = await rows<{ u: string; m: number; b: string; n: number }>(
        t.db,
        sql`select b.${r.userId}::text as u, b.${r.measure}::int as m, b.${r.bucket}::text as b, b.${r.count}::int as n
          from (${hourBuckets(() => sql`true`, w)}) b order by 1, 2, 3`,
      );
      const since = (ms: number) => (w.after ? ms > w.from : ms >= w.from);
      const want = hours
        .filter((x) => since(Date.parse(x.b)) && Date.parse(x.b) < w.to)
        .map(({ u, m, b, n }) => ({ u, m, b, n }));
      expect(want.length, JSON.stringify(w)).toBeGreaterThan(0);
      expect(got, JSON.stringify(w)).toEqual(want);
    }
  });

  it("reads a window of hot hours from the hour table alone", () => {
    const packed = (from: number) =>
      JSON.stringify(new PgDialect().sqlToQuery(hourBuckets(() => sql`true`, { from, to: Date.now() })).sql);
    expect(packed(FROM)).toContain("vital_hour_days");
    expect(packed(Date.now() - 3_600_000)).not.toContain("vital_hour_days");
  });

  it("keeps the board's week of wear (seven local days, in the zones furthest east and west) in the hour table", () => {
    for (const now of [
      today + 60_000,
      today + PACK_CLOCK_SKEW_MS + 60_000,
      today + DAY_MS / 2,
      today + DAY_MS - 1,
    ])
      for (const tz of ["Pacific/Kiritimati", "Pacific/Pago_Pago", "Asia/Tokyo", "UTC"])
        expect(localMidnightMs(now, tz, 6), `${tz} at ${new Date(now).toISOString()}`).toBeGreaterThanOrEqual(
          hourHotFrom(Math.min(now, Date.now())),
        );
    expect(HOT_HOUR_DAYS).toBe(7);
  });

  it("a rebuild of the buckets from the samples answers as before, its hours rows again until the next pack", async () => {
    await rebuildUser(t.db, who.client.uid);
    expect(await buckets()).toEqual(bucketsBefore);
    expect((await hourPlaces()).hotBefore).toBeGreaterThan(0);
    await packAll();
    expect((await hourPlaces()).hotBefore).toBe(0);
    expect(await buckets()).toEqual(bucketsBefore);
    sameReads(await reads());
  });
});

describe("uploads over packed days", () => {
  const c = () => who.client;
  /** The first heart-rate sample of the client's data (in a packed day). */
  const first = () => samples(1)[0] as Up;

  it("a resent sample is stored once and changes no bucket", async () => {
    const res = await upload(c().token, { samples: [first(), samples(1)[5] as Up] });
    expect(res).toEqual({ accepted: 0, duplicates: 2, rejected: [], last_sync: expect.any(Number) });
    expect(await buckets()).toEqual(bucketsBefore);
    expect((await twice()).n).toBe(0);
    // the day went back to the hot table: the next pack packs it again
    expect((await packedCounts(t.db)).hot).toBeGreaterThan(0);
    await packAll();
    expect(await packedCounts(t.db)).toEqual({ packed: total, hot: 0 });
    sameReads(await reads());
  });

  it("a changed value at a stored time follows today's rule: the stored value stays, counted as a duplicate", async () => {
    const changed = { ...first(), value: first().value + 7 };
    const res = await upload(c().token, { samples: [changed] });
    expect(res).toMatchObject({ accepted: 0, duplicates: 1 });
    expect(await buckets()).toEqual(bucketsBefore);
    await packAll();
    sameReads(await reads());
  });

  it("a new sample in a packed day is stored once and counted in its buckets", async () => {
    const extra = { code: "00005091", time: s(FROM + DAY_MS) + 0.5, value: 99 };
    expect(await upload(c().token, { samples: [extra] })).toMatchObject({ accepted: 1, duplicates: 0 });
    expect(await upload(c().token, { samples: [extra] })).toMatchObject({ accepted: 0, duplicates: 1 });
    await packAll();
    expect((await hourPlaces()).hotBefore).toBe(0);
    // the day and its hours come back into the hot tables for the upload's check
    expect(await upload(c().token, { samples: [extra] })).toMatchObject({ accepted: 0, duplicates: 1 });
    expect((await hourPlaces()).hotBefore).toBe(24);
    // its hour bucket, read where it is (levels.ts reads the hot and the packed ones)
    const r = BUCKET_ROW;
    const hour = await oneRow<{ n: number }>(
      t.db,
      sql`select b.${r.count}::int as n from (${hourBuckets(
        (x) => sql`${x.userId} = ${c().uid}::uuid and ${x.measure} = 5091`,
        { from: FROM + DAY_MS, to: FROM + DAY_MS + 3_600_000 },
      )}) b`,
    );
    const raw = await oneRow<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from (${sqlRawHour(c().uid, FROM + DAY_MS)}) x`,
    );
    expect(hour.n).toBe(raw.n);
    expect((await twice()).n).toBe(0);
  });

  it("a stored time finer than a millisecond (stored before uploads were rounded) stays hot; the rest of its day is packed", async () => {
    const v = vitalSamples;
    const d = vitalDays;
    const at = new Date(FROM + 2 * DAY_MS + 5 * 3_600_000 + 12_345).toISOString().replace("Z", "500+00");
    const day = at.slice(0, 10);
    // the database's own row, as an older version stored it (uploads round to the millisecond: validate.ts)
    await t.db.execute(
      sql`insert into ${v} (${bareList(v.userId, v.measure, v.at, v.value)}) values (${c().uid}::uuid, 5091, ${at}::timestamptz, 88)`,
    );
    await packAll();
    const placed = await oneRow<{ hot: number; hotDay: number; packed: number }>(
      t.db,
      sql`select (select count(*) from ${v} where ${v.userId} = ${c().uid}::uuid and ${v.at} = ${at}::timestamptz)::int as hot,
          (select count(*) from ${v} where ${v.userId} = ${c().uid}::uuid and ${v.measure} = 5091
            and (${v.at} at time zone 'UTC')::date = ${day}::date)::int as "hotDay",
          (select count(*) from ${d} where ${d.userId} = ${c().uid}::uuid and ${d.measure} = 5091
            and ${d.day} = ${day}::date)::int as packed`,
    );
    expect(placed).toEqual({ hot: 1, hotDay: 1, packed: 1 });
    expect((await twice()).n).toBe(0);
    await t.db.execute(
      sql`delete from ${v} where ${v.userId} = ${c().uid}::uuid and ${v.at} = ${at}::timestamptz`,
    );
  });

  it("uploads while the pack runs lose nothing and store nothing twice", async () => {
    await packAll();
    const r = prng(9);
    // new samples into packed days and resent ones, for both members, while packing runs
    const fresh = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        code: "00005091",
        time: s(FROM + Math.floor(r.next() * (TO - FROM))) + (i % 7) / 8 + 0.001,
        value: 70,
      }));
    const batches = [fresh(300), fresh(300), [...fresh(200), ...samples(2).slice(0, 100)]];
    const [counted] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from (${allRaw()}) x`);
    // unpack everything of client2 so that the pack has work while the uploads run
    await upload(who.client2.token, { samples: samples(2).filter((_, i) => i % 50 === 0) });
    const results = await Promise.all([
      packAll(),
      upload(c().token, { samples: batches[0] as Up[] }),
      upload(who.client2.token, { samples: batches[1] as Up[] }),
      packAll(),
      upload(c().token, { samples: batches[2] as Up[] }),
    ]);
    const accepted = results
      .slice(1)
      .filter((x): x is { accepted: number; duplicates: number } => "accepted" in x)
      .reduce((a, x) => a + x.accepted, 0);
    await packAll();
    const [after] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from (${allRaw()}) x`);
    expect(after?.n).toBe((counted?.n ?? 0) + accepted);
    expect((await twice()).n).toBe(0);
    // the buckets still hold exactly the samples
    const [sums] = await rows<{ n: number }>(
      t.db,
      sql`select sum(b.${BUCKET_ROW.count})::int as n from (${allHours()}) b`,
    );
    expect(sums?.n).toBe(after?.n);
  });
});

/** Every sample, hot and packed, of everyone (a plain union: the test's own check of raw.ts). */
function allRaw() {
  const v = vitalSamples;
  const d = vitalDays;
  return sql`select ${v.userId} from ${v} union all select ${d.userId} from ${d}, unnest(${d.offsets}) as x(o)`;
}

/** A user's heart-rate samples, hot and packed, in the UTC hour starting at `hour` (epoch ms). */
function sqlRawHour(userId: string, hour: number) {
  const v = vitalSamples;
  const d = vitalDays;
  const from = new Date(hour).toISOString();
  const to = new Date(hour + 3_600_000).toISOString();
  return sql`select ${v.at} from ${v} where ${v.userId} = ${userId}::uuid and ${v.measure} = 5091
      and ${v.at} >= ${from}::timestamptz and ${v.at} < ${to}::timestamptz
    union all
    select t from (select (${d.day} + x.o * interval '1 millisecond') at time zone 'UTC' as t from ${d},
      unnest(${d.offsets}) as x(o) where ${d.userId} = ${userId}::uuid and ${d.measure} = 5091) p
    where t >= ${from}::timestamptz and t < ${to}::timestamptz`;
}

describe("account deletion", () => {
  it("leaves no packed row of the person (the purge, and the users trigger)", async () => {
    await packAll();
    const d = vitalDays;
    const count = async (uid: string) =>
      (
        await oneRow<{ n: number }>(
          t.db,
          sql`select count(*)::int as n from ${d} where ${d.userId} = ${uid}::uuid`,
        )
      ).n;
    const kh = vitalHourDays;
    const hours = async (uid: string) =>
      (
        await oneRow<{ n: number }>(
          t.db,
          sql`select count(*)::int as n from ${kh} where ${kh.userId} = ${uid}::uuid`,
        )
      ).n;
    expect(await count(who.client.uid)).toBeGreaterThan(0);
    expect(await count(who.client2.uid)).toBeGreaterThan(0);
    expect(await hours(who.client.uid)).toBeGreaterThan(0);
    expect(await hours(who.client2.uid)).toBeGreaterThan(0);
    await t.db.transaction((tx) => purgeAccount(tx, who.client.uid));
    expect(await count(who.client.uid)).toBe(0);
    expect(await hours(who.client.uid)).toBe(0);
    await t.db.execute(sql`delete from ${users} where ${users.id} = ${who.client2.uid}::uuid`);
    expect(await count(who.client2.uid)).toBe(0);
    expect(await hours(who.client2.uid)).toBe(0);
  });
});
