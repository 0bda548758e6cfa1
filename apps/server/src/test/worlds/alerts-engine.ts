import { eq } from "drizzle-orm";
import type { AppConfig } from "../../config";
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
import { createJobRunner } from "../../jobs/runner";
import { captureLog } from "../../jobs/test-helpers";
import type { AppContext } from "../../lib/context";
import { hashPassword } from "../../lib/crypto";
import type { IdTokens } from "../../lib/id-tokens";
import { createMailer } from "../../lib/mail/mailer";
import { createOutboxWorker } from "../../lib/mail/outbox-worker";
import { startTestApp, type TestApp } from "../app";

/**
 * The world of the alert engine tests, on the demo seed: harbor's staff are `staff` (Japanese, also staff of sakura)
 * and `staffEn` (English, added here); its members are `client2` (English, harbor only) and `client` (Japanese,
 * also a member of sakura). `outsider` has no membership; `client3` has a pending application to sakura.
 */
export const APP_URL = "http://mimamori.test";
const FROM = "Mimamori <no-reply@mimamori.test>";
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
  instance(clock: Clock, smtpUrl?: string): Instance;
}

export interface Instance {
  tick(): Promise<void>;
  lines: Record<string, unknown>[];
  ctx: AppContext;
  close(): Promise<void>;
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
  const idOf = async (email: string) => {
    const [u] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!u) throw new Error(`alerts world: no ${email}`);
    return u.id;
  };
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
    instance(clock, smtpUrl = t.smtp.url) {
      const { log, lines } = captureLog();
      const config: AppConfig = {
        port: 0,
        host: "127.0.0.1",
        dataDir: "",
        mailFrom: FROM,
        appUrl: APP_URL,
        logLevel: "info",
        trustProxy: false,
        smtpUrl,
      };
      const runner = createJobRunner({ log, clock });
      const ctx: AppContext = {
        config,
        database: t.database,
        db: t.db,
        mailer: createMailer({ db: t.db, smtpUrl, from: FROM, log }),
        idTokens: undefined as unknown as IdTokens, // the jobs sign nothing
      };
      const outbox = createOutboxWorker({ db: t.db, smtpUrl, from: FROM, log, clock });
      registerAlertJobs(runner, ctx, log);
      runner.register(outbox.job);
      return {
        tick: () => runner.tick(),
        lines,
        ctx,
        async close() {
          await runner.stop();
          outbox.close();
          ctx.mailer.close();
        },
      };
    },
  };
}
