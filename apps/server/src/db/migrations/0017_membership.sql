CREATE TABLE "audience_memberships" (
	"config_id" integer PRIMARY KEY NOT NULL,
	"day" text NOT NULL,
	"members" integer NOT NULL,
	"ids" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audience_point_members" (
	"point_id" integer PRIMARY KEY NOT NULL,
	"config_id" integer NOT NULL,
	"day" text NOT NULL,
	"over_cap" boolean DEFAULT false NOT NULL,
	"base_day" text,
	"members" integer NOT NULL,
	"joined" "bytea",
	"left" "bytea"
);
--> statement-breakpoint
ALTER TABLE "audience_memberships" ADD CONSTRAINT "audience_memberships_config_id_audience_configs_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."audience_configs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_point_members" ADD CONSTRAINT "audience_point_members_point_id_audience_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."audience_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_point_members" ADD CONSTRAINT "audience_point_members_config_id_audience_configs_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."audience_configs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audience_point_members_config_day_idx" ON "audience_point_members" USING btree ("config_id","day");