ALTER TABLE "campaigns" ADD COLUMN "x_reach" bigint;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "x_frequency" numeric(10, 2);