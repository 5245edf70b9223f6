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
ALTER TABLE "session_queue" ADD CONSTRAINT "session_queue_session_pk_sessions_id_fk" FOREIGN KEY ("session_pk") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_queue" ADD CONSTRAINT "session_queue_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "devices_device_id_idx" ON "devices" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "devices_worker_idx" ON "devices" USING btree ("worker_id");--> statement-breakpoint
CREATE INDEX "devices_group_idx" ON "devices" USING btree ("type","category","status");--> statement-breakpoint
CREATE UNIQUE INDEX "session_queue_session_idx" ON "session_queue" USING btree ("session_pk");--> statement-breakpoint
CREATE INDEX "session_queue_type_idx" ON "session_queue" USING btree ("device_type","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_session_id_idx" ON "sessions" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "sessions_org_created_idx" ON "sessions" USING btree ("organization_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sessions_status_idx" ON "sessions" USING btree ("status");