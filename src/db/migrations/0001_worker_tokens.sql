CREATE TABLE "worker_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"worker_id" text NOT NULL,
	"label" text,
	"token_hash" text NOT NULL,
	"token_prefix" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "workers" ADD COLUMN "credential" text;--> statement-breakpoint
CREATE UNIQUE INDEX "worker_tokens_hash_idx" ON "worker_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "worker_tokens_worker_idx" ON "worker_tokens" USING btree ("worker_id");