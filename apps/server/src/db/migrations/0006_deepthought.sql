CREATE TABLE "dt_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"x_user_id" text NOT NULL,
	"username" text NOT NULL,
	"name" text NOT NULL,
	"sealed_tokens" text NOT NULL,
	"selected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"synced_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dt_accounts_user_id_x_user_id_unique" UNIQUE("user_id","x_user_id")
);
--> statement-breakpoint
CREATE TABLE "dt_activity" (
	"account_id" integer NOT NULL,
	"x_user_id" text NOT NULL,
	"post_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "dt_activity_account_id_post_id_pk" PRIMARY KEY("account_id","post_id")
);
--> statement-breakpoint
CREATE TABLE "dt_engagements" (
	"account_id" integer NOT NULL,
	"post_id" text NOT NULL,
	"x_user_id" text NOT NULL,
	"kind" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "dt_engagements_account_id_post_id_x_user_id_kind_pk" PRIMARY KEY("account_id","post_id","x_user_id","kind")
);
--> statement-breakpoint
CREATE TABLE "dt_job_items" (
	"job_id" integer NOT NULL,
	"x_user_id" text NOT NULL,
	"position" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"done_at" bigint,
	CONSTRAINT "dt_job_items_job_id_x_user_id_pk" PRIMARY KEY("job_id","x_user_id")
);
--> statement-breakpoint
CREATE TABLE "dt_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"stage" text DEFAULT '' NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"wait_until" timestamp with time zone,
	"error" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dt_list_members" (
	"list_id" integer NOT NULL,
	"x_user_id" text NOT NULL,
	CONSTRAINT "dt_list_members_list_id_x_user_id_pk" PRIMARY KEY("list_id","x_user_id")
);
--> statement-breakpoint
CREATE TABLE "dt_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"x_list_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"private" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dt_lists_account_id_x_list_id_unique" UNIQUE("account_id","x_list_id")
);
--> statement-breakpoint
CREATE TABLE "dt_posts" (
	"account_id" integer NOT NULL,
	"post_id" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"retweet_count" integer DEFAULT 0 NOT NULL,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"quote_count" integer DEFAULT 0 NOT NULL,
	"impression_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dt_posts_account_id_post_id_pk" PRIMARY KEY("account_id","post_id")
);
--> statement-breakpoint
CREATE TABLE "dt_spans" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"x_user_id" text NOT NULL,
	"direction" text NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"until" timestamp with time zone,
	"initial" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dt_syncs" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"finished" timestamp with time zone NOT NULL,
	"followers" integer NOT NULL,
	"following" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dt_users" (
	"account_id" integer NOT NULL,
	"x_user_id" text NOT NULL,
	"username" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"profile_image_url" text DEFAULT '' NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"protected" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone,
	"followers_count" integer DEFAULT 0 NOT NULL,
	"following_count" integer DEFAULT 0 NOT NULL,
	"tweet_count" integer DEFAULT 0 NOT NULL,
	"listed_count" integer DEFAULT 0 NOT NULL,
	"spam_score" double precision DEFAULT 0 NOT NULL,
	"spam_reasons" text[] DEFAULT '{}' NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dt_users_account_id_x_user_id_pk" PRIMARY KEY("account_id","x_user_id")
);
--> statement-breakpoint
ALTER TABLE "dt_accounts" ADD CONSTRAINT "dt_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dt_activity" ADD CONSTRAINT "dt_activity_account_id_dt_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."dt_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dt_engagements" ADD CONSTRAINT "dt_engagements_account_id_dt_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."dt_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dt_job_items" ADD CONSTRAINT "dt_job_items_job_id_dt_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."dt_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dt_jobs" ADD CONSTRAINT "dt_jobs_account_id_dt_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."dt_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dt_list_members" ADD CONSTRAINT "dt_list_members_list_id_dt_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."dt_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dt_lists" ADD CONSTRAINT "dt_lists_account_id_dt_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."dt_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dt_posts" ADD CONSTRAINT "dt_posts_account_id_dt_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."dt_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dt_spans" ADD CONSTRAINT "dt_spans_account_id_dt_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."dt_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dt_syncs" ADD CONSTRAINT "dt_syncs_account_id_dt_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."dt_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dt_users" ADD CONSTRAINT "dt_users_account_id_dt_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."dt_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dt_jobs_state_idx" ON "dt_jobs" USING btree ("state");--> statement-breakpoint
CREATE INDEX "dt_spans_open_idx" ON "dt_spans" USING btree ("account_id","direction","until");