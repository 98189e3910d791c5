CREATE TABLE "extension_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"key_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"session_id" integer,
	"user_token_id" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	CONSTRAINT "extension_tokens_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
ALTER TABLE "extension_tokens" ADD CONSTRAINT "extension_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extension_tokens" ADD CONSTRAINT "extension_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extension_tokens" ADD CONSTRAINT "extension_tokens_user_token_id_user_tokens_id_fk" FOREIGN KEY ("user_token_id") REFERENCES "public"."user_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "extension_tokens_user_id_idx" ON "extension_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "extension_tokens_session_id_idx" ON "extension_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "extension_tokens_user_token_id_idx" ON "extension_tokens" USING btree ("user_token_id");