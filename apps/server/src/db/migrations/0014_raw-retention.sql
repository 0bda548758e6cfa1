CREATE TABLE "vital_retention" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"raw_from" timestamp with time zone NOT NULL,
	"last_removed_at" timestamp with time zone NOT NULL,
	"removed_samples" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "entities" ADD COLUMN "raw_retention_days" integer;--> statement-breakpoint
ALTER TABLE "vital_retention" ADD CONSTRAINT "vital_retention_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;