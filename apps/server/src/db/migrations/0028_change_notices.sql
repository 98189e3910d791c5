-- Change notices (db/change-feed.ts): a committed write to a table that a cached read depends on
-- notifies channel murmur_changes with the table's name, in every process that listens. One notice
-- per statement (PostgreSQL folds equal notices of one transaction into one). Columns no cached read
-- shows (a user's last sign-in, a team's settings) do not notify.
CREATE FUNCTION "murmur_notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('murmur_changes', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "audience_configs_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "audience_configs" FOR EACH STATEMENT EXECUTE FUNCTION "murmur_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "audience_insights_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "audience_insights" FOR EACH STATEMENT EXECUTE FUNCTION "murmur_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "audience_categories_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "audience_categories" FOR EACH STATEMENT EXECUTE FUNCTION "murmur_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "uploaded_audiences_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "uploaded_audiences" FOR EACH STATEMENT EXECUTE FUNCTION "murmur_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "audience_usages_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "audience_usages" FOR EACH STATEMENT EXECUTE FUNCTION "murmur_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "users_notify" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "email", "first_name", "last_name" ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "murmur_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "teams_notify" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "slug", "name" ON "teams" FOR EACH STATEMENT EXECUTE FUNCTION "murmur_notify_change"();
