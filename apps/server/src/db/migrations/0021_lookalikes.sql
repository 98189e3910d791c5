CREATE TABLE "audience_lookalikes" (
	"config_id" integer PRIMARY KEY NOT NULL,
	"audience_name" text NOT NULL,
	"seed_config_id" integer,
	"country" text,
	"percent" integer NOT NULL,
	"members" integer NOT NULL,
	"ids" "bytea" NOT NULL,
	"created" timestamp with time zone NOT NULL,
	CONSTRAINT "audience_lookalikes_audience_name_unique" UNIQUE("audience_name")
);
--> statement-breakpoint
ALTER TABLE "audience_lookalikes" ADD CONSTRAINT "audience_lookalikes_config_id_audience_configs_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."audience_configs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_lookalikes" ADD CONSTRAINT "audience_lookalikes_seed_config_id_audience_configs_id_fk" FOREIGN KEY ("seed_config_id") REFERENCES "public"."audience_configs"("id") ON DELETE set null ON UPDATE no action;