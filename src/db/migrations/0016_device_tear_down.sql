ALTER TABLE "devices" ADD COLUMN "tear_down_session_id" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "tear_down_until" timestamp with time zone;