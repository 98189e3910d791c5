CREATE TABLE "ad_creatives" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"created_by" integer NOT NULL,
	"name" text NOT NULL,
	"text" text NOT NULL,
	"media_id" integer,
	"call_to_action" text,
	"url" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_media" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"created_by" integer NOT NULL,
	"name" text NOT NULL,
	"storage_key" text NOT NULL,
	"thumbnail_key" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_stats" (
	"ad_id" integer NOT NULL,
	"day" date NOT NULL,
	"impressions" integer NOT NULL,
	"engagements" integer NOT NULL,
	"clicks" integer NOT NULL,
	"spend_micro" bigint NOT NULL,
	CONSTRAINT "ad_stats_ad_id_day_pk" PRIMARY KEY("ad_id","day")
);
--> statement-breakpoint
CREATE TABLE "ads" (
	"id" serial PRIMARY KEY NOT NULL,
	"adset_id" integer NOT NULL,
	"creative_id" integer NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"x_tweet_id" text,
	"x_promoted_tweet_id" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "adsets" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"name" text NOT NULL,
	"audience_config_id" integer,
	"targeting_package" jsonb,
	"placements" jsonb NOT NULL,
	"size_bucket" text NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"x_line_item_id" text,
	"targeting" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "advertiser_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_ja" text NOT NULL,
	CONSTRAINT "advertiser_categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"created_by" integer NOT NULL,
	"ad_account_id" text NOT NULL,
	"name" text NOT NULL,
	"objective" text NOT NULL,
	"currency" text NOT NULL,
	"budget_type" text NOT NULL,
	"lifetime_budget" numeric(14, 2),
	"daily_budget" numeric(14, 2),
	"start" timestamp with time zone,
	"end" timestamp with time zone,
	"state" text DEFAULT 'draft' NOT NULL,
	"x_campaign_id" text,
	"x_error" text,
	"stats_synced" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_ja" text NOT NULL,
	CONSTRAINT "content_categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "file_uploads" (
	"key" text PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"filename" text NOT NULL,
	"mime" text NOT NULL,
	"declared_size" integer NOT NULL,
	"size" integer,
	"width" integer,
	"height" integer,
	"thumbnail_key" text,
	"expires" timestamp with time zone NOT NULL,
	"completed" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ad_creatives" ADD CONSTRAINT "ad_creatives_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_creatives" ADD CONSTRAINT "ad_creatives_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_creatives" ADD CONSTRAINT "ad_creatives_media_id_ad_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."ad_media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_media" ADD CONSTRAINT "ad_media_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_media" ADD CONSTRAINT "ad_media_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_stats" ADD CONSTRAINT "ad_stats_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_adset_id_adsets_id_fk" FOREIGN KEY ("adset_id") REFERENCES "public"."adsets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_creative_id_ad_creatives_id_fk" FOREIGN KEY ("creative_id") REFERENCES "public"."ad_creatives"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adsets" ADD CONSTRAINT "adsets_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adsets" ADD CONSTRAINT "adsets_audience_config_id_audience_configs_id_fk" FOREIGN KEY ("audience_config_id") REFERENCES "public"."audience_configs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_uploads" ADD CONSTRAINT "file_uploads_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_uploads" ADD CONSTRAINT "file_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_creatives_team_id_idx" ON "ad_creatives" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "ad_media_team_id_idx" ON "ad_media" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "ads_adset_id_idx" ON "ads" USING btree ("adset_id");--> statement-breakpoint
CREATE INDEX "adsets_campaign_id_idx" ON "adsets" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "campaigns_team_id_idx" ON "campaigns" USING btree ("team_id");--> statement-breakpoint
INSERT INTO "content_categories" ("name", "name_ja") VALUES ('Arts & Entertainment', 'アート・エンターテインメント'), ('Business', 'ビジネス'), ('Education', '教育'), ('Family & Parenting', '家族・子育て'), ('Food & Drink', 'フード・ドリンク'), ('Gaming', 'ゲーム'), ('Health & Fitness', '健康・フィットネス'), ('News', 'ニュース'), ('Science', '科学'), ('Sports', 'スポーツ'), ('Style & Fashion', 'スタイル・ファッション'), ('Technology & Computing', 'テクノロジー・コンピューター'), ('Travel', '旅行');--> statement-breakpoint
INSERT INTO "advertiser_categories" ("name", "name_ja") VALUES ('Automotive', '自動車'), ('Consumer Packaged Goods', '日用消費財'), ('Education', '教育'), ('Financial Services', '金融サービス'), ('Gaming', 'ゲーム'), ('Media & Entertainment', 'メディア・エンターテインメント'), ('Non-profit', '非営利'), ('Retail', '小売'), ('Technology', 'テクノロジー'), ('Telecommunications', '通信'), ('Travel & Hospitality', '旅行・ホスピタリティ');
