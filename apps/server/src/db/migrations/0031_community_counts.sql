-- Trending communities' daily membership counts (modules/communities/community-counts.repository.ts), kept
-- so that a restart keeps the 7-day growth window: one row per partition, community and network day.
CREATE TABLE "community_counts" (
	"partition" text NOT NULL,
	"community" integer NOT NULL,
	"day" integer NOT NULL,
	"first_at" bigint NOT NULL,
	"first_members" integer NOT NULL,
	"first_accounts" integer NOT NULL,
	"last_at" bigint NOT NULL,
	"last_members" integer NOT NULL,
	"last_accounts" integer NOT NULL,
	CONSTRAINT "community_counts_partition_day_community_pk" PRIMARY KEY("partition","day","community")
);
--> statement-breakpoint
CREATE INDEX "community_counts_day_idx" ON "community_counts" USING btree ("day");