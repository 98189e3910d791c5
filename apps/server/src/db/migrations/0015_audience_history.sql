CREATE TABLE "alert_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"alert_id" integer NOT NULL,
	"channel" text NOT NULL,
	"event" jsonb NOT NULL,
	"state" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"response_status" integer,
	"last_error" text,
	"next_attempt_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "audience_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"config_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"kind" text NOT NULL,
	"threshold" real NOT NULL,
	"email" boolean NOT NULL,
	"webhook_url" text,
	"webhook_secret" text,
	"last_fired_day" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audience_points" (
	"id" serial PRIMARY KEY NOT NULL,
	"config_id" integer NOT NULL,
	"day" text NOT NULL,
	"measured" timestamp with time zone NOT NULL,
	"sample_count" integer NOT NULL,
	"size" jsonb NOT NULL,
	"digest" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_alert_id_audience_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."audience_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_alerts" ADD CONSTRAINT "audience_alerts_config_id_audience_configs_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."audience_configs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_alerts" ADD CONSTRAINT "audience_alerts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_points" ADD CONSTRAINT "audience_points_config_id_audience_configs_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."audience_configs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_deliveries_alert_id_idx" ON "alert_deliveries" USING btree ("alert_id");--> statement-breakpoint
CREATE INDEX "alert_deliveries_due_idx" ON "alert_deliveries" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "audience_alerts_config_id_idx" ON "audience_alerts" USING btree ("config_id");--> statement-breakpoint
CREATE INDEX "audience_alerts_owner_id_idx" ON "audience_alerts" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "audience_points_config_day_idx" ON "audience_points" USING btree ("config_id","day");--> statement-breakpoint
CREATE INDEX "audience_points_day_idx" ON "audience_points" USING btree ("day");