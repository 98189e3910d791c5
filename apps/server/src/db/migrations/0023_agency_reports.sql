CREATE TABLE "report_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"frequency" text NOT NULL,
	"day" integer NOT NULL,
	"hour" integer NOT NULL,
	"time_zone" text NOT NULL,
	"language" text NOT NULL,
	"recipients" jsonb NOT NULL,
	"brand_colour" text NOT NULL,
	"logo_media_id" integer,
	"last_sent_period" text,
	"updated_by" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_schedules_team_id_unique" UNIQUE("team_id")
);
--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_logo_media_id_ad_media_id_fk" FOREIGN KEY ("logo_media_id") REFERENCES "public"."ad_media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;