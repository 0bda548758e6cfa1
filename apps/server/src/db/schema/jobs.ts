import { pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { at } from "./columns";

/**
 * The job runner's claims: a row per (job, slot) taken in the same transaction as the slot's work, so two
 * server instances on one database do each slot once, and a crash before commit leaves the slot to be redone.
 */
export const jobSlots = pgTable(
  "job_slots",
  {
    job: text("job").notNull(),
    slotAt: at("slot_at").notNull(),
    claimedAt: at("claimed_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.job, t.slotAt] })],
);
