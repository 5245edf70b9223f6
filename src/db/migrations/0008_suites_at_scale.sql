ALTER TABLE "suite_runs" ADD COLUMN "retries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "test_cases" ADD COLUMN "quarantined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "test_cases" ADD COLUMN "quarantine_reason" text;--> statement-breakpoint
ALTER TABLE "test_cases" ADD COLUMN "quarantined_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "test_runs" ADD COLUMN "attempt" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "test_runs" ADD COLUMN "max_attempts" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "test_runs" ADD COLUMN "retried_by_run_id" integer;--> statement-breakpoint
ALTER TABLE "test_runs" ADD COLUMN "flaky" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "test_runs" ADD COLUMN "quarantined" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "test_suites" ADD COLUMN "retries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ci_runs" ADD COLUMN "retries" integer;--> statement-breakpoint
ALTER TABLE "test_cases" ADD CONSTRAINT "test_cases_quarantined_by_user_id_users_id_fk" FOREIGN KEY ("quarantined_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;