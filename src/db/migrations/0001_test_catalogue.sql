CREATE TABLE "suite_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"organization_id" integer NOT NULL,
	"suite_id" integer NOT NULL,
	"session_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reset_strategy" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"duration_ms" integer,
	"error_message" text,
	"cancel_requested_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_baselines" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"test_case_id" integer NOT NULL,
	"step_index" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"device_name" text,
	"source_run_id" integer,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_cases" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"organization_id" integer NOT NULL,
	"suite_id" integer,
	"app_id" integer,
	"name" text NOT NULL,
	"mode" text DEFAULT 'recorded' NOT NULL,
	"steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"assertions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"context" text,
	"source_recording" jsonb,
	"source_device_width" integer,
	"source_device_height" integer,
	"source_platform" text,
	"fuzzy_match" boolean DEFAULT true NOT NULL,
	"is_reusable" boolean DEFAULT false NOT NULL,
	"sub_flow_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"organization_id" integer NOT NULL,
	"test_case_id" integer NOT NULL,
	"suite_run_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"result" jsonb,
	"reasoning_log" jsonb,
	"error_message" text,
	"duration_ms" integer,
	"model_used" text,
	"tokens_used" integer,
	"cost_micro" bigint,
	"cancel_requested_at" timestamp with time zone,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_suite_tags" (
	"suite_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "test_suite_tags_suite_id_tag_id_pk" PRIMARY KEY("suite_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "test_suites" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"organization_id" integer NOT NULL,
	"app_id" integer,
	"name" text NOT NULL,
	"description" text,
	"platform" text,
	"reset_strategy" text DEFAULT 'relaunch' NOT NULL,
	"context" text,
	"variables" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"visual_warn_pct" integer DEFAULT 10,
	"visual_fail_pct" integer DEFAULT 25,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"display_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "suite_runs" ADD CONSTRAINT "suite_runs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suite_runs" ADD CONSTRAINT "suite_runs_suite_id_test_suites_id_fk" FOREIGN KEY ("suite_id") REFERENCES "public"."test_suites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_baselines" ADD CONSTRAINT "test_baselines_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_baselines" ADD CONSTRAINT "test_baselines_test_case_id_test_cases_id_fk" FOREIGN KEY ("test_case_id") REFERENCES "public"."test_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_baselines" ADD CONSTRAINT "test_baselines_source_run_id_test_runs_id_fk" FOREIGN KEY ("source_run_id") REFERENCES "public"."test_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_cases" ADD CONSTRAINT "test_cases_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_cases" ADD CONSTRAINT "test_cases_suite_id_test_suites_id_fk" FOREIGN KEY ("suite_id") REFERENCES "public"."test_suites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_cases" ADD CONSTRAINT "test_cases_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_cases" ADD CONSTRAINT "test_cases_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_runs" ADD CONSTRAINT "test_runs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_runs" ADD CONSTRAINT "test_runs_test_case_id_test_cases_id_fk" FOREIGN KEY ("test_case_id") REFERENCES "public"."test_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_runs" ADD CONSTRAINT "test_runs_suite_run_id_suite_runs_id_fk" FOREIGN KEY ("suite_run_id") REFERENCES "public"."suite_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_runs" ADD CONSTRAINT "test_runs_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_suite_tags" ADD CONSTRAINT "test_suite_tags_suite_id_test_suites_id_fk" FOREIGN KEY ("suite_id") REFERENCES "public"."test_suites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_suite_tags" ADD CONSTRAINT "test_suite_tags_tag_id_test_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."test_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_suites" ADD CONSTRAINT "test_suites_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_suites" ADD CONSTRAINT "test_suites_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_suites" ADD CONSTRAINT "test_suites_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_tags" ADD CONSTRAINT "test_tags_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "suite_runs_public_id_idx" ON "suite_runs" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "suite_runs_suite_idx" ON "suite_runs" USING btree ("suite_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "test_baselines_case_step_idx" ON "test_baselines" USING btree ("test_case_id","step_index");--> statement-breakpoint
CREATE UNIQUE INDEX "test_cases_public_id_idx" ON "test_cases" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "test_cases_suite_idx" ON "test_cases" USING btree ("suite_id","id");--> statement-breakpoint
CREATE INDEX "test_cases_org_idx" ON "test_cases" USING btree ("organization_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "test_cases_standalone_name_idx" ON "test_cases" USING btree ("organization_id","app_id","name") WHERE suite_id IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "test_runs_public_id_idx" ON "test_runs" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "test_runs_case_idx" ON "test_runs" USING btree ("test_case_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "test_runs_suite_run_idx" ON "test_runs" USING btree ("suite_run_id","id");--> statement-breakpoint
CREATE INDEX "test_suite_tags_tag_idx" ON "test_suite_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "test_suites_public_id_idx" ON "test_suites" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "test_suites_org_idx" ON "test_suites" USING btree ("organization_id","id");--> statement-breakpoint
CREATE INDEX "test_suites_app_idx" ON "test_suites" USING btree ("app_id");--> statement-breakpoint
CREATE UNIQUE INDEX "test_tags_org_name_idx" ON "test_tags" USING btree ("organization_id","name");