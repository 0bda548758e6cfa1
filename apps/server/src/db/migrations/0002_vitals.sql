CREATE TABLE "report_ranges" (
	"workspace_name" text NOT NULL,
	"measure" smallint NOT NULL,
	"max_value" double precision[] NOT NULL,
	"min_value" double precision[] NOT NULL,
	"mean_value" double precision[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_ranges_workspace_name_measure_pk" PRIMARY KEY("workspace_name","measure")
);
--> statement-breakpoint
CREATE TABLE "report_tunings" (
	"workspace_name" text NOT NULL,
	"measure" smallint NOT NULL,
	"user_id" uuid NOT NULL,
	"is_tuned" boolean DEFAULT false NOT NULL,
	"max_value" double precision[],
	"min_value" double precision[],
	"mean_value" double precision[],
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_tunings_workspace_name_measure_user_id_pk" PRIMARY KEY("workspace_name","measure","user_id")
);
--> statement-breakpoint
CREATE TABLE "sleep_segments" (
	"user_id" uuid NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"stage" text NOT NULL,
	CONSTRAINT "sleep_segments_user_id_start_at_pk" PRIMARY KEY("user_id","start_at")
);
--> statement-breakpoint
CREATE TABLE "sleep_sessions" (
	"user_id" uuid NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"deep" double precision NOT NULL,
	"light" double precision NOT NULL,
	"rem" double precision NOT NULL,
	"awake" double precision NOT NULL,
	CONSTRAINT "sleep_sessions_user_id_start_at_pk" PRIMARY KEY("user_id","start_at")
);
--> statement-breakpoint
CREATE TABLE "vital_buckets_15m" (
	"user_id" uuid NOT NULL,
	"measure" smallint NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	"sum" double precision NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "vital_buckets_15m_user_id_measure_bucket_pk" PRIMARY KEY("user_id","measure","bucket")
);
--> statement-breakpoint
CREATE TABLE "vital_buckets_day" (
	"user_id" uuid NOT NULL,
	"measure" smallint NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	"sum" double precision NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "vital_buckets_day_user_id_measure_day_pk" PRIMARY KEY("user_id","measure","day")
);
--> statement-breakpoint
CREATE TABLE "vital_samples" (
	"user_id" uuid NOT NULL,
	"measure" smallint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"value" double precision NOT NULL,
	CONSTRAINT "vital_samples_user_id_measure_at_pk" PRIMARY KEY("user_id","measure","at")
);
--> statement-breakpoint
CREATE TABLE "vital_sync" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"last_sync_at" timestamp with time zone NOT NULL,
	"last_sample_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "report_ranges" ADD CONSTRAINT "report_ranges_workspace_name_entities_workspace_name_fk" FOREIGN KEY ("workspace_name") REFERENCES "public"."entities"("workspace_name") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "report_tunings" ADD CONSTRAINT "report_tunings_workspace_name_entities_workspace_name_fk" FOREIGN KEY ("workspace_name") REFERENCES "public"."entities"("workspace_name") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "report_tunings" ADD CONSTRAINT "report_tunings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sleep_segments" ADD CONSTRAINT "sleep_segments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sleep_sessions" ADD CONSTRAINT "sleep_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vital_buckets_15m" ADD CONSTRAINT "vital_buckets_15m_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vital_buckets_day" ADD CONSTRAINT "vital_buckets_day_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vital_samples" ADD CONSTRAINT "vital_samples_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vital_sync" ADD CONSTRAINT "vital_sync_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sleep_sessions_end_idx" ON "sleep_sessions" USING btree ("user_id","end_at");