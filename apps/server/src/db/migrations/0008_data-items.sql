CREATE TABLE "data_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"value" text,
	"answer_options" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"content_type" text NOT NULL,
	"file_name" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"bytes" "bytea" NOT NULL,
	"thumbnail" "bytea",
	"added_by" text NOT NULL,
	"added_by_user" uuid,
	"added_by_workspace" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_item_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"data_type" text NOT NULL,
	"name_jp" text NOT NULL,
	"name_en" text NOT NULL,
	"description_jp" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_item_types_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "data_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"type_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "data_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"type_id" integer NOT NULL,
	"text_jp" text NOT NULL,
	"text_en" text NOT NULL,
	"question_type" smallint NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "data_questions_type_id_unique" UNIQUE("type_id")
);
--> statement-breakpoint
CREATE TABLE "data_shares" (
	"item_id" integer NOT NULL,
	"workspace_name" text NOT NULL,
	"shared_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_shares_item_id_workspace_name_pk" PRIMARY KEY("item_id","workspace_name")
);
--> statement-breakpoint
CREATE TABLE "data_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"workspace_name" text NOT NULL,
	"entity_name" text NOT NULL,
	"staff_id" uuid,
	"staff_name" text NOT NULL,
	"action" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "data_answers" ADD CONSTRAINT "data_answers_item_id_data_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."data_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_images" ADD CONSTRAINT "data_images_item_id_data_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."data_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_images" ADD CONSTRAINT "data_images_added_by_user_users_id_fk" FOREIGN KEY ("added_by_user") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_items" ADD CONSTRAINT "data_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_items" ADD CONSTRAINT "data_items_type_id_data_item_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."data_item_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_questions" ADD CONSTRAINT "data_questions_type_id_data_item_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."data_item_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_shares" ADD CONSTRAINT "data_shares_item_id_data_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."data_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_shares" ADD CONSTRAINT "data_shares_workspace_name_entities_workspace_name_fk" FOREIGN KEY ("workspace_name") REFERENCES "public"."entities"("workspace_name") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "data_views" ADD CONSTRAINT "data_views_item_id_data_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."data_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_views" ADD CONSTRAINT "data_views_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_answers_item_idx" ON "data_answers" USING btree ("item_id","created_at");--> statement-breakpoint
CREATE INDEX "data_images_item_idx" ON "data_images" USING btree ("item_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "data_items_user_type_idx" ON "data_items" USING btree ("user_id","type_id");--> statement-breakpoint
CREATE INDEX "data_items_type_idx" ON "data_items" USING btree ("type_id");--> statement-breakpoint
CREATE INDEX "data_shares_workspace_idx" ON "data_shares" USING btree ("workspace_name");--> statement-breakpoint
CREATE INDEX "data_views_item_idx" ON "data_views" USING btree ("item_id","at");--> statement-breakpoint
-- The spec's item types (DATA-11; what the three form items hold is decided in docs/decisions.md, DATA-15).
-- Seeded here, once per database: admins may edit or delete them afterwards, and a restart brings nothing back.
INSERT INTO "data_item_types" ("key", "data_type", "name_jp", "name_en", "description_jp", "description_en") VALUES
	('covid19_pcr_test', 'image', '新型コロナウイルス PCR検査結果', 'COVID-19 PCR test result', 'PCR検査の結果通知書の写真またはPDFです。', 'A photo or PDF of your PCR test result.'),
	('covid19_vaccine', 'image', '新型コロナウイルス ワクチン接種証明', 'COVID-19 vaccination certificate', 'ワクチン接種証明書の写真またはPDFです。', 'A photo or PDF of your vaccination certificate.'),
	('form_data_10', 'form_data', 'アレルギー・持病', 'Allergies and chronic conditions', '食物・薬のアレルギーや持病など、見守りに役立つ健康上の情報です。', 'Food or medicine allergies, chronic conditions and other health information useful to those watching over you.'),
	('mobile_0509', 'form_data', '携帯電話番号', 'Mobile phone number', '連絡のつく携帯電話番号です。', 'The mobile phone number you can be reached on.'),
	('user_info', 'form_data', '緊急連絡先', 'Emergency contact', '緊急時に連絡する方の氏名と電話番号です。', 'The name and phone number of the person to contact in an emergency.')
ON CONFLICT ("key") DO NOTHING;
--> statement-breakpoint
INSERT INTO "data_questions" ("type_id", "text_jp", "text_en", "question_type")
SELECT t."id", q."text_jp", q."text_en", 1
FROM (VALUES
	('form_data_10', 'アレルギーや持病があれば記入してください（例：そば・ペニシリン、ぜんそく）。', 'List any allergies and chronic conditions (for example: buckwheat, penicillin, asthma).'),
	('mobile_0509', '携帯電話番号を入力してください。', 'Enter your mobile phone number.'),
	('user_info', '緊急連絡先の方の氏名と電話番号を入力してください（例：山田花子 090-1234-5678）。', 'Enter the name and phone number of your emergency contact (for example: Hanako Yamada 090-1234-5678).')
) AS q("key", "text_jp", "text_en")
JOIN "data_item_types" t ON t."key" = q."key"
ON CONFLICT ("type_id") DO NOTHING;
