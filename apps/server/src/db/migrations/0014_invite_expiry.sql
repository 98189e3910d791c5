-- Invitations made before codes expired get the default lifetime (7 days) from when they were made.
ALTER TABLE "invites" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
UPDATE "invites" SET "expires_at" = "created" + interval '7 days';--> statement-breakpoint
ALTER TABLE "invites" ALTER COLUMN "expires_at" SET NOT NULL;
