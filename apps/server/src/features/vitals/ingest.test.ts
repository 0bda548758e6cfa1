import { sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { oneRow, rows } from "../../db/client";
import {
  sleepSegments,
  sleepSessions,
  vitalBucketsDay,
  vitalBucketsHour,
  vitalSamples,
  vitalSync,
} from "../../db/schema";
import { signedInPerFile } from "../../test/per-file";
import { LEVEL_TABLE } from "./levels";

const { t, person: client2 } = signedInPerFile("client2@example.com");

const upload = (body: unknown, o: { token?: string } = { token: client2.token }) =>
  t.call("POST", "/user/vitals", body as Record<string, unknown>, o);
const T0 = Date.parse("2024-05-01T00:00:00Z") / 1000;
const hr = (i: number, value = 60 + (i % 30)) => ({ code: "00005091", time: T0 + i * 60, value });

async function totals(measure = 5091) {
  const raw = await oneRow<{ n: number; s: number }>(
    t.db,
    sql`select count(*)::int as n, coalesce(sum(value), 0)::float8 as s from ${vitalSamples} where user_id = ${client2.uid}::uuid and measure = ${measure}`,
  );
  const q = await oneRow<{ n: number; s: number }>(
    t.db,
    sql`select coalesce(sum(count), 0)::int as n, coalesce(sum(sum), 0)::float8 as s from ${vitalBucketsHour} where user_id = ${client2.uid}::uuid and measure = ${measure}`,
  );
  const d = await oneRow<{ n: number; s: number }>(
    t.db,
    sql`select coalesce(sum(count), 0)::int as n, coalesce(sum(sum), 0)::float8 as s from ${vitalBucketsDay} where user_id = ${client2.uid}::uuid and measure = ${measure}`,
  );
  return { raw, q, d };
}

/** The count and sum of the hour bucket starting `hour` hours after T0. */
const bucketOf = (hour: number) =>
  oneRow<{ n: number; s: number } | undefined>(
    t.db,
    sql`select count::int as n, sum::float8 as s from ${vitalBucketsHour} where user_id = ${client2.uid}::uuid
      and measure = 5091 and bucket = to_timestamp(${T0 + hour * 3600})`,
  );

describe("POST /user/vitals", () => {
  it("needs a signed-in user", async () => {
    expect((await upload({ samples: [hr(0)] }, {})).status).toBe(401);
  });

  it("stores samples given as epoch seconds or ISO-8601, and updates the last sync", async () => {
    const before = Date.now() / 1000;
    const res = await upload({
      samples: [hr(0), hr(1), { code: "00005091", time: "2024-05-01T09:02:00+09:00", value: 70 }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ accepted: 3, duplicates: 0, rejected: [] });
    expect(res.body.last_sync).toBeGreaterThanOrEqual(Math.floor(before) - 1);
    const sync = await oneRow<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from ${vitalSync} where user_id = ${client2.uid}::uuid`,
    );
    expect(sync.n).toBe(1);
    // 09:02 in Japan is 00:02 UTC, the third minute: the ISO row is the same instant as hr(2)
    expect((await upload({ samples: [hr(2)] })).body).toMatchObject({ accepted: 0, duplicates: 1 });
  });

  it("is idempotent: the same batch twice stores it once and changes no total", async () => {
    const batch = { samples: Array.from({ length: 500 }, (_, i) => hr(100 + i)) };
    const first = await upload(batch);
    expect(first.body).toMatchObject({ accepted: 500, duplicates: 0 });
    const after = await totals();
    const again = await upload(batch);
    expect(again.body).toMatchObject({ accepted: 0, duplicates: 500, rejected: [] });
    expect(await totals()).toEqual(after);
    expect(after.q).toEqual(after.raw);
    expect(after.d).toEqual(after.raw);
  });

  it("finds duplicates of a sparse batch spread over densely stored data, and keeps its new rows", async () => {
    await upload({ samples: Array.from({ length: 300 }, (_, i) => hr(1000 + i)) });
    const before = await totals();
    // two stored minutes at the ends of the span and one new instant between them, 30 s past a minute
    const sparse = [hr(1000), { code: "00005091", time: T0 + 1100 * 60 + 30, value: 99 }, hr(1299)];
    expect((await upload({ samples: sparse })).body).toMatchObject({ accepted: 1, duplicates: 2 });
    const after = await totals();
    expect(after.raw).toEqual({ n: before.raw.n + 1, s: before.raw.s + 99 });
    expect(after.q).toEqual(after.raw);
    expect(after.d).toEqual(after.raw);
  });

  it("adds a batch to the hour buckets an earlier batch began, and starts new hours of its own", async () => {
    // minutes 6000–6009 lie in hour 100 (minute 6000 is its first)
    await upload({ samples: Array.from({ length: 10 }, (_, i) => hr(6000 + i, 50)) });
    expect(await bucketOf(100)).toEqual({ n: 10, s: 500 });
    // the rest of hour 100, and all of hour 101, which no batch has begun
    const res = await upload({ samples: Array.from({ length: 110 }, (_, i) => hr(6010 + i, 70)) });
    expect(res.body).toMatchObject({ accepted: 110, duplicates: 0 });
    expect(await bucketOf(100)).toEqual({ n: 60, s: 500 + 50 * 70 });
    expect(await bucketOf(101)).toEqual({ n: 60, s: 60 * 70 });
    const all = await totals();
    expect(all.q).toEqual(all.raw);
  });

  it("adds a batch to an hour stored after it, and new hours to a day already begun", async () => {
    // the last minute of hour 300, then the hour before it and the rest of hour 300
    await upload({ samples: [hr(18_059, 40)] });
    const res = await upload({ samples: Array.from({ length: 119 }, (_, i) => hr(17_940 + i, 80)) });
    expect(res.body).toMatchObject({ accepted: 119, duplicates: 0 });
    expect(await bucketOf(299)).toEqual({ n: 60, s: 60 * 80 });
    expect(await bucketOf(300)).toEqual({ n: 60, s: 40 + 59 * 80 });
    // hours 302 and 303 are new; their day (12) is not
    await upload({ samples: Array.from({ length: 120 }, (_, i) => hr(18_120 + i, 90)) });
    expect(await bucketOf(302)).toEqual({ n: 60, s: 60 * 90 });
    const all = await totals();
    expect(all.q).toEqual(all.raw);
    expect(all.d).toEqual(all.raw);
  });

  it("counts repeated rows of one batch as duplicates", async () => {
    const res = await upload({ samples: [hr(2000), hr(2000), hr(2001)] });
    expect(res.body).toMatchObject({ accepted: 2, duplicates: 1 });
  });

  it("finds a repeat that comes after later rows, and keeps two measures' rows at the same times", async () => {
    const temp = (i: number) => ({ code: "00005092", time: T0 + i * 60, value: 36.5 });
    const res = await upload({ samples: [hr(2100), temp(2100), hr(2101), temp(2101), hr(2102), hr(2100)] });
    expect(res.body).toMatchObject({ accepted: 5, duplicates: 1 });
    const all = await totals();
    expect(all.q).toEqual(all.raw);
    expect((await totals(5092)).raw.n).toBe(2);
  });

  it("refuses bad rows one by one with their reason and keeps the good ones", async () => {
    const future = Math.floor(Date.now() / 1000) + 3600;
    const samples = [
      hr(3000),
      { code: "99999999", time: T0, value: 1 },
      { code: "00005091", time: T0 + 3001 * 60, value: "fast" },
      { code: "00005091", time: T0 + 3002 * 60, value: 500 },
      { code: "00005091", time: future, value: 70 },
      { code: "00005091", time: "yesterday", value: 70 },
      { code: "00005091", time: "2024-05-01T10:00:00", value: 70 },
      { code: "00005091", time: 1000, value: 70 },
      { code: "00005100", time: T0, value: 7 },
      { code: "00005091", value: 70 },
      "nonsense",
      { code: "00005093", time: T0 + 60, value: 97 },
    ];
    const res = await upload({
      samples,
      sleep: [
        { start: T0 - 3600, end: T0, stage: "deep" },
        { start: T0, end: T0 + 600, stage: "dreaming" },
        { start: T0 + 600, end: T0, stage: "light" },
        { start: T0 - 1800, end: T0 + 60, stage: "light" },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.accepted).toBe(3);
    expect(res.body.rejected).toEqual([
      { kind: "samples", index: 1, reason: "unknown-code" },
      { kind: "samples", index: 2, reason: "not-finite" },
      { kind: "samples", index: 3, reason: "out-of-range" },
      { kind: "samples", index: 4, reason: "future-time" },
      { kind: "samples", index: 5, reason: "invalid-time" },
      { kind: "samples", index: 6, reason: "invalid-time" },
      { kind: "samples", index: 7, reason: "too-old" },
      { kind: "samples", index: 8, reason: "use-sleep-segments" },
      { kind: "samples", index: 9, reason: "invalid-sample" },
      { kind: "samples", index: 10, reason: "invalid-sample" },
      { kind: "sleep", index: 1, reason: "invalid-stage" },
      { kind: "sleep", index: 2, reason: "invalid-sleep-range" },
      { kind: "sleep", index: 3, reason: "sleep-overlap" },
    ]);
  });

  it("refuses a value that is not a finite number even when JSON says 1e999", async () => {
    const res = await fetch(`${t.url}/api/user/vitals`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${client2.token}` },
      body: `{"samples":[{"code":"00005091","time":${T0 + 4000 * 60},"value":1e999}]}`,
    });
    expect(await res.json()).toMatchObject({ accepted: 0, rejected: [{ index: 0, reason: "not-finite" }] });
  });

  it("answers 400 for a body that is not an upload", async () => {
    const res = await upload({ samples: "many" });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("invalid-input");
  });

  it("answers 413 and stores nothing for a batch over 10,000 samples or 2 MiB", async () => {
    const before = await totals();
    const many = await upload({ samples: Array.from({ length: 10_001 }, (_, i) => hr(10_000 + i)) });
    expect(many.status).toBe(413);
    expect(many.body.code).toBe("batch-too-large");
    const padded = Array.from({ length: 9000 }, (_, i) => ({ ...hr(30_000 + i), note: "x".repeat(200) }));
    const big = await upload({ samples: padded });
    expect(big.status).toBe(413);
    expect(big.body.code).toBe("payload-too-large");
    expect(await totals()).toEqual(before);
  });

  it("takes a full batch of 10,000 samples", async () => {
    const res = await upload({ samples: Array.from({ length: 10_000 }, (_, i) => hr(50_000 + i)) });
    expect(res.status).toBe(200);
    expect(res.body.accepted).toBe(10_000);
  });

  it("stores sleep segments idempotently and groups them into sessions", async () => {
    const N = Date.parse("2024-05-10T13:00:00Z") / 1000; // 22:00 in Japan
    const night = [
      { start: N, end: N + 3600, stage: "light" },
      { start: N + 3600, end: N + 7200, stage: "deep" },
      { start: N + 7200, end: N + 9000, stage: "rem" },
      { start: N + 9000, end: N + 9300, stage: "awake" },
    ];
    expect((await upload({ sleep: night })).body).toMatchObject({ accepted: 4, duplicates: 0 });
    expect((await upload({ sleep: night })).body).toMatchObject({ accepted: 0, duplicates: 4 });
    // a later segment within three hours joins the session; one after a longer gap starts a new one
    await upload({ sleep: [{ start: N + 9300 + 2 * 3600, end: N + 9300 + 3 * 3600, stage: "light" }] });
    await upload({ sleep: [{ start: N + 20 * 3600, end: N + 21 * 3600, stage: "light" }] });
    const sessions = await rows<{ deep: number; light: number; rem: number; awake: number }>(
      t.db,
      sql`select deep, light, rem, awake from ${sleepSessions} where user_id = ${client2.uid}::uuid and start_at >= to_timestamp(${N}) order by start_at`,
    );
    expect(sessions).toEqual([
      { deep: 1, light: 2, rem: 0.5, awake: 300 / 3600 },
      { deep: 0, light: 1, rem: 0, awake: 0 },
    ]);
  });
});

describe("deleting a user", () => {
  it("deletes their samples, buckets, sleep and sync time with the account", async () => {
    const tables: PgTable[] = [vitalSamples, sleepSegments, sleepSessions, vitalSync];
    tables.push(...Object.values(LEVEL_TABLE).map((l) => l.table));
    const counts = () =>
      Promise.all(
        tables.map(async (table) => {
          const r = await oneRow<{ n: number }>(
            t.db,
            sql`select count(*)::int as n from ${table} where user_id = ${client2.uid}::uuid`,
          );
          return r.n;
        }),
      );
    expect((await counts()).every((n) => n > 0)).toBe(true);
    const admin = (await t.signIn("admin@example.com")).idToken;
    expect((await t.call("DELETE", `/admin/users/${client2.uid}`, undefined, { token: admin })).status).toBe(
      200,
    );
    expect(await counts()).toEqual(tables.map(() => 0));
  });
});
