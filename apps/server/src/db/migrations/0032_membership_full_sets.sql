-- Memberships as changes with a full set every few points (modules/audiences/membership.service.ts):
-- the audience's latest set, rewritten whole every day, becomes the full set of its point.
ALTER TABLE "audience_point_members" ADD COLUMN "ids" "bytea";--> statement-breakpoint
UPDATE "audience_point_members" p SET "ids" = m."ids" FROM "audience_memberships" m WHERE p."config_id" = m."config_id" AND p."day" = m."day";--> statement-breakpoint
DROP TABLE "audience_memberships" CASCADE;
