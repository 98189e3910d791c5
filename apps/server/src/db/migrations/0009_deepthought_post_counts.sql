CREATE TABLE "dt_post_counts" (
	"account_id" integer NOT NULL,
	"start" timestamp with time zone NOT NULL,
	"posts" integer NOT NULL,
	CONSTRAINT "dt_post_counts_account_id_start_pk" PRIMARY KEY("account_id","start")
);
--> statement-breakpoint
ALTER TABLE "dt_post_counts" ADD CONSTRAINT "dt_post_counts_account_id_dt_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."dt_accounts"("id") ON DELETE cascade ON UPDATE no action;