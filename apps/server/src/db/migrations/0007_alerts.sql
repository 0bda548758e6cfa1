CREATE TABLE "alert_states" (
	"user_id" uuid NOT NULL,
	"workspace_name" text NOT NULL,
	"measure" smallint NOT NULL,
	"in_red" boolean NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "alert_states_user_id_workspace_name_measure_pk" PRIMARY KEY("user_id","workspace_name","measure")
);
--> statement-breakpoint
CREATE TABLE "notification_mails" (
	"notification_id" integer NOT NULL,
	"mail_id" uuid NOT NULL,
	"recipient_id" uuid,
	"kind" text NOT NULL,
	CONSTRAINT "notification_mails_notification_id_mail_id_pk" PRIMARY KEY("notification_id","mail_id")
);
--> statement-breakpoint
CREATE TABLE "notification_seen" (
	"notification_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_seen_user_id_notification_id_pk" PRIMARY KEY("user_id","notification_id")
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"workspace_name" text NOT NULL,
	"notification_type" smallint NOT NULL,
	"frequency_id" smallint NOT NULL,
	"sync_length_option_id" smallint,
	"escalation_minutes" smallint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "notification_settings_workspace_name_notification_type_pk" PRIMARY KEY("workspace_name","notification_type")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"workspace_name" text NOT NULL,
	"user_id" uuid NOT NULL,
	"notification_type" smallint NOT NULL,
	"measure" smallint,
	"value" double precision,
	"at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cleared_at" timestamp with time zone,
	"mailed_at" timestamp with time zone,
	"escalated_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" uuid,
	"ack_action" text,
	"ack_note" text,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid
);
--> statement-breakpoint
CREATE TABLE "staff_notification_prefs" (
	"workspace_name" text NOT NULL,
	"user_id" uuid NOT NULL,
	"notification_type" smallint NOT NULL,
	"receive_email" boolean NOT NULL,
	CONSTRAINT "staff_notification_prefs_workspace_name_user_id_notification_type_pk" PRIMARY KEY("workspace_name","user_id","notification_type")
);
--> statement-breakpoint
ALTER TABLE "alert_states" ADD CONSTRAINT "alert_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_states" ADD CONSTRAINT "alert_states_workspace_name_entities_workspace_name_fk" FOREIGN KEY ("workspace_name") REFERENCES "public"."entities"("workspace_name") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "notification_mails" ADD CONSTRAINT "notification_mails_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_mails" ADD CONSTRAINT "notification_mails_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_mails" ADD CONSTRAINT "notification_mails_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_seen" ADD CONSTRAINT "notification_seen_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_seen" ADD CONSTRAINT "notification_seen_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_workspace_name_entities_workspace_name_fk" FOREIGN KEY ("workspace_name") REFERENCES "public"."entities"("workspace_name") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_workspace_name_entities_workspace_name_fk" FOREIGN KEY ("workspace_name") REFERENCES "public"."entities"("workspace_name") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_notification_prefs" ADD CONSTRAINT "staff_notification_prefs_workspace_name_entities_workspace_name_fk" FOREIGN KEY ("workspace_name") REFERENCES "public"."entities"("workspace_name") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "staff_notification_prefs" ADD CONSTRAINT "staff_notification_prefs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_mails_mail_idx" ON "notification_mails" USING btree ("mail_id");--> statement-breakpoint
CREATE INDEX "notifications_list_idx" ON "notifications" USING btree ("workspace_name","notification_type","created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "notifications_unmailed_idx" ON "notifications" USING btree ("workspace_name") WHERE "notifications"."mailed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_open_sync_idx" ON "notifications" USING btree ("workspace_name","user_id") WHERE "notifications"."notification_type" = 1 and "notifications"."cleared_at" is null;