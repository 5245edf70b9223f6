CREATE TABLE "api_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"label" text NOT NULL,
	"token_hash" text NOT NULL,
	"token_prefix" text NOT NULL,
	"role" text NOT NULL,
	"created_by_user_id" integer,
	"created_by_email" text NOT NULL,
	"used" boolean DEFAULT false NOT NULL,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by_user_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"plan_id" text DEFAULT 'free' NOT NULL,
	"session_timeout_minutes" integer DEFAULT 30 NOT NULL,
	"session_permissions" text DEFAULT 'full' NOT NULL,
	"allow_streaming_overage" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"user_id" integer,
	"user_email" text NOT NULL,
	"action" text NOT NULL,
	"resource_type" text NOT NULL,
	"resource_id" text NOT NULL,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "apps" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"package_name" text NOT NULL,
	"platform" text NOT NULL,
	"icon_key" text,
	"last_started_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "builds" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"version" text NOT NULL,
	"build_number" text NOT NULL,
	"file_size" bigint NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by_user_id" integer,
	"uploaded_by_email" text NOT NULL,
	"note" text,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"min_sdk_version" text DEFAULT '' NOT NULL,
	"target_sdk_version" text DEFAULT '' NOT NULL,
	"permissions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "domain_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"metadata" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dispatched_at" timestamp with time zone
);
--> statement-breakpoint
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
CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" text NOT NULL,
	"worker_id" text NOT NULL,
	"name" text NOT NULL,
	"model" text NOT NULL,
	"type" text NOT NULL,
	"category" text NOT NULL,
	"os_version" text NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"leased_session_id" text,
	"last_seen_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_queue" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_pk" integer NOT NULL,
	"session_id" text NOT NULL,
	"organization_id" integer NOT NULL,
	"user_id" integer,
	"device_type" text NOT NULL,
	"device_category" text,
	"specific_device_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"organization_id" integer NOT NULL,
	"user_id" integer,
	"user_email" text,
	"device_type" text NOT NULL,
	"device_category" text,
	"specific_device_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"end_reason" text,
	"error_message" text,
	"device_id" text,
	"device_name" text,
	"device_model" text,
	"assigned_category" text,
	"os_version" text,
	"worker_id" text,
	"app_public_id" text,
	"build_id" integer,
	"launch_params" jsonb,
	"screen_width" integer,
	"screen_height" integer,
	"rotation" integer,
	"start_time" timestamp with time zone,
	"active_at" timestamp with time zone,
	"end_time" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"ending_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workers" (
	"worker_id" text PRIMARY KEY NOT NULL,
	"driver" text,
	"last_seen_at" timestamp with time zone NOT NULL,
	"connected_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apps" ADD CONSTRAINT "apps_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builds" ADD CONSTRAINT "builds_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builds" ADD CONSTRAINT "builds_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builds" ADD CONSTRAINT "builds_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_events" ADD CONSTRAINT "domain_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
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
ALTER TABLE "session_queue" ADD CONSTRAINT "session_queue_session_pk_sessions_id_fk" FOREIGN KEY ("session_pk") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_queue" ADD CONSTRAINT "session_queue_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_token_hash_idx" ON "api_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "api_tokens_org_idx" ON "api_tokens" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "email_tokens_token_hash_idx" ON "email_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "email_tokens_user_idx" ON "email_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_token_hash_idx" ON "invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "invitations_org_email_idx" ON "invitations" USING btree ("organization_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_user_org_idx" ON "memberships" USING btree ("user_id","organization_id");--> statement-breakpoint
CREATE INDEX "memberships_org_idx" ON "memberships" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "audit_events_org_created_idx" ON "audit_events" USING btree ("organization_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "apps_public_id_idx" ON "apps" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "apps_org_platform_package_idx" ON "apps" USING btree ("organization_id","platform","package_name");--> statement-breakpoint
CREATE INDEX "builds_app_idx" ON "builds" USING btree ("app_id","uploaded_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "domain_events_org_created_idx" ON "domain_events" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "domain_events_undispatched_idx" ON "domain_events" USING btree ("id") WHERE dispatched_at IS NULL;--> statement-breakpoint
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
CREATE UNIQUE INDEX "test_tags_org_name_idx" ON "test_tags" USING btree ("organization_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_device_id_idx" ON "devices" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "devices_worker_idx" ON "devices" USING btree ("worker_id");--> statement-breakpoint
CREATE INDEX "devices_group_idx" ON "devices" USING btree ("type","category","status");--> statement-breakpoint
CREATE UNIQUE INDEX "session_queue_session_idx" ON "session_queue" USING btree ("session_pk");--> statement-breakpoint
CREATE INDEX "session_queue_type_idx" ON "session_queue" USING btree ("device_type","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_session_id_idx" ON "sessions" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "sessions_org_created_idx" ON "sessions" USING btree ("organization_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sessions_status_idx" ON "sessions" USING btree ("status");