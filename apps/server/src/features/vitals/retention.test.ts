import { message } from "@mimamori/shared";
import { and, asc, eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  entities,
  memberships,
  vitalBucketsHour,
  vitalDays,
  vitalRetention,
  vitalSamples,
} from "../../db/schema";
import { captureLog } from "../../jobs/test-helpers";
import { type BoardWorld, type Person, startBoardWorld, type TestEntity } from "../../test/worlds/board";
import { packClosedDays } from "./pack";
import { rebuildUser } from "./rebuild";
import { rawCutoff, rawRetentionJob, removeExpiredRaw } from "./retention";

/**
 * Raw-data retention (issue 32 §2) on the real app, on PGlite or PostgreSQL, with the clock moved: the job removes
 * exactly the raw samples older than each person's cutoff (the longest setting among their accepted client
 * memberships, else the default), in bounded batches; a second run removes nothing more; the person's
 * vital_retention row; reports over old periods read the aggregates; the entity's setting (validation and who may
 * change or read it); what the person, their entity's staff and the export are told.
 */
let b: BoardWorld;
let adminToken: string;
beforeAll(async () => {
  b = await startBoardWorld();
  adminToken = (await b.w.t.signIn("admin@example.com")).idToken;
}, 120_000);
afterAll(() => b.w.t.close());

const HR = "00005091";
const SPO2 = "00005093";
const DAY = 86_400_000;
const MIN = 60_000;
const call = (...args: Parameters<BoardWorld["w"]["t"]["call"]>) => b.w.t.call(...args);

/** The person's raw sample times (epoch ms) of a measure code, oldest first. */
async function rawTimes(p: Person, measure = 5091): Promise<number[]> {
  const got = await b.w.t.db
    .select({ at: vitalSamples.at })
    .from(vitalSamples)
    .where(and(eq(vitalSamples.userId, p.id), eq(vitalSamples.measure, measure)))
    .orderBy(asc(vitalSamples.at));
  return got.map((r) => r.at.getTime());
}
async function record(p: Person) {
  const [r] = await b.w.t.db.select().from(vitalRetention).where(eq(vitalRetention.userId, p.id));
  return r ?? null;
}
const setDays = (ws: string, days: number | null) =>
  b.w.t.db.update(entities).set({ rawRetentionDays: days }).where(eq(entities.workspaceName, ws));

// "now" of the job: 2026-06-15 10:00 UTC; the default (90 days) cuts at 2026-03-17 00:00 UTC
const NOW = new Date("2026-06-15T10:00:00Z");
const CUT90 = Date.parse("2026-03-17T00:00:00Z");

describe("the cutoff", () => {
  it("is the start of the UTC day, that many days before", () => {
    expect(rawCutoff(NOW, 90).toISOString()).toBe("2026-03-17T00:00:00.000Z");
    expect(rawCutoff(new Date("2026-06-15T00:00:00Z"), 30).toISOString()).toBe("2026-05-16T00:00:00.000Z");
  });
});

describe("the retention job, with the clock moved", () => {
  let e: TestEntity;
  let long: TestEntity;
  let only: Person;
  let both: Person;
  let invited: Person;
  // around the default cutoff: two old samples of each measure, the one at the cutoff and after it stay
  const times = [CUT90 - 2 * DAY, CUT90 - MIN, CUT90, CUT90 + MIN, CUT90 + 30 * DAY];
  beforeAll(async () => {
    e = await b.entity({ members: 3 });
    long = await b.entity({ members: 0 });
    [only, both, invited] = e.members as [Person, Person, Person];
    await setDays(long.ws, 400);
    await b.w.t.db.insert(memberships).values([
      { workspaceName: long.ws, userId: both.id, role: "client", status: "accepted", acceptedAt: new Date() },
      { workspaceName: long.ws, userId: invited.id, role: "client", status: "invited" },
    ]);
    for (const p of [only, both, invited])
      await b.upload(
        p,
        times.flatMap((at, i) => [
          { code: HR, at, value: 60 + i },
          { code: SPO2, at, value: 95 },
        ]),
      );
    // and a sample older than 400 days for the one kept longest
    await b.upload(both, [{ code: HR, at: NOW.getTime() - 500 * DAY, value: 70 }]);
  }, 60_000);

  it("removes exactly the raw samples older than each person's cutoff, in bounded batches", async () => {
    const { log, lines } = captureLog();
    const job = rawRetentionJob(b.w.t.db, 90, log);
    expect(job.every).toBe("0 15 4 * * *"); // daily, 04:15 UTC
    await job.run(NOW);
    // only: 90 days (its entity has no setting); invited: an invitation is no membership, so 90 too
    for (const p of [only, invited]) {
      expect(await rawTimes(p)).toEqual(times.slice(2));
      expect(await rawTimes(p, 5093)).toEqual(times.slice(2));
    }
    // both: the longest of its entities' settings, 400 days: only the sample of 500 days ago went
    expect(await rawTimes(both)).toEqual(times);
    const removedLine = lines.find((l) => l.msg === "raw band samples past retention removed");
    expect(removedLine).toMatchObject({ removed: 4 + 4 + 1, people: 3 });
  });

  it("records what went: raw_from the cutoff, when, how many", async () => {
    expect(await record(only)).toMatchObject({
      rawFrom: new Date(CUT90),
      lastRemovedAt: NOW,
      removedSamples: 4,
    });
    expect(await record(both)).toMatchObject({
      rawFrom: new Date(rawCutoff(NOW, 400)),
      lastRemovedAt: NOW,
      removedSamples: 1,
    });
  });

  it("a second run removes nothing more and leaves the record as it was", async () => {
    const run = await removeExpiredRaw(b.w.t.db, { now: NOW, defaultDays: 90 });
    expect(run).toEqual({ people: 0, removed: 0, batches: 0 });
    expect((await record(only))?.removedSamples).toBe(4);
    expect((await record(only))?.lastRemovedAt).toEqual(NOW);
  });

  it("a day later the next day's samples go, a batch at a time, and the record adds them up", async () => {
    const later = new Date(NOW.getTime() + DAY);
    // with batches of one sample, the two samples of `only` (heart rate and SpO2 at the cutoff and a minute on)
    const run = await removeExpiredRaw(b.w.t.db, { now: later, defaultDays: 90, batch: 1 });
    expect(run).toMatchObject({ removed: 8, batches: 8, people: 2 });
    expect(await rawTimes(only)).toEqual([CUT90 + 30 * DAY]);
    expect(await record(only)).toMatchObject({
      rawFrom: new Date(CUT90 + DAY),
      lastRemovedAt: later,
      removedSamples: 8,
    });
    // a larger setting later never moves raw_from back
    await setDays(e.ws, 3650);
    await removeExpiredRaw(b.w.t.db, { now: later, defaultDays: 90 });
    expect((await record(only))?.rawFrom).toEqual(new Date(CUT90 + DAY));
    await setDays(e.ws, null);
  });

  it("a sample from before the person's raw data is refused, not stored a second time into the aggregates", async () => {
    const hourOf = (t: number) => new Date(Math.floor(t / 3_600_000) * 3_600_000);
    const before = CUT90 - 2 * DAY; // removed above; its hour bucket stays
    const bucket = async () => {
      const [r] = await b.w.t.db
        .select()
        .from(vitalBucketsHour)
        .where(
          and(
            eq(vitalBucketsHour.userId, only.id),
            eq(vitalBucketsHour.measure, 5091),
            eq(vitalBucketsHour.bucket, hourOf(before)),
          ),
        );
      return r;
    };
    const kept = await bucket();
    expect(kept?.count).toBe(1);
    const res = await call(
      "POST",
      "/user/vitals",
      {
        samples: [
          { code: HR, time: before / 1000, value: 60 },
          { code: HR, time: (CUT90 + 40 * DAY) / 1000, value: 61 },
        ],
      },
      { token: only.token, lang: "en" },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      accepted: 1,
      duplicates: 0,
      rejected: [{ kind: "samples", index: 0, reason: "before-raw-retention" }],
    });
    expect(message("before-raw-retention", "en")).toBe(
      "Raw samples from before the retention period are no longer kept (the aggregates of that period stay): not stored.",
    );
    expect(await rawTimes(only)).toEqual([CUT90 + 30 * DAY, CUT90 + 40 * DAY]);
    expect(await bucket()).toEqual(kept);
  });
});

describe("reports over old periods", () => {
  it("give the same daily values after retention as before, to staff and to the client", async () => {
    const e = await b.entity({ members: 1 });
    const [m] = e.members as [Person];
    await b.w.t.db
      .update(memberships)
      .set({ acceptedAt: new Date("2024-01-01T00:00:00Z") })
      .where(eq(memberships.userId, m.id));
    // a week in Japan (2024-05-01..07), a sample every 20 minutes
    const start = Date.parse("2024-05-01T00:00:00+09:00");
    const samples = [];
    for (let i = 0; i < 7 * 72; i++)
      samples.push({ code: HR, at: start + i * 20 * MIN, value: 55 + ((i * 7) % 60) });
    await b.upload(m, samples);
    const q = `start_time=${start / 1000}&end_time=${start / 1000 + 7 * 86400}&interval=weekly&timezone=Asia/Tokyo`;
    const staffReport = () =>
      call("GET", `/staff/${e.ws}/reports/${HR}/${m.id}?${q}`, undefined, { token: e.staff.token });
    const ownReport = () => call("GET", `/user/reports/resq_band/${HR}?${q}`, undefined, { token: m.token });
    const [staffBefore, ownBefore] = [await staffReport(), await ownReport()];
    expect(staffBefore.status).toBe(200);
    expect(ownBefore.status).toBe(200);
    expect(JSON.stringify(ownBefore.body)).toContain("55");
    await removeExpiredRaw(b.w.t.db, { now: new Date(), defaultDays: 90 });
    expect(await rawTimes(m)).toEqual([]);
    const [staffAfter, ownAfter] = [await staffReport(), await ownReport()];
    expect(staffAfter.body).toEqual(staffBefore.body);
    expect(ownAfter.body).toEqual(ownBefore.body);
    // rebuilding the buckets from the raw samples (npm run rebuild-buckets) keeps what only the buckets hold now
    await rebuildUser(b.w.t.db, m.id);
    expect((await staffReport()).body).toEqual(staffBefore.body);
    expect((await ownReport()).body).toEqual(ownBefore.body);
  });
});

describe("the entity's setting", () => {
  let e: TestEntity;
  let other: TestEntity;
  beforeAll(async () => {
    e = await b.entity({ members: 1 });
    other = await b.entity({ members: 0 });
  });
  const body = async (ws: string, days?: number | null | string) => {
    const got = await call("GET", `/entities/${ws}`, undefined, { token: adminToken });
    const { name, description, is_public, language, notification_setting_status } = got.body;
    return {
      name,
      description,
      is_public,
      language,
      notification_setting_status,
      ...(days === undefined ? {} : { raw_retention_days: days }),
    };
  };
  const put = async (days: number | null | string | undefined, token?: string, lang?: "ja" | "en") =>
    call("PUT", `/entities/${e.ws}`, await body(e.ws, days), { token, lang });

  it("the admin sets it (30 to 3650 whole days, or null for the default); left out, it stays", async () => {
    expect((await put(400, adminToken)).body.raw_retention_days).toBe(400);
    expect((await put(undefined, adminToken)).body.raw_retention_days).toBe(400);
    expect((await call("GET", `/entities/${e.ws}`, undefined, { token: adminToken })).body).toMatchObject({
      raw_retention_days: 400,
    });
    expect((await put(30, adminToken)).body.raw_retention_days).toBe(30);
    expect((await put(3650, adminToken)).body.raw_retention_days).toBe(3650);
    expect((await put(null, adminToken)).body.raw_retention_days).toBeNull();
  });

  it("refuses anything else with a clear 400 in the caller's language, changing nothing", async () => {
    await put(120, adminToken);
    for (const bad of [29, 3651, 90.5, "90", -1, 0]) {
      const en = await put(bad, adminToken);
      expect(en.status).toBe(400);
      expect(en.body).toMatchObject({
        code: "raw-retention-days-range",
        detail: message("raw-retention-days-range", "en"),
      });
      expect(en.body.detail).toBe(
        "Enter how many days raw samples are kept as a whole number from 30 to 3,650, or leave it empty for the server's default.",
      );
    }
    const jp = await put(10, adminToken, "ja");
    expect(jp.status).toBe(400);
    expect(jp.body.detail).toBe(
      "生データの保存期間は30〜3,650日の整数で入力してください（空欄ではサーバーの既定値になります）。",
    );
    const [row] = await b.w.t.db.select().from(entities).where(eq(entities.workspaceName, e.ws));
    expect(row?.rawRetentionDays).toBe(120);
  });

  it("only the admin may change it: staff, a member, another entity's staff 403, nobody 401", async () => {
    const [member] = e.members as [Person];
    for (const token of [e.staff.token, member.token, other.staff.token])
      expect((await put(400, token)).status).toBe(403);
    expect((await put(400)).status).toBe(401);
    const [row] = await b.w.t.db.select().from(entities).where(eq(entities.workspaceName, e.ws));
    expect(row?.rawRetentionDays).toBe(120);
  });

  it("its staff read it (or the default) with their entities; the admin reads the default and the bounds", async () => {
    const mine = await call("GET", "/staff/entities", undefined, { token: e.staff.token });
    expect(mine.body).toEqual([expect.objectContaining({ workspace_name: e.ws, raw_retention_days: 120 })]);
    const others = await call("GET", "/staff/entities", undefined, { token: other.staff.token });
    expect(others.body).toEqual([
      expect.objectContaining({ workspace_name: other.ws, raw_retention_days: 90 }),
    ]);
    const defaults = await call("GET", "/admin/vitals/retention", undefined, { token: adminToken });
    expect(defaults.body).toEqual({ default_days: 90, min_days: 30, max_days: 3650 });
    const [member] = e.members as [Person];
    for (const token of [e.staff.token, member.token])
      expect((await call("GET", "/admin/vitals/retention", undefined, { token })).status).toBe(403);
    expect((await call("GET", "/admin/vitals/retention")).status).toBe(401);
  });

  it("a person reads their own: the days kept, and nothing removed yet", async () => {
    const [member] = e.members as [Person];
    const mine = await call("GET", "/user/vitals/retention", undefined, { token: member.token });
    expect(mine.body).toEqual({ days: 120, raw_from: null, last_removed_at: null, removed_samples: 0 });
    expect((await call("GET", "/user/vitals/retention")).status).toBe(401);
  });
});

describe("what the person is told", () => {
  let m: Person;
  beforeAll(async () => {
    const e = await b.entity({ members: 1 });
    [m] = e.members as [Person];
    await b.upload(m, [
      { code: HR, at: CUT90 - 3 * DAY, value: 61 },
      { code: HR, at: CUT90 - 2 * DAY, value: 62 },
      { code: HR, at: CUT90 + DAY, value: 63 },
    ]);
    await removeExpiredRaw(b.w.t.db, { now: NOW, defaultDays: 90 });
  });

  it("their retention: from when raw samples exist, when and how many went", async () => {
    const mine = await call("GET", "/user/vitals/retention", undefined, { token: m.token });
    expect(mine.body).toEqual({
      days: 90,
      raw_from: "2026-03-17T00:00:00.000Z",
      last_removed_at: NOW.toISOString(),
      removed_samples: 2,
    });
  });

  it("their export says it, in the README (both languages) and in vitals/retention.json", async () => {
    const res = await fetch(`${b.w.t.url}/api/user/export`, {
      headers: { authorization: `Bearer ${m.token}` },
    });
    expect(res.status).toBe(200);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const text = (name: string) => new TextDecoder().decode(files[name]);
    expect(JSON.parse(text("vitals/retention.json"))).toEqual({
      days: 90,
      raw_from: "2026-03-17T00:00:00.000Z",
      last_removed_at: NOW.toISOString(),
      removed_samples: 2,
    });
    const readme = text("README.txt");
    expect(readme).toContain("1分ごとの生データは90日間保存され");
    expect(readme).toContain(
      "2026-03-17より前の生データ（2件）は削除済みです（最終削除 2026-06-15T10:00:00.000Z）",
    );
    expect(readme).toContain("Raw 1-minute samples are kept 90 days");
    expect(readme).toContain(
      "Raw samples before 2026-03-17 (2 samples) have been removed (last on 2026-06-15T10:00:00.000Z)",
    );
    // the samples CSV has only what is left
    expect(text("vitals/samples.csv")).toContain("63");
    expect(text("vitals/samples.csv")).not.toContain(",61");
  });

  it("an export with nothing removed says so", async () => {
    const e = await b.entity({ members: 1 });
    const [p] = e.members as [Person];
    const res = await fetch(`${b.w.t.url}/api/user/export`, {
      headers: { authorization: `Bearer ${p.token}` },
    });
    const readme = new TextDecoder().decode(unzipSync(new Uint8Array(await res.arrayBuffer()))["README.txt"]);
    expect(readme).toContain("No raw samples have been removed so far.");
    expect(readme).toContain("これまでに削除された生データはありません。");
  });
});

describe("packed days", () => {
  it("go too: whole UTC days before the cutoff, counted in the record", async () => {
    const e = await b.entity({ members: 1 });
    const [p] = e.members as [Person];
    const old = CUT90 - 3 * DAY;
    await b.upload(p, [
      { code: HR, at: old + 60 * MIN, value: 71 },
      { code: HR, at: old + 61 * MIN, value: 72 },
      { code: HR, at: CUT90 + 60 * MIN, value: 73 },
    ]);
    await packClosedDays(b.w.t.db, NOW.getTime());
    const packed = () =>
      b.w.t.db.select({ day: vitalDays.day }).from(vitalDays).where(eq(vitalDays.userId, p.id));
    expect((await packed()).map((r) => r.day).sort()).toEqual(["2026-03-14", "2026-03-17"]);
    expect(await rawTimes(p)).toEqual([]);
    await removeExpiredRaw(b.w.t.db, { now: NOW, defaultDays: 90 });
    expect((await packed()).map((r) => r.day)).toEqual(["2026-03-17"]);
    expect(await record(p)).toMatchObject({ rawFrom: new Date(CUT90), removedSamples: 2 });
  });
});
