CREATE TABLE "auth_throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_holds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"test_run_id" integer,
	"model" text,
	"amount_micro" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "credit_holds_amount_nonnegative" CHECK ("credit_holds"."amount_micro" >= 0)
);
--> statement-breakpoint
ALTER TABLE "suite_runs" ADD COLUMN "writes_baselines" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "suite_runs" ADD COLUMN "created_by_api_token_id" integer;--> statement-breakpoint
ALTER TABLE "test_runs" ADD COLUMN "writes_baselines" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "test_runs" ADD COLUMN "created_by_api_token_id" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "created_by_api_token_id" integer;--> statement-breakpoint
ALTER TABLE "credit_holds" ADD CONSTRAINT "credit_holds_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_throttles_updated_idx" ON "auth_throttles" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "credit_holds_org_idx" ON "credit_holds" USING btree ("organization_id","expires_at");--> statement-breakpoint
CREATE INDEX "credit_holds_run_idx" ON "credit_holds" USING btree ("test_run_id");--> statement-breakpoint
CREATE INDEX "test_runs_active_org_idx" ON "test_runs" USING btree ("organization_id") WHERE status IN ('pending', 'running');