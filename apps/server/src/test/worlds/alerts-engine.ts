import {
  alertStates,
  jobSlots,
  mailOutbox,
  memberships,
  notificationSettings,
  notifications,
  reportRanges,
  reportTunings,
  staffNotificationPrefs,
  users,
  vitalSync,
} from "../../db/schema";
import { registerAlertJobs } from "../../features/alerts/engine/jobs";
import type { Clock } from "../../jobs/clock";
import { hashPassword } from "../../lib/crypto";
import { startTestApp, type TestApp } from "../app";
import { type JobInstance, startJobInstance } from "../job-instance";
import { userIdOf } from "../users";

/**
 * The world of the alert engine tests, on the demo seed: harbor's staff are `staff` (Japanese, also staff of sakura)
 * and `staffEn` (English, added here); its members are `client2` (English, harbor only) and `client` (Japanese,
 * also a member of sakura). `outsider` has no membership; `client3` has a pending application to sakura.
 */
type Who = "client" | "client2" | "client3" | "outsider" | "staff" | "staffEn";

export interface AlertsWorld {
  t: TestApp;
  ids: Record<Who, string>;
  /** Uploads samples as `who` through POST /api/user/vitals; `at` in epoch ms. */
  upload(
    who: Who,
    samples: { code: string; at: number; value: number }[],
  ): Promise<{ status: number; body: { accepted: number } }>;
  /** Removes what the engine wrote and the entity settings of earlier tests. */
  reset(): Promise<void>;
  /** One server instance: the alert jobs and the mail worker on a runner with `clock` (a tick evaluates and mails). */
  instance(clock: Clock, smtpUrl?: string): JobInstance;
}

export async function startAlertsWorld(): Promise<AlertsWorld> {
  const t = await startTestApp({ seed: true });
  const passwordHash = await hashPassword("mimamori-demo");
  const added = await t.db
    .insert(users)
    .values([
      {
        email: "staff-en@example.com",
        name: "Emma Staff",
        passwordHash,
        emailVerifiedAt: new Date(),
        language: "en",
      },
      { email: "outsider@example.com", name: "Outsider", passwordHash, emailVerifiedAt: new Date() },
    ])
    .returning();
  const staffEn = added[0]?.id as string;
  await t.db.insert(memberships).values({
    workspaceName: "harbor",
    userId: staffEn,
    role: "staff",
    status: "accepted",
    acceptedAt: new Date(),
  });
  const idOf = (email: string) => userIdOf(t.db, email);
  const ids: Record<Who, string> = {
    client: await idOf("client@example.com"),
    client2: await idOf("client2@example.com"),
    client3: await idOf("client3@example.com"),
    outsider: await idOf("outsider@example.com"),
    staff: await idOf("staff@example.com"),
    staffEn,
  };
  const tokens = new Map<Who, string>();
  const emails: Record<Who, string> = {
    client: "client@example.com",
    client2: "client2@example.com",
    client3: "client3@example.com",
    outsider: "outsider@example.com",
    staff: "staff@example.com",
    staffEn: "staff-en@example.com",
  };

  return {
    t,
    ids,
    async upload(who, samples) {
      let token = tokens.get(who);
      if (!token) {
        token = (await t.signIn(emails[who])).idToken;
        tokens.set(who, token);
      }
      const res = await t.call(
        "POST",
        "/user/vitals",
        { samples: samples.map((s) => ({ code: s.code, time: s.at / 1000, value: s.value })) },
        { token },
      );
      if (res.status !== 200) throw new Error(`upload: ${res.status} ${JSON.stringify(res.body)}`);
      return res;
    },
    async reset() {
      for (const table of [
        notifications,
        alertStates,
        jobSlots,
        mailOutbox,
        notificationSettings,
        staffNotificationPrefs,
        reportRanges,
        reportTunings,
        vitalSync,
      ])
        await t.db.delete(table);
      t.smtp.mails.length = 0;
    },
    instance: (clock, smtpUrl) => startJobInstance(t, clock, registerAlertJobs, smtpUrl),
  };
}
