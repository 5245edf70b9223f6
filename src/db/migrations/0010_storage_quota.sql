ALTER TABLE "test_baselines" ADD COLUMN "size_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "test_runs" ADD COLUMN "artifact_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "builds_org_idx" ON "builds" USING btree ("organization_id");