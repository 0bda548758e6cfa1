CREATE TABLE "entity_modules" (
	"workspace_name" text NOT NULL,
	"module_id" integer NOT NULL,
	"mode_option_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entity_modules_workspace_name_module_id_pk" PRIMARY KEY("workspace_name","module_id")
);
--> statement-breakpoint
CREATE TABLE "member_modules" (
	"workspace_name" text NOT NULL,
	"user_id" uuid NOT NULL,
	"module_id" integer NOT NULL,
	"mode_option_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_modules_workspace_name_user_id_module_id_pk" PRIMARY KEY("workspace_name","user_id","module_id")
);
--> statement-breakpoint
CREATE TABLE "module_options" (
	"id" integer PRIMARY KEY NOT NULL,
	"module_id" integer NOT NULL,
	"text_jp" text NOT NULL,
	"text_en" text NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "modules" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name_jp" text NOT NULL,
	"name_en" text NOT NULL,
	"description_jp" text NOT NULL,
	"description_en" text NOT NULL,
	"sort_order" integer NOT NULL,
	CONSTRAINT "modules_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "entity_modules" ADD CONSTRAINT "entity_modules_workspace_name_entities_workspace_name_fk" FOREIGN KEY ("workspace_name") REFERENCES "public"."entities"("workspace_name") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "entity_modules" ADD CONSTRAINT "entity_modules_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_modules" ADD CONSTRAINT "entity_modules_mode_option_id_module_options_id_fk" FOREIGN KEY ("mode_option_id") REFERENCES "public"."module_options"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_modules" ADD CONSTRAINT "member_modules_workspace_name_entities_workspace_name_fk" FOREIGN KEY ("workspace_name") REFERENCES "public"."entities"("workspace_name") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "member_modules" ADD CONSTRAINT "member_modules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_modules" ADD CONSTRAINT "member_modules_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_modules" ADD CONSTRAINT "member_modules_mode_option_id_module_options_id_fk" FOREIGN KEY ("mode_option_id") REFERENCES "public"."module_options"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_options" ADD CONSTRAINT "module_options_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;