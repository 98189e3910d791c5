-- Change notices (db/change-feed.ts, migration 0028) for the team list, a team's campaigns list and
-- the Deep Thought followers page, now answered from memory too (lib/read-cache.ts). The team list
-- shows a team's settings (logo, invoice fields), so every update of teams now notifies.
CREATE TRIGGER "memberships_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "memberships" FOR EACH STATEMENT EXECUTE FUNCTION "murmur_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "subscriptions_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "subscriptions" FOR EACH STATEMENT EXECUTE FUNCTION "murmur_notify_change"();
--> statement-breakpoint
DROP TRIGGER "teams_notify" ON "teams";
--> statement-breakpoint
CREATE TRIGGER "teams_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "teams" FOR EACH STATEMENT EXECUTE FUNCTION "murmur_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "campaigns_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "campaigns" FOR EACH STATEMENT EXECUTE FUNCTION "murmur_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "adsets_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "adsets" FOR EACH STATEMENT EXECUTE FUNCTION "murmur_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "ads_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ads" FOR EACH STATEMENT EXECUTE FUNCTION "murmur_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "ad_stats_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ad_stats" FOR EACH STATEMENT EXECUTE FUNCTION "murmur_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "dt_accounts_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "dt_accounts" FOR EACH STATEMENT EXECUTE FUNCTION "murmur_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "dt_users_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "dt_users" FOR EACH STATEMENT EXECUTE FUNCTION "murmur_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "dt_spans_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "dt_spans" FOR EACH STATEMENT EXECUTE FUNCTION "murmur_notify_change"();
