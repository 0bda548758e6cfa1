ALTER TABLE "vital_buckets_15m" DROP CONSTRAINT "vital_buckets_15m_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "vital_buckets_day" DROP CONSTRAINT "vital_buckets_day_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "vital_samples" DROP CONSTRAINT "vital_samples_user_id_users_id_fk";
--> statement-breakpoint
-- Deleting a user deletes their samples and buckets (those tables carry no foreign key; see schema/vitals.ts).
CREATE FUNCTION "vitals_delete_users"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "vital_samples" WHERE "user_id" IN (SELECT "id" FROM "deleted_users");
  DELETE FROM "vital_buckets_15m" WHERE "user_id" IN (SELECT "id" FROM "deleted_users");
  DELETE FROM "vital_buckets_day" WHERE "user_id" IN (SELECT "id" FROM "deleted_users");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_delete_vitals" AFTER DELETE ON "users" REFERENCING OLD TABLE AS "deleted_users"
  FOR EACH STATEMENT EXECUTE FUNCTION "vitals_delete_users"();
