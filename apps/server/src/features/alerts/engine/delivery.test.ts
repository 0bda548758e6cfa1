import { type AddressInfo, createServer } from "node:net";
import { FREQUENCIES } from "@mimamori/shared";
import { and, asc, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  jobSlots,
  mailOutbox,
  memberships,
  notificationMails,
  notificationSettings,
  notifications,
  staffNotificationPrefs,
  vitalSync,
} from "../../../db/schema";
import { HOUR, MINUTE, manualClock } from "../../../jobs/clock";
import { RETRY_DELAYS_MS } from "../../../lib/mail/outbox-worker";
import { startTestApp } from "../../../test/app";
import { JOBS_APP_URL } from "../../../test/job-instance";
import { worldPerFile } from "../../../test/per-file";
import { startAlertsWorld } from "../../../test/worlds/alerts-engine";
import { DIGEST_JOB, digestSlotJob, dueDigestSlot } from "./digest";
import { sweepSyncGaps } from "./sync-sweep";

/**
 * Delivery of alerts (docs/decisions.md, "Alerts (issue 11)"): digests at the entity's times, real time, the
 * out-of-sync sweep, escalation, and the mail outbox under them. Alerts are raised through POST /api/user/vitals at
 * the real time of the run (ingestion refuses future samples); each server instance runs the jobs on a manual
 * clock set at or after that time, and mail reaches the test's SMTP peer.
 */
const w = worldPerFile(startAlertsWorld);
beforeEach(() => w.reset());

const HEAT = "00005098";
const START = Date.now();
/** A minute of the last hours: `minute(0)` is three hours before the run. */
const T0 = Math.floor(START / MINUTE) * MINUTE - 180 * MINUTE;
const minute = (i: number) => T0 + i * MINUTE;
const heat = (i: number, value: number) => ({ code: HEAT, at: minute(i), value });
/** The first 12:00 in Tokyo (03:00 UTC) after the run started: harbor's next digest of "1 time". */
const NOON = (() => {
  const day = Math.floor(START / (24 * HOUR)) * 24 * HOUR + 3 * HOUR;
  return day > START ? day : day + 24 * HOUR;
})();
const mailsTo = (email: string) => w.t.smtp.mails.filter((m) => m.to.includes(email));
const pad = (n: number) => String(n).padStart(2, "0");
/** A time written as the mails write it on Tokyo's clock (UTC+9, no DST). */
function tokyo(ms: number, lang: "jp" | "en"): string {
  const d = new Date(ms + 9 * HOUR);
  const [y, mo, day, h, mi] = [
    d.getUTCFullYear(),
    d.getUTCMonth(),
    d.getUTCDate(),
    d.getUTCHours(),
    d.getUTCMinutes(),
  ];
  const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  return lang === "jp"
    ? `${y}/${pad(mo + 1)}/${pad(day)} ${pad(h)}:${pad(mi)}`
    : `${months[mo]} ${day}, ${y}, ${pad(h)}:${pad(mi)}`;
}

async function setFrequency(
  ws: string,
  type: 1 | 2,
  frequencyId: number,
  more: { escalationMinutes?: number; syncLengthOptionId?: number } = {},
) {
  await w.t.db
    .insert(notificationSettings)
    .values({ workspaceName: ws, notificationType: type, frequencyId, ...more });
}
async function alertRows(ws = "harbor") {
  return w.t.db
    .select()
    .from(notifications)
    .where(eq(notifications.workspaceName, ws))
    .orderBy(asc(notifications.id));
}
/** Which mail told whom about which alert: [alert id, recipient email, kind, outbox status]. */
async function told() {
  const rows = await w.t.db
    .select({
      alert: notificationMails.notificationId,
      to: mailOutbox.recipient,
      kind: notificationMails.kind,
      status: mailOutbox.status,
    })
    .from(notificationMails)
    .innerJoin(mailOutbox, eq(mailOutbox.id, notificationMails.mailId));
  // sorted here: the collation of the database might order "-" and "@" otherwise
  return rows
    .map((r) => [r.alert, r.to, r.kind, r.status])
    .sort((a, b) => Number(a[0]) - Number(b[0]) || String(a[1]).localeCompare(String(b[1]), "en"));
}
/** The once-only slots harbor's digests of measurement alerts have claimed. */
const harborMeasurementDigestSlots = () =>
  w.t.db
    .select()
    .from(jobSlots)
    .where(eq(jobSlots.job, digestSlotJob("harbor", 2)));
/** A member's report link: ids and the time only, never the member's name or e-mail address. */
const reportLink = (uid: string, at: number | null, report = "00005098") =>
  `${JOBS_APP_URL}/staff/reports/${report}/${uid}?workspace=harbor${at === null ? "" : `&at=${Math.floor(at / 1000)}`}`;
const LIST_LINK = `${JOBS_APP_URL}/staff/notifications?workspace=harbor`;

describe("dueDigestSlot", () => {
  const three = FREQUENCIES.find((f) => f.id === 3);
  if (!three) throw new Error("no frequency 3");
  const since = new Date("2040-01-01T00:00:00Z");
  it("is the latest of the day's times on the entity's clock, while less than 24 hours old", () => {
    // 09:00, 12:00 and 16:00 in Tokyo are 00:00, 03:00 and 07:00 UTC
    expect(dueDigestSlot(three, "Asia/Tokyo", since, new Date("2040-01-02T06:59:00Z"))?.toISOString()).toBe(
      "2040-01-02T03:00:00.000Z",
    );
    expect(dueDigestSlot(three, "Asia/Tokyo", since, new Date("2040-01-02T07:00:00Z"))?.toISOString()).toBe(
      "2040-01-02T07:00:00.000Z",
    );
    // 12:00 in New York (UTC−5 in January)
    const once = FREQUENCIES.find((f) => f.id === 1);
    expect(
      once && dueDigestSlot(once, "America/New_York", since, new Date("2040-01-02T18:00:00Z"))?.toISOString(),
    ).toBe("2040-01-02T17:00:00.000Z");
  });
  it("is nothing once that time is done, and only the latest missed time after downtime", () => {
    const done = new Date("2040-01-02T07:00:00Z");
    expect(dueDigestSlot(three, "Asia/Tokyo", done, new Date("2040-01-02T23:59:00Z"))).toBeNull();
    // back after three days: the latest missed time only
    expect(dueDigestSlot(three, "Asia/Tokyo", done, new Date("2040-01-05T08:00:00Z"))?.toISOString()).toBe(
      "2040-01-05T07:00:00.000Z",
    );
  });
});

describe("digests", () => {
  it("a red excursion: one alert, and at the next time one digest per staff member in their language", async () => {
    await setFrequency("harbor", 2, 1); // 1 time: 12:00 in Tokyo
    await w.upload("client2", [heat(0, 40), heat(1, 85), heat(2, 90), heat(3, 60)]);
    const [alert, ...others] = await alertRows();
    expect(others).toEqual([]);
    const clock = manualClock(new Date(START));
    const server = w.instance(clock);
    await server.tick();
    clock.set(new Date(NOON - MINUTE));
    await server.tick();
    expect(w.t.smtp.mails).toEqual([]);
    expect((await alertRows())[0]?.mailedAt).toBeNull();

    clock.set(new Date(NOON));
    await server.tick();
    await server.tick();
    clock.advance(30 * MINUTE);
    await server.tick();
    const link = reportLink(w.ids.client2, minute(1));
    const [en, ...moreEn] = mailsTo("staff-en@example.com");
    const [jp, ...moreJp] = mailsTo("staff@example.com");
    expect([w.t.smtp.mails.length, moreEn, moreJp]).toEqual([2, [], []]);
    expect(en?.subject).toBe("[Mimamori] Harbor Logistics: Heat-stress score of John Smith in the red zone");
    expect(en?.text).toContain("Hello Emma Staff,");
    expect(en?.text).toContain("Measured values of members of Harbor Logistics entered the red zone.");
    expect(en?.text).toContain(
      `- John Smith: Heat-stress score 85 pts (red zone) at ${tokyo(minute(1), "en")}\n  ${link}`,
    );
    expect(en?.text).toContain(`Open the notifications list: ${LIST_LINK}`);
    expect(en?.html).toContain(`href="${link.replace(/&/g, "&amp;")}"`);
    // no link carries the member's e-mail address or name (issue 28 §3)
    expect(`${en?.text}${en?.html}`).not.toMatch(/client2(@|%40)example\.com|John(\+|%20)Smith/);
    expect(jp?.subject).toBe(
      "【Mimamori】Harbor Logistics：John Smith さんの暑熱ストレススコアがレッドゾーン",
    );
    expect(jp?.text).toContain("Sato Staff 様");
    expect(jp?.text).toContain(
      `- John Smith：暑熱ストレススコア 85 点（レッドゾーン）${tokyo(minute(1), "jp")}\n  ${link}`,
    );
    expect(jp?.text).toContain(`通知一覧を開く: ${LIST_LINK}`);

    const [mailed] = await alertRows();
    expect(mailed?.mailedAt?.getTime()).toBe(NOON);
    expect(await told()).toEqual([
      [alert?.id, "staff-en@example.com", "alert", "sent"],
      [alert?.id, "staff@example.com", "alert", "sent"],
    ]);
    const slots = await harborMeasurementDigestSlots();
    expect(slots.map((s) => s.slotAt.getTime())).toEqual([NOON]);
    await server.close();
  });

  it("lists every new alert of the entity in one mail per staff member, and nothing already mailed", async () => {
    await setFrequency("harbor", 2, 1);
    await setFrequency("sakura", 2, 1);
    await w.upload("client2", [heat(10, 81)]);
    // client is a member of sakura too: sakura's alert goes in sakura's own digest
    await w.upload("client", [heat(11, 97), { code: "00005091", at: minute(12), value: 170 }]);
    const clock = manualClock(new Date(NOON));
    const server = w.instance(clock);
    await server.tick();
    expect(w.t.smtp.mails.map((m) => [m.to, m.subject]).sort()).toEqual([
      ["staff-en@example.com", "[Mimamori] Harbor Logistics: 3 measurement alerts"],
      ["staff@example.com", "【Mimamori】Harbor Logistics：測定値のアラート 3件"],
      ["staff@example.com", "【Mimamori】さくら介護センター：測定値のアラート 2件"],
    ]);
    const [en] = mailsTo("staff-en@example.com");
    expect(en?.subject).toBe("[Mimamori] Harbor Logistics: 3 measurement alerts");
    // newest first
    const lines = en?.text.split("\n").filter((l) => l.startsWith("- "));
    expect(lines).toEqual([
      `- Tanaka Hanako: Heart rate 170 bpm (red zone) at ${tokyo(minute(12), "en")}`,
      `- Tanaka Hanako: Heat-stress score 97 pts (red zone) at ${tokyo(minute(11), "en")}`,
      `- John Smith: Heat-stress score 81 pts (red zone) at ${tokyo(minute(10), "en")}`,
    ]);
    // the next day's digest has nothing new: no mail
    await w.t.db.update(vitalSync).set({ lastSyncAt: new Date(NOON + 24 * HOUR) }); // no sync gap meanwhile
    clock.set(new Date(NOON + 24 * HOUR));
    await server.tick();
    expect(w.t.smtp.mails).toHaveLength(3);
    expect((await harborMeasurementDigestSlots()).length).toBe(2);
    await server.close();
  });

  it("names at most 50 alerts in a mail, red heat-stress first, counts the rest and records the named ones", async () => {
    await setFrequency("harbor", 2, 1);
    const row = (i: number, measure: number, value: number) => ({
      workspaceName: "harbor",
      userId: w.ids.client2,
      notificationType: 2,
      measure,
      value,
      at: new Date(minute(i)),
    });
    // the heat-stress alert is the oldest of 56
    await w.t.db
      .insert(notifications)
      .values([
        row(90, 5098, 83),
        ...Array.from({ length: 55 }, (_, i) => row(100 + i, 5091, 161 + (i % 9))),
      ]);
    const server = w.instance(manualClock(new Date(NOON)));
    await server.tick();
    const [en] = mailsTo("staff-en@example.com");
    expect(en?.subject).toBe("[Mimamori] Harbor Logistics: 56 measurement alerts");
    const lines = en?.text.split("\n").filter((l) => l.startsWith("- ")) ?? [];
    expect(lines).toHaveLength(50);
    expect(lines[0]).toBe(`- John Smith: Heart rate 161 bpm (red zone) at ${tokyo(minute(154), "en")}`);
    expect(lines[48]).toBe(`- John Smith: Heart rate 167 bpm (red zone) at ${tokyo(minute(106), "en")}`);
    expect(lines[49]).toBe(`- John Smith: Heat-stress score 83 pts (red zone) at ${tokyo(minute(90), "en")}`);
    expect(en?.text).toContain("…and 6 more. The notifications list shows them all.");
    expect(mailsTo("staff@example.com")[0]?.text).toContain(
      "ほか 6 件。すべてのアラートは通知一覧で確認できます。",
    );
    const all = await alertRows();
    const namedIds = new Set((await told()).map((r) => r[0]));
    expect((await told()).length).toBe(100);
    expect(all.filter((a) => !namedIds.has(a.id)).map((a) => a.at.getTime())).toEqual(
      [100, 101, 102, 103, 104, 105].map(minute),
    );
    // every one of them is mailed: none is left for the next digest
    expect(all.every((a) => a.mailedAt?.getTime() === NOON)).toBe(true);
    await server.close();
  });

  it("staff who turned the type's e-mails off get no digest", async () => {
    await setFrequency("harbor", 2, 1);
    await w.t.db
      .insert(staffNotificationPrefs)
      .values({ workspaceName: "harbor", userId: w.ids.staffEn, notificationType: 2, receiveEmail: false });
    // their choice for the other type does not matter here
    await w.t.db
      .insert(staffNotificationPrefs)
      .values({ workspaceName: "harbor", userId: w.ids.staff, notificationType: 1, receiveEmail: false });
    await w.upload("client2", [heat(20, 88)]);
    const server = w.instance(manualClock(new Date(NOON)));
    await server.tick();
    expect(w.t.smtp.mails.map((m) => m.to)).toEqual(["staff@example.com"]);
    await server.close();
  });

  it("a restarted server neither repeats a digest nor loses an alert", async () => {
    await setFrequency("harbor", 2, 1);
    await w.upload("client2", [heat(30, 91)]);
    const clock = manualClock(new Date(NOON));
    const first = w.instance(clock);
    await first.tick();
    await first.close();
    expect(w.t.smtp.mails).toHaveLength(2);

    // a new alert while the server is down; back after the next day's 12:00
    await w.upload("client2", [heat(31, 50), heat(32, 93)]);
    await w.t.db.update(vitalSync).set({ lastSyncAt: new Date(NOON + 26 * HOUR) }); // no sync gap meanwhile
    const restarted = w.instance(clock);
    clock.set(new Date(NOON + 2 * MINUTE));
    await restarted.tick();
    expect(w.t.smtp.mails).toHaveLength(2);
    clock.set(new Date(NOON + 24 * HOUR + 3 * HOUR));
    await restarted.tick();
    await restarted.tick();
    const late = w.t.smtp.mails.slice(2);
    expect(late.map((m) => m.to).sort()).toEqual(["staff-en@example.com", "staff@example.com"]);
    expect(
      late.every((m) => m.text.includes(tokyo(minute(32), "en")) || m.text.includes(tokyo(minute(32), "jp"))),
    ).toBe(true);
    expect(late.some((m) => m.text.includes(tokyo(minute(30), "en")))).toBe(false);
    expect((await alertRows()).map((a) => a.mailedAt?.getTime())).toEqual([NOON, NOON + 27 * HOUR]);
    await restarted.close();
  });
});

describe("real time", () => {
  it("is the default: the alert is mailed at the next run, once", async () => {
    await w.upload("client2", [heat(40, 86)]);
    // queued mail is due from the system's time of queueing: the clock starts just after it
    const now = Date.now() + 1000;
    const clock = manualClock(new Date(now));
    const server = w.instance(clock);
    await server.tick();
    clock.advance(15_000);
    await server.tick();
    expect(w.t.smtp.mails.map((m) => m.to).sort()).toEqual(["staff-en@example.com", "staff@example.com"]);
    const [alert] = await alertRows();
    expect(alert?.mailedAt?.getTime()).toBe(now);
    // no digest of measurement alerts for an entity on real time
    clock.set(new Date(NOON));
    await w.upload("client2", [heat(41, 50), heat(42, 99)]);
    await server.tick();
    expect(w.t.smtp.mails).toHaveLength(4);
    expect(await harborMeasurementDigestSlots()).toEqual([]);
    await server.close();
  });
});

describe("out of sync", () => {
  const lastSync = (ms: number) =>
    w.t.db
      .update(vitalSync)
      .set({ lastSyncAt: new Date(ms) })
      .where(eq(vitalSync.userId, w.ids.client2));
  const syncAlerts = async () =>
    (await alertRows())
      .filter((a) => a.notificationType === 1)
      .map((a) => [a.userId, a.at.getTime(), a.clearedAt !== null]);

  it("one alert per gap longer than the entity's length, closed when data arrives; a new gap is a new alert", async () => {
    await setFrequency("harbor", 1, 1, { syncLengthOptionId: 1 }); // 1 hour out of sync
    await w.upload("client2", [heat(50, 40)]);
    const now = Date.now();
    await lastSync(now - 59 * MINUTE);
    expect(await sweepSyncGaps(w.t.db, new Date(now))).toBe(0);
    await lastSync(now - 61 * MINUTE);
    expect(await sweepSyncGaps(w.t.db, new Date(now))).toBe(1);
    expect(await sweepSyncGaps(w.t.db, new Date(now + 5 * MINUTE))).toBe(0);
    expect(await syncAlerts()).toEqual([[w.ids.client2, now - 61 * MINUTE, false]]);

    // data again (a sleep-only or duplicate upload is a sync too)
    await w.upload("client2", [heat(50, 40)]);
    expect(await syncAlerts()).toEqual([[w.ids.client2, now - 61 * MINUTE, true]]);
    expect(await sweepSyncGaps(w.t.db, new Date(now + 10 * MINUTE))).toBe(0);
    await lastSync(now - 2 * HOUR);
    expect(await sweepSyncGaps(w.t.db, new Date(now + 10 * MINUTE))).toBe(1);
    expect(await syncAlerts()).toEqual([
      [w.ids.client2, now - 61 * MINUTE, true],
      [w.ids.client2, now - 2 * HOUR, false],
    ]);
  });

  it("is raised only for accepted members who synced since their consent, after 24 hours by default", async () => {
    await w.upload("client2", [heat(51, 40)]);
    await w.upload("client", [heat(51, 40)]);
    await w.upload("outsider", [heat(51, 40)]);
    const now = Date.now();
    const day = 24 * HOUR;
    await w.t.db.update(vitalSync).set({ lastSyncAt: new Date(now - day - MINUTE) });
    // client's consent to harbor took effect after their last sync: no alert from harbor (sakura's came first)
    const harborClient = and(eq(memberships.workspaceName, "harbor"), eq(memberships.userId, w.ids.client));
    const [before] = await w.t.db.select().from(memberships).where(harborClient);
    await w.t.db
      .update(memberships)
      .set({ acceptedAt: new Date(now - day) })
      .where(harborClient);
    try {
      expect(await sweepSyncGaps(w.t.db, new Date(now))).toBe(2);
    } finally {
      await w.t.db.update(memberships).set({ acceptedAt: before?.acceptedAt }).where(harborClient);
    }
    const all = await w.t.db.select().from(notifications).orderBy(asc(notifications.workspaceName));
    expect(all.map((a) => [a.workspaceName, a.userId, a.notificationType])).toEqual([
      ["harbor", w.ids.client2, 1],
      ["sakura", w.ids.client, 1],
    ]);
  });

  it("goes out in the sync digest, with the member's last sync and the length", async () => {
    await w.upload("client2", [heat(52, 40)]);
    const gapFrom = NOON - 30 * HOUR;
    await lastSync(gapFrom);
    const clock = manualClock(new Date(NOON - 5 * MINUTE));
    const server = w.instance(clock);
    await server.tick(); // the sweep runs on every tick of the manual runner
    clock.set(new Date(NOON));
    await server.tick();
    const [en] = mailsTo("staff-en@example.com");
    expect(en?.subject).toBe("[Mimamori] Harbor Logistics: 1 member out of sync");
    expect(en?.text).toContain(
      "These members of Harbor Logistics have not synchronised their band for 24 hours or more.",
    );
    expect(en?.text).toContain(
      `- John Smith: last synchronised ${tokyo(gapFrom, "en")}\n  ${reportLink(w.ids.client2, null, "00005091")}`,
    );
    expect(mailsTo("staff@example.com")[0]?.subject).toBe(
      "【Mimamori】Harbor Logistics：同期が途絶えたメンバー 1名",
    );
    await server.close();
  });
});

describe("escalation", () => {
  it("mails an unacknowledged red heat-stress alert to every staff member after the chosen time, once", async () => {
    await setFrequency("harbor", 2, 4, { escalationMinutes: 30 });
    // Emma does not receive alert e-mails, but an escalation goes to every staff member
    await w.t.db
      .insert(staffNotificationPrefs)
      .values({ workspaceName: "harbor", userId: w.ids.staffEn, notificationType: 2, receiveEmail: false });
    await w.upload("client2", [
      heat(60, 92),
      heat(61, 50),
      heat(62, 95),
      { code: "00005091", at: minute(63), value: 175 },
    ]);
    const [open, acked, heartRate] = await alertRows();
    const raisedAt = open?.createdAt.getTime() as number;
    // the second heat-stress alert is acknowledged in time
    await w.t.db
      .update(notifications)
      .set({ acknowledgedAt: new Date(raisedAt + MINUTE), acknowledgedBy: w.ids.staff, ackAction: "rested" })
      .where(eq(notifications.id, acked?.id as number));

    const clock = manualClock(new Date(Date.now() + 1000));
    const server = w.instance(clock);
    await server.tick(); // real time: the three alerts in one mail, to staff@ only
    expect(w.t.smtp.mails.map((m) => [m.to, m.subject])).toEqual([
      ["staff@example.com", "【Mimamori】Harbor Logistics：測定値のアラート 3件"],
    ]);
    clock.set(new Date(raisedAt + 30 * MINUTE - 1000));
    await server.tick();
    expect(w.t.smtp.mails).toHaveLength(1);
    clock.set(new Date(raisedAt + 30 * MINUTE));
    await server.tick();
    clock.advance(10 * MINUTE);
    await server.tick();
    const escalations = w.t.smtp.mails.slice(1);
    expect(escalations.map((m) => [m.to, m.subject]).sort()).toEqual([
      [
        "staff-en@example.com",
        "[Mimamori] Not yet acknowledged: heat-stress alert for John Smith (Harbor Logistics)",
      ],
      ["staff@example.com", "【Mimamori】未対応の暑熱ストレスアラート：John Smith さん（Harbor Logistics）"],
    ]);
    const en = escalations.find((m) => m.to.includes("staff-en"));
    expect(en?.text).toContain("A red heat-stress alert has not been acknowledged within 30 minutes.");
    expect(en?.text).toContain(reportLink(w.ids.client2, minute(60)));
    expect(en?.text).not.toContain(`at=${Math.floor(minute(62) / 1000)}`);
    const after = await alertRows();
    expect(after.map((a) => a.escalatedAt?.getTime() ?? null)).toEqual([raisedAt + 30 * MINUTE, null, null]);
    const escalationMails = (await told()).filter((r) => r[2] === "escalation");
    expect(escalationMails).toEqual([
      [open?.id, "staff-en@example.com", "escalation", "sent"],
      [open?.id, "staff@example.com", "escalation", "sent"],
    ]);
    expect(heartRate?.measure).toBe(5091);
    await server.close();
  });

  it("does not escalate without a chosen time, nor a day late", async () => {
    await w.upload("client2", [heat(70, 92)]);
    const [alert] = await alertRows();
    const raisedAt = alert?.createdAt.getTime() as number;
    const clock = manualClock(new Date(raisedAt + 3 * HOUR));
    const server = w.instance(clock);
    await server.tick();
    expect((await alertRows())[0]?.escalatedAt).toBeNull();
    // chosen later: an escalation whose moment is more than a day old is not sent
    await setFrequency("harbor", 2, 4, { escalationMinutes: 15 });
    clock.set(new Date(raisedAt + 15 * MINUTE + 24 * HOUR + MINUTE));
    await server.tick();
    expect((await alertRows())[0]?.escalatedAt).toBeNull();
    expect(
      w.t.smtp.mails.map((m) => m.subject).filter((s) => s.includes("acknowledged") || s.includes("未対応")),
    ).toEqual([]);
    await server.close();
  });
});

/** An SMTP URL nobody listens on: every try fails at once. */
async function deadSmtpUrl(): Promise<string> {
  const port = await new Promise<number>((resolve) => {
    const srv = createServer().listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
  return `smtp://127.0.0.1:${port}`;
}

describe("an SMTP server that is down", () => {
  it("is retried with backoff, then the mails show as failed; the alert and its record stay", async () => {
    await w.upload("client2", [heat(80, 87)]);
    const now = Date.now() + 1000;
    const clock = manualClock(new Date(now));
    const server = w.instance(clock, await deadSmtpUrl());
    await server.tick();
    for (const delay of RETRY_DELAYS_MS) {
      expect((await told()).map((r) => r[3])).toEqual(["queued", "queued"]);
      clock.advance(delay);
      await server.tick();
    }
    const [alert] = await alertRows();
    expect(await told()).toEqual([
      [alert?.id, "staff-en@example.com", "alert", "failed"],
      [alert?.id, "staff@example.com", "alert", "failed"],
    ]);
    const outbox = await w.t.db.select().from(mailOutbox);
    expect(outbox.map((m) => [m.attempts, m.template, m.sentAt])).toEqual([
      [5, "alert-digest", null],
      [5, "alert-digest", null],
    ]);
    // mailed once: the alert is not queued again, and the list reads "failed" from these rows
    expect(alert?.mailedAt?.getTime()).toBe(now);
    expect(w.t.smtp.mails).toEqual([]);
    await server.close();
  });
});

describe.runIf(!!process.env.DATABASE_URL)("two server instances on one PostgreSQL", () => {
  it("mail each alert once per staff member: digests, real time and escalation", async () => {
    await setFrequency("harbor", 2, 4, { escalationMinutes: 15 });
    await setFrequency("harbor", 1, 1, { syncLengthOptionId: 1 });
    await w.upload("client2", [heat(90, 96)]);
    await w.t.db
      .update(vitalSync)
      .set({ lastSyncAt: new Date(Date.now() - 2 * HOUR) })
      .where(eq(vitalSync.userId, w.ids.client2));
    const [alert] = await alertRows();
    const raisedAt = alert?.createdAt.getTime() as number;
    const clock = manualClock(new Date(Date.now() + 1000));
    const [a, b] = [w.instance(clock), w.instance(clock)];
    await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
    clock.set(new Date(raisedAt + 15 * MINUTE));
    await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
    clock.set(new Date(NOON));
    await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
    const subjects = (email: string) =>
      mailsTo(email)
        .map((m) => m.subject)
        .sort();
    expect(subjects("staff-en@example.com")).toEqual([
      "[Mimamori] Harbor Logistics: 1 member out of sync",
      "[Mimamori] Harbor Logistics: Heat-stress score of John Smith in the red zone",
      "[Mimamori] Not yet acknowledged: heat-stress alert for John Smith (Harbor Logistics)",
    ]);
    expect(subjects("staff@example.com")).toHaveLength(3);
    const slots = await w.t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(jobSlots)
      .where(sql`${jobSlots.job} like ${`${DIGEST_JOB}:%`}`);
    expect(slots[0]?.n).toBeGreaterThan(0);
    await Promise.all([a.close(), b.close()]);
  });
});

describe("with the app's own job runner", () => {
  it("mails a real-time alert within 60 seconds of the upload", async () => {
    const app = await startTestApp({ seed: true, config: { jobs: true } });
    try {
      const { idToken } = await app.signIn("client2@example.com");
      const t0 = Date.now();
      const res = await app.call(
        "POST",
        "/user/vitals",
        { samples: [{ code: HEAT, time: Math.floor(t0 / 1000) - 60, value: 90 }] },
        { token: idToken },
      );
      expect(res.status).toBe(200);
      const mail = await app.smtp.waitFor("staff@example.com", 0, 60_000);
      expect(Date.now() - t0).toBeLessThan(60_000);
      expect(mail.subject).toBe(
        "【Mimamori】Harbor Logistics：John Smith さんの暑熱ストレススコアがレッドゾーン",
      );
    } finally {
      await app.close();
    }
  }, 70_000);
});
