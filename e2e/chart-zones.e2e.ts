import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../apps/server/src/db/schema";
import { checkPage, type E2e, signInAs, startE2e, waitForPath } from "./lib/app";
import { newContext, PHONE } from "./lib/browser";

// Issue 28 §3 "Charts": each line is read against its own ranges. A member's heart rate with ordinary daily
// maxima of 120 bpm (red for the max starts at 160, for the mean at 100): the staff and the client chart draw
// the zones of one chosen line behind that line only; the max line with its own zones is green, never in a red
// band. Staff (jp desktop, en 390 px), client (en desktop, jp 390 px) and the mobile view; axe on every page.

let e: E2e;
let base: string;
beforeAll(async () => {
  e = await startE2e();
  base = e.t.url;
  // the band of both demo clients sends six days of heart rate: 60–80 bpm, and every day at noon a walk up the
  // stairs peaking at 120 bpm
  for (const email of ["client@example.com", "client2@example.com"]) {
    const { idToken } = await e.t.signIn(email);
    const now = Math.floor(Date.now() / 1000 / 600) * 600 - 600;
    const samples = Array.from({ length: 6 * 24 * 6 }, (_, i) => {
      const time = now - i * 600;
      const hourOfDay = new Date(time * 1000).getUTCHours();
      const peak = hourOfDay === 3 && Math.floor(time / 600) % 6 === 0;
      return { code: HEART_RATE, time, value: peak ? 120 : 60 + ((i * 7) % 21) };
    });
    const res = await e.t.call("POST", "/user/vitals", { samples }, { token: idToken });
    expect([res.status, res.body.rejected]).toEqual([200, []]);
  }
});
afterAll(() => e.close());

const HEART_RATE = "00005091";
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 10_000 });

interface Drawn {
  /** Whose ranges the bands are (data-zone-line). */
  line: string | null;
  /** The lines drawn (data-lines). */
  lines: string;
  /** r1, r2 of the chosen line's range. */
  range: string | null;
  bands: { zone: string; from: number; to: number }[];
}

/** What the chart draws, as its figure tells it. */
async function drawn(page: Page): Promise<Drawn> {
  const fig = page.locator("figure").first();
  const bands = ((await fig.getAttribute("data-zone-bands")) ?? "")
    .split(" ")
    .filter(Boolean)
    .map((b) => {
      const [zone, from, to] = b.split(":");
      return { zone: zone ?? "", from: Number(from), to: Number(to) };
    });
  return {
    line: await fig.getAttribute("data-zone-line"),
    lines: (await fig.getAttribute("data-lines")) ?? "",
    range: await fig.getAttribute("data-zone-range"),
    bands,
  };
}

/** The column `name` of the chart's text alternative (the values behind the canvas), as numbers. */
async function column(page: Page, name: string): Promise<number[]> {
  const heads = await page.locator("figure table").first().locator("thead th").allTextContents();
  const i = heads.indexOf(name);
  expect(i).toBeGreaterThan(0);
  const cells = await page
    .locator("figure table")
    .first()
    .locator(`tbody tr > :nth-child(${i + 1})`)
    .allTextContents();
  return cells.map((c) => Number(c.replace(/,/g, ""))).filter((v) => Number.isFinite(v));
}

const zoneOfValue = (d: Drawn, v: number) => d.bands.find((b) => v >= b.from && v < b.to)?.zone;

interface Words {
  zonesFor: string;
  max: string;
  mean: string;
  min: string;
  all: string;
  maxReading: string;
  noZones: RegExp;
}
const WORDS: Record<"jp" | "en", Words> = {
  jp: {
    zonesFor: "ゾーン表示：",
    max: "最大",
    mean: "平均",
    min: "最小",
    all: "すべての線",
    maxReading:
      "最大値のゾーン：140未満はグリーンゾーン、140～160はイエローゾーン、160 bpm以上はレッドゾーン",
    noZones: /^すべての線をゾーンなしで表示しています。/,
  },
  en: {
    zonesFor: "Zones for:",
    max: "Max",
    mean: "Mean",
    min: "Min",
    all: "All lines",
    maxReading:
      "Zones of the Max value: Green zone below 140, Yellow zone from 140 to 160, Red zone from 160 bpm",
    noZones: /^All lines without zones: /,
  },
};

/**
 * The chart on the page: by default the mean line alone over the mean's bands; the max line over the max's
 * bands, its 120 bpm points green; all lines without any band; the selector used by keyboard. Screenshots and
 * axe at each step.
 */
async function proveZones(page: Page, lang: "jp" | "en", shot: string) {
  const w = WORDS[lang];
  const fig = page.locator("figure").first();
  await fig.locator("canvas").waitFor();
  await poll(() => page.locator("figure table tbody tr").count()).toBeGreaterThan(0);
  const maxima = await column(page, w.max);
  // every day's highest value is the 120 of the noon walk
  expect(maxima.length).toBeGreaterThan(0);
  expect(Math.max(...maxima)).toBe(120);

  // default: the mean's zones, drawn behind the mean line only (the max line is not over them)
  const group = page.getByRole("group", { name: w.zonesFor });
  await poll(() =>
    group.getByRole("button", { name: w.mean, exact: true }).getAttribute("aria-pressed"),
  ).toBe("true");
  let d = await drawn(page);
  expect([d.line, d.lines, d.range]).toEqual(["mean", "mean", "80,100"]);
  await checkPage(page, `${shot}-mean`);

  // the max line with its own zones: red from 160, every max point (120) in the green band
  await group.getByRole("button", { name: w.max, exact: true }).click();
  await poll(async () => (await drawn(page)).line).toBe("max");
  d = await drawn(page);
  expect([d.lines, d.range]).toEqual(["max", "140,160"]);
  expect(d.bands[0]?.zone).toBe("green");
  expect(d.bands[0]?.to).toBe(Math.min(140, d.bands.at(-1)?.to ?? 0));
  for (const b of d.bands.filter((x) => x.zone === "red")) expect(b.from).toBe(160);
  for (const v of maxima) {
    expect(zoneOfValue(d, v)).toBe("green");
    expect(d.bands.some((b) => b.zone === "red" && v >= b.from && v <= b.to)).toBe(false);
  }
  await poll(() => page.getByText(w.maxReading, { exact: true }).count()).toBe(1);
  await checkPage(page, `${shot}-max`);

  // by keyboard: the group is one tab stop (the chosen button), the arrow keys move along it and Space picks;
  // all lines, no bands
  const choices = group.getByRole("button");
  expect(await choices.evaluateAll((els) => els.map((el) => (el as HTMLElement).tabIndex))).toEqual([
    0, -1, -1, -1,
  ]);
  await group.getByRole("button", { name: w.max, exact: true }).focus();
  for (const _ of [1, 2, 3]) await page.keyboard.press("ArrowRight");
  const allLines = group.getByRole("button", { name: w.all, exact: true });
  expect(await allLines.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.press("Space");
  await poll(async () => (await drawn(page)).line).toBe("all");
  d = await drawn(page);
  expect([d.lines, d.range, d.bands]).toEqual(["max mean min", null, []]);
  await poll(() => page.getByText(w.noZones).count()).toBe(1);
  await checkPage(page, `${shot}-all`);
  // the phone fits the chart and its selector
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

async function staffGraph(page: Page, lang: "jp" | "en", email: string) {
  const [member] = await e.t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!member) throw new Error(`no ${email}`);
  await signInAs(page, base, "staff", "staff@example.com");
  await waitForPath(page, "/auth/staff/entity-select");
  if (lang === "en") {
    // the stored language (jp) wins at sign-in
    await page.getByRole("button", { name: /^言語/ }).click();
    await page.getByRole("menuitem", { name: "English" }).click();
  }
  await page.goto(`${base}/staff/reports/${HEART_RATE}/${member.id}?workspace=harbor`);
  await page
    .locator("figure canvas")
    .first()
    .waitFor()
    .catch(async (err) => {
      await page.screenshot({ path: `.e2e-artifacts/debug-${lang}-staff-chart.png` });
      throw err;
    });
}

describe("chart zones: each line against its own ranges", { timeout: 180_000 }, () => {
  it("staff, jp desktop: the member's max of 120 bpm is outside the red zone", async () => {
    const ctx = await newContext(e.browser, "jp");
    const page = await ctx.newPage();
    await staffGraph(page, "jp", "client2@example.com");
    await proveZones(page, "jp", "jp-staff-chart-zones");
    await ctx.close();
  });

  it("staff, en at 390 px", async () => {
    const ctx = await newContext(e.browser, "en", PHONE);
    const page = await ctx.newPage();
    await staffGraph(page, "en", "client@example.com");
    await proveZones(page, "en", "en-staff-chart-zones-390");
    await ctx.close();
  });

  it.each([
    ["en", "client2@example.com", undefined],
    ["jp", "client@example.com", PHONE],
  ] as const)("client, %s, %s", async (lang, email, viewport) => {
    const ctx = await newContext(e.browser, lang, viewport);
    const page = await ctx.newPage();
    await signInAs(page, base, "client", email);
    await waitForPath(page, "/client");
    await page.goto(`${base}/client/reports/resq-band/time_series/${HEART_RATE}`);
    await proveZones(page, lang, `${lang}-client-chart-zones${viewport ? "-390" : ""}`);
    await ctx.close();
  });

  it("the mobile view, en at 390 px", async () => {
    const { idToken } = await e.t.signIn("client@example.com");
    const ctx = await newContext(e.browser, "en", PHONE);
    const page = await ctx.newPage();
    await page.goto(
      `${base}/mobile/reports/resq_band?${new URLSearchParams({ report_id: HEART_RATE, idToken, lang: "en" })}`,
    );
    await proveZones(page, "en", "en-mobile-chart-zones-390");
    await ctx.close();
  });
});
