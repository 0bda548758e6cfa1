import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client";
import type { Job } from "../../jobs/runner";
import { deleteDueAccounts } from "./service";

export const ACCOUNT_DELETION_JOB = "account-deletion";

/**
 * Deletes the accounts whose grace period has ended (issue 29 §4), every hour at minute 20: an account is deleted
 * within an hour of its `deletion_due_at`, by one server however many share the database (service.ts).
 */
export function accountDeletionJob(db: Db, log: FastifyBaseLogger): Job {
  return {
    name: ACCOUNT_DELETION_JOB,
    every: "0 20 * * * *",
    async run(now) {
      const deleted = await deleteDueAccounts(db, now);
      if (deleted) log.info({ deleted }, "accounts deleted after their grace period");
    },
  };
}
