CREATE TYPE "public"."payment_status" AS ENUM('pending', 'success', 'failed', 'review', 'rejected');--> statement-breakpoint
CREATE TABLE "payment_transaction_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"transaction_id" integer NOT NULL,
	"from_status" "payment_status",
	"to_status" "payment_status" NOT NULL,
	"source" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"package_id" integer NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"payment_gateway" text NOT NULL,
	"platform_type" text DEFAULT 'web' NOT NULL,
	"status" "payment_status" DEFAULT 'pending' NOT NULL,
	"order_id" text NOT NULL,
	"gateway_reference" text,
	"receipt_key" text,
	"user_package_id" integer,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_transactions_amount" CHECK ("payment_transactions"."amount_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_webhook_events" (
	"gateway" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_webhook_events_gateway_event_id_pk" PRIMARY KEY("gateway","event_id")
);
--> statement-breakpoint
ALTER TABLE "advertisements" ADD COLUMN "project_id" integer;--> statement-breakpoint
ALTER TABLE "advertisements" ADD COLUMN "reject_reason" text;--> statement-breakpoint
ALTER TABLE "payment_transaction_events" ADD CONSTRAINT "payment_transaction_events_transaction_id_payment_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."payment_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_user_package_id_user_packages_id_fk" FOREIGN KEY ("user_package_id") REFERENCES "public"."user_packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_transaction_events_tx_idx" ON "payment_transaction_events" USING btree ("transaction_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transactions_order_idx" ON "payment_transactions" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transactions_gateway_ref_idx" ON "payment_transactions" USING btree ("payment_gateway","gateway_reference");--> statement-breakpoint
CREATE INDEX "payment_transactions_user_idx" ON "payment_transactions" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "advertisements" ADD CONSTRAINT "advertisements_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advertisements_project_idx" ON "advertisements" USING btree ("project_id","status","end_date");--> statement-breakpoint
CREATE INDEX "advertisements_user_idx" ON "advertisements" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "advertisements" ADD CONSTRAINT "advertisements_target" CHECK (("advertisements"."feature_for" = 'property' and "advertisements"."property_id" is not null and "advertisements"."project_id" is null) or ("advertisements"."feature_for" = 'project' and "advertisements"."project_id" is not null and "advertisements"."property_id" is null));