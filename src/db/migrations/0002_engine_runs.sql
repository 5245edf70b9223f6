ALTER TABLE "suite_runs" ADD COLUMN "mode" text;--> statement-breakpoint
ALTER TABLE "suite_runs" ADD COLUMN "fuzzy_match" boolean;--> statement-breakpoint
ALTER TABLE "suite_runs" ADD COLUMN "build_id" integer;--> statement-breakpoint
ALTER TABLE "suite_runs" ADD COLUMN "model" text;--> statement-breakpoint
ALTER TABLE "suite_runs" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "suite_runs" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "suite_runs" ADD COLUMN "visual_regression_status" text;--> statement-breakpoint
ALTER TABLE "suite_runs" ADD COLUMN "metadata" jsonb;--> statement-breakpoint
ALTER TABLE "suite_runs" ADD COLUMN "created_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "test_runs" ADD COLUMN "mode" text;--> statement-breakpoint
ALTER TABLE "test_runs" ADD COLUMN "fuzzy_match" boolean;--> statement-breakpoint
ALTER TABLE "test_runs" ADD COLUMN "build_id" integer;--> statement-breakpoint
ALTER TABLE "test_runs" ADD COLUMN "model" text;--> statement-breakpoint
ALTER TABLE "test_runs" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "test_runs" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "test_runs" ADD COLUMN "visual_regression_status" text;--> statement-breakpoint
ALTER TABLE "test_runs" ADD COLUMN "metadata" jsonb;--> statement-breakpoint
ALTER TABLE "test_runs" ADD COLUMN "session_id" text;--> statement-breakpoint
ALTER TABLE "test_runs" ADD COLUMN "warnings" jsonb;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "run_lease" text;--> statement-breakpoint
ALTER TABLE "suite_runs" ADD CONSTRAINT "suite_runs_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;