CREATE TABLE "access_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid NOT NULL,
	"actor_name" text NOT NULL,
	"role" text NOT NULL,
	"workspace_name" text,
	"entity_name" text,
	"subject_id" uuid NOT NULL,
	"what" text NOT NULL,
	"detail" text,
	"period_from" timestamp with time zone,
	"period_to" timestamp with time zone,
	"request_id" text NOT NULL,
	"address" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "access_audit_subject_idx" ON "access_audit" USING btree ("subject_id","at");--> statement-breakpoint
CREATE INDEX "access_audit_actor_idx" ON "access_audit" USING btree ("actor_id","at");--> statement-breakpoint
CREATE INDEX "access_audit_workspace_idx" ON "access_audit" USING btree ("workspace_name","at");--> statement-breakpoint
CREATE INDEX "access_audit_at_idx" ON "access_audit" USING btree ("at");--> statement-breakpoint
-- append-only (docs/decisions.md "Access audit"): only a transaction that says it is the retention job (or an
-- account's deletion) with set_config('mimamori.audit_maintenance', 'on', true) may change or remove rows
CREATE FUNCTION "access_audit_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('mimamori.audit_maintenance', true), '') <> 'on' THEN
    RAISE EXCEPTION 'access_audit is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "access_audit_append_only" BEFORE UPDATE OR DELETE OR TRUNCATE ON "access_audit"
  FOR EACH STATEMENT EXECUTE FUNCTION "access_audit_append_only"();
