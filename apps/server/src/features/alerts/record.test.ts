import { csvLine } from "@mimamori/shared";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { entities, notifications } from "../../db/schema";
import { download, localTime } from "../../test/download";
import {
  alertsWorldPerFile,
  base,
  epochS,
  insertAlert,
  insertAlertsASecondApart,
  insertMail,
  mailStaff,
  plus,
  SAKURA_ENTITY,
  windowQuery,
} from "../../test/worlds/alerts";

const w = alertsWorldPerFile();
beforeEach(async () => {
  await w.t.db.update(entities).set({ timeZone: "Asia/Tokyo" }).where(eq(entities.workspaceName, "sakura"));
});

const S = "/staff/sakura";
const record = (query = windowQuery, token = w.tok.staff, lang: "en" | "ja" = "en") =>
  w.t.call("GET", `${S}/heat_illness_record?${query}`, undefined, { token, lang });

/**
 * The record's world: a member's alert that was mailed, escalated, acknowledged and cleared; a former member's
 * (told through an account that is gone since); a client's alert removed from the list; and alerts the record
 * leaves out (another measure, synchronization, another entity, outside the window).
 */
async function story() {
  const told = await insertAlert(w.t.db, {
    userId: w.ids.member,
    value: 92,
    at: base,
    createdAt: plus(1),
    escalatedAt: plus(16),
    clearedAt: plus(40),
    acknowledged: { at: plus(20), by: w.ids.staff, action: "hydrated", note: "=Water and rest" },
  });
  await mailStaff(w, "staff", { notificationId: told, status: "sent", sentAt: plus(2), createdAt: plus(1) });
  await mailStaff(w, "staff2", {
    notificationId: told,
    status: "failed",
    createdAt: new Date(plus(1).getTime() + 1000),
  });
  await mailStaff(w, "staff2", {
    notificationId: told,
    kind: "escalation",
    status: "queued",
    createdAt: plus(16),
  });
  const former = await insertAlert(w.t.db, { userId: w.ids.former, value: 95, at: plus(60) });
  await insertMail(w.t.db, {
    notificationId: former,
    recipientId: null,
    recipient: "gone@example.com",
    status: "sent",
    sentAt: plus(61),
  });
  const removed = await insertAlert(w.t.db, {
    userId: w.ids.client,
    value: 90,
    at: plus(120),
    deletedAt: plus(130),
    deletedBy: w.ids.staff,
  });
  // left out
  await insertAlert(w.t.db, { userId: w.ids.client, measure: 5091, value: 160, at: plus(30) });
  await insertAlert(w.t.db, { userId: w.ids.member, type: 1, at: plus(30) });
  await insertAlert(w.t.db, { ws: "harbor", userId: w.ids.client, at: plus(30) });
  await insertAlert(w.t.db, { ws: "kaede", userId: w.ids.outsider, at: plus(30) });
  await insertAlert(w.t.db, { userId: w.ids.member, at: plus(180) });
  await insertAlert(w.t.db, { userId: w.ids.member, at: plus(-1) });
  return { told, former, removed };
}

const iso = (d: Date) => d.toISOString();

describe("the heat-illness record (JSON)", () => {
  it("lists every heat-stress alert of the period in time order: who was told, who acknowledged, removed ones", async () => {
    const { told, former, removed } = await story();
    const res = await record();
    expect(res.status).toBe(200);
    expect(res.body.entity).toEqual(SAKURA_ENTITY);
    expect([res.body.start_time, res.body.end_time, res.body.truncated]).toEqual([
      epochS(base),
      epochS(plus(180)),
      false,
    ]);
    expect(res.body.rows).toEqual([
      {
        id: told,
        time: iso(base),
        created_at: iso(plus(1)),
        user: { uid: w.ids.member, name: "Member English", email: "member@example.com" },
        value: 92,
        told: [
          {
            name: "Sato Staff",
            email: "staff@example.com",
            kind: "alert",
            status: "sent",
            sent_at: iso(plus(2)),
          },
          { name: "Staff Two", email: "staff2@example.com", kind: "alert", status: "failed", sent_at: null },
          {
            name: "Staff Two",
            email: "staff2@example.com",
            kind: "escalation",
            status: "pending",
            sent_at: null,
          },
        ],
        acknowledged: {
          at: iso(plus(20)),
          by: { uid: w.ids.staff, name: "Sato Staff" },
          action: "hydrated",
          note: "=Water and rest",
        },
        escalated_at: iso(plus(16)),
        cleared_at: iso(plus(40)),
        deleted_at: null,
        snooze: null,
      },
      {
        id: former,
        time: iso(plus(60)),
        created_at: iso(plus(60)),
        // a former member: the employer's record stays, the value does not
        user: { uid: w.ids.former, name: "Former Member", email: "former@example.com" },
        value: null,
        told: [
          { name: "", email: "gone@example.com", kind: "alert", status: "sent", sent_at: iso(plus(61)) },
        ],
        acknowledged: null,
        escalated_at: null,
        cleared_at: null,
        deleted_at: null,
        snooze: null,
      },
      {
        id: removed,
        time: iso(plus(120)),
        created_at: iso(plus(120)),
        user: { uid: w.ids.client, name: "Tanaka Hanako", email: "client@example.com" },
        value: 90,
        told: [],
        acknowledged: null,
        escalated_at: null,
        cleared_at: null,
        deleted_at: iso(plus(130)),
        snooze: null,
      },
    ]);
  });

  it("answers at most 2,000 alerts and says the period has more", async () => {
    await insertAlertsASecondApart(w.t.db, w.ids.client, base, 2001);
    const res = await record();
    expect(res.body.rows).toHaveLength(2000);
    expect(res.body.truncated).toBe(true);
    expect(res.body.rows[0].time).toBe(iso(base));
    expect(res.body.rows[1999].time).toBe(iso(new Date(base.getTime() + 1999 * 1000)));
  });

  it.each([
    [
      "end before start",
      `start_time=${epochS(base)}&end_time=${epochS(base) - 60}`,
      "invalid-time-range",
      "終了日時は開始日時より後にしてください。",
    ],
    [
      "367 days",
      `start_time=${epochS(base) - 367 * 86_400}&end_time=${epochS(base)}`,
      "window-too-long-366",
      "期間が長すぎます。366日以内で指定してください。",
    ],
    ["an unknown format", `${windowQuery}&format=xml`, "invalid-input", "入力内容が正しくありません。"],
    [
      "a CSV of a reversed window",
      `start_time=${epochS(base)}&end_time=${epochS(base) - 60}&format=csv`,
      "invalid-time-range",
      "終了日時は開始日時より後にしてください。",
    ],
  ])("refuses %s with 400 in the caller's language", async (_name, query, code, jp) => {
    const res = await record(query, w.tok.staff, "ja");
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code, detail: jp });
  });
});

describe("the heat-illness record (CSV)", () => {
  const L = (d: Date, tz = "Asia/Tokyo") => localTime(d, tz);
  /** The staff member's download unless another caller (or nobody: `null`) is named. */
  const csv = (lang: "en" | "ja" = "en", token: string | undefined | null = w.tok.staff) =>
    download(w.t, `${S}/heat_illness_record?${windowQuery}&format=csv`, token ?? undefined, lang);

  it("streams UTF-8 with a BOM, English headers, local times, neutralised cells", async () => {
    await story();
    const { res, bytes, text } = await csv();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(
      'attachment; filename="heat-illness-record-sakura.csv"',
    );
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text.slice(1)).toBe(
      [
        csvLine([
          "Measured at (Asia/Tokyo)",
          "Name",
          "Email",
          "Heat-stress score (pts)",
          "Alerted at (Asia/Tokyo)",
          "Told",
          "Escalated at (Asia/Tokyo)",
          "Acknowledged by",
          "Acknowledged at (Asia/Tokyo)",
          "Action",
          "Note",
          "Cleared at (Asia/Tokyo)",
          "Removed from the list at (Asia/Tokyo)",
          "Snoozed (reason, until, by)",
        ]),
        csvLine([
          L(base),
          "Member English",
          "member@example.com",
          92,
          L(plus(1)),
          `Sato Staff <staff@example.com> (alert: Sent ${L(plus(2))}); Staff Two <staff2@example.com> (alert: Failed); Staff Two <staff2@example.com> (escalation: Pending)`,
          L(plus(16)),
          "Sato Staff",
          L(plus(20)),
          "Hydrated",
          "'=Water and rest",
          L(plus(40)),
          null,
          null,
        ]),
        csvLine([
          L(plus(60)),
          "Former Member",
          "former@example.com",
          null,
          L(plus(60)),
          `<gone@example.com> (alert: Sent ${L(plus(61))})`,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
        ]),
        csvLine([
          L(plus(120)),
          "Tanaka Hanako",
          "client@example.com",
          90,
          L(plus(120)),
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          L(plus(130)),
          null,
        ]),
      ].join(""),
    );
    // the formula stays neutralised: the note cell starts with a quote
    expect(text).toContain(",'=Water and rest,");
  });

  it("writes Japanese headers and words, and times in the entity's zone, named in the headers", async () => {
    await story();
    await w.t.db
      .update(entities)
      .set({ timeZone: "America/New_York" })
      .where(eq(entities.workspaceName, "sakura"));
    const { text } = await csv("ja");
    const lines = text.slice(1).split("\r\n");
    expect(lines[0]).toBe(
      "測定日時（America/New_York）,名前,メールアドレス,暑熱ストレススコア（点）,通知日時（America/New_York）,通知先,エスカレーション日時（America/New_York）,対応者,対応日時（America/New_York）,対応内容,メモ,解除日時（America/New_York）,一覧から削除した日時（America/New_York）,通知の一時停止（理由、期限、設定者）",
    );
    expect(lines[1]?.startsWith(`${L(base, "America/New_York")},Member English,`)).toBe(true);
    expect(L(base, "America/New_York")).not.toBe(L(base));
    expect(lines[1]).toContain(
      `Sato Staff <staff@example.com> (通知: 送信済み ${L(plus(2), "America/New_York")}); Staff Two <staff2@example.com> (通知: 送信失敗); Staff Two <staff2@example.com> (エスカレーション: 送信待ち)`,
    );
    expect(lines[1]).toContain(",水分・塩分を補給させた,");
  });

  it("tells a mail delivered to the development mailbox (no SMTP) as delivered there, with the time, JSON and CSV", async () => {
    const told = await insertAlert(w.t.db, { userId: w.ids.member, value: 92, at: base, createdAt: plus(1) });
    await mailStaff(w, "staff", {
      notificationId: told,
      status: "outbox",
      sentAt: plus(2),
      createdAt: plus(1),
    });
    // kept before the mailbox time was recorded: the time it was written
    await mailStaff(w, "staff", {
      notificationId: told,
      kind: "escalation",
      status: "outbox",
      createdAt: plus(16),
    });
    const json = await record();
    expect(json.body.rows[0].told).toEqual([
      {
        name: "Sato Staff",
        email: "staff@example.com",
        kind: "alert",
        status: "dev_mailbox",
        sent_at: iso(plus(2)),
      },
      {
        name: "Sato Staff",
        email: "staff@example.com",
        kind: "escalation",
        status: "dev_mailbox",
        sent_at: iso(plus(16)),
      },
    ]);
    const firstRow = (text: string) => text.slice(1).split("\r\n")[1];
    expect(firstRow((await csv()).text)).toContain(
      `Sato Staff <staff@example.com> (alert: Delivered to the development mailbox ${L(plus(2))}); Sato Staff <staff@example.com> (escalation: Delivered to the development mailbox ${L(plus(16))})`,
    );
    expect(firstRow((await csv("ja")).text)).toContain(
      `Sato Staff <staff@example.com> (通知: 開発用メールボックスに配信 ${L(plus(2))}); Sato Staff <staff@example.com> (エスカレーション: 開発用メールボックスに配信 ${L(plus(16))})`,
    );
  });

  it("writes every alert of the period page by page, none twice, also when times tie", async () => {
    // 150 times with three alerts each: pages of 200 and 1,000 rows cut through equal times
    await w.t.db.insert(notifications).values(
      Array.from({ length: 450 }, (_, i) => ({
        workspaceName: "sakura",
        userId: w.ids.client,
        notificationType: 2,
        measure: 5098,
        value: 90,
        at: new Date(base.getTime() + Math.floor(i / 3) * 1000),
        acknowledgedAt: plus(170),
        acknowledgedBy: w.ids.staff,
        ackAction: "rested" as const,
        ackNote: `n${i}`,
      })),
    );
    const { text } = await csv();
    const lines = text.slice(1).split("\r\n").slice(1, -1);
    expect(lines).toHaveLength(450);
    const notes = lines.map((l) => l.split(",")[10]);
    expect(new Set(notes).size).toBe(450);
    expect(notes.slice(0, 3).sort()).toEqual(["n0", "n1", "n2"]);
  });

  it("is staff's only: 401 anonymous, 403 for clients, another entity's staff and the admin", async () => {
    expect((await csv("en", null)).res.status).toBe(401);
    for (const token of [w.tok.client, w.tok.member, w.tok.otherStaff, w.tok.admin]) {
      expect((await csv("en", token)).res.status).toBe(403);
      expect((await record(windowQuery, token)).status).toBe(403);
    }
  });

  it("kaede's staff get kaede's record, nothing of sakura's", async () => {
    await story();
    const theirs = await w.t.call("GET", `/staff/kaede/heat_illness_record?${windowQuery}`, undefined, {
      token: w.tok.otherStaff,
    });
    expect(theirs.status).toBe(200);
    expect(theirs.body.rows.map((r: { user: { uid: string } }) => r.user.uid)).toEqual([w.ids.outsider]);
  });
});
