import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, notificationMails, notifications, users, vitalSamples } from "../../db/schema";
import { runAlertJobsOnce } from "../../test/alert-jobs";
import { startTestApp, type TestApp } from "../../test/app";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ seed: true, demoAlerts: true });
});
afterAll(() => t.close());

describe("the demo alerts", () => {
  it("fill the lists of both demo entities, each with its red sample and the mails that told the staff", async () => {
    const found = await t.db
      .select({ n: notifications, email: users.email })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .orderBy(asc(notifications.id));
    expect(
      found.map(({ n, email }) => [
        n.workspaceName,
        email,
        n.notificationType,
        n.measure,
        n.value,
        n.ackAction,
        n.escalatedAt !== null,
      ]),
    ).toEqual([
      ["harbor", "client2@example.com", 2, 5098, 84, "rested", false],
      ["harbor", "client2@example.com", 2, 5098, 88, null, true],
      ["harbor", "client@example.com", 2, 5091, 168, null, false],
      ["sakura", "client@example.com", 2, 5098, 82, "hydrated", false],
      ["harbor", "client@example.com", 1, null, null, null, false],
    ]);
    const now = Date.now();
    for (const { n } of found) {
      expect(n.at.getTime()).toBeLessThan(now);
      expect(n.createdAt.getTime()).toBeGreaterThan(n.at.getTime());
      expect(n.mailedAt).not.toBeNull();
      expect(n.clearedAt).not.toBeNull();
      if (n.measure === null) continue;
      const [sample] = await t.db.select().from(vitalSamples).where(eq(vitalSamples.at, n.at));
      expect([sample?.userId, sample?.measure, sample?.value]).toEqual([n.userId, n.measure, n.value]);
    }
    // the only staff member of both entities was told of each, and of the escalation
    const mails = await t.db
      .select({
        alert: notificationMails.notificationId,
        kind: notificationMails.kind,
        to: mailOutbox.recipient,
        status: mailOutbox.status,
      })
      .from(notificationMails)
      .innerJoin(mailOutbox, eq(mailOutbox.id, notificationMails.mailId));
    expect(mails).toHaveLength(6);
    expect(mails.every((m) => m.to === "staff@example.com" && m.status === "sent")).toBe(true);
    expect(mails.filter((m) => m.kind === "escalation").map((m) => m.alert)).toEqual([found[1]?.n.id]);
  });

  it("are history: the alert jobs of a starting server mail nothing about them", async () => {
    await runAlertJobsOnce(t);
    expect(t.smtp.mails).toEqual([]);
    expect((await t.db.select().from(notifications)).length).toBe(5);
  });
});
