import { ACK_ACTION_NAMES, ackActionsOf, type Notification, type NotificationList } from "@mimamori/shared";
import { describe, expect, it } from "vitest";
import { formatStamp } from "../../reports/common/window";
import {
  defaultPeriod,
  heatValueText,
  kindOf,
  noteProblem,
  periodFromParams,
  periodProblems,
  recordFileName,
  reportLinkOf,
  unseenIds,
  valueText,
} from "./alerts";

const TOKYO = "Asia/Tokyo";
const s = (iso: string) => Date.parse(iso) / 1000;
const NOW = s("2025-07-01T15:20:00+09:00");

const heat = { id: "00005098", name_jp: "暑熱ストレススコア", name_en: "Heat-stress score", unit: "pts" };

function alert(over: Partial<Notification> = {}): Notification {
  return {
    id: 1,
    notification_type: 2,
    email_sent_at: null,
    email_status: "none",
    is_seen: false,
    time: "2025-07-01T04:05:00.000Z",
    created_at: "2025-07-01T04:06:00.000Z",
    user: { uid: "u-1", name: "Aoki Ren", email: "ren@example.com" },
    report: heat,
    value: 31.25,
    scope: "red",
    cleared_at: null,
    acknowledged: null,
    escalated_at: null,
    ...over,
  };
}

describe("reportLinkOf (a row opens the member's chart at the alert's time)", () => {
  it("opens the alert's measure at its time, by the member's id (no name or e-mail)", () => {
    expect(reportLinkOf(alert())).toBe("/staff/reports/00005098/u-1?at=1751342700");
  });

  it("opens the heart-rate chart at the last sync for an out-of-sync alert", () => {
    const sync = alert({
      notification_type: 1,
      report: null,
      value: null,
      scope: null,
      time: "2025-06-30T22:00:00Z",
    });
    expect(reportLinkOf(sync)).toBe(`/staff/reports/00005091/u-1?at=${s("2025-06-30T22:00:00Z")}`);
  });

  it("escapes the member's id in the path", () => {
    expect(reportLinkOf(alert({ user: { uid: "a/b", name: "X", email: "x@y.jp" } }))).toMatch(
      /^\/staff\/reports\/00005098\/a%2Fb\?/,
    );
  });
});

describe("valueText", () => {
  it("shows the measure's decimals and the unit the server gives", () => {
    expect(valueText(alert(), "en")).toBe("31 pts");
    expect(valueText(alert({ report: { ...heat, id: "00005092", unit: "°C" }, value: 37.86 }), "en")).toBe(
      "37.9 °C",
    );
    expect(valueText(alert({ report: { ...heat, id: "00005091", unit: "bpm" }, value: 128.4 }), "jp")).toBe(
      "128 bpm",
    );
  });

  it("shows a dash without a value", () => {
    expect(valueText(alert({ value: null }), "en")).toBe("–");
  });

  it("shows heat-stress scores of the record with their unit", () => {
    expect(heatValueText(29.4, "en")).toBe("29 pts");
    expect(heatValueText(29.6, "jp")).toBe("30 点");
    expect(heatValueText(null, "jp")).toBe("–");
  });
});

describe("unseenIds (what the shown list marks seen)", () => {
  it("takes the unseen alerts of both lists", () => {
    const list: NotificationList = {
      sync_list: [alert({ id: 7, notification_type: 1 }), alert({ id: 8, is_seen: true })],
      measurement_list: [alert({ id: 3 }), alert({ id: 4, is_seen: true })],
      truncated: false,
      limit: 500,
    };
    expect(unseenIds(list)).toEqual([7, 3]);
  });

  it("carries at most 1000 ids (the call's limit)", () => {
    const many = Array.from({ length: 500 }, (_, i) => alert({ id: i + 1 }));
    const list: NotificationList = {
      sync_list: many,
      measurement_list: [...many.map((a) => ({ ...a, id: a.id + 500 })), alert({ id: 1001 })],
      truncated: true,
      limit: 500,
    };
    const ids = unseenIds(list);
    expect(ids).toHaveLength(1000);
    expect(ids.at(-1)).toBe(1000);
  });
});

describe("the search period", () => {
  it("defaults to the last 7 local days, today included", () => {
    const p = defaultPeriod(NOW, TOKYO);
    expect(formatStamp(p.start_time, TOKYO)).toBe("2025/06/25 00:00");
    expect(formatStamp(p.end_time, TOKYO)).toBe("2025/07/02 00:00");
  });

  it("reads a valid period from the URL", () => {
    const params = new URLSearchParams({ start: "1751000000", end: "1751300000", workspace: "kaede" });
    expect(periodFromParams(params, NOW, TOKYO)).toEqual({ start_time: 1751000000, end_time: 1751300000 });
  });

  it.each([
    ["missing end", { start: "1751000000" }],
    ["end before start", { start: "1751300000", end: "1751000000" }],
    ["end equal to start", { start: "1751300000", end: "1751300000" }],
    ["longer than 366 days", { start: String(1751300000 - 367 * 86400 - 3601), end: "1751300000" }],
    ["not a number", { start: "yesterday", end: "1751300000" }],
    ["before 2000", { start: "900000000", end: "1751300000" }],
  ])("falls back to the default for %s", (_, raw) => {
    expect(periodFromParams(new URLSearchParams(raw), NOW, TOKYO)).toEqual(defaultPeriod(NOW, TOKYO));
  });

  it("names the problem with the shared window messages", () => {
    expect(periodProblems(null, 1751300000)).toEqual({ from: "required", to: undefined });
    expect(periodProblems(1751300000, 1751000000)).toEqual({ to: "invalid-time-range" });
    expect(periodProblems(1751300000 - 367 * 86400, 1751300000)).toEqual({ to: "window-too-long-366" });
    expect(periodProblems(1751300000 - 366 * 86400, 1751300000)).toEqual({});
  });
});

describe("noteProblem (the acknowledgement note, as the server checks it)", () => {
  it("accepts up to 500 characters after trimming", () => {
    expect(noteProblem("")).toBeNull();
    expect(noteProblem(`  ${"あ".repeat(500)}  `)).toBeNull();
  });

  it("refuses 501 characters", () => {
    expect(noteProblem("a".repeat(501))).toBe("too-long");
  });
});

describe("recordFileName", () => {
  it("names the entity and the local days of the period", () => {
    expect(recordFileName("kaede", defaultPeriod(NOW, TOKYO), TOKYO)).toBe(
      "heat_illness_record_kaede_20250625-20250701.csv",
    );
  });
});

describe("the acknowledgement actions of an alert", () => {
  const report = (id: string) => ({ id, name_jp: "", name_en: "", unit: "" });
  const words = (n: Notification) => ackActionsOf(kindOf(n)).map((a) => ACK_ACTION_NAMES[a].en);

  it("offers the heat-illness actions for a heat-stress alert only", () => {
    expect(words(alert())).toEqual([
      "Rested",
      "Hydrated",
      "Cooled down",
      "Sent home",
      "Contacted family",
      "Medical care",
      "Other",
    ]);
  });

  it.each([
    ["heart rate", "00005091"],
    ["skin temperature", "00005092"],
    ["blood oxygen", "00005093"],
    ["respiratory rate", "00005094"],
    ["blood pressure", "00005095"],
    ["diastolic blood pressure", "00005096"],
    ["heart-rate variability", "00005099"],
  ])("offers the body-measure actions for a %s alert, without water or cooling", (_, id) => {
    const offered = words(alert({ report: report(id), value: 170 }));
    expect(offered).toEqual([
      "Checked on the member",
      "Rested",
      "Band refitted, measured again",
      "Known condition (medication or treatment)",
      "Contacted family",
      "Medical care",
      "Other",
    ]);
    expect(offered).not.toContain("Hydrated");
  });

  it.each([["00005102"], ["00005103"]])("offers talking and referral for the score %s", (id) => {
    expect(words(alert({ report: report(id) }))).toEqual([
      "Talked with the member",
      "Workload adjusted",
      "Referred to a doctor or counsellor",
      "Contacted family",
      "Other",
    ]);
  });

  it("offers the band's actions for an out-of-sync alert, in both languages", () => {
    const sync = alert({ notification_type: 1, report: null, value: null, scope: null });
    expect(words(sync)).toEqual([
      "Band checked",
      "Member contacted",
      "Band charging or being replaced",
      "Member away (leave, day off)",
      "Other",
    ]);
    expect(ackActionsOf(kindOf(sync)).map((a) => ACK_ACTION_NAMES[a].jp)).toEqual([
      "バンドを確認した",
      "本人に連絡した",
      "充電中・交換中",
      "休暇・不在",
      "その他",
    ]);
  });
});
