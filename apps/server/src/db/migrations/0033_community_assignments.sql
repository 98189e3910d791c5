-- Each network day's first census of the trending communities account by account
-- (modules/communities/community-counts.repository.ts): a restart still knows who joined and left since.
CREATE TABLE "community_assignments" (
	"partition" text NOT NULL,
	"day" integer NOT NULL,
	"at" bigint NOT NULL,
	"assignment" "bytea" NOT NULL,
	CONSTRAINT "community_assignments_partition_day_pk" PRIMARY KEY("partition","day")
);
--> statement-breakpoint
CREATE INDEX "community_assignments_day_idx" ON "community_assignments" USING btree ("day");