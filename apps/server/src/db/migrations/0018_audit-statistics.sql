-- The access audit grows with every read of a member's data (an entity-wide report writes a row per member), so it is
-- analyzed often; its analyze reads a sample of 300 rows per unit of the statistics target (30,000 at the default 100)
-- from all over the table, which on PGlite runs on the server's one thread: 190-220 ms at 550,000 rows, 500-800 ms
-- in the fleet bench. Its searches (a person, a staff member, an entity, a period) are index ranges that need no
-- finer statistics: a target of 10 reads 3,000 rows (40 ms; docs/decisions.md "Autovacuum on PGlite").
ALTER TABLE "access_audit" ALTER COLUMN "id" SET STATISTICS 10;--> statement-breakpoint
ALTER TABLE "access_audit" ALTER COLUMN "at" SET STATISTICS 10;--> statement-breakpoint
ALTER TABLE "access_audit" ALTER COLUMN "actor_id" SET STATISTICS 10;--> statement-breakpoint
ALTER TABLE "access_audit" ALTER COLUMN "actor_name" SET STATISTICS 10;--> statement-breakpoint
ALTER TABLE "access_audit" ALTER COLUMN "role" SET STATISTICS 10;--> statement-breakpoint
ALTER TABLE "access_audit" ALTER COLUMN "workspace_name" SET STATISTICS 10;--> statement-breakpoint
ALTER TABLE "access_audit" ALTER COLUMN "entity_name" SET STATISTICS 10;--> statement-breakpoint
ALTER TABLE "access_audit" ALTER COLUMN "subject_id" SET STATISTICS 10;--> statement-breakpoint
ALTER TABLE "access_audit" ALTER COLUMN "what" SET STATISTICS 10;--> statement-breakpoint
ALTER TABLE "access_audit" ALTER COLUMN "detail" SET STATISTICS 10;--> statement-breakpoint
ALTER TABLE "access_audit" ALTER COLUMN "period_from" SET STATISTICS 10;--> statement-breakpoint
ALTER TABLE "access_audit" ALTER COLUMN "period_to" SET STATISTICS 10;--> statement-breakpoint
ALTER TABLE "access_audit" ALTER COLUMN "request_id" SET STATISTICS 10;--> statement-breakpoint
ALTER TABLE "access_audit" ALTER COLUMN "address" SET STATISTICS 10;
