import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "../../db/client";
import { localDateIso, localMidnightMs } from "../../lib/time-sql";
import { startTestApp, type TestApp } from "../../test/app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** The database's own answer for each instant, the one localMidnightMs must match. */
async function fromDatabase(instants: number[], tz: string, daysBack: number): Promise<number[]> {
  const r = await rows<{ t: number }>(
    t.db,
    sql`select (extract(epoch from ((date_trunc('day', x at time zone ${tz}) - make_interval(days => ${daysBack}::int)) at time zone ${tz})) * 1000)::float8 as t
      from unnest(${sql.param(instants.map(iso))}::timestamptz[]) with ordinality as u(x, n) order by n`,
  );
  return r.map((x) => x.t);
}

describe("local midnight without the database", () => {
  it("is Tokyo's midnight 9 hours before UTC's", () => {
    expect(iso(localMidnightMs(Date.parse("2025-03-10T14:59:59Z"), "Asia/Tokyo"))).toBe(
      "2025-03-09T15:00:00.000Z",
    );
    expect(iso(localMidnightMs(Date.parse("2025-03-10T15:00:00Z"), "Asia/Tokyo", 364))).toBe(
      "2024-03-11T15:00:00.000Z",
    );
  });

  it("follows New York's daylight saving: 23- and 25-hour days", () => {
    // Sunday 2025-03-09 has 23 hours, Sunday 2025-11-02 has 25
    expect(iso(localMidnightMs(Date.parse("2025-03-10T12:00:00Z"), "America/New_York"))).toBe(
      "2025-03-10T04:00:00.000Z",
    );
    expect(iso(localMidnightMs(Date.parse("2025-03-10T12:00:00Z"), "America/New_York", 1))).toBe(
      "2025-03-09T05:00:00.000Z",
    );
    expect(iso(localMidnightMs(Date.parse("2025-11-02T23:00:00Z"), "America/New_York"))).toBe(
      "2025-11-02T04:00:00.000Z",
    );
  });

  it.each([
    "Asia/Tokyo",
    "America/New_York",
    // clocks change at midnight: some midnights do not exist or come twice
    "America/Santiago",
    "America/Havana",
    "Asia/Beirut",
    "America/Asuncion",
    // half-hour daylight saving, and offsets of 30 and 45 minutes
    "Australia/Lord_Howe",
    "Asia/Kolkata",
    "Asia/Kathmandu",
    "UTC",
  ])("gives PostgreSQL's instant in %s, every 11 hours of 2024 and 2025, 0 to 364 days back", async (tz) => {
    const instants: number[] = [];
    for (
      let ms = Date.parse("2024-01-01T00:00:00Z");
      ms < Date.parse("2026-01-01T00:00:00Z");
      ms += 11 * HOUR
    )
      instants.push(ms);
    for (const daysBack of [0, 1, 6, 29, 364]) {
      const expected = await fromDatabase(instants, tz, daysBack);
      const mismatches = instants
        .map((ms, i) => ({
          at: iso(ms),
          js: iso(localMidnightMs(ms, tz, daysBack)),
          db: iso(expected[i] as number),
        }))
        .filter((x) => x.js !== x.db);
      expect(mismatches, `${tz}, ${daysBack} days back`).toEqual([]);
    }
  });
});

describe("the local date of an instant", () => {
  it("is the date on the zone's clock, zero-padded, on both sides of midnight and of a daylight-saving change", () => {
    expect(localDateIso(Date.parse("2025-03-09T14:59:59Z"), "Asia/Tokyo")).toBe("2025-03-09");
    expect(localDateIso(Date.parse("2025-03-09T15:00:00Z"), "Asia/Tokyo")).toBe("2025-03-10");
    // New York springs forward on 2025-03-09 at 07:00 UTC; midnight there is 05:00 UTC before it, 04:00 after
    expect(localDateIso(Date.parse("2025-03-10T03:59:59Z"), "America/New_York")).toBe("2025-03-09");
    expect(localDateIso(Date.parse("2025-03-10T04:00:00Z"), "America/New_York")).toBe("2025-03-10");
    expect(localDateIso(Date.parse("0999-01-05T12:00:00Z"), "UTC")).toBe("0999-01-05");
  });
});
