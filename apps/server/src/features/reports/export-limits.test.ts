import { request } from "node:http";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { users } from "../../db/schema";
import { startTestApp, type TestApp } from "../../test/app";
import { download } from "../../test/download";
import { type Role, roleTokens } from "../../test/roles";
import { csvRows, sec, upload } from "../../test/worlds/reports";

/**
 * How much one request may read and how exports share the server (docs/decisions.md, "Trust"): window limits
 * per kind of read, two exports at a time per person, streamed exports that leave room for other requests.
 */
let t: TestApp;
let tok: Record<Role, string | undefined>;
let uid: string;
/** 31 days of heart rate every minute (Tokyo, May 2024): the longest raw window, several query pages. */
const W0 = sec("2024-05-01T00:00+09:00");
const W1 = sec("2024-06-01T00:00+09:00");
const MINUTES = (W1 - W0) / 60;
const hr = (i: number) => 60 + (i % 40);
/** Makes every all-users row long (uid, name, e-mail lead each row): about 23 MB for the window. */
const LONG_NAME = "長".repeat(150);
const DAY = 86400;
const now = Math.floor(Date.now() / 1000);

beforeAll(async () => {
  t = await startTestApp({ seed: true });
  tok = await roleTokens(t);
  uid = (await t.signIn("client@example.com")).user.uid;
  for (let i = 0; i < MINUTES; i += 10_000) {
    const samples = [];
    for (let j = i; j < Math.min(i + 10_000, MINUTES); j++)
      samples.push({ code: "00005091", time: W0 + j * 60, value: hr(j) });
    await upload(t, tok.client, { samples });
  }
  await t.db.execute(sql`update ${users} set name = ${LONG_NAME} where id = ${uid}`);
  // accounts without data: the all-users export queries each of them and writes nothing
  await t.db
    .insert(users)
    .values(Array.from({ length: 200 }, (_, i) => ({ email: `empty-${i}@example.com`, name: `Empty ${i}` })));
}, 120_000);
afterAll(() => t.close());

const win = (start: number, end: number) => `start_time=${start}&end_time=${end}&timezone=Asia/Tokyo`;
const get = (path: string, role: Role, lang: "en" | "ja" = "en") =>
  t.call("GET", path, undefined, { token: tok[role], lang });
// paths are built when a test runs: the member's id is known only then
const clientCsv = (q: string) => `/user/reports/resq_band/00005091/download?${q}`;
const staffCsv = (q: string) => `/staff/sakura/reports/00005091/${uid}/download?${q}`;
const staffChart = (q: string) => `/staff/sakura/reports/00005091/${uid}?${q}`;
const adminCsv = (q: string) => `/admin/users/data/${uid}/download?${q}`;
const allUsersCsv = (q: string) => `/admin/users/data/download?${q}`;
const clientChart = (q: string) => `/user/reports/resq_band/00005091?${q}`;

describe("query windows", () => {
  it("refuses the request of the issue: 400 time-too-early, not a 289-second export", async () => {
    const res = await get(clientCsv("start_time=0&end_time=99999999999&interval=10m"), "client");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: "time-too-early",
      detail: "Dates before 2000/01/01 cannot be requested.",
      field: "start_time",
    });
  });

  it.each([
    ["client CSV, 10m", () => clientCsv(`${win(now - 32 * DAY, now)}&interval=10m`), "client", 31],
    ["client CSV, raw", () => clientCsv(`${win(now - 32 * DAY, now)}&interval=raw`), "client", 31],
    ["client CSV, 1hour", () => clientCsv(`${win(now - 367 * DAY, now)}&interval=1hour`), "client", 366],
    ["client CSV, 1day", () => clientCsv(`${win(now - 1828 * DAY, now)}&interval=1day`), "client", 1827],
    ["staff per-user CSV", () => staffCsv(`${win(now - 32 * DAY, now)}`), "staff", 31],
    [
      "staff per-user CSV, 1month",
      () => staffCsv(`${win(now - 1828 * DAY, now)}&interval=1month`),
      "staff",
      1827,
    ],
    ["admin per-user, Vital Raw", () => adminCsv(`${win(now - 32 * DAY, now)}&db_type=Raw`), "admin", 31],
    [
      "admin per-user, Vital Preprocessed",
      () => adminCsv(`${win(now - 367 * DAY, now)}&db_type=Preprocessed`),
      "admin",
      366,
    ],
    ["admin all users, Vital Raw", () => allUsersCsv(`${win(now - 32 * DAY, now)}&db_type=Raw`), "admin", 31],
    [
      "admin all users, Sleep Preprocessed",
      () => allUsersCsv(`${win(now - 1828 * DAY, now)}&data_type=Sleep&db_type=Preprocessed`),
      "admin",
      1827,
    ],
    ["client chart, hourly", () => clientChart(`${win(now - 3 * DAY, now)}&interval=hourly`), "client", 2],
    [
      "staff per-user chart, weekly",
      () => staffChart(`${win(now - 63 * DAY, now)}&interval=weekly`),
      "staff",
      62,
    ],
  ] as const)("answers 400 for an over-long window: %s", async (_, path, role, days) => {
    const res = await get(path(), role);
    expect(res.status).toBe(400);
    const limit = days === 1827 ? "5 years (1,827 days)" : `${days} days`;
    expect(res.body).toEqual({
      code: `window-too-long-${days}`,
      detail: `The period is too long: at most ${limit}.`,
      field: "end_time",
    });
  });

  it("names the limit in Japanese for Japanese callers", async () => {
    const res = await get(staffCsv(win(now - 32 * DAY, now)), "staff", "ja");
    expect(res.body).toMatchObject({
      code: "window-too-long-31",
      detail: "期間が長すぎます。31日以内で指定してください。",
    });
  });

  it("accepts the longest window of each kind", async () => {
    expect((await download(t, clientCsv(`${win(W0, W1)}&interval=10m`), tok.client)).status).toBe(200);
    expect(
      (await download(t, staffCsv(`${win(now - 366 * DAY, now)}&interval=1hour`), tok.staff)).status,
    ).toBe(200);
    const sleep = `${win(now - 1827 * DAY, now)}&data_type=Sleep&db_type=Preprocessed`;
    expect((await download(t, adminCsv(sleep), tok.admin)).status).toBe(200);
  });

  it.each([
    ["client CSV", () => clientCsv(win(W1, W0)), "client"],
    ["client chart", () => clientChart(win(W1, W0)), "client"],
    ["staff per-user CSV", () => staffCsv(win(W1, W0)), "staff"],
    ["staff per-user chart", () => staffChart(win(W1, W0)), "staff"],
    ["admin per-user", () => adminCsv(win(W1, W0)), "admin"],
    ["admin all users", () => allUsersCsv(win(W1, W0)), "admin"],
  ] as const)("answers 400 for a reversed window: %s", async (_, path, role) => {
    const res = await get(path(), role);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: "invalid-time-range",
      detail: "The end must be later than the start.",
      field: "end_time",
    });
  });

  it("refuses a window reaching more than a year ahead", async () => {
    const res = await get(clientCsv(`${win(now, now + 2 * 365 * DAY)}&interval=1month`), "client");
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: "time-too-far-ahead",
      detail: "Dates more than a year ahead cannot be requested.",
    });
  });
});

describe("streamed exports", () => {
  const local = (t: number) =>
    new Date((t + 9 * 3600) * 1000).toISOString().slice(0, 16).replace("T", " ").replaceAll("-", "/");

  it("return every row of a multi-page window exactly once, in order", async () => {
    const raw = csvRows((await download(t, clientCsv(`${win(W0, W1)}&interval=raw`), tok.client)).text);
    expect(raw).toHaveLength(1 + MINUTES);
    const want = Array.from({ length: MINUTES }, (_, i) => [local(W0 + i * 60), String(hr(i))]);
    expect(raw.slice(1)).toEqual(want);

    const admin = csvRows((await download(t, adminCsv(`${win(W0, W1)}&db_type=Raw`), tok.admin)).text);
    expect(admin.slice(1)).toEqual(want.map(([d, v]) => [d, "00005091", "Heart rate", v, "bpm"]));
  });

  // the export's ~2,000 queries took 25 s on two cores shared with other runs: more than the suite's 30 s default
  it("answer a health check while an export runs query after query", { timeout: 120_000 }, async () => {
    // every account, every measure, a month without data: thousands of pages that write nothing, so no
    // backpressure would ever pause the export
    const order: string[] = [];
    // uncompressed, so that the response starts (and the fetch resolves) with the CSV header line
    const res = await fetch(`${t.url}/api${allUsersCsv(`${win(W0 - 31 * DAY, W0)}&db_type=Raw`)}`, {
      headers: { authorization: `Bearer ${tok.admin}`, "accept-encoding": "identity" },
    });
    expect(res.status).toBe(200);
    const text = res.text().then((body) => {
      order.push("export");
      return body;
    });
    const health = await t.call("GET", "/health");
    order.push("health");
    expect(health.status).toBe(200);
    expect(csvRows(await text)).toHaveLength(1);
    expect(order).toEqual(["health", "export"]);
  });
});

describe("concurrent exports", () => {
  /**
   * Starts an export and leaves its body unread: the server holds it open (backpressure). On a connection of
   * its own, so that stopping it closes exactly that connection.
   */
  function start(path: string, token: string | undefined) {
    return new Promise<{ status: number; stop: () => void }>((resolve, reject) => {
      const req = request(
        `${t.url}/api${path}`,
        { headers: { authorization: `Bearer ${token}` }, agent: false },
        (res) => resolve({ status: res.statusCode ?? 0, stop: () => req.destroy() }),
      );
      req.on("error", reject).end();
    });
  }
  const big = allUsersCsv(`${win(W0, W1)}&db_type=Raw`);

  it("are two at a time per person: the third is 429 until one ends; other people are not affected", async () => {
    const first = await start(big, tok.admin);
    const second = await start(big, tok.admin);
    expect([first.status, second.status]).toEqual([200, 200]);

    const third = await get(big, "admin");
    expect(third.status).toBe(429);
    expect(third.body).toEqual({
      code: "too-many-exports",
      detail: "You already have 2 downloads running. Please wait until one has finished.",
    });
    expect((await get(big, "admin", "ja")).body.detail).toBe(
      "ダウンロードが既に2件実行中です。いずれかが終わるまでお待ちください。",
    );

    const other = await download(t, clientCsv(`${win(W0, W0 + DAY)}&interval=raw`), tok.client);
    expect(other.status).toBe(200);
    expect(csvRows(other.text)).toHaveLength(1 + 1440);

    // a download cut off by the client gives its slot back
    first.stop();
    await vi.waitFor(
      async () => {
        const again = await start(big, tok.admin);
        again.stop();
        expect(again.status).toBe(200);
      },
      { timeout: 10_000, interval: 50 },
    );
    second.stop();
  });

  it("give the slot back when a download finishes", async () => {
    const small = adminCsv(`${win(W0, W0 + DAY)}&db_type=Raw`);
    for (let i = 0; i < 3; i++) expect((await download(t, small, tok.admin)).status).toBe(200);
  });
});
