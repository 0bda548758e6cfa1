CREATE TABLE "form_answers" (
	"form_id" integer NOT NULL,
	"sent_order" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"question_id" integer NOT NULL,
	"value" text,
	"answer_options" integer[] DEFAULT '{}'::integer[] NOT NULL,
	CONSTRAINT "form_answers_form_id_sent_order_user_id_question_id_pk" PRIMARY KEY("form_id","sent_order","user_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "form_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"form_id" integer NOT NULL,
	"position" integer NOT NULL,
	"text" text NOT NULL,
	"question_type" smallint NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source_question_id" integer
);
--> statement-breakpoint
CREATE TABLE "form_recipient_list" (
	"form_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "form_recipient_list_form_id_user_id_pk" PRIMARY KEY("form_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "form_recipients" (
	"form_id" integer NOT NULL,
	"sent_order" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "form_recipients_form_id_sent_order_user_id_pk" PRIMARY KEY("form_id","sent_order","user_id")
);
--> statement-breakpoint
CREATE TABLE "form_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"form_id" integer NOT NULL,
	"kind" text NOT NULL,
	"weekdays" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"local_time" text NOT NULL,
	"time_zone" text NOT NULL,
	"all_members" boolean DEFAULT true NOT NULL,
	"user_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"reminder_after_hours" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_sends" (
	"form_id" integer NOT NULL,
	"sent_order" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_by" uuid,
	"schedule_id" integer,
	"snapshot" jsonb NOT NULL,
	"reminder_due_at" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone,
	CONSTRAINT "form_sends_form_id_sent_order_pk" PRIMARY KEY("form_id","sent_order")
);
--> statement-breakpoint
CREATE TABLE "forms" (
	"id" serial PRIMARY KEY NOT NULL,
	"workspace_name" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_editable" boolean DEFAULT true NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_slots" (
	"job" text NOT NULL,
	"slot_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_slots_job_slot_at_pk" PRIMARY KEY("job","slot_at")
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"workspace_name" text NOT NULL,
	"text" text NOT NULL,
	"question_type" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "entities" ADD COLUMN "time_zone" text DEFAULT 'Asia/Tokyo' NOT NULL;--> statement-breakpoint
ALTER TABLE "form_answers" ADD CONSTRAINT "form_answers_form_id_sent_order_user_id_form_recipients_form_id_sent_order_user_id_fk" FOREIGN KEY ("form_id","sent_order","user_id") REFERENCES "public"."form_recipients"("form_id","sent_order","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_questions" ADD CONSTRAINT "form_questions_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_questions" ADD CONSTRAINT "form_questions_source_question_id_questions_id_fk" FOREIGN KEY ("source_question_id") REFERENCES "public"."questions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_recipient_list" ADD CONSTRAINT "form_recipient_list_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_recipient_list" ADD CONSTRAINT "form_recipient_list_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_recipients" ADD CONSTRAINT "form_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_recipients" ADD CONSTRAINT "form_recipients_form_id_sent_order_form_sends_form_id_sent_order_fk" FOREIGN KEY ("form_id","sent_order") REFERENCES "public"."form_sends"("form_id","sent_order") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_schedules" ADD CONSTRAINT "form_schedules_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_schedules" ADD CONSTRAINT "form_schedules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_sends" ADD CONSTRAINT "form_sends_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_sends" ADD CONSTRAINT "form_sends_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_workspace_name_entities_workspace_name_fk" FOREIGN KEY ("workspace_name") REFERENCES "public"."entities"("workspace_name") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_workspace_name_entities_workspace_name_fk" FOREIGN KEY ("workspace_name") REFERENCES "public"."entities"("workspace_name") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "form_questions_form_idx" ON "form_questions" USING btree ("form_id","position");--> statement-breakpoint
CREATE INDEX "form_recipients_user_idx" ON "form_recipients" USING btree ("user_id","form_id");--> statement-breakpoint
CREATE INDEX "form_schedules_form_idx" ON "form_schedules" USING btree ("form_id");--> statement-breakpoint
CREATE INDEX "form_sends_reminder_idx" ON "form_sends" USING btree ("reminder_due_at") WHERE "form_sends"."reminder_due_at" is not null and "form_sends"."reminder_sent_at" is null;--> statement-breakpoint
CREATE INDEX "forms_workspace_idx" ON "forms" USING btree ("workspace_name");--> statement-breakpoint
CREATE INDEX "questions_workspace_idx" ON "questions" USING btree ("workspace_name");--> statement-breakpoint
CREATE INDEX "mail_outbox_queued_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."status" = 'queued';