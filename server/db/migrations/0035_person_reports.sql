CREATE TYPE "public"."report_reason_for" AS ENUM('listing', 'person');--> statement-breakpoint
ALTER TABLE "user_reports" ALTER COLUMN "property_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "report_reasons" ADD COLUMN "applies_to" "report_reason_for" DEFAULT 'listing' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_reports" ADD COLUMN "to_user_id" integer;--> statement-breakpoint
ALTER TABLE "user_reports" ADD COLUMN "to_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_reports" ADD CONSTRAINT "user_reports_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_reports_person_once_idx" ON "user_reports" USING btree ("user_id","to_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_reports_team_once_idx" ON "user_reports" USING btree ("user_id") WHERE "user_reports"."to_admin";--> statement-breakpoint
CREATE INDEX "user_reports_person_idx" ON "user_reports" USING btree ("to_user_id","created_at");--> statement-breakpoint
ALTER TABLE "user_reports" ADD CONSTRAINT "user_reports_target" CHECK (num_nonnulls("user_reports"."property_id", "user_reports"."to_user_id") + "user_reports"."to_admin"::int = 1 and "user_reports"."to_user_id" is distinct from "user_reports"."user_id");--> statement-breakpoint
-- Reasons a person (or the team) can be reported for, next to the listings' ones.
INSERT INTO "report_reasons" ("reason", "translations", "applies_to") VALUES
  ('Harassment or threats', '{"ar": {"reason": "مضايقة أو تهديد"}}', 'person'),
  ('A scam or a request for money', '{"ar": {"reason": "احتيال أو طلب مال"}}', 'person'),
  ('Pretends to be someone else', '{"ar": {"reason": "ينتحل شخصية شخص آخر"}}', 'person'),
  ('Spam or unwanted messages', '{"ar": {"reason": "رسائل مزعجة أو غير مرغوب فيها"}}', 'person'),
  ('Offensive or inappropriate behaviour', '{"ar": {"reason": "سلوك مسيء أو غير لائق"}}', 'person');
