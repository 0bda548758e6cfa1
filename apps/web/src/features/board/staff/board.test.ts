import {
  type Board,
  type BoardZoneRow,
  HEART_RATE,
  HEAT_STRESS,
  SKIN_TEMPERATURE,
  SNOOZE_CHOICES_MINUTES,
} from "@mimamori/shared";
import i18next, { type TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import {
  alertListLink,
  chartLinkOf,
  compareZoneRows,
  durationParts,
  durationText,
  formAnswersLink,
  memberMatches,
  reasonProblem,
  searchBoard,
  snoozeChoices,
  sortZoneRows,
  valueWithUnit,
  wearShares,
} from "./board";
import en from "./i18n/en.json";
import jp from "./i18n/jp.json";

function translator(language: "jp" | "en"): TFunction {
  const i18n = i18next.createInstance();
  void i18n.init({
    lng: language,
    initAsync: false,
    resources: { [language]: { translation: { "board-staff": language === "jp" ? jp : en } } },
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}

const H = 3600;
const M = 60;

describe("durations on the board", () => {
  it("splits a length into whole days, hours and minutes, rounding down", () => {
    expect(durationParts(2 * H + 10 * M + 59)).toEqual({ days: 0, hours: 2, minutes: 10 });
    expect(durationParts(3 * 24 * H + 4 * H + 5 * M)).toEqual({ days: 3, hours: 4, minutes: 5 });
    expect(durationParts(-30)).toEqual({ days: 0, hours: 0, minutes: 0 });
  });

  it('says "2 h 10 min" in English and "2時間10分" in Japanese', () => {
    const en = translator("en");
    const jp = translator("jp");
    expect(durationText(2 * H + 10 * M, en)).toBe("2 h 10 min");
    expect(durationText(2 * H + 10 * M, jp)).toBe("2時間10分");
    expect(durationText(45 * M, en)).toBe("45 min");
    expect(durationText(45 * M, jp)).toBe("45分");
    expect(durationText(2 * H, en)).toBe("2 h");
    expect(durationText(2 * H, jp)).toBe("2時間");
    expect(durationText(3 * 24 * H + 4 * H + 59 * M, en)).toBe("3 d 4 h");
    expect(durationText(3 * 24 * H + 4 * H, jp)).toBe("3日4時間");
    expect(durationText(24 * H, en)).toBe("1 d");
    expect(durationText(20, en)).toBe("under a minute");
    expect(durationText(20, jp)).toBe("1分未満");
  });

  it('reads "red for 2 h 10 min" in a sentence', () => {
    const en = translator("en");
    const jp = translator("jp");
    expect(en("board-staff.zones.for.red", { duration: durationText(2 * H + 10 * M, en) })).toBe(
      "red for 2 h 10 min",
    );
    expect(jp("board-staff.zones.for.red", { duration: durationText(2 * H + 10 * M, jp) })).toBe(
      "赤が2時間10分続いています",
    );
  });
});

const member = (uid: string, name: string, email: string) => ({ uid, name, email });
const aoki = member("11111111-1111-4111-8111-111111111111", "Aoki Taro", "aoki@example.com");
const yamamoto = member("22222222-2222-4222-8222-222222222222", "山本 和子", "yamamoto.kazuko@example.com");

const zoneRow = (over: Partial<BoardZoneRow>): BoardZoneRow => ({
  user: aoki,
  report_id: HEART_RATE,
  zone: "red",
  value: 170,
  unit: "bpm",
  at: "2026-07-01T04:00:00Z",
  since: null,
  ranges: "default",
  snoozed_until: null,
  ...over,
});

describe("sorting and searching the board", () => {
  it("puts red before yellow, heat-stress first within a zone, then the newest", () => {
    const yellowHeat = zoneRow({ zone: "yellow", report_id: HEAT_STRESS, at: "2026-07-01T05:00:00Z" });
    const redOld = zoneRow({ at: "2026-07-01T03:00:00Z" });
    const redNew = zoneRow({ at: "2026-07-01T04:30:00Z", user: yamamoto });
    const redHeat = zoneRow({ report_id: HEAT_STRESS, at: "2026-07-01T01:00:00Z" });
    expect(sortZoneRows([yellowHeat, redOld, redNew, redHeat])).toEqual([
      redHeat,
      redNew,
      redOld,
      yellowHeat,
    ]);
    expect(compareZoneRows(redOld, redOld)).toBe(0);
  });

  it("finds a member by part of the name or the e-mail, ignoring case and full-width letters", () => {
    expect(memberMatches(aoki, "aoki")).toBe(true);
    expect(memberMatches(aoki, "ＡＯＫＩ")).toBe(true);
    expect(memberMatches(aoki, " TARO ")).toBe(true);
    expect(memberMatches(aoki, "@example.com")).toBe(true);
    expect(memberMatches(yamamoto, "山本")).toBe(true);
    expect(memberMatches(yamamoto, "kazuko")).toBe(true);
    expect(memberMatches(aoki, "山本")).toBe(false);
    expect(memberMatches(aoki, "")).toBe(true);
  });

  it("narrows every member list of the board, not the forms or the wear", () => {
    const board: Board = {
      entity: { workspace_name: "sakura", name: "Sakura", time_zone: "Asia/Tokyo" },
      generated_at: "2026-07-01T05:00:00Z",
      sync_length_hours: 6,
      zones: [zoneRow({}), zoneRow({ user: yamamoto })],
      zones_total: { red: 2, yellow: 0 },
      not_syncing: [
        { user: aoki, last_sync_at: null },
        { user: yamamoto, last_sync_at: "2026-06-30T01:00:00Z" },
      ],
      not_syncing_total: 2,
      open_alerts: [],
      open_alerts_total: 0,
      forms_waiting: [
        { form_id: 1, name: "Daily check", sent_order: 2, sent_at: "", answered: 1, total: 3, overdue: 0 },
      ],
      forms_waiting_total: 1,
      wear: { members: 2, today: 1, week: [] },
      snoozes: [],
      snoozes_total: 0,
    };
    const found = searchBoard(board, "山本");
    expect(found.zones.map((z) => z.user.name)).toEqual(["山本 和子"]);
    expect(found.not_syncing.map((z) => z.user.name)).toEqual(["山本 和子"]);
    expect(found.forms_waiting).toHaveLength(1);
    expect(searchBoard(board, "  ")).toBe(board);
  });
});

describe("today's wear", () => {
  it("gives today's share and each day's against the members, with the week's average", () => {
    const shares = wearShares({
      members: 20,
      today: 15,
      week: [
        { date: "2026-06-25", members: 10 },
        { date: "2026-06-26", members: 20 },
        { date: "2026-07-01", members: 15 },
      ],
    });
    expect(shares.today).toBe(0.75);
    expect(shares.week.map((d) => d.share)).toEqual([0.5, 1, 0.75]);
    expect(shares.weekAverage).toBe(0.75);
  });

  it("has no share without members", () => {
    expect(wearShares({ members: 0, today: 0, week: [{ date: "2026-07-01", members: 0 }] })).toEqual({
      today: null,
      week: [{ date: "2026-07-01", share: null }],
      weekAverage: null,
    });
  });
});

describe("snoozes and links", () => {
  it("offers a heat-stress snooze of at most one hour, other measures up to 7 days", () => {
    expect(snoozeChoices(HEAT_STRESS)).toEqual([30, 60]);
    expect(snoozeChoices(HEART_RATE)).toEqual([...SNOOZE_CHOICES_MINUTES]);
    expect(Math.max(...snoozeChoices(SKIN_TEMPERATURE))).toBe(7 * 24 * 60);
  });

  it("requires a reason of at most 200 characters, as the server does", () => {
    expect(reasonProblem("")).toBe("required");
    expect(reasonProblem("   ")).toBe("required");
    expect(reasonProblem("x".repeat(200))).toBeNull();
    expect(reasonProblem(` ${"x".repeat(200)} `)).toBeNull();
    expect(reasonProblem("x".repeat(201))).toBe("too-long");
  });

  it("opens the member's chart at the moment with ids only (no name, no e-mail)", () => {
    const link = chartLinkOf(aoki, HEAT_STRESS, "2026-07-01T04:00:00Z");
    expect(link).toBe(`/staff/reports/${HEAT_STRESS}/${aoki.uid}?at=1782878400`);
    expect(link).not.toMatch(/Aoki|aoki@|name=|email=/);
    // a silent member: the heart-rate chart at the last sync
    expect(chartLinkOf(aoki, null, "2026-07-01T04:00:00Z")).toBe(
      `/staff/reports/${HEART_RATE}/${aoki.uid}?at=1782878400`,
    );
  });

  it("opens an alert in the notifications list over the entity's local days that hold it", () => {
    // 2026-07-01 23:30 in Tokyo (14:30 UTC); raised 2026-07-02 00:10 Tokyo
    const link = alertListLink(
      { time: "2026-07-01T14:30:00Z", created_at: "2026-07-01T15:10:00Z" },
      "Asia/Tokyo",
    );
    const start = Date.parse("2026-06-30T15:00:00Z") / 1000; // 07-01 00:00 Tokyo
    const end = Date.parse("2026-07-02T15:00:00Z") / 1000; // 07-03 00:00 Tokyo
    expect(link).toBe(`/staff/notifications?start=${start}&end=${end}`);
  });

  it("opens a form send's answers tab", () => {
    expect(formAnswersLink(12)).toBe("/staff/form/12/history?tab=answers");
  });

  it("writes a value with the measure's decimals and the server's unit", () => {
    expect(valueWithUnit(SKIN_TEMPERATURE, 38.25, "°C", "en")).toMatch(/^38\.\d+ °C$/);
    expect(valueWithUnit(HEART_RATE, 171, "bpm", "jp")).toBe("171 bpm");
  });
});
