import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { memberships } from "../../db/schema";
import type { TestApp } from "../app";

/** Epoch seconds of a local wall time given with its offset, e.g. sec("2024-05-01T08:30+09:00"). */
export const sec = (iso: string) => Date.parse(iso) / 1000;

/** Day 1 of the fixture: 2024-05-01 in Japan = [2024-04-30T15:00Z, 2024-05-01T15:00Z). */
export const DAY1 = sec("2024-05-01T00:00+09:00");
export const DAY2 = DAY1 + 86400;

/**
 * A known day of band data in Japan (2024-05-01): heart rate every 30 minutes (60 + hour of day), a
 * red-zone 170 at 23:30 and a 55 at 00:30 the next day; blood pressure at 08:00; steps at 09:00 and 09:15;
 * skin temperature at 12:00; a night from 23:00 to 06:00 ending that morning.
 */
export function dayOfData(offset = 0) {
  const samples: { code: string; time: number; value: number }[] = [];
  for (let i = 0; i < 48; i++)
    samples.push({ code: "00005091", time: DAY1 + i * 1800, value: 60 + Math.floor(i / 2) });
  samples.push({ code: "00005091", time: sec("2024-05-01T23:45+09:00"), value: 170 });
  samples.push({ code: "00005091", time: sec("2024-05-02T00:30+09:00"), value: 55 });
  samples.push({ code: "00005095", time: sec("2024-05-01T08:00+09:00"), value: 128 + offset });
  samples.push({ code: "00005096", time: sec("2024-05-01T08:00+09:00"), value: 84 + offset });
  samples.push({ code: "00005097", time: sec("2024-05-01T09:00+09:00"), value: 100 });
  samples.push({ code: "00005097", time: sec("2024-05-01T09:15+09:00"), value: 200 });
  samples.push({ code: "00005092", time: sec("2024-05-01T12:00+09:00"), value: 34 });
  samples.push({ code: "00005093", time: sec("2024-05-01T12:00+09:00"), value: 97 });
  const n = sec("2024-04-30T23:00+09:00");
  const sleep = [
    { start: n, end: n + 2 * 3600, stage: "light" },
    { start: n + 2 * 3600, end: n + 4 * 3600, stage: "deep" },
    { start: n + 4 * 3600, end: n + 6 * 3600, stage: "rem" },
    { start: n + 6 * 3600, end: n + 7 * 3600, stage: "light" },
  ];
  return { samples, sleep };
}

/**
 * Dates every accepted membership's consent (accepted_at) back to `epochS`, so that staff may see the fixture's
 * 2024 data: the seed's consent is only 60 days old (staff see data from accepted_at on).
 */
export async function consentSince(t: TestApp, epochS = DAY1 - 30 * 86400) {
  await t.db
    .update(memberships)
    .set({ acceptedAt: new Date(epochS * 1000) })
    .where(eq(memberships.status, "accepted"));
}

export async function upload(t: TestApp, token: string | undefined, body: object) {
  const res = await t.call("POST", "/user/vitals", body as Record<string, unknown>, { token });
  expect(res.status).toBe(200);
  expect(res.body.rejected).toEqual([]);
  return res.body;
}

/** CSV lines without the BOM and the trailing empty line, split on commas (no quoted fields expected). */
export const csvRows = (text: string) =>
  text
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .filter(Boolean)
    .map((l) => l.split(","));
