CREATE TABLE "session_recordings" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"session_id" text NOT NULL,
	"organization_id" integer NOT NULL,
	"created_by_user_id" integer,
	"status" text DEFAULT 'recording' NOT NULL,
	"storage_key" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"duration_ms" integer,
	"width" integer,
	"height" integer,
	"size_bytes" bigint DEFAULT 0 NOT NULL,
	"error_message" text
);
--> statement-breakpoint
ALTER TABLE "test_suites" ADD COLUMN "record_video" text DEFAULT 'always' NOT NULL;--> statement-breakpoint
ALTER TABLE "session_recordings" ADD CONSTRAINT "session_recordings_session_id_sessions_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("session_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_recordings" ADD CONSTRAINT "session_recordings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "session_recordings_public_id_idx" ON "session_recordings" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "session_recordings_session_idx" ON "session_recordings" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "session_recordings_started_idx" ON "session_recordings" USING btree ("started_at");