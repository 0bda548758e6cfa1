import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { entities, notificationSettings, staffNotificationPrefs } from "../../db/schema";
import { worldPerFile } from "../../test/per-file";
import { SAKURA_ENTITY, startAlertsWorld } from "../../test/worlds/alerts";

const w = worldPerFile(startAlertsWorld);
beforeEach(async () => {
  await w.t.db.update(entities).set({ notificationSettingStatus: "unlocked" });
  await w.t.db.delete(notificationSettings);
  await w.t.db.delete(staffNotificationPrefs);
});

const S = "/staff/sakura";
const as = (token: string | undefined, lang: "en" | "ja" = "en") => ({ token, lang });
const staff = () => as(w.tok.staff);
const settingRows = () => w.t.db.select().from(notificationSettings);
const statusOf = async (ws: string) =>
  (await w.t.db.select().from(entities).where(eq(entities.workspaceName, ws)))[0]?.notificationSettingStatus;

const LOCKED_EN = "Notification settings are locked. Only the provider's administrator can unlock them.";
const LOCKED_JP = "通知設定はロックされています。ロックを解除できるのは提供元の管理者のみです。";

describe("GET /staff/{ws}/entity", () => {
  it("answers the entity with its lock status and time zone", async () => {
    const res = await w.t.call("GET", `${S}/entity`, undefined, staff());
    expect(res.status).toBe(200);
    expect(res.body).toEqual(SAKURA_ENTITY);
  });
});

describe("frequency settings", () => {
  it("measurement: the four frequencies in order with the defaults (real time, no escalation)", async () => {
    const res = await w.t.call("GET", `${S}/notification_settings/2`, undefined, staff());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      entity: SAKURA_ENTITY,
      notification_type: 2,
      notification_setting_type_list: [
        { id: 1, name: "1 time", order: 1 },
        { id: 2, name: "2 times", order: 2 },
        { id: 3, name: "3 times", order: 3 },
        { id: 4, name: "real time", order: 4 },
      ],
      notification_setting_type: { id: 4, name: "real time", order: 4 },
      receive_email: true,
      escalation_minutes: null,
      escalation_minutes_options: [15, 30, 60, 120],
    });
  });

  it("synchronization: no real time, once a day by default, no escalation; names in Japanese", async () => {
    const res = await w.t.call("GET", `${S}/notification_settings/1`, undefined, as(w.tok.staff, "ja"));
    expect(res.status).toBe(200);
    expect(res.body.notification_setting_type_list).toEqual([
      { id: 1, name: "1回", order: 1 },
      { id: 2, name: "2回", order: 2 },
      { id: 3, name: "3回", order: 3 },
    ]);
    expect(res.body.notification_setting_type).toEqual({ id: 1, name: "1回", order: 1 });
    expect(res.body.escalation_minutes).toBeNull();
    expect(res.body.escalation_minutes_options).toEqual([]);
  });

  it("saves the measurement frequency and escalation; omitting escalation keeps it, null clears it", async () => {
    const set = (body: Record<string, unknown>) =>
      w.t.call("POST", `${S}/notification_settings/2`, body, staff());
    const first = await set({ notification_setting_type_id: 2, escalation_minutes: 30 });
    expect(first.status).toBe(200);
    expect(first.body.notification_setting_type).toEqual({ id: 2, name: "2 times", order: 2 });
    expect(first.body.escalation_minutes).toBe(30);
    const kept = await set({ notification_setting_type_id: 3 });
    expect(kept.body).toMatchObject({ notification_setting_type: { id: 3 }, escalation_minutes: 30 });
    const cleared = await set({ notification_setting_type_id: 3, escalation_minutes: null });
    expect(cleared.body.escalation_minutes).toBeNull();
    const read = await w.t.call("GET", `${S}/notification_settings/2`, undefined, staff());
    expect(read.body).toMatchObject({ notification_setting_type: { id: 3 }, escalation_minutes: null });
    const [row] = await settingRows();
    expect(row).toMatchObject({
      workspaceName: "sakura",
      notificationType: 2,
      frequencyId: 3,
      escalationMinutes: null,
      updatedBy: w.ids.staff,
    });
  });

  it("saves the synchronization frequency for this entity only", async () => {
    const res = await w.t.call(
      "POST",
      `${S}/notification_settings/1`,
      { notification_setting_type_id: 3 },
      staff(),
    );
    expect(res.status).toBe(200);
    expect(res.body.notification_setting_type).toEqual({ id: 3, name: "3 times", order: 3 });
    const harbor = await w.t.call("GET", "/staff/harbor/notification_settings/1", undefined, staff());
    expect(harbor.body.notification_setting_type.id).toBe(1);
  });

  it.each([
    ["real time for synchronization", "1", { notification_setting_type_id: 4 }, "invalid-frequency"],
    ["an id that does not exist", "2", { notification_setting_type_id: 9 }, "invalid-frequency"],
    ["id 0", "2", { notification_setting_type_id: 0 }, "invalid-frequency"],
    ["a text id", "2", { notification_setting_type_id: "x" }, "invalid-frequency"],
    ["no id", "2", {}, "invalid-frequency"],
    [
      "escalation for synchronization",
      "1",
      { notification_setting_type_id: 1, escalation_minutes: 30 },
      "invalid-escalation",
    ],
    [
      "an escalation not offered",
      "2",
      { notification_setting_type_id: 1, escalation_minutes: 45 },
      "invalid-escalation",
    ],
    [
      "an escalation as text",
      "2",
      { notification_setting_type_id: 1, escalation_minutes: "15" },
      "invalid-escalation",
    ],
  ])("refuses %s with 400 and changes nothing", async (_name, type, body, code) => {
    const res = await w.t.call("POST", `${S}/notification_settings/${type}`, body, staff());
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(code);
    expect(await settingRows()).toEqual([]);
  });

  it("says why in the caller's language", async () => {
    const body = { notification_setting_type_id: 4 };
    const en = await w.t.call("POST", `${S}/notification_settings/1`, body, staff());
    expect(en.body).toEqual({
      code: "invalid-frequency",
      detail: "Choose one of the offered e-mail frequencies.",
      field: "notification_setting_type_id",
    });
    const jp = await w.t.call("POST", `${S}/notification_settings/1`, body, as(w.tok.staff, "ja"));
    expect(jp.body.detail).toBe("表示されている通知頻度から選んでください。");
    const esc = await w.t.call(
      "POST",
      `${S}/notification_settings/1`,
      { notification_setting_type_id: 1, escalation_minutes: 15 },
      as(w.tok.staff, "ja"),
    );
    expect(esc.body).toEqual({
      code: "invalid-escalation",
      detail: "表示されているエスカレーション時間から選んでください。",
      field: "escalation_minutes",
    });
  });

  it.each(["3", "0", "x"])("refuses notification type %s (GET and POST) with 400", async (type) => {
    const get = await w.t.call("GET", `${S}/notification_settings/${type}`, undefined, staff());
    expect(get.status).toBe(400);
    expect(get.body).toMatchObject({
      code: "invalid-notification-type",
      detail: "Unknown notification type (1 synchronization, 2 measurement).",
    });
    const post = await w.t.call(
      "POST",
      `${S}/notification_settings/${type}`,
      { notification_setting_type_id: 1 },
      as(w.tok.staff, "ja"),
    );
    expect(post.status).toBe(400);
    expect(post.body.detail).toBe("通知の種類が正しくありません（1 同期、2 測定値）。");
    expect(await settingRows()).toEqual([]);
  });
});

describe("sync length settings", () => {
  it("offers the six lengths with 24 hours by default, and saves a choice", async () => {
    const res = await w.t.call("GET", `${S}/notification_sync_settings`, undefined, staff());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      entity: SAKURA_ENTITY,
      notification_sync_length_option_list: [
        { id: 1, duration_by_hour: 1 },
        { id: 2, duration_by_hour: 3 },
        { id: 3, duration_by_hour: 6 },
        { id: 4, duration_by_hour: 12 },
        { id: 5, duration_by_hour: 24 },
        { id: 6, duration_by_hour: 48 },
      ],
      notification_sync_length_option: { id: 5, duration_by_hour: 24 },
    });
    const set = await w.t.call(
      "POST",
      `${S}/notification_sync_settings`,
      { notification_sync_length_option_id: 3 },
      staff(),
    );
    expect(set.status).toBe(200);
    expect(set.body.notification_sync_length_option).toEqual({ id: 3, duration_by_hour: 6 });
    // the sync frequency stays the default
    const [row] = await settingRows();
    expect(row).toMatchObject({ notificationType: 1, frequencyId: 1, syncLengthOptionId: 3 });
  });

  it.each([7, 0, "3h", null])("refuses option %s with 400 invalid-sync-length", async (id) => {
    const res = await w.t.call(
      "POST",
      `${S}/notification_sync_settings`,
      { notification_sync_length_option_id: id },
      as(w.tok.staff, "ja"),
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: "invalid-sync-length",
      detail: "表示されている未同期時間から選んでください。",
      field: "notification_sync_length_option_id",
    });
    expect(await settingRows()).toEqual([]);
  });
});

describe("the caller's own receive-e-mail choice", () => {
  it("is the caller's, per entity and type", async () => {
    const res = await w.t.call(
      "PUT",
      `${S}/notification_email`,
      { notification_type: 2, receive_email: false },
      staff(),
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ notification_type: 2, receive_email: false });
    const mine = await w.t.call("GET", `${S}/notification_settings/2`, undefined, staff());
    expect(mine.body.receive_email).toBe(false);
    const sync = await w.t.call("GET", `${S}/notification_settings/1`, undefined, staff());
    expect(sync.body.receive_email).toBe(true);
    const colleague = await w.t.call("GET", `${S}/notification_settings/2`, undefined, as(w.tok.staff2));
    expect(colleague.body.receive_email).toBe(true);
    const harbor = await w.t.call("GET", "/staff/harbor/notification_settings/2", undefined, staff());
    expect(harbor.body.receive_email).toBe(true);
    // and back
    await w.t.call("PUT", `${S}/notification_email`, { notification_type: 2, receive_email: true }, staff());
    expect(await w.t.db.select().from(staffNotificationPrefs)).toEqual([
      { workspaceName: "sakura", userId: w.ids.staff, notificationType: 2, receiveEmail: true },
    ]);
  });

  it.each([
    [{ notification_type: 3, receive_email: false }, "invalid-notification-type"],
    [{ notification_type: 2 }, "invalid-input"],
    [{ notification_type: 2, receive_email: "no" }, "invalid-input"],
  ])("refuses %j with 400 %s", async (body, code) => {
    const res = await w.t.call("PUT", `${S}/notification_email`, body, staff());
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(code);
    expect(await w.t.db.select().from(staffNotificationPrefs)).toEqual([]);
  });
});

describe("the lock", () => {
  it("locks once; while locked settings are refused and unchanged, the own e-mail choice still works", async () => {
    await w.t.call("POST", `${S}/notification_settings/2`, { notification_setting_type_id: 2 }, staff());
    const before = await settingRows();

    const lock = await w.t.call("POST", `${S}/lock_notification`, undefined, staff());
    expect(lock.status).toBe(200);
    expect(lock.body).toEqual({ ...SAKURA_ENTITY, notification_setting_status: "locked" });
    expect(await statusOf("sakura")).toBe("locked");
    const read = await w.t.call("GET", `${S}/entity`, undefined, staff());
    expect(read.body.notification_setting_status).toBe("locked");

    const again = await w.t.call("POST", `${S}/lock_notification`, undefined, as(w.tok.staff, "ja"));
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ code: "notification-settings-locked", detail: LOCKED_JP });

    const freq = await w.t.call(
      "POST",
      `${S}/notification_settings/2`,
      { notification_setting_type_id: 4, escalation_minutes: 15 },
      staff(),
    );
    expect(freq.status).toBe(409);
    expect(freq.body).toEqual({ code: "notification-settings-locked", detail: LOCKED_EN });
    const syncFreq = await w.t.call(
      "POST",
      `${S}/notification_settings/1`,
      { notification_setting_type_id: 2 },
      as(w.tok.staff, "ja"),
    );
    expect(syncFreq.body).toEqual({ code: "notification-settings-locked", detail: LOCKED_JP });
    const length = await w.t.call(
      "POST",
      `${S}/notification_sync_settings`,
      { notification_sync_length_option_id: 1 },
      staff(),
    );
    expect(length.status).toBe(409);
    expect(length.body.detail).toBe(LOCKED_EN);
    expect(await settingRows()).toEqual(before);

    // reading is fine while locked
    const get = await w.t.call("GET", `${S}/notification_settings/2`, undefined, staff());
    expect(get.body).toMatchObject({
      entity: { notification_setting_status: "locked" },
      notification_setting_type: { id: 2 },
    });
    // the own choice is not the entity's setting
    const own = await w.t.call(
      "PUT",
      `${S}/notification_email`,
      { notification_type: 1, receive_email: false },
      staff(),
    );
    expect(own.status).toBe(200);

    // another entity of the same staff member is not locked
    expect(await statusOf("harbor")).toBe("unlocked");
  });

  it("staff cannot unlock; the admin can, and settings work again", async () => {
    await w.t.call("POST", `${S}/lock_notification`, undefined, staff());
    const entity = {
      name: "さくら介護センター",
      description: "東京都内の介護施設。職員と入居者の体調を見守ります。",
      is_public: true,
      language: "jp",
      notification_setting_status: "unlocked",
    };
    const byStaff = await w.t.call("PUT", "/entities/sakura", entity, staff());
    expect(byStaff.status).toBe(403);
    expect(byStaff.body.code).toBe("forbidden");
    expect(await statusOf("sakura")).toBe("locked");

    const byAdmin = await w.t.call("PUT", "/entities/sakura", entity, as(w.tok.admin));
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.notification_setting_status).toBe("unlocked");
    const set = await w.t.call(
      "POST",
      `${S}/notification_settings/2`,
      { notification_setting_type_id: 1 },
      staff(),
    );
    expect(set.status).toBe(200);
    expect(set.body.notification_setting_type.id).toBe(1);
    // and staff can lock again
    expect((await w.t.call("POST", `${S}/lock_notification`, undefined, staff())).status).toBe(200);
  });
});

describe("who may call", () => {
  const routes: [string, string, Record<string, unknown> | undefined][] = [
    ["GET", `${S}/entity`, undefined],
    ["POST", `${S}/lock_notification`, undefined],
    ["GET", `${S}/notification_settings/2`, undefined],
    ["POST", `${S}/notification_settings/2`, { notification_setting_type_id: 1 }],
    ["GET", `${S}/notification_sync_settings`, undefined],
    ["POST", `${S}/notification_sync_settings`, { notification_sync_length_option_id: 1 }],
    ["PUT", `${S}/notification_email`, { notification_type: 2, receive_email: false }],
  ];

  it.each(routes)(
    "%s %s: 401 anonymous; 403 for a client, another entity's staff and the admin",
    async (m, p, b) => {
      expect((await w.t.call(m, p, b)).status).toBe(401);
      for (const token of [w.tok.client, w.tok.member, w.tok.otherStaff, w.tok.admin]) {
        const res = await w.t.call(m, p, b, { token });
        expect(res.status).toBe(403);
        expect(res.body.code).toBe("forbidden");
      }
      expect(await settingRows()).toEqual([]);
      expect(await w.t.db.select().from(staffNotificationPrefs)).toEqual([]);
      expect(await statusOf("sakura")).toBe("unlocked");
    },
  );
});
