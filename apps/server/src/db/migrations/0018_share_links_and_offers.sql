CREATE TABLE "list_share_links" (
	"audience_config_id" integer PRIMARY KEY NOT NULL,
	"nonce" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "list_share_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"audience_config_id" integer NOT NULL,
	"from_user_id" integer NOT NULL,
	"to_user_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"targeting_package" jsonb NOT NULL,
	"created" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audience_usages" ADD COLUMN "share_nonce" text;--> statement-breakpoint
ALTER TABLE "audience_usages" ADD COLUMN "share_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "list_share_links" ADD CONSTRAINT "list_share_links_audience_config_id_audience_configs_id_fk" FOREIGN KEY ("audience_config_id") REFERENCES "public"."audience_configs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_share_offers" ADD CONSTRAINT "list_share_offers_audience_config_id_audience_configs_id_fk" FOREIGN KEY ("audience_config_id") REFERENCES "public"."audience_configs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_share_offers" ADD CONSTRAINT "list_share_offers_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_share_offers" ADD CONSTRAINT "list_share_offers_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "list_share_offers_to_user_idx" ON "list_share_offers" USING btree ("to_user_id","created");--> statement-breakpoint
CREATE UNIQUE INDEX "list_share_offers_list_to_user_idx" ON "list_share_offers" USING btree ("audience_config_id","to_user_id");