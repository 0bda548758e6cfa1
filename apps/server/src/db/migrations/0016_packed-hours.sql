CREATE TABLE "vital_hour_days" (
	"user_id" uuid NOT NULL,
	"measure" smallint NOT NULL,
	"day" date NOT NULL,
	"counts" integer[] NOT NULL,
	"aggs" double precision[],
	"narrow_aggs" real[],
	CONSTRAINT "vital_hour_days_user_id_measure_day_pk" PRIMARY KEY("user_id","measure","day")
);
--> statement-breakpoint
ALTER TABLE "vital_days" ALTER COLUMN "readings" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "vital_days" ADD COLUMN "narrow_readings" real[];--> statement-breakpoint
ALTER TABLE "vital_days" ADD CONSTRAINT "vital_days_one_readings" CHECK (("readings" IS NULL) <> ("narrow_readings" IS NULL));
--> statement-breakpoint
ALTER TABLE "vital_hour_days" ADD CONSTRAINT "vital_hour_days_one_aggs" CHECK (("aggs" IS NULL) <> ("narrow_aggs" IS NULL));
--> statement-breakpoint
-- The values as 4-byte floats when every one is exactly one (so that widening them gives the same values back), else
-- null: packed rows store such days in half the bytes (docs/decisions.md "Packed samples"). The casts are guarded,
-- as a float8 beyond a float4's range raises an error.
CREATE FUNCTION "vital_narrow"(v double precision[]) RETURNS real[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN bool_and(CASE WHEN x = 0 OR abs(x) BETWEEN 1.2e-38 AND 3.4e38 THEN x::real::double precision = x
      ELSE false END)
    THEN array_agg(CASE WHEN x = 0 OR abs(x) BETWEEN 1.2e-38 AND 3.4e38 THEN x::real END ORDER BY i) END
  FROM unnest(v) WITH ORDINALITY AS u(x, i)
$$;
--> statement-breakpoint
-- Two packed days of hour buckets of the same user, measure and day combined slot by slot (72 aggregates: minima,
-- maxima, sums), by their counts: an empty slot (count 0) takes the other's.
CREATE FUNCTION "vital_hours_merge"(c1 integer[], a1 double precision[], c2 integer[], a2 double precision[])
RETURNS double precision[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_agg(v ORDER BY k) FROM (
    SELECT i AS k, CASE WHEN c1[i] = 0 THEN a2[i] WHEN c2[i] = 0 THEN a1[i] ELSE least(a1[i], a2[i]) END AS v
      FROM generate_series(1, 24) AS i
    UNION ALL
    SELECT 24 + i, CASE WHEN c1[i] = 0 THEN a2[24 + i] WHEN c2[i] = 0 THEN a1[24 + i]
      ELSE greatest(a1[24 + i], a2[24 + i]) END
      FROM generate_series(1, 24) AS i
    UNION ALL
    SELECT 48 + i, a1[48 + i] + a2[48 + i] FROM generate_series(1, 24) AS i
  ) s
$$;
--> statement-breakpoint
-- Deleting a user deletes their packed hour buckets too (no foreign key, like the other high-volume tables).
CREATE OR REPLACE FUNCTION "vitals_delete_users"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "vital_samples" WHERE "user_id" IN (SELECT "id" FROM "deleted_users");
  DELETE FROM "vital_days" WHERE "user_id" IN (SELECT "id" FROM "deleted_users");
  DELETE FROM "vital_buckets_hour" WHERE "user_id" IN (SELECT "id" FROM "deleted_users");
  DELETE FROM "vital_hour_days" WHERE "user_id" IN (SELECT "id" FROM "deleted_users");
  DELETE FROM "vital_buckets_day" WHERE "user_id" IN (SELECT "id" FROM "deleted_users");
  DELETE FROM "vital_buckets_month" WHERE "user_id" IN (SELECT "id" FROM "deleted_users");
  RETURN NULL;
END $$;
