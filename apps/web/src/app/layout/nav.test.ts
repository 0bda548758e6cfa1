import { describe, expect, it } from "vitest";
import en from "../../i18n/en.json";
import jp from "../../i18n/jp.json";
import { navEntries } from "./nav";

const textOf = (strings: unknown, key: string) =>
  key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], strings);

describe("navEntries", () => {
  it("lists the staff menu in the spec's order (§2, SHELL-07), modules after it, keeping the workspace", () => {
    expect(navEntries("staff", "sakura").map((e) => [e.to, e.labelKey])).toEqual([
      ["/staff?workspace=sakura", "nav.home"],
      ["/staff/reports?workspace=sakura", "ui.nav.reports"],
      ["/staff/form?workspace=sakura", "ui.nav.forms"],
      ["/staff/staffs?workspace=sakura", "ui.nav.staffs"],
      ["/staff/users?workspace=sakura", "ui.nav.users"],
      ["/staff/notification-settings?workspace=sakura", "ui.nav.notificationSettings"],
      ["/staff/notifications?workspace=sakura", "ui.nav.notifications"],
      ["/staff/modules?workspace=sakura", "ui.nav.modules"],
      ["/staff/profile?workspace=sakura", "nav.profile"],
    ]);
  });

  it("gives staff links without a workspace as plain paths", () => {
    expect(navEntries("staff", null).map((e) => e.to)).toContain("/staff/notification-settings");
  });

  it("adds the development mailbox before Profile in every area only while the server keeps mail", () => {
    for (const area of ["client", "staff", "admin"] as const) {
      const without = navEntries(area, null).map((e) => e.to);
      expect(without.some((to) => to.includes("mailbox"))).toBe(false);
      expect(navEntries(area, null, true).map((e) => e.to)).toEqual([
        ...without.slice(0, -1),
        `/${area}/mailbox`,
        `/${area}/profile`,
      ]);
    }
    expect(navEntries("staff", "sakura", true).at(-2)).toMatchObject({
      to: "/staff/mailbox?workspace=sakura",
      labelKey: "ui.nav.mailbox",
    });
  });

  it("marks only Home as active on its exact path", () => {
    expect(
      navEntries("staff", null)
        .filter((e) => e.end)
        .map((e) => e.to),
    ).toEqual(["/staff"]);
  });

  it("lists the client menu in the spec's order (SHELL-06) and the admin data catalogue", () => {
    expect(navEntries("client", null).map((e) => e.to)).toEqual([
      "/client",
      "/client/reports",
      "/client/data",
      "/client/entities",
      "/client/forms",
      "/client/access-audit",
      "/client/profile",
    ]);
    expect(navEntries("admin", null).map((e) => e.to)).toEqual([
      "/admin",
      "/admin/entities",
      "/admin/CSVdownload",
      "/admin/users",
      "/admin/data-types",
      "/admin/access-audit",
      "/admin/profile",
    ]);
  });

  it("has a label in both languages for every entry", () => {
    const keys = (["client", "staff", "admin"] as const).flatMap((a) =>
      navEntries(a, null, true).map((e) => e.labelKey),
    );
    for (const key of keys) {
      expect(typeof textOf(en, key), `${key} (en)`).toBe("string");
      expect(typeof textOf(jp, key), `${key} (jp)`).toBe("string");
    }
    expect(textOf(en, "ui.nav.notificationSettings")).toBe("Notification settings");
    expect(textOf(jp, "ui.nav.notificationSettings")).toBe("通知設定");
    expect(textOf(en, "ui.nav.notifications")).toBe("Notifications");
    expect(textOf(en, "ui.nav.data")).toBe("Personal data");
    expect(textOf(jp, "ui.nav.data")).toBe("パーソナルデータ");
    expect(textOf(jp, "ui.nav.notifications")).toBe("通知");
    expect(textOf(en, "ui.nav.myDataUse")).toBe("Who used my data");
    expect(textOf(jp, "ui.nav.myDataUse")).toBe("私のデータの利用記録");
  });
});
