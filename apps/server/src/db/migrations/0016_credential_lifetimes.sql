-- Sessions and personal tokens slide (docs/API.md "Sessions and tokens"). Existing sessions keep their end
-- and may slide to 90 days from their sign-in (the default CREDENTIAL_MAX_DAYS); existing tokens, which
-- never ended, get the default idle (30 days) and maximum (90 days) counted from this migration.
ALTER TABLE "sessions" ADD COLUMN "max_expires_at" timestamp with time zone;--> statement-breakpoint
UPDATE "sessions" SET "max_expires_at" = greatest("expires_at", "created" + interval '90 days');--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "max_expires_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "minted_by_token_id" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_used_ip" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_used_agent" text;--> statement-breakpoint
ALTER TABLE "user_tokens" ADD COLUMN "session_id" integer;--> statement-breakpoint
ALTER TABLE "user_tokens" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_tokens" ADD COLUMN "max_expires_at" timestamp with time zone;--> statement-breakpoint
UPDATE "user_tokens" SET "expires_at" = now() + interval '30 days', "max_expires_at" = now() + interval '90 days';--> statement-breakpoint
ALTER TABLE "user_tokens" ALTER COLUMN "expires_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "user_tokens" ALTER COLUMN "max_expires_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "user_tokens" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_tokens" ADD COLUMN "last_used_ip" text;--> statement-breakpoint
ALTER TABLE "user_tokens" ADD COLUMN "last_used_agent" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_minted_by_token_id_user_tokens_id_fk" FOREIGN KEY ("minted_by_token_id") REFERENCES "public"."user_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_minted_by_token_id_idx" ON "sessions" USING btree ("minted_by_token_id");--> statement-breakpoint
CREATE INDEX "user_tokens_session_id_idx" ON "user_tokens" USING btree ("session_id");--> statement-breakpoint
-- Invoices outlive the user or team they were for (kept for the accounts; docs/API.md "Account deletion").
ALTER TABLE "billing_invoices" DROP CONSTRAINT "billing_invoices_team_id_teams_id_fk";
--> statement-breakpoint
ALTER TABLE "billing_invoices" DROP CONSTRAINT "billing_invoices_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD CONSTRAINT "billing_invoices_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD CONSTRAINT "billing_invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
