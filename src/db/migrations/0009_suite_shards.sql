ALTER TABLE "suite_runs" ADD COLUMN "parallelism" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "suite_runs" ADD COLUMN "shard_session_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "test_runs" ADD COLUMN "shard" integer;--> statement-breakpoint
ALTER TABLE "test_runs" ADD COLUMN "device_id" text;--> statement-breakpoint
ALTER TABLE "test_runs" ADD COLUMN "device_name" text;--> statement-breakpoint
ALTER TABLE "ci_runs" ADD COLUMN "parallelism" integer DEFAULT 1 NOT NULL;