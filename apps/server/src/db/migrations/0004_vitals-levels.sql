CREATE TABLE "vital_buckets_hour" (
	"user_id" uuid NOT NULL,
	"measure" smallint NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	"sum" double precision NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "vital_buckets_hour_user_id_measure_bucket_pk" PRIMARY KEY("user_id","measure","bucket")
);
--> statement-breakpoint
CREATE TABLE "vital_buckets_month" (
	"user_id" uuid NOT NULL,
	"measure" smallint NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	"sum" double precision NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "vital_buckets_month_user_id_measure_bucket_pk" PRIMARY KEY("user_id","measure","bucket")
);
--> statement-breakpoint
-- Hour and month buckets of the data stored before this migration, rolled up from the finer levels.
INSERT INTO "vital_buckets_hour" ("user_id", "measure", "bucket", "min", "max", "sum", "count")
  SELECT "user_id", "measure", date_trunc('hour', "bucket" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
    min("min"), max("max"), sum("sum"), sum("count")
  FROM "vital_buckets_15m" GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "vital_buckets_month" ("user_id", "measure", "bucket", "min", "max", "sum", "count")
  SELECT "user_id", "measure", date_trunc('month', "day" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
    min("min"), max("max"), sum("sum"), sum("count")
  FROM "vital_buckets_day" GROUP BY 1, 2, 3;
--> statement-breakpoint
-- Deleting a user deletes their samples and buckets at every level (no foreign keys; see schema/vitals.ts).
CREATE OR REPLACE FUNCTION "vitals_delete_users"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "vital_samples" WHERE "user_id" IN (SELECT "id" FROM "deleted_users");
  DELETE FROM "vital_buckets_hour" WHERE "user_id" IN (SELECT "id" FROM "deleted_users");
  DELETE FROM "vital_buckets_day" WHERE "user_id" IN (SELECT "id" FROM "deleted_users");
  DELETE FROM "vital_buckets_month" WHERE "user_id" IN (SELECT "id" FROM "deleted_users");
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Entity-wide windows read one level for all members at once: a range of (measure, time) answers from the
-- index alone instead of one index probe per member (docs/decisions.md).
CREATE INDEX "vital_buckets_hour_measure_time_idx" ON "vital_buckets_hour" ("measure", "bucket")
  INCLUDE ("user_id", "min", "max", "sum", "count");
--> statement-breakpoint
CREATE INDEX "vital_buckets_day_measure_time_idx" ON "vital_buckets_day" ("measure", "day")
  INCLUDE ("user_id", "min", "max", "sum", "count");
--> statement-breakpoint
CREATE INDEX "vital_buckets_month_measure_time_idx" ON "vital_buckets_month" ("measure", "bucket")
  INCLUDE ("user_id", "min", "max", "sum", "count");
--> statement-breakpoint
-- Replaced by the hour buckets and raw samples at the edges of windows (docs/decisions.md).
DROP TABLE "vital_buckets_15m" CASCADE;