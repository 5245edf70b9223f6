ALTER TABLE "suite_runs" ADD COLUMN "accessibility_status" text;--> statement-breakpoint
ALTER TABLE "test_runs" ADD COLUMN "accessibility_status" text;--> statement-breakpoint
ALTER TABLE "test_suites" ADD COLUMN "accessibility" text DEFAULT 'warn' NOT NULL;