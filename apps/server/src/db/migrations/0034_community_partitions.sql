-- The Louvain partitions trending counted under (modules/communities/communities.service.ts), by X id:
-- a restart that finds another partition counts the stored one on its index and keeps the growth window.
CREATE TABLE "community_partitions" (
	"partition" text PRIMARY KEY NOT NULL,
	"at" bigint NOT NULL,
	"core" jsonb NOT NULL,
	"community" jsonb NOT NULL,
	"listed" jsonb NOT NULL
);
