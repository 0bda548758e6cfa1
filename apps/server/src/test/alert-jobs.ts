import { registerAlertJobs } from "../features/alerts/engine/jobs";
import { manualClock } from "../jobs/clock";
import type { TestApp } from "./app";
import { startJobInstance } from "./job-instance";

/**
 * Runs the alert jobs and the mail outbox worker once over a test app's database, a second from now, as a server
 * starting on it would: the seeded demo's tests check that its history mails nobody (`t.smtp.mails` stays empty).
 */
export async function runAlertJobsOnce(t: TestApp): Promise<void> {
  const jobs = startJobInstance(t, manualClock(new Date(Date.now() + 1000)), registerAlertJobs);
  await jobs.tick();
  await jobs.close();
}
