CREATE TABLE "vital_days" (
	"user_id" uuid NOT NULL,
	"measure" smallint NOT NULL,
	"day" date NOT NULL,
	"offsets" integer[] NOT NULL,
	"readings" double precision[] NOT NULL,
	CONSTRAINT "vital_days_user_id_measure_day_pk" PRIMARY KEY("user_id","measure","day")
);
--> statement-breakpoint
-- A day of samples is a small row (~1.5 KB at 122 samples): compress it inline from 128 bytes on (the default starts
-- at 2 KB) and keep it in the table's own pages (storage MAIN: out of line only past a page) — docs/decisions.md.
ALTER TABLE "vital_days" SET (toast_tuple_target = 128);
--> statement-breakpoint
ALTER TABLE "vital_days" ALTER COLUMN "offsets" SET STORAGE MAIN, ALTER COLUMN "readings" SET STORAGE MAIN;
--> statement-breakpoint
-- lz4 where the server is built with it (PostgreSQL ≥ 14 with lz4); otherwise (PGlite) the default pglz stays.
DO $$ BEGIN
  ALTER TABLE "vital_days" ALTER COLUMN "offsets" SET COMPRESSION lz4, ALTER COLUMN "readings" SET COMPRESSION lz4;
EXCEPTION WHEN others THEN NULL;
END $$;
--> statement-breakpoint
-- Deleting a user deletes their packed samples too (no foreign key, like the other high-volume tables).
CREATE OR REPLACE FUNCTION "vitals_delete_users"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "vital_samples" WHERE "user_id" IN (SELECT "id" FROM "deleted_users");
  DELETE FROM "vital_days" WHERE "user_id" IN (SELECT "id" FROM "deleted_users");
  DELETE FROM "vital_buckets_hour" WHERE "user_id" IN (SELECT "id" FROM "deleted_users");
  DELETE FROM "vital_buckets_day" WHERE "user_id" IN (SELECT "id" FROM "deleted_users");
  DELETE FROM "vital_buckets_month" WHERE "user_id" IN (SELECT "id" FROM "deleted_users");
  RETURN NULL;
END $$;
