CREATE TABLE "follower_fetches" (
	"id" serial PRIMARY KEY NOT NULL,
	"x_user_id" text NOT NULL,
	"handle" text NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"next_token" text,
	"fetched" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"error" text,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follower_fetches_x_user_id_unique" UNIQUE("x_user_id")
);
