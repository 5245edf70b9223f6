CREATE TABLE "credit_accounts" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"allowance_micro" bigint DEFAULT 0 NOT NULL,
	"prepaid_micro" bigint DEFAULT 0 NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"enterprise_allowance_micro" bigint,
	"low_balance_notified" boolean DEFAULT false NOT NULL,
	"streaming_credit_out_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_accounts_allowance_nonnegative" CHECK ("credit_accounts"."allowance_micro" >= 0),
	CONSTRAINT "credit_accounts_prepaid_nonnegative" CHECK ("credit_accounts"."prepaid_micro" >= 0)
);
--> statement-breakpoint
CREATE TABLE "credit_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"entry_type" text NOT NULL,
	"balance_bucket" text NOT NULL,
	"amount_micro" bigint NOT NULL,
	"model" text,
	"test_run_id" integer,
	"is_streaming" boolean DEFAULT false NOT NULL,
	"session_id" text,
	"streaming_minute" integer,
	"lapsed_micro" bigint,
	"note" text,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_topups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"amount_micro" bigint NOT NULL,
	"bundle_key" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"checkout_session_id" text,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"processed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD CONSTRAINT "credit_accounts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_topups" ADD CONSTRAINT "credit_topups_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_topups" ADD CONSTRAINT "credit_topups_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_ledger_org_id_idx" ON "credit_ledger" USING btree ("organization_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_reference_idx" ON "credit_ledger" USING btree ("organization_id","reference","balance_bucket");--> statement-breakpoint
CREATE INDEX "credit_ledger_run_idx" ON "credit_ledger" USING btree ("test_run_id");--> statement-breakpoint
CREATE INDEX "credit_ledger_org_created_idx" ON "credit_ledger" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_topups_checkout_idx" ON "credit_topups" USING btree ("checkout_session_id");--> statement-breakpoint
CREATE INDEX "credit_topups_org_idx" ON "credit_topups" USING btree ("organization_id","id");