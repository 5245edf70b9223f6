CREATE TABLE "test_run_screens" (
	"run_id" integer PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"test_case_id" integer NOT NULL,
	"screens" jsonb NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "test_run_screens" ADD CONSTRAINT "test_run_screens_run_id_test_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."test_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_run_screens" ADD CONSTRAINT "test_run_screens_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_run_screens" ADD CONSTRAINT "test_run_screens_test_case_id_test_cases_id_fk" FOREIGN KEY ("test_case_id") REFERENCES "public"."test_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_run_screens_case_idx" ON "test_run_screens" USING btree ("test_case_id","run_id" DESC NULLS LAST);