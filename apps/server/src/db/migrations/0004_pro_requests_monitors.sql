CREATE TABLE "audience_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'unverified' NOT NULL,
	"user_id" integer,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"handle" text DEFAULT '' NOT NULL,
	"ad_account_id" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"language" text NOT NULL,
	"targeting_package" jsonb,
	"token_hash" text NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"answered_by" integer,
	"feedback_rating" integer,
	"feedback_comment" text,
	"created" timestamp with time zone NOT NULL,
	"verified" timestamp with time zone,
	"answered" timestamp with time zone,
	CONSTRAINT "audience_requests_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "monitors" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"name" text NOT NULL,
	"targeting_package" jsonb NOT NULL,
	"last_size" integer,
	"previous_size" integer,
	"last_run" timestamp with time zone,
	"created" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audience_requests" ADD CONSTRAINT "audience_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_requests" ADD CONSTRAINT "audience_requests_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitors" ADD CONSTRAINT "monitors_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audience_requests_state_idx" ON "audience_requests" USING btree ("state","created");--> statement-breakpoint
CREATE INDEX "monitors_owner_idx" ON "monitors" USING btree ("owner_id");