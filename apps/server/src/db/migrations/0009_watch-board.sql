CREATE TABLE "member_snoozes" (
	"id" serial PRIMARY KEY NOT NULL,
	"workspace_name" text NOT NULL,
	"user_id" uuid NOT NULL,
	"measure" smallint NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"created_by" uuid,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "alert_states" ADD COLUMN "last_value" double precision;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "snooze_id" integer;--> statement-breakpoint
ALTER TABLE "member_snoozes" ADD CONSTRAINT "member_snoozes_workspace_name_entities_workspace_name_fk" FOREIGN KEY ("workspace_name") REFERENCES "public"."entities"("workspace_name") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "member_snoozes" ADD CONSTRAINT "member_snoozes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_snoozes" ADD CONSTRAINT "member_snoozes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_snoozes_member_idx" ON "member_snoozes" USING btree ("user_id","workspace_name","measure");--> statement-breakpoint
CREATE INDEX "member_snoozes_open_idx" ON "member_snoozes" USING btree ("workspace_name","until") WHERE "member_snoozes"."ended_at" is null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_snooze_id_member_snoozes_id_fk" FOREIGN KEY ("snooze_id") REFERENCES "public"."member_snoozes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_open_idx" ON "notifications" USING btree ("workspace_name","created_at") WHERE "notifications"."acknowledged_at" is null and "notifications"."deleted_at" is null;--> statement-breakpoint
-- the board reads the latest judged value of each state: filled from the sample it names
UPDATE "alert_states" AS s SET "last_value" = v."value" FROM "vital_samples" AS v WHERE v."user_id" = s."user_id" AND v."measure" = s."measure" AND v."at" = s."last_at";
