CREATE TABLE "session_log_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"organization_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"level" text NOT NULL,
	"source" text NOT NULL,
	"tag" text NOT NULL,
	"message" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "session_log_lines" ADD CONSTRAINT "session_log_lines_session_id_sessions_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("session_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_log_lines" ADD CONSTRAINT "session_log_lines_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "session_log_lines_seq_idx" ON "session_log_lines" USING btree ("session_id","seq");--> statement-breakpoint
CREATE INDEX "session_log_lines_at_idx" ON "session_log_lines" USING btree ("at");