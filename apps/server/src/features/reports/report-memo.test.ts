import { measureOf, REPORT_IDS, type ReportId } from "@mimamori/shared";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changesOf } from "../../db/changes";
import { type Db, oneRow } from "../../db/client";
import { vitalBucketsHour, vitalSync } from "../../db/schema";
import { startTestApp, type TestApp } from "../../test/app";
import { rebuildUser } from "../vitals/rebuild";
import { removeExpiredRaw } from "../vitals/retention";
import { type KeptStat, reportMemo, statsKey } from "./report-memo";
import { buildStaffReport, entityKpis } from "./staff-report";

const kept = (revision: number): KeptStat => ({ revision, since: 0, stat: null });
const at = (iso: string) => Date.parse(iso);

describe("the report memo", () => {
  it("keeps at most its number of members, the least recently used windows going first", () => {
    const memo = reportMemo(changesOf({} as Db), 3);
    memo.keep("a", [
      ["u1", kept(1)],
      ["u2", kept(1)],
    ]);
    memo.keep("b", [["u1", kept(1)]]);
    expect(memo.size()).toEqual({ windows: 2, rosters: 0, members: 3 });
    memo.window("a"); // a is now the most recently used
    memo.keep("c", [["u3", kept(1)]]);
    expect(memo.window("b")).toBeUndefined();
    expect([...(memo.window("a")?.keys() ?? [])]).toEqual(["u1", "u2"]);
    expect(memo.size()).toEqual({ windows: 2, rosters: 0, members: 3 });
    // a member kept again replaces its stats: no second entry
    memo.keep("c", [["u3", kept(2)]]);
    expect(memo.window("c")?.get("u3")?.revision).toBe(2);
    expect(memo.size().members).toBe(3);
  });

  it("keeps a roster while only uploads changed (their entities), reads it again after any other change", async () => {
    const changes = changesOf({} as Db);
    const memo = reportMemo(changes, 5);
    const heart = measureOf("00005091");
    let reads = 0;
    const read = async () => ({ members: [++reads, 0] });
    expect(await memo.roster("sakura", heart, read)).toEqual({ members: [1, 0] });
    changes.entities(["sakura"]);
    expect(await memo.roster("sakura", heart, read)).toEqual({ members: [1, 0] });
    changes.everything();
    expect(await memo.roster("sakura", heart, read)).toEqual({ members: [2, 0] });
    // another measure or entity is another roster; past 5 members the least recently used goes
    await memo.roster("sakura", measureOf("00005092"), read);
    await memo.roster("harbor", heart, read);
    expect(memo.size()).toEqual({ windows: 0, rosters: 2, members: 4 });
    expect(await memo.roster("harbor", heart, read)).toEqual({ members: [4, 0] });
    // a roster read while a change came is not kept
    const during = async () => {
      changes.everything();
      return { members: [++reads] };
    };
    await memo.roster("sakura", heart, during);
    expect(await memo.roster("sakura", heart, read)).toEqual({ members: [6, 0] });
  });

  it("names an open window by how far its stats read: a mean measure to the month's end, a count to the hour's", () => {
    const heart = measureOf("00005091");
    const steps = measureOf("00005097");
    const open = (now: string) => ({
      start: at("2026-11-26T15:00:00Z"),
      end: at(now),
      timezone: "Asia/Tokyo",
      open: true,
    });
    const key = (m: typeof heart, now: string) => statsKey("sakura", m, open(now));
    expect(key(heart, "2026-11-29T10:05:00Z")).toBe(key(heart, "2026-11-29T10:06:00Z"));
    expect(key(heart, "2026-11-29T10:05:00Z")).toBe(key(heart, "2026-11-30T23:59:00Z"));
    expect(key(heart, "2026-11-29T10:05:00Z")).not.toBe(key(heart, "2026-12-01T00:05:00Z"));
    expect(key(steps, "2026-11-29T10:05:00Z")).toBe(key(steps, "2026-11-29T10:59:00Z"));
    expect(key(steps, "2026-11-29T10:05:00Z")).not.toBe(key(steps, "2026-11-29T11:01:00Z"));
    // a closed window by its end; another entity, measure or zone is another key
    const closed = { ...open("2026-11-29T10:05:00Z"), open: false, end: at("2024-05-02T00:00:00Z") };
    expect(statsKey("sakura", heart, closed)).not.toBe(
      statsKey("sakura", heart, { ...closed, end: closed.end - 60_000 }),
    );
    expect(statsKey("sakura", heart, closed)).not.toBe(statsKey("harbor", heart, closed));
    expect(statsKey("sakura", heart, closed)).not.toBe(statsKey("sakura", steps, closed));
    expect(statsKey("sakura", heart, closed)).not.toBe(
      statsKey("sakura", heart, { ...closed, timezone: "Asia/Seoul" }),
    );
  });
});

describe("staff reports with stats kept per member", () => {
  let t: TestApp;
  let staff: string;
  let client: { uid: string; token: string };
  beforeAll(async () => {
    t = await startTestApp({ seed: true, vitalDays: 7, demoMembers: true });
    staff = (await t.signIn("staff@example.com")).idToken;
    const s = await t.signIn("client@example.com");
    client = { uid: s.user.uid, token: s.idToken };
  });
  afterAll(() => t.close());

  /** A window closed at the start of the current hour: the same for every read of a test. */
  const closedQuery = () => ({
    timezone: "Asia/Tokyo",
    interval: 7,
    end_time: Math.floor(Date.now() / 3_600_000) * 3600 - 1,
  });
  const path = (id: ReportId, q: ReturnType<typeof closedQuery>) =>
    `/staff/sakura/reports_v2/${id}?timezone=${encodeURIComponent(q.timezone)}&interval=${q.interval}&end_time=${q.end_time}`;
  type Body = { users: { user: { uid: string }; report: unknown; zone: unknown }[]; kpis: unknown };
  const read = async (id: ReportId, q: ReturnType<typeof closedQuery>, lang: "en" | "ja" = "en") => {
    // another language is another kept answer, the same kept stats
    const res = await t.call("GET", path(id, q), undefined, { token: staff, lang });
    expect(res.status).toBe(200);
    return res.body as Body;
  };
  const graded = (b: Body) => ({
    users: b.users.map((u) => [u.user.uid, u.report, u.zone]),
    kpis: b.kpis,
  });
  const revisionOf = async (uid: string) =>
    (
      await oneRow<{ r: number }>(
        t.db,
        sql`select ${vitalSync.revision}::int as r from ${vitalSync} where ${vitalSync.userId} = ${uid}::uuid`,
      )
    ).r;
  const lastHour = () => Math.floor(Date.now() / 3_600_000) * 3600 - 1800;

  const kpisPath = (q: ReturnType<typeof closedQuery>) =>
    `/staff/sakura/reports_v2/kpis?timezone=${encodeURIComponent(q.timezone)}&interval=${q.interval}&end_time=${q.end_time}`;

  it("gives what a report computed from nothing gives, after one member's upload, for every report and the KPIs", async () => {
    const q = closedQuery();
    for (const id of REPORT_IDS) await read(id, q);
    expect((await t.call("GET", kpisPath(q), undefined, { token: staff })).status).toBe(200);
    // the client's data moves (a sample of every measure in the window); the other members' stats stay kept
    const samples = REPORT_IDS.map((code, i) => ({ code, time: lastHour() - i, value: 250 }));
    const up = await t.call("POST", "/user/vitals", { samples }, { token: client.token });
    expect(up.status).toBe(200);
    for (const id of REPORT_IDS) {
      const fromKept = graded(await read(id, q));
      const fresh = await buildStaffReport(t.db, "sakura", id, q, "en");
      expect(fromKept).toEqual(graded(JSON.parse(JSON.stringify(fresh)) as Body));
      expect(fromKept.users.length).toBeGreaterThan(3);
    }
    const kpis = await t.call("GET", kpisPath(q), undefined, { token: staff });
    expect(kpis.status).toBe(200);
    expect(kpis.body).toEqual(JSON.parse(JSON.stringify(await entityKpis(t.db, "sakura", q))));
    expect(kpis.body.with_data).toBeGreaterThan(3);
  });

  it("reads a member's stats again when their vital-data revision moves, whichever process moved it", async () => {
    const q = closedQuery();
    const maxOf = async (lang: "en" | "ja") => {
      const u = (await read("00005091", q, lang)).users.find((x) => x.user.uid === client.uid);
      if (!u) throw new Error("the client is not in the report");
      return (u.report as { max: { value: number } }).max.value;
    };
    const before = await maxOf("en");
    // another process writes the client's buckets: this process hears only that the entity changed
    const hour = new Date((Math.floor(Date.now() / 3_600_000) - 5) * 3_600_000).toISOString();
    const h = vitalBucketsHour;
    await t.db
      .update(h)
      .set({ max: 299 })
      .where(and(eq(h.userId, client.uid), eq(h.measure, 5091), eq(h.bucket, new Date(hour))));
    changesOf(t.db).entities(["sakura"]);
    // the revision did not move: the kept stats serve (only the revision says a member's data changed)
    expect(await maxOf("ja")).toBe(before);
    await t.db
      .update(vitalSync)
      .set({ revision: sql`${vitalSync.revision} + 1` })
      .where(eq(vitalSync.userId, client.uid));
    changesOf(t.db).entities(["sakura"]);
    expect(await maxOf("en")).toBe(299);
  });

  it("lists the roster as it is: a tuning saved, a member removed", async () => {
    const q = closedQuery();
    const first = await read("00005091", q);
    expect(first.users.map((u) => u.user.uid)).toContain(client.uid);
    const ranges = {
      maxValue: [50, 60, 150, 170],
      minValue: [30, 40, 60, 80],
      meanValue: [40, 50, 100, 120],
    };
    const tuned = await t.call(
      "POST",
      `/staff/sakura/reports_v2/00005091/tuning/${client.uid}?${new URLSearchParams({ timezone: q.timezone, interval: "7", end_time: String(q.end_time) })}`,
      ranges,
      { token: staff },
    );
    expect(tuned.status).toBe(200);
    const mine = (b: Body) =>
      b.users.find((u) => u.user.uid === client.uid) as unknown as { customRanges: unknown };
    expect(mine(tuned.body as Body).customRanges).toEqual(ranges);
    expect(mine(await read("00005091", q, "ja")).customRanges).toEqual(ranges);
    const removed = await t.call("DELETE", `/staff/sakura/users/${client.uid}`, undefined, { token: staff });
    expect(removed.status).toBe(200);
    expect((await read("00005091", q)).users.map((u) => u.user.uid)).not.toContain(client.uid);
  });

  it("moves a member's revision with every write to their vital data: upload, rebuild, retention", async () => {
    const r0 = await revisionOf(client.uid);
    const up = await t.call(
      "POST",
      "/user/vitals",
      { samples: [{ code: "00005091", time: lastHour() + 7, value: 71 }] },
      { token: client.token },
    );
    expect(up.status).toBe(200);
    expect(await revisionOf(client.uid)).toBe(r0 + 1);
    // an upload of nothing new moves it too (the sync is recorded)
    await t.call(
      "POST",
      "/user/vitals",
      { samples: [{ code: "00005091", time: lastHour() + 7, value: 71 }] },
      { token: client.token },
    );
    expect(await revisionOf(client.uid)).toBe(r0 + 2);
    await rebuildUser(t.db, client.uid);
    expect(await revisionOf(client.uid)).toBe(r0 + 3);
    // the retention job, its clock a year on: every raw sample is older than the 90 days kept
    const run = await removeExpiredRaw(t.db, {
      now: new Date(Date.now() + 365 * 86_400_000),
      defaultDays: 90,
    });
    expect(run.removed).toBeGreaterThan(0);
    expect(await revisionOf(client.uid)).toBe(r0 + 4);
  });
});
