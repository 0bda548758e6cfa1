import { csvLine } from "@mimamori/shared";
import { describe, expect, it } from "vitest";
import { download, localTime } from "../../test/download";
import {
  alertsWorldPerFile,
  base,
  epochS,
  insertAlert,
  mailStaff,
  plus,
  windowQuery,
} from "../../test/worlds/alerts";

const w = alertsWorldPerFile();

const L = (d: Date) => localTime(d, "Asia/Tokyo");
const get = (
  query: string,
  token: string | undefined = w.tok.admin,
  lang: "en" | "ja" = "en",
  ws = "sakura",
) => download(w.t, `/admin/${ws}/notifications?${query}`, token, lang);
const call = (query: string, token: string | undefined, lang: "en" | "ja" = "en") =>
  w.t.call("GET", `/admin/sakura/notifications?${query}`, undefined, { token, lang });

const HEADERS_EN = [
  "Type",
  "Name",
  "Email",
  "Measure",
  "Value",
  "Unit",
  "Measured at / last sync",
  "Alerted at",
  "Email sent at",
  "Email status",
  "Acknowledged by",
  "Acknowledged at",
  "Action",
  "Note",
];

/** Sakura's alerts of both types, with those the download leaves out. */
async function story() {
  const heat = await insertAlert(w.t.db, { userId: w.ids.member, value: 92, at: base, createdAt: plus(1) });
  await mailStaff(w, "staff2", { notificationId: heat, status: "failed" });
  await mailStaff(w, "staff", { notificationId: heat, status: "sent", sentAt: plus(3) });
  const heart = await insertAlert(w.t.db, {
    userId: w.ids.client,
    measure: 5091,
    value: 152,
    at: plus(10),
    acknowledged: { at: plus(15), by: w.ids.staff2, action: "rested", note: "@once" },
  });
  await mailStaff(w, "staff", { notificationId: heart, status: "failed" });
  await insertAlert(w.t.db, { userId: w.ids.member, type: 1, at: plus(-600), createdAt: plus(20) });
  // left out: a former member, a removed alert, another entity, outside the window
  await insertAlert(w.t.db, { userId: w.ids.former, at: plus(30) });
  await insertAlert(w.t.db, { userId: w.ids.client, at: plus(30), deletedAt: plus(40) });
  await insertAlert(w.t.db, { ws: "harbor", userId: w.ids.client, at: plus(30) });
  await insertAlert(w.t.db, { userId: w.ids.client, at: plus(180) });
  return { heat, heart };
}

describe("GET /admin/{ws}/notifications", () => {
  it("notif_type 1 is measurement: one row per alert, oldest first, with delivery and acknowledgement", async () => {
    await story();
    const { res, bytes, text } = await get(`${windowQuery}&notif_type=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(
      'attachment; filename="notifications-sakura-measurement.csv"',
    );
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text.slice(1)).toBe(
      [
        csvLine(HEADERS_EN),
        csvLine([
          "Measurement",
          "Member English",
          "member@example.com",
          "Heat-stress score",
          92,
          "pts",
          L(base),
          L(plus(1)),
          L(plus(3)),
          "Sent",
          null,
          null,
          null,
          null,
        ]),
        csvLine([
          "Measurement",
          "Tanaka Hanako",
          "client@example.com",
          "Heart rate",
          152,
          "bpm",
          L(plus(10)),
          L(plus(10)),
          null,
          "Failed",
          "Staff Two",
          L(plus(15)),
          "Rested",
          "'@once",
        ]),
      ].join(""),
    );
  });

  it("notif_type 2 is synchronization, in Japanese for a Japanese caller", async () => {
    await story();
    const { res, text } = await get(`${windowQuery}&notif_type=2`, w.tok.admin, "ja");
    expect(res.headers.get("content-disposition")).toBe(
      'attachment; filename="notifications-sakura-sync.csv"',
    );
    expect(text.slice(1)).toBe(
      [
        csvLine([
          "種類",
          "名前",
          "メールアドレス",
          "測定項目",
          "値",
          "単位",
          "測定日時・最終同期日時",
          "通知日時",
          "メール送信日時",
          "メール送信状況",
          "対応者",
          "対応日時",
          "対応内容",
          "メモ",
        ]),
        csvLine([
          "同期",
          "Member English",
          "member@example.com",
          null,
          null,
          null,
          L(plus(-600)),
          L(plus(20)),
          null,
          "なし",
          null,
          null,
          null,
          null,
        ]),
      ].join(""),
    );
  });

  it("an alert mailed to the development mailbox (no SMTP) says so, with the time it was put there", async () => {
    const heat = await insertAlert(w.t.db, { userId: w.ids.member, value: 92, at: base, createdAt: plus(1) });
    await mailStaff(w, "staff", { notificationId: heat, status: "outbox", sentAt: plus(2) });
    for (const [lang, label] of [
      ["en", "Delivered to the development mailbox"],
      ["ja", "開発用メールボックスに配信"],
    ] as const) {
      const { text } = await get(`${windowQuery}&notif_type=1`, w.tok.admin, lang);
      expect(text.slice(1).split("\r\n")[1]).toBe(
        csvLine([
          lang === "en" ? "Measurement" : "測定値",
          "Member English",
          "member@example.com",
          lang === "en" ? "Heat-stress score" : "暑熱ストレススコア",
          92,
          lang === "en" ? "pts" : "点",
          L(base),
          L(plus(1)),
          L(plus(2)),
          label,
          null,
          null,
          null,
          null,
        ]).replace(/\r\n$/, ""),
      );
    }
  });

  it("writes only the header for a period without alerts", async () => {
    const { res, text } = await get(`${windowQuery}&notif_type=1`);
    expect(res.status).toBe(200);
    expect(text.slice(1)).toBe(csvLine(HEADERS_EN));
  });

  it.each([
    [
      "notif_type 3",
      `${windowQuery}&notif_type=3`,
      "invalid-admin-notification-type",
      "通知の種類が正しくありません（1 測定値、2 同期）。",
    ],
    [
      "no notif_type",
      windowQuery,
      "invalid-admin-notification-type",
      "通知の種類が正しくありません（1 測定値、2 同期）。",
    ],
    [
      "end before start",
      `start_time=${epochS(base)}&end_time=${epochS(base) - 1}&notif_type=1`,
      "invalid-time-range",
      "終了日時は開始日時より後にしてください。",
    ],
    [
      "367 days",
      `start_time=${epochS(base) - 367 * 86_400}&end_time=${epochS(base)}&notif_type=1`,
      "window-too-long-366",
      "期間が長すぎます。366日以内で指定してください。",
    ],
  ])("refuses %s with 400 in the caller's language", async (_name, query, code, jp) => {
    const res = await call(query, w.tok.admin, "ja");
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code, detail: jp });
    const en = await call(query, w.tok.admin);
    expect(en.body.code).toBe(code);
  });

  it("names the types in the admin numbering (1 measurement, 2 synchronization), in both languages", async () => {
    const en = await call(`${windowQuery}&notif_type=0`, w.tok.admin);
    expect(en.status).toBe(400);
    expect(en.body).toMatchObject({
      code: "invalid-admin-notification-type",
      detail: "Unknown notification type (1 measurement, 2 synchronization).",
    });
    const jp = await call(`${windowQuery}&notif_type=x`, w.tok.admin, "ja");
    expect(jp.body.detail).toBe("通知の種類が正しくありません（1 測定値、2 同期）。");
  });

  it("answers 404 for an entity that does not exist", async () => {
    const { res, text } = await get(`${windowQuery}&notif_type=1`, w.tok.admin, "en", "nothere");
    expect(res.status).toBe(404);
    expect(JSON.parse(text)).toEqual({ code: "entity-not-found", detail: "Entity not found." });
  });

  it("is the admin's only: 401 anonymous, 403 for staff (also of this entity), clients and other staff", async () => {
    expect((await call(`${windowQuery}&notif_type=1`, undefined)).status).toBe(401);
    for (const token of [w.tok.staff, w.tok.staff2, w.tok.otherStaff, w.tok.client]) {
      const res = await call(`${windowQuery}&notif_type=1`, token);
      expect([res.status, res.body.code]).toEqual([403, "forbidden"]);
    }
  });
});
