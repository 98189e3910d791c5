CREATE TABLE "audience_followed_accounts" (
	"config_id" integer PRIMARY KEY NOT NULL,
	"day" text NOT NULL,
	"members" integer NOT NULL,
	"floor" integer NOT NULL,
	"ids" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audience_followed_accounts" ADD CONSTRAINT "audience_followed_accounts_config_id_audience_configs_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."audience_configs"("id") ON DELETE cascade ON UPDATE no action;