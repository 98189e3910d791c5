CREATE TABLE "audience_usages" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"team_id" integer,
	"ad_account_id" text NOT NULL,
	"state" text NOT NULL,
	"audience_config_id" integer,
	"targeting_package" jsonb NOT NULL,
	"countries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"line_item_id" text,
	"shared_with" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"autopilot_hours" integer,
	"next_run_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "japanese_agreements" (
	"team_id" integer PRIMARY KEY NOT NULL,
	"accepted_by" integer,
	"accepted_by_email" text NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploaded_audiences" (
	"id" serial PRIMARY KEY NOT NULL,
	"audience_config_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"account_id" text NOT NULL,
	"account_name" text NOT NULL,
	"custom_audience_id" text NOT NULL,
	"name" text NOT NULL,
	"state" text NOT NULL,
	"targetable" boolean DEFAULT false NOT NULL,
	"uploaded_count" integer NOT NULL,
	"audience_size" integer DEFAULT 0 NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"checked" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploaded_audiences_audience_config_id_account_id_unique" UNIQUE("audience_config_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "x_ads_credentials" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"x_user_id" text NOT NULL,
	"sealed_token" text NOT NULL,
	"sealed_secret" text NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audience_usages" ADD CONSTRAINT "audience_usages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_usages" ADD CONSTRAINT "audience_usages_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_usages" ADD CONSTRAINT "audience_usages_audience_config_id_audience_configs_id_fk" FOREIGN KEY ("audience_config_id") REFERENCES "public"."audience_configs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "japanese_agreements" ADD CONSTRAINT "japanese_agreements_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "japanese_agreements" ADD CONSTRAINT "japanese_agreements_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_audiences" ADD CONSTRAINT "uploaded_audiences_audience_config_id_audience_configs_id_fk" FOREIGN KEY ("audience_config_id") REFERENCES "public"."audience_configs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_audiences" ADD CONSTRAINT "uploaded_audiences_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_audiences" ADD CONSTRAINT "uploaded_audiences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "x_ads_credentials" ADD CONSTRAINT "x_ads_credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audience_usages_user_id_idx" ON "audience_usages" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "uploaded_audiences_team_id_idx" ON "uploaded_audiences" USING btree ("team_id");