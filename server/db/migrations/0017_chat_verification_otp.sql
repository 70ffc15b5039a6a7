CREATE TYPE "public"."verification_field_type" AS ENUM('text', 'number', 'radio', 'checkbox', 'dropdown', 'textarea', 'file');--> statement-breakpoint
CREATE TABLE "chat_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"message_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"sender_id" integer NOT NULL,
	"receiver_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"message" text,
	"file_key" text,
	"file_name" text,
	"file_type" text,
	"file_size" integer,
	"audio_key" text,
	"audio_type" text,
	"read_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "otp_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"target" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"status" "verification_status" DEFAULT 'pending' NOT NULL,
	"reason" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_fields" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"field_type" "verification_field_type" NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_required" boolean DEFAULT true NOT NULL,
	"rank" integer DEFAULT 0 NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_values" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"field_id" integer NOT NULL,
	"value" text,
	"file_key" text,
	"file_name" text
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "pushed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_events" ADD CONSTRAINT "chat_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_events" ADD CONSTRAINT "chat_events_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_applications" ADD CONSTRAINT "verification_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_applications" ADD CONSTRAINT "verification_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_values" ADD CONSTRAINT "verification_values_application_id_verification_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."verification_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_values" ADD CONSTRAINT "verification_values_field_id_verification_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."verification_fields"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_events_user_idx" ON "chat_events" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "chat_messages_sender_idx" ON "chat_messages" USING btree ("sender_id","id");--> statement-breakpoint
CREATE INDEX "chat_messages_receiver_idx" ON "chat_messages" USING btree ("receiver_id","id");--> statement-breakpoint
CREATE INDEX "chat_messages_unread_idx" ON "chat_messages" USING btree ("receiver_id") WHERE "chat_messages"."read_at" is null and "chat_messages"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "otp_codes_target_idx" ON "otp_codes" USING btree ("target","created_at");--> statement-breakpoint
CREATE INDEX "verification_applications_user_idx" ON "verification_applications" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "verification_values_once_idx" ON "verification_values" USING btree ("application_id","field_id");--> statement-breakpoint
-- Notifications written before web push existed are not pushed now.
UPDATE "notifications" SET "pushed_at" = "created_at";--> statement-breakpoint
-- The agent verification form every marketplace starts with; admins edit it later.
INSERT INTO "verification_fields" ("name", "field_type", "options", "is_required", "rank", "translations") VALUES
  ('Full name as on your ID', 'text', '[]', true, 1, '{"ar": {"name": "الاسم الكامل كما في الهوية"}}'),
  ('Broker licence number', 'text', '[]', true, 2, '{"ar": {"name": "رقم رخصة الوساطة"}}'),
  ('Years of experience', 'number', '[]', true, 3, '{"ar": {"name": "سنوات الخبرة"}}'),
  ('You work as', 'radio', '[{"value": "Independent agent", "translations": {"ar": "وسيط مستقل"}}, {"value": "Agent of an agency", "translations": {"ar": "وسيط في شركة وساطة"}}, {"value": "Agent of a developer", "translations": {"ar": "وسيط لدى مطوّر"}}]', true, 4, '{"ar": {"name": "تعمل بصفتك"}}'),
  ('Areas you cover', 'checkbox', '[{"value": "Dubai", "translations": {"ar": "دبي"}}, {"value": "Abu Dhabi", "translations": {"ar": "أبوظبي"}}, {"value": "Sharjah", "translations": {"ar": "الشارقة"}}, {"value": "Other emirates", "translations": {"ar": "إمارات أخرى"}}]', true, 5, '{"ar": {"name": "المناطق التي تغطيها"}}'),
  ('Language you work in', 'dropdown', '[{"value": "English", "translations": {"ar": "الإنجليزية"}}, {"value": "Arabic", "translations": {"ar": "العربية"}}, {"value": "English and Arabic", "translations": {"ar": "الإنجليزية والعربية"}}]', true, 6, '{"ar": {"name": "لغة العمل"}}'),
  ('About your work', 'textarea', '[]', false, 7, '{"ar": {"name": "نبذة عن عملك"}}'),
  ('Licence or ID document', 'file', '[]', true, 8, '{"ar": {"name": "الرخصة أو وثيقة الهوية"}}');
