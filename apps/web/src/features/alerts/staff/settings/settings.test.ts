import { describe, expect, it } from "vitest";
import en from "./i18n/en.json";
import jp from "./i18n/jp.json";
import {
  byOrder,
  ESCALATION_NEVER,
  escalationChoice,
  escalationFromChoice,
  frequencyWhen,
  joinTimes,
  lockCardState,
  MEASUREMENT_PATH,
  measurementBody,
  SETTINGS_PATH,
  SYNC_PATH,
  syncCalls,
  syncLengthKey,
} from "./settings";

describe("settings paths (spec §2)", () => {
  it("are the screen and its two sub-screens", () => {
    expect([SETTINGS_PATH, MEASUREMENT_PATH, SYNC_PATH]).toEqual([
      "/staff/notification-settings",
      "/staff/notification-settings/measurement-value",
      "/staff/notification-settings/synchronization",
    ]);
  });
});

describe("byOrder", () => {
  it("sorts the server's frequencies by order without changing the given list", () => {
    const list = [
      { id: 4, name: "real time", order: 4 },
      { id: 1, name: "1 time", order: 1 },
      { id: 3, name: "3 times", order: 3 },
      { id: 2, name: "2 times", order: 2 },
    ];
    expect(byOrder(list).map((f) => f.name)).toEqual(["1 time", "2 times", "3 times", "real time"]);
    expect(list.map((f) => f.id)).toEqual([4, 1, 3, 2]);
  });
});

describe("frequencyWhen (spec §9 times)", () => {
  it("gives the times of day of each frequency, real time, or nothing for an unknown id", () => {
    expect(frequencyWhen(1)).toEqual({ realtime: false, times: ["12:00"] });
    expect(frequencyWhen(2)).toEqual({ realtime: false, times: ["12:00", "16:00"] });
    expect(frequencyWhen(3)).toEqual({ realtime: false, times: ["09:00", "12:00", "16:00"] });
    expect(frequencyWhen(4)).toEqual({ realtime: true });
    expect(frequencyWhen(99)).toBeNull();
  });

  it("reads as 'around …' text in both languages", () => {
    expect(joinTimes(["12:00"], "en")).toBe("12:00");
    expect(joinTimes(["12:00", "16:00"], "en")).toBe("12:00 and 16:00");
    expect(joinTimes(["09:00", "12:00", "16:00"], "en")).toBe("09:00, 12:00, and 16:00");
    expect(joinTimes(["09:00", "12:00", "16:00"], "jp")).toBe("09:00、12:00、16:00");
  });
});

describe("escalation choice", () => {
  it("maps never to null and minutes to numbers, both ways", () => {
    expect(escalationChoice(null)).toBe(ESCALATION_NEVER);
    expect(escalationChoice(30)).toBe("30");
    expect(escalationFromChoice("never")).toBeNull();
    expect(escalationFromChoice("120")).toBe(120);
  });
});

describe("measurementBody", () => {
  const saved = { frequencyId: 4, escalationMinutes: null };
  it("sends the frequency alone while the escalation is unchanged (the server keeps it)", () => {
    expect(measurementBody(saved, { ...saved })).toEqual({ notification_setting_type_id: 4 });
    expect(measurementBody(saved, { frequencyId: 2, escalationMinutes: null })).toEqual({
      notification_setting_type_id: 2,
    });
  });
  it("sends the escalation with the frequency when it changed", () => {
    expect(measurementBody(saved, { frequencyId: 4, escalationMinutes: 15 })).toEqual({
      notification_setting_type_id: 4,
      escalation_minutes: 15,
    });
  });
  it("sends null to turn escalation off", () => {
    expect(
      measurementBody({ frequencyId: 1, escalationMinutes: 60 }, { frequencyId: 1, escalationMinutes: null }),
    ).toEqual({ notification_setting_type_id: 1, escalation_minutes: null });
  });
});

describe("syncCalls", () => {
  const saved = { frequencyId: 1, lengthOptionId: 5 };
  it("makes the calls of what changed", () => {
    expect(syncCalls(saved, { frequencyId: 3, lengthOptionId: 5 })).toEqual({ frequencyId: 3 });
    expect(syncCalls(saved, { frequencyId: 1, lengthOptionId: 2 })).toEqual({ lengthOptionId: 2 });
    expect(syncCalls(saved, { frequencyId: 2, lengthOptionId: 6 })).toEqual({
      frequencyId: 2,
      lengthOptionId: 6,
    });
  });
  it("sends the frequency when nothing changed, so Set still confirms what is saved", () => {
    expect(syncCalls(saved, { ...saved })).toEqual({ frequencyId: 1 });
  });
});

describe("sync length labels (spec §9: '{n} hours out of sync')", () => {
  const label = (strings: typeof en, hours: number) =>
    strings.sync[
      syncLengthKey(hours) === "sync.lengthOptionOne" ? "lengthOptionOne" : "lengthOption"
    ].replace("{{count}}", String(hours));
  it("read in both languages", () => {
    expect(label(en, 1)).toBe("1 hour out of sync");
    expect(label(en, 24)).toBe("24 hours out of sync");
    expect(label(jp, 1)).toBe("1時間同期なし");
    expect(label(jp, 48)).toBe("48時間同期なし");
  });
});

describe("lockCardState (NOTIF-16)", () => {
  it("starts allowed with Set disabled", () => {
    expect(lockCardState("unlocked", false)).toEqual({
      locked: false,
      allowed: true,
      switchDisabled: false,
      setDisabled: true,
    });
  });
  it("enables Set only once the switch is at not allowed", () => {
    expect(lockCardState("unlocked", true)).toEqual({
      locked: false,
      allowed: false,
      switchDisabled: false,
      setDisabled: false,
    });
  });
  it("shows a locked entity at not allowed with the switch and Set disabled, whatever was chosen", () => {
    const locked = { locked: true, allowed: false, switchDisabled: true, setDisabled: true };
    expect(lockCardState("locked", false)).toEqual(locked);
    expect(lockCardState("locked", true)).toEqual(locked);
  });
});

describe("the lock confirmation texts", () => {
  it("say that staff then cannot change the settings", () => {
    expect(en.lock.confirmSwitchText).toContain("cannot change the notification settings");
    expect(jp.lock.confirmSwitchText).toContain("通知設定を変更できません");
    expect(en.lock.confirmLockText).toBe(
      "The staff of {{name}} then cannot change the notification settings. Only the provider's administrator can unlock them.",
    );
  });
});
