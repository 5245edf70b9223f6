ALTER TABLE "suite_runs" ADD COLUMN "writes_baselines" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "suite_runs" ADD COLUMN "created_by_api_token_id" integer;--> statement-breakpoint
ALTER TABLE "test_runs" ADD COLUMN "writes_baselines" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "test_runs" ADD COLUMN "created_by_api_token_id" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "created_by_api_token_id" integer;