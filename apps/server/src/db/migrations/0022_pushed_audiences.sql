CREATE TABLE "pushed_audiences" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"account_id" text NOT NULL,
	"custom_audience_id" text NOT NULL,
	"name" text NOT NULL,
	"uploaded_count" integer NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pushed_audiences" ADD CONSTRAINT "pushed_audiences_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pushed_audiences" ADD CONSTRAINT "pushed_audiences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pushed_audiences_team_id_idx" ON "pushed_audiences" USING btree ("team_id","created");