CREATE TABLE "report_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_blocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"to_user_id" integer,
	"to_admin" boolean DEFAULT false NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_blocks_target" CHECK (("user_blocks"."to_admin" and "user_blocks"."to_user_id" is null) or (not "user_blocks"."to_admin" and "user_blocks"."to_user_id" is not null and "user_blocks"."to_user_id" <> "user_blocks"."user_id"))
);
--> statement-breakpoint
CREATE TABLE "user_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"reason_id" integer,
	"other_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_reports_reason" CHECK ("user_reports"."reason_id" is not null or "user_reports"."other_message" is not null)
);
--> statement-breakpoint
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_reports" ADD CONSTRAINT "user_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_reports" ADD CONSTRAINT "user_reports_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_reports" ADD CONSTRAINT "user_reports_reason_id_report_reasons_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."report_reasons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_blocks_user_idx" ON "user_blocks" USING btree ("user_id","to_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_blocks_admin_idx" ON "user_blocks" USING btree ("user_id") WHERE "user_blocks"."to_admin";--> statement-breakpoint
CREATE INDEX "user_blocks_to_user_idx" ON "user_blocks" USING btree ("to_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_reports_once_idx" ON "user_reports" USING btree ("user_id","property_id");--> statement-breakpoint
CREATE INDEX "user_reports_property_idx" ON "user_reports" USING btree ("property_id","created_at");--> statement-breakpoint
-- Reasons every marketplace starts with (an admin may retire them or add others).
INSERT INTO "report_reasons" ("reason", "translations") VALUES
  ('The listing is a scam or fraud', '{"ar": {"reason": "الإعلان احتيال أو نصب"}}'),
  ('The property is no longer available', '{"ar": {"reason": "العقار لم يعد متاحًا"}}'),
  ('Wrong price, photos or details', '{"ar": {"reason": "السعر أو الصور أو التفاصيل غير صحيحة"}}'),
  ('The same property is listed more than once', '{"ar": {"reason": "العقار نفسه معلن أكثر من مرة"}}'),
  ('Offensive or inappropriate content', '{"ar": {"reason": "محتوى مسيء أو غير لائق"}}');
