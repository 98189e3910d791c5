CREATE TABLE "audience_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "audience_categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "audience_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"team_id" integer,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"category_id" integer,
	"targeting_package" jsonb NOT NULL,
	"exclusions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sample_count" integer NOT NULL,
	"size" integer NOT NULL,
	"size_bucket" text NOT NULL,
	"core_audience" integer NOT NULL,
	"total_native" integer NOT NULL,
	"pro_targeting_size" integer NOT NULL,
	"targetable" boolean NOT NULL,
	"status" text NOT NULL,
	"is_super_insights" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audience_insights" (
	"config_id" integer PRIMARY KEY NOT NULL,
	"insights" jsonb NOT NULL,
	"computed" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audience_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"name" text NOT NULL,
	"audience_config_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audience_configs" ADD CONSTRAINT "audience_configs_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_configs" ADD CONSTRAINT "audience_configs_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_configs" ADD CONSTRAINT "audience_configs_category_id_audience_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."audience_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_insights" ADD CONSTRAINT "audience_insights_config_id_audience_configs_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."audience_configs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_plans" ADD CONSTRAINT "audience_plans_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audience_configs_owner_id_idx" ON "audience_configs" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "audience_configs_team_id_idx" ON "audience_configs" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "audience_plans_owner_id_idx" ON "audience_plans" USING btree ("owner_id");--> statement-breakpoint
INSERT INTO "audience_categories" ("name") VALUES
	('Automotive'), ('Beauty & Fashion'), ('Business & Finance'), ('Entertainment'), ('Family & Parenting'),
	('Food & Drink'), ('Gaming'), ('Health & Fitness'), ('News & Politics'), ('Science & Education'),
	('Sports'), ('Technology'), ('Travel'), ('Exclusion Audience')
ON CONFLICT ("name") DO NOTHING;
