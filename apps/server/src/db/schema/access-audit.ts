import { bigserial, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { at } from "./columns";

/**
 * The access audit (issue 29 §1; docs/decisions.md "Access audit"): one row per person whose health data someone
 * else read or exported — who (`actor_id`, the name copied), in which role and entity (the entity's name copied),
 * whose data (`subject_id`), what, the period of data read, when, the request id and the caller's address.
 * Append-only: no foreign keys (a row outlives the accounts and the entity it names) and migration 0010's trigger
 * refuses UPDATE and DELETE unless the transaction says it is the retention job (or, later, an account's deletion)
 * with `set_config('mimamori.audit_maintenance', 'on', true)`.
 */
export const accessAudit = pgTable(
  "access_audit",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: at("at").notNull().defaultNow(),
    actorId: uuid("actor_id").notNull(),
    actorName: text("actor_name").notNull(),
    role: text("role", { enum: ["staff", "super-user"] }).notNull(),
    workspaceName: text("workspace_name"),
    entityName: text("entity_name"),
    subjectId: uuid("subject_id").notNull(),
    what: text("what").notNull(),
    /** What exactly, where the route names it: the report or measure, the form, the data item. */
    detail: text("detail"),
    periodFrom: at("period_from"),
    periodTo: at("period_to"),
    requestId: text("request_id").notNull(),
    address: text("address").notNull(),
  },
  (t) => [
    index("access_audit_subject_idx").on(t.subjectId, t.at),
    index("access_audit_actor_idx").on(t.actorId, t.at),
    index("access_audit_workspace_idx").on(t.workspaceName, t.at),
    index("access_audit_at_idx").on(t.at),
  ],
);
