ALTER TABLE "uploaded_audiences" ALTER COLUMN "audience_config_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "uploaded_audiences" ADD COLUMN "audience_plan_id" integer;--> statement-breakpoint
ALTER TABLE "uploaded_audiences" ADD CONSTRAINT "uploaded_audiences_audience_plan_id_audience_plans_id_fk" FOREIGN KEY ("audience_plan_id") REFERENCES "public"."audience_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
INSERT INTO "uploaded_audiences" ("team_id", "user_id", "account_id", "account_name", "custom_audience_id", "name", "state", "targetable", "uploaded_count", "audience_size", "created", "checked") SELECT "team_id", "user_id", "account_id", "account_id", "custom_audience_id", "name", 'processing', false, "uploaded_count", 0, "created", "created" FROM "pushed_audiences" ORDER BY "id";--> statement-breakpoint
DROP TABLE "pushed_audiences" CASCADE;
